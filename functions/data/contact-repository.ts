/**
 * Contact messages: a visitor's message, stored with its two emails (to the support inbox and the
 * automatic reply) and counted in its sender's and its IP's hourly counters, in one transaction.
 */
import { expiresAtEpoch, RETENTION_DAYS } from '../../shared/retention';
import { env } from '../lib/env';
import { transactIf, type TransactItem } from './conditional';
import { emailJobPut, type NewEmailJob } from './email-job-repository';
import { indexKeys, keys } from './keys';

/** A stored contact message. */
export interface ContactMessageRecord {
  id: string;
  first_name: string;
  last_name: string;
  /** As typed (trimmed); the counters use it lower-cased. */
  email: string;
  topic: string | null;
  message: string;
  /** 'nuovo' until the staff answer it ('risposto'). */
  state: 'nuovo' | 'risposto';
  created_at: string;
}

/** A counter is full: the caller sent too many messages this hour (nothing was written). */
export class ContactRateLimited extends Error {
  constructor(readonly scope: 'email' | 'ip') {
    super(`contact rate limit (${scope})`);
    this.name = 'ContactRateLimited';
  }
}

/** One hourly counter: ADD 1 IF below `max`; expires an hour after its window. */
function counter(scope: 'email' | 'ip', value: string, window: string, max: number, ttl: number): TransactItem {
  return {
    Update: {
      TableName: env.tableName,
      Key: keys.contactRateLimit(scope, value, window),
      UpdateExpression: 'SET #entity = :entity, #ttl = :ttl ADD #count :one',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
      ExpressionAttributeNames: { '#entity': 'entity', '#ttl': 'expires_at_epoch', '#count': 'count' },
      ExpressionAttributeValues: { ':entity': 'rate_limit', ':ttl': ttl, ':one': 1, ':max': max },
    },
  };
}

/**
 * AP103: stores a message with its emails, counted against its sender address and its IP:
 * 1 TransactWriteItems (2 counter Updates IF below their limits, the message Put IF NOT EXISTS,
 * the email jobs Put IF NOT EXISTS).
 * @param window the UTC hour, e.g. '2026-11-22T10'; `ttl` the counters' expiry (epoch seconds)
 * @param limits messages per hour per address and per IP
 * @throws ContactRateLimited when a counter is full (nothing written)
 */
export async function recordContactMessage(
  m: ContactMessageRecord,
  caller: { ip: string; window: string; ttl: number; limits: { email: number; ip: number } },
  emails: NewEmailJob[],
): Promise<void> {
  const result = await transactIf([
    counter('email', m.email, caller.window, caller.limits.email, caller.ttl),
    counter('ip', caller.ip, caller.window, caller.limits.ip, caller.ttl),
    {
      Put: {
        TableName: env.tableName,
        Item: {
          ...keys.contactMessage(m.id),
          entity: 'contact_message',
          ...m,
          ...indexKeys.contactMessage(m),
          // storage limitation (GDPR art. 5 c.1 lett. e): kept RETENTION_DAYS.contactMessage, then the table's TTL deletes it
          expires_at_epoch: expiresAtEpoch(m.created_at, RETENTION_DAYS.contactMessage),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...emails.map((e) => emailJobPut(e)),
  ]);
  if (result.ok) return;
  if (result.failed.includes(0)) throw new ContactRateLimited('email');
  if (result.failed.includes(1)) throw new ContactRateLimited('ip');
  throw new Error(`recordContactMessage: the message ${m.id} already exists`);
}
