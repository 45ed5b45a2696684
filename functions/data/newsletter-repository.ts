/**
 * Newsletter subscribers, one item per address (`NEWSLETTER#{lower email}` / `SUBSCRIBER`):
 * pending until the owner confirms the link of the double opt-in, then confirmed with the consent
 * time and source (GDPR art. 7(1)), or unsubscribed. Tokens are stored as SHA-256 hashes only.
 */
import type { NewsletterSource } from '../../shared/newsletter';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { transactIf, type TransactItem } from './conditional';
import { emailJobPut, type NewEmailJob } from './email-job-repository';
import { COLLECTION, indexKeys, keys } from './keys';
import { queryAll, stripKeys } from './query';

/** A subscriber as stored. */
export interface NewsletterSubscriberRecord {
  /** As typed (trimmed). */
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  source: NewsletterSource;
  /** When the latest confirmation link was asked for (ISO). */
  requested_at: string;
  /** SHA-256 (hex) of the pending link's secret, and when it expires (ISO); null once used. */
  confirm_hash: string | null;
  confirm_expires_at: string | null;
  /** When the owner confirmed (the consent's time, ISO); null before. */
  confirmed_at: string | null;
  /** SHA-256 (hex) of the unsubscribe secret (set on confirmation). */
  unsubscribe_hash: string | null;
  unsubscribed_at: string | null;
}

/** A counter is full: too many sign-ups from this IP this hour (nothing was written). */
export class NewsletterRateLimited extends Error {
  constructor() {
    super('newsletter rate limit');
    this.name = 'NewsletterRateLimited';
  }
}

/** AP119: one subscriber, read strongly consistent. 1 GetItem. */
export async function getSubscriber(email: string): Promise<NewsletterSubscriberRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.newsletterSubscriber(email), ConsistentRead: true }),
  );
  if (!out.Item) return null;
  const { entity: _entity, ...record } = stripKeys<NewsletterSubscriberRecord & { entity?: string }>(out.Item);
  return record;
}

/** The caller's IP counter of the hour. */
interface Caller {
  ip: string;
  /** The UTC hour, e.g. '2026-11-22T10'. */
  window: string;
  /** The counter's expiry (epoch seconds). */
  ttl: number;
  max: number;
}

/** ADD 1 to the IP's hourly counter IF below `max`. */
function counter(caller: Caller): TransactItem {
  return {
    Update: {
      TableName: env.tableName,
      Key: keys.newsletterRateLimit(caller.ip, caller.window),
      UpdateExpression: 'SET #entity = :entity, #ttl = :ttl ADD #count :one',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
      ExpressionAttributeNames: { '#entity': 'entity', '#ttl': 'expires_at_epoch', '#count': 'count' },
      ExpressionAttributeValues: { ':entity': 'rate_limit', ':ttl': caller.ttl, ':one': 1, ':max': caller.max },
    },
  };
}

function subscriberPut(s: NewsletterSubscriberRecord, condition?: { expr: string; values: Record<string, unknown> }) {
  const confirmed = s.status === 'confirmed' && s.confirmed_at;
  return {
    Put: {
      TableName: env.tableName,
      Item: {
        ...keys.newsletterSubscriber(s.email),
        entity: 'newsletter_subscriber',
        ...s,
        ...(confirmed ? indexKeys.newsletterSubscriber({ email: s.email, confirmed_at: s.confirmed_at! }) : {}),
      },
      ...(condition
        ? {
            ConditionExpression: condition.expr,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: condition.values,
          }
        : {}),
    },
  } satisfies TransactItem;
}

/**
 * AP119: records a pending subscription (a new confirmation link) with its confirmation email,
 * counted against the caller's IP, in 1 TransactWriteItems: the IP's hourly counter (ADD 1 IF
 * below `max`), the subscriber Put IF it is not confirmed, the email job Put IF NOT EXISTS.
 * @returns false when the address was confirmed meanwhile (nothing written)
 * @throws NewsletterRateLimited when the IP's counter is full (nothing written)
 */
export async function recordPendingSubscription(
  s: NewsletterSubscriberRecord,
  caller: Caller,
  email: NewEmailJob,
): Promise<boolean> {
  const result = await transactIf([
    counter(caller),
    subscriberPut(s, {
      expr: 'attribute_not_exists(PK) OR #status <> :confirmed',
      values: { ':confirmed': 'confirmed' },
    }),
    emailJobPut(email),
  ]);
  if (result.ok) return true;
  if (result.failed.includes(0)) throw new NewsletterRateLimited();
  return false;
}

/**
 * AP119 (the IP's counter only): counts a sign-up whose address is already confirmed, so the
 * limit holds the same for known and unknown addresses. 1 TransactWriteItems with the counter.
 * @throws NewsletterRateLimited when the IP's counter is full
 */
export async function countSubscriptionAttempt(caller: Caller): Promise<void> {
  const result = await transactIf([counter(caller)]);
  if (!result.ok) throw new NewsletterRateLimited();
}

/**
 * AP119: saves the subscriber's new state (confirmed with its welcome email, or unsubscribed),
 * IF its stored status is still `expectedStatus`. 1 TransactWriteItems.
 * @returns false when the stored status changed meanwhile (nothing written)
 */
export async function saveSubscriberState(
  s: NewsletterSubscriberRecord,
  expectedStatus: NewsletterSubscriberRecord['status'],
  emails: NewEmailJob[] = [],
): Promise<boolean> {
  const result = await transactIf([
    subscriberPut(s, { expr: '#status = :expected', values: { ':expected': expectedStatus } }),
    ...emails.map((e) => emailJobPut(e)),
  ]);
  return result.ok;
}

/**
 * AP120: every confirmed subscriber, oldest consent first (the back office's CSV export). The
 * GSI1 `NEWSLETTER_SUBSCRIBERS` partition is sparse: a subscriber carries it only while confirmed,
 * so pending and unsubscribed addresses are never read. 1 Query on GSI1 per 1 MB page.
 * @returns the subscribers as stored (GSI1 is eventually consistent: a confirmation of the last
 *          second may be missing)
 */
export async function listConfirmedSubscribers(): Promise<NewsletterSubscriberRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': COLLECTION.newsletterSubscribers },
  });
  return items.map((i) => stripKeys<NewsletterSubscriberRecord>(i));
}
