/**
 * An account's erasure (GDPR art. 17) and export (arts. 15, 20): every item the shop holds in the
 * user's partition, the user's reviews, the newsletter entry of the user's email; and the writes
 * that erase them while keeping what the law makes the shop keep (orders, art. 2220 c.c.).
 */
import { ddb, PutCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { batchDelete } from './batch';
import type { CommentRecord } from './catalog-items';
import { COLLECTION, keys, partition, SK_PREFIX, type TableKey } from './keys';
import { queryAll, stripKeys } from './query';
import { ERASED_AUTHOR_ID } from '../../shared/reviews';

/** A stored item with its table key. */
export type KeyedItem = TableKey & Record<string, unknown>;

/** What the profile item becomes once the account is erased: no personal data, no index keys. */
export interface ErasedProfile {
  id: string;
  erased_at: string;
}

/** How long the erased profile stays (seconds): past the life of any token issued before (1 hour, refresh tokens revoked). */
export const ERASED_PROFILE_TTL_SECONDS = 30 * 24 * 3600;

/**
 * AP110: every item of the user's partition (profile, addresses, cart lines and code, wishlist,
 * orders, club checkout, checkout gate), with their keys. 1 Query per 1 MB page.
 */
export async function listUserItems(sub: string): Promise<KeyedItem[]> {
  return queryAll<KeyedItem>({
    TableName: env.tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partition.user(sub) },
  });
}

/** True for an order item of the user's partition (kept by an erasure). */
export const isOrderItem = (item: TableKey): boolean => item.SK.startsWith(SK_PREFIX.order);

/**
 * AP111: the reviews a user wrote, with their keys. Reviews live in their product's partition and
 * no index is keyed by author, so this reads the comments collection (GSI1 COMMENTS) with a filter
 * on the author: a read of every comment, acceptable for the rare erasure and export only.
 */
export async function listReviewsOfUser(sub: string): Promise<(CommentRecord & { key: TableKey })[]> {
  const items = await queryAll<KeyedItem>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'user_id = :sub',
    ExpressionAttributeValues: { ':pk': COLLECTION.comments, ':sub': sub },
  });
  return items.map((i) => ({ ...stripKeys<CommentRecord>(i), key: { PK: i.PK, SK: i.SK } }));
}

/** AP113: the newsletter entry of an email (every item under `NEWSLETTER#{lower(email)}`). 1 Query. */
export async function listNewsletterItems(email: string): Promise<KeyedItem[]> {
  return queryAll<KeyedItem>({
    TableName: env.tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partition.newsletter(email) },
  });
}

/**
 * AP112: erases an account's data but its orders (the orders module reduces those to their tax
 * record, functions/orders `eraseCustomer`).
 *  1. the profile item is replaced by an erased profile (no email, billing data or membership, no
 *     index keys, so the users list no longer has it; expires with the table's TTL), so a token
 *     issued before the deletion gets 401 instead of a new empty profile (access.ts);
 *  2. every other item of the partition but the orders is deleted (addresses, cart, wishlist, club
 *     checkout, checkout gate), 25 per BatchWriteItem, and the newsletter entry;
 *  3. each review keeps its text, its author replaced by ERASED_AUTHOR_ID ('Utente eliminato').
 * Idempotent: run again, it finds less and writes the same.
 * @returns how many items of each kind were deleted or kept (for the audit entry: counts only)
 */
export async function eraseUserData(
  sub: string,
  found: { items: KeyedItem[]; reviews: { key: TableKey }[]; newsletter: KeyedItem[] },
  now = new Date(),
): Promise<{ deleted: number; reviews_anonymised: number; newsletter_deleted: number }> {
  const erased: ErasedProfile = { id: sub, erased_at: now.toISOString() };
  await ddb.send(
    new PutCommand({
      TableName: env.tableName,
      Item: {
        ...keys.profile(sub),
        entity: 'erased_profile',
        ...erased,
        expires_at_epoch: Math.floor(now.getTime() / 1000) + ERASED_PROFILE_TTL_SECONDS,
      },
    }),
  );
  const profileKey = keys.profile(sub);
  const others = found.items.filter((i) => !isOrderItem(i) && i.SK !== profileKey.SK);
  const deleted = await batchDelete([...others, ...found.newsletter].map((i) => ({ PK: i.PK, SK: i.SK })));
  for (const r of found.reviews)
    await ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: r.key,
        UpdateExpression: 'SET user_id = :erased',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':erased': ERASED_AUTHOR_ID },
      }),
    );
  return {
    deleted: deleted - found.newsletter.length,
    reviews_anonymised: found.reviews.length,
    newsletter_deleted: found.newsletter.length,
  };
}

/**
 * AP114: the contact messages sent from an email (as typed or lower-cased), for the customer's data
 * export. The messages are listed on GSI1 CONTACT_MESSAGES with no index by sender, so this reads
 * the collection with a filter: acceptable for the rare export (the messages expire, see
 * docs/italian-law.md 'Retention').
 */
export async function listContactMessagesOf(email: string): Promise<Record<string, unknown>[]> {
  const items = await queryAll<KeyedItem>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'email = :e OR email = :lower',
    ExpressionAttributeValues: { ':pk': COLLECTION.contactMessages, ':e': email, ':lower': email.toLowerCase() },
  });
  return items.map((i) => stripKeys<Record<string, unknown>>(i));
}
