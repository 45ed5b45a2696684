/**
 * Contact messages: a visitor's message, stored with its two emails (to the support inbox and the
 * automatic reply) and counted in its sender's and its IP's hourly counters, in one transaction.
 */
import { expiresAtEpoch, RETENTION_DAYS } from '../../shared/retention';
import { env } from '../lib/env';
import { ddb, UpdateCommand } from '../lib/dynamo';
import { ifCondition, transactIf, type TransactItem } from './conditional';
import { emailJobPut, type NewEmailJob } from './email-job-repository';
import { COLLECTION, indexKeys, keys } from './keys';
import { queryPage, type Page, type PageRequest } from './page';
import { stripKeys } from './query';

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
  /**
   * When it was marked answered; absent while 'nuovo'. Who did it is in the audit trail only, so
   * the customer's data export (which carries the message) never holds a staff member's address.
   */
  answered_at?: string;
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

/** AP128: one page of the contact messages, newest first. 1 Query on GSI1 (CONTACT_MESSAGES). */
export function listContactMessagesPage(page: PageRequest = {}): Promise<Page<ContactMessageRecord>> {
  return queryPage<ContactMessageRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.contactMessages },
      ScanIndexForward: false,
    },
    { name: 'GSI1PK', value: COLLECTION.contactMessages },
    page,
  );
}

/** What marking a message answered did: the message before and after, or why not. */
export type AnsweredOutcome =
  | { ok: true; before: ContactMessageRecord; after: ContactMessageRecord }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'already'; current: ContactMessageRecord };

/**
 * AP129: 'nuovo' -> 'risposto' with answered_at, IF the message exists and is still 'nuovo'. 1 UpdateItem (the item
 * as it was comes back on a failed condition, so a missing and an already answered message differ).
 * @param now the time recorded as answered_at
 */
export async function markContactMessageAnswered(id: string, now = new Date()): Promise<AnsweredOutcome> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.contactMessage(id),
        UpdateExpression: 'SET #state = :answered, #at = :at',
        ConditionExpression: 'attribute_exists(PK) AND #state = :new',
        ExpressionAttributeNames: { '#state': 'state', '#at': 'answered_at' },
        ExpressionAttributeValues: { ':answered': 'risposto', ':new': 'nuovo', ':at': now.toISOString() },
        ReturnValues: 'ALL_OLD',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    ),
  );
  if (result.ok) {
    const before = stripKeys<ContactMessageRecord>(result.output.Attributes!);
    return {
      ok: true,
      before,
      after: { ...before, state: 'risposto', answered_at: now.toISOString() },
    };
  }
  if (!result.current) return { ok: false, reason: 'missing' };
  return { ok: false, reason: 'already', current: stripKeys<ContactMessageRecord>(result.current) };
}
