/**
 * The single DynamoDB table, defined once. The CDK data stack (infra/stacks/data-stack.ts) and the
 * local bootstrap (infra/local/bootstrap.ts) both build the table from this object.
 *
 * Key design (see functions/data/access-patterns.md for every access pattern):
 *   PK / SK              the entity's own partition (PRODUCT#{id}, CATEGORY#{id}, BUNDLE#{id}, USER#{sub}, ...)
 *   GSI1PK / GSI1SK      collections in display order (PRODUCTS by created_at, CATEGORIES by name, ...)
 *   GSI2PK / GSI2SK      category partition: CATEGORY#{id} holds the category (SK '#') and its products (created_at#id)
 *   expires_at_epoch     TTL (seconds since epoch), for reservations and idempotency records
 */
export interface KeyAttr {
  name: string;
  type: 'S' | 'N';
}
export interface GsiDefinition {
  indexName: string;
  partitionKey: KeyAttr;
  sortKey: KeyAttr;
}
export interface TableDefinition {
  /** Base name; the physical name is `${baseName}-${stage}`. */
  baseName: string;
  partitionKey: KeyAttr;
  sortKey: KeyAttr;
  globalSecondaryIndexes: GsiDefinition[];
  timeToLiveAttribute: string;
}

export const TABLE: TableDefinition = {
  baseName: 'aurum-shop',
  partitionKey: { name: 'PK', type: 'S' },
  sortKey: { name: 'SK', type: 'S' },
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: { name: 'GSI1PK', type: 'S' }, sortKey: { name: 'GSI1SK', type: 'S' } },
    { indexName: 'GSI2', partitionKey: { name: 'GSI2PK', type: 'S' }, sortKey: { name: 'GSI2SK', type: 'S' } },
  ],
  timeToLiveAttribute: 'expires_at_epoch',
};

/** Physical table name of a stage, e.g. tableName('main') = 'aurum-shop-main'. */
export function tableName(stage: string): string {
  return `${TABLE.baseName}-${stage}`;
}
