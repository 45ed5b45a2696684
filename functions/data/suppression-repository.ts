/**
 * The suppression list: addresses the shop never emails again (a hard bounce or a complaint
 * reported by SES through the configuration set's events, or added by hand). The email worker
 * checks it before every send; an entry can be lifted.
 */
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { deleteAndReturn, putIf } from './conditional';
import { COLLECTION, emailSearchKey, indexKeys, keys } from './keys';
import { queryPage, type Page, type PageRequest } from './page';

/** Why an address is suppressed. */
export type SuppressionReason = 'bounce' | 'complaint' | 'manual';

export interface SuppressionRecord {
  /** Lower-cased address. */
  email: string;
  reason: SuppressionReason;
  /** What the provider said (bounce type, complaint feedback type), for the operator. */
  detail: string | null;
  created_at: string;
}

/** AP102: is the address suppressed? 1 GetItem. */
export async function isSuppressed(email: string): Promise<boolean> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.suppression(email), ProjectionExpression: 'PK' }),
  );
  return Boolean(out.Item);
}

/** AP102: adds an address (kept as it was when already there). 1 PutItem. @returns true when added now */
export async function suppress(
  email: string,
  reason: SuppressionReason,
  detail: string | null,
  now = new Date(),
): Promise<boolean> {
  const record: SuppressionRecord = { email: emailSearchKey(email), reason, detail, created_at: now.toISOString() };
  return putIf(
    { ...keys.suppression(email), entity: 'suppression', ...record, ...indexKeys.suppression(record) },
    'attribute_not_exists(PK)',
  );
}

/** AP102: lifts an entry. 1 DeleteItem. @returns the entry, or null when there was none */
export function liftSuppression(email: string): Promise<SuppressionRecord | null> {
  return deleteAndReturn<SuppressionRecord>(keys.suppression(email));
}

/**
 * AP130: one page of the suppression list, newest first. 1 Query on GSI1 (SUPPRESSIONS). Every
 * entry carries the collection key since the list was first written (`suppress` sets it).
 */
export function listSuppressionsPage(page: PageRequest = {}): Promise<Page<SuppressionRecord>> {
  return queryPage<SuppressionRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.suppressions },
      ScanIndexForward: false,
    },
    { name: 'GSI1PK', value: COLLECTION.suppressions },
    page,
  );
}
