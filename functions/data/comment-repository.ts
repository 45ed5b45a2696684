/**
 * Comments (spec 3 comments): stored in their product's partition (PK PRODUCT#{productId}, SK
 * COMMENT#{created_at}#{id}), listed newest first on GSI1 COMMENTS, found by id on GSI2
 * COMMENT#{id}. Posting a review and counting it against the author's hourly limit is one
 * transaction, so concurrent posts cannot exceed the limit.
 */
import { env } from '../lib/env';
import { deleteIfExists, updateIfExists } from './conditional';
import { COLLECTION, indexKeys, keys, partition, SK_PREFIX, type TableKey } from './keys';
import { batchDelete } from './batch';
import { queryAll, stripKeys } from './query';
import { queryFilteredPage, queryPage, type Page } from './page';
import { conditionFailedAt, transactWrite } from './transact';
import { updateParts } from './update-expression';
import type { CommentRecord } from './catalog-items';

/** AP43: one comment by id, with its table key, or null. 1 Query on GSI2 (COMMENT#{id}). */
export async function findComment(id: string): Promise<{ comment: CommentRecord; key: TableKey } | null> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': partition.comment(id) },
  }, 1);
  const item = items[0];
  return item ? { comment: stripKeys<CommentRecord>(item), key: { PK: String(item.PK), SK: String(item.SK) } } : null;
}

/**
 * AP44: one page of comments, newest first (GSI1 COMMENTS, descending). `pending` keeps only
 * comments not yet approved (a filtered Query: see queryFilteredPage).
 * @throws AppError 400 on a bad cursor
 */
export function listCommentsPage(pending: boolean, page: { limit?: number | undefined; cursor?: string | undefined }): Promise<Page<CommentRecord>> {
  const input = {
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ScanIndexForward: false,
    ExpressionAttributeValues: { ':pk': COLLECTION.comments } as Record<string, unknown>,
  };
  const partitionKey = { name: 'GSI1PK', value: COLLECTION.comments };
  if (!pending) return queryPage<CommentRecord>(input, partitionKey, page);
  return queryFilteredPage<CommentRecord>(
    { ...input, FilterExpression: 'attribute_not_exists(#approved) OR #approved = :no', ExpressionAttributeNames: { '#approved': 'is_approved' }, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':no': false } },
    partitionKey,
    page,
  );
}

/**
 * Sets moderation fields of a comment. 1 UpdateItem.
 * @returns the comment after the write, or null when it no longer exists
 */
export function updateComment(key: TableKey, fields: Partial<Pick<CommentRecord, 'is_approved' | 'is_pinned' | 'admin_reply'>> & { moderated_at: string }): Promise<CommentRecord | null> {
  return updateIfExists<CommentRecord>(key, updateParts(fields));
}

/** Deletes a comment. 1 DeleteItem. @returns false when it was already gone */
export function deleteComment(key: TableKey): Promise<boolean> {
  return deleteIfExists(key);
}

/** Thrown when the author already posted the maximum number of reviews in this window. */
export class RateLimitExceeded extends Error {
  constructor() {
    super('rate limit exceeded');
    this.name = 'RateLimitExceeded';
  }
}

/**
 * AP45: stores a review and counts it in its author's window counter (RATE_LIMIT#{sub} /
 * COMMENT#{window}, ADD 1 IF below `max`), in one TransactWriteItems. The counter expires by TTL.
 * @param window the fixed window, e.g. '2026-11-22T10'
 * @param expiresAtEpoch TTL of the counter (seconds), after the window ends
 * @throws RateLimitExceeded when the counter is already at `max` (nothing written)
 */
export async function postReview(c: CommentRecord, window: string, max: number, expiresAtEpoch: number): Promise<void> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: env.tableName,
          Key: keys.commentRateLimit(c.user_id, window),
          UpdateExpression: 'SET #entity = :entity, #ttl = :ttl ADD #count :one',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#entity': 'entity', '#ttl': 'expires_at_epoch', '#count': 'count' },
          ExpressionAttributeValues: { ':entity': 'rate_limit', ':ttl': expiresAtEpoch, ':one': 1, ':max': max },
        },
      },
      {
        Put: {
          TableName: env.tableName,
          Item: { ...keys.productComment(c.product_id, c.created_at, c.id), entity: 'comment', ...indexKeys.comment(c), ...c },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
  } catch (e) {
    if (conditionFailedAt(e).includes(0)) throw new RateLimitExceeded();
    throw e;
  }
}

/**
 * Deletes every comment of a product (its partition's COMMENT# items; AP9's Query without the
 * product item). 1 Query + 1 BatchWriteItem per 25 comments.
 * @returns the number of comments deleted
 */
export async function deleteCommentsOfProduct(productId: string): Promise<number> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': partition.product(productId), ':prefix': SK_PREFIX.comment },
  });
  return batchDelete(items.map((i) => ({ PK: String(i.PK), SK: String(i.SK) })));
}
