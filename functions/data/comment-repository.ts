/**
 * Comments: stored in their product's partition (PK PRODUCT#{productId}, SK
 * COMMENT#{created_at}#{id}), listed newest first on GSI1 COMMENTS, found by id on GSI3
 * COMMENT#{id}, and, while approved, in their product's public reviews on GSI2
 * PRODUCT_REVIEWS#{productId} (pinned first, then newest: AP31). Posting a review and counting it against the author's hourly limit is one
 * transaction, so concurrent posts cannot exceed the limit.
 */
import { env } from '../lib/env';
import { deleteIfExists, transactIf, updateIfExists } from './conditional';
import { COLLECTION, indexKeys, keys, partition, SK_PREFIX, type TableKey } from './keys';
import { batchDelete } from './batch';
import { queryAll, stripKeys } from './query';
import { queryFilteredPage, queryPage, type Page } from './page';
import { commentItem } from './items';
import { updateParts } from './update-expression';
import type { CommentRecord } from './catalog-items';

/** AP43: one comment by id, with its table key, or null. 1 Query on GSI3 (COMMENT#{id}). */
export async function findComment(id: string): Promise<{ comment: CommentRecord; key: TableKey } | null> {
  const items = await queryAll<Record<string, unknown>>(
    {
      TableName: env.tableName,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.comment(id) },
    },
    1,
  );
  const item = items[0];
  return item ? { comment: stripKeys<CommentRecord>(item), key: { PK: String(item.PK), SK: String(item.SK) } } : null;
}

/**
 * AP44: one page of comments, newest first (GSI1 COMMENTS, descending). `pending` keeps only
 * comments not yet approved (a filtered Query: see queryFilteredPage).
 * @throws AppError 400 on a bad cursor
 */
export function listCommentsPage(
  pending: boolean,
  page: { limit?: number | undefined; cursor?: string | undefined },
): Promise<Page<CommentRecord>> {
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
    {
      ...input,
      FilterExpression: 'attribute_not_exists(#approved) OR #approved = :no',
      ExpressionAttributeNames: { '#approved': 'is_approved' },
      ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':no': false },
    },
    partitionKey,
    page,
  );
}

/**
 * Sets moderation fields of a comment and keeps its public-review index in step: approved comments
 * carry GSI2 PRODUCT_REVIEWS#{productId} with the pinned flag in the sort key, others do not
 * (indexKeys.comment). The write is conditioned on the approval and pin flags read before, so two
 * concurrent moderations cannot leave the index disagreeing with the flags. 1 UpdateItem.
 * @param current the comment as read (findComment)
 * @returns the comment after the write, or null when it no longer exists or changed meanwhile
 */
export function updateComment(
  key: TableKey,
  current: CommentRecord,
  fields: Partial<Pick<CommentRecord, 'is_approved' | 'is_pinned' | 'admin_reply'>> & { moderated_at: string },
): Promise<CommentRecord | null> {
  const next = { ...current, ...fields };
  const index = indexKeys.comment({
    id: next.id,
    product_id: next.product_id,
    created_at: next.created_at,
    is_approved: Boolean(next.is_approved),
    is_pinned: Boolean(next.is_pinned),
  });
  const reviewIndex = ['GSI2PK', 'GSI2SK'];
  const set = {
    ...fields,
    ...Object.fromEntries(reviewIndex.filter((k) => k in index).map((k) => [k, index[k as keyof typeof index]])),
  };
  // the flags as read: true must still be true; false may be false or absent (older items)
  const flags = [
    ['#ca', Boolean(current.is_approved)],
    ['#cp', Boolean(current.is_pinned)],
  ] as const;
  const condition = flags
    .map(([name, was]) => (was ? `${name} = :t` : `(attribute_not_exists(${name}) OR ${name} = :f)`))
    .join(' AND ');
  const values: Record<string, boolean> = {};
  for (const [, was] of flags) values[was ? ':t' : ':f'] = was;
  return updateIfExists<CommentRecord>(
    key,
    updateParts(
      set,
      reviewIndex.filter((k) => !(k in index)),
      {
        names: { '#ca': 'is_approved', '#cp': 'is_pinned' },
        values,
      },
    ),
    condition,
  );
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
  const result = await transactIf([
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
        Item: commentItem(c),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  if (result.ok) return;
  if (result.failed.includes(0)) throw new RateLimitExceeded();
  throw new Error(`postReview: the comment ${c.id} already exists`);
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
