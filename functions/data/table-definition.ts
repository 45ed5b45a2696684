/**
 * The single DynamoDB table, defined once. The CDK data stack (infra/stacks/data-stack.ts) and the
 * local bootstrap (infra/local/bootstrap.ts) both build the table from this object.
 *
 * Key design (values built in functions/data/keys.ts; the entity chart and every access pattern
 * are in functions/data/access-patterns.md):
 *   PK / SK              the entity's own partition (PRODUCT#{id}, CATEGORY#{id}, BUNDLE#{id}, USER#{sub}, ...)
 *   GSI1PK / GSI1SK      collections in display order (PRODUCTS by created_at, CATEGORIES by name, ...),
 *                        and the sparse RESERVATIONS by expiry (open checkouts only)
 *   GSI2PK / GSI2SK      CATEGORY#{id} (the category, GSI2SK '#', then its products by created_at),
 *                        ORDER_REF#{first 8 chars of id} (orders by id or the short id customers see),
 *                        USER_CHECKOUTS#{sub} (sparse: a user's open checkouts), USER_EMAILS (users by
 *                        lower-cased email), DISCOUNT_CODE_NAME#{code} (a discount code by its text),
 *                        PRODUCT_REVIEWS#{id} (sparse: approved comments, pinned first),
 *                        HOLDERS#{p-id|b-id} (carts and wishlists holding an item)
 *   GSI3PK / GSI3SK      ORDER_STATUS#{status} (orders of one status by created_at), PRODUCT_NAMES
 *                        (products by lower-cased name, the admin list), COMMENT#{id} (a comment by id)
 *   GSI4PK / quantity    PHYSICAL_STOCK (physical products only) sorted by their own stock number, so the
 *                        inventory alerts (`quantity <= 5`) read only the alerting products and every
 *                        write of `quantity` keeps the index true
 *   GSI5PK / GSI5SK      PREMIUM_PRODUCTS (sparse: products of a premium tier only) by lower-cased name, so
 *                        the /premium showcase reads one page whatever the catalogue's size
 *   expires_at_epoch     TTL (seconds since epoch): reservations, 30 days after their session expires; rate-limit
 *                        counters and checkout gates; audit entries, contact messages and email jobs after
 *                        their retention (shared/retention.ts); an erased account's profile after 30 days
 *
 * The table has a DynamoDB stream with old and new images: the relay for work that follows a
 * business write (STREAM_CONSUMERS in functions/triggers.ts: Lambda event source mappings in the
 * cloud, the local poller infra/local/stand-ins/dynamodb-streams.ts on DynamoDB Local).
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
  /** What each stream record carries: both images, so a consumer sees what changed. */
  streamViewType: 'NEW_AND_OLD_IMAGES';
}

export const TABLE: TableDefinition = {
  baseName: 'aurum-shop',
  partitionKey: { name: 'PK', type: 'S' },
  sortKey: { name: 'SK', type: 'S' },
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: { name: 'GSI1PK', type: 'S' }, sortKey: { name: 'GSI1SK', type: 'S' } },
    { indexName: 'GSI2', partitionKey: { name: 'GSI2PK', type: 'S' }, sortKey: { name: 'GSI2SK', type: 'S' } },
    { indexName: 'GSI3', partitionKey: { name: 'GSI3PK', type: 'S' }, sortKey: { name: 'GSI3SK', type: 'S' } },
    { indexName: 'GSI4', partitionKey: { name: 'GSI4PK', type: 'S' }, sortKey: { name: 'quantity', type: 'N' } },
    { indexName: 'GSI5', partitionKey: { name: 'GSI5PK', type: 'S' }, sortKey: { name: 'GSI5SK', type: 'S' } },
  ],
  timeToLiveAttribute: 'expires_at_epoch',
  streamViewType: 'NEW_AND_OLD_IMAGES',
};

/** Physical table name of a stage, e.g. tableName('main') = 'aurum-shop-main'. */
export function tableName(stage: string): string {
  return `${TABLE.baseName}-${stage}`;
}
