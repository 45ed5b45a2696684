/**
 * Email jobs: one item per email to send, written by the business write in its own transaction
 * (`emailJobPut`) and sent after it by the email worker (the relay's consumer) or the retry sweep.
 *
 * Life of a job (`status`):
 *   pending    written with `next_attempt_at` = now; on GSI1 EMAIL_JOBS_PENDING by next attempt
 *   sending    claimed by one worker (conditional write: pending, or sending with an expired lease),
 *              with a lease token and `lease_until`; `attempts` + 1
 *   sent       the transport accepted it (`message_id`, `sent_at`); off the pending index
 *   pending    again after a failed send, with `next_attempt_at` later (backoff) and `last_error`
 *   failed     given up (too old); off the pending index; an operator alert was raised
 *   suppressed the address is on the suppression list; never sent; off the pending index
 * The id is deterministic per business event, and the Put is conditioned on its absence, so a
 * replayed webhook or a retried write never makes a second job; the claim makes sure concurrent
 * or retried workers never send one job twice while its lease holds.
 */
import { RETENTION_DAYS } from '../../shared/retention';
import { randomUUID } from 'node:crypto';
import { ddb, GetCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { ifCondition, putIf, type TransactItem } from './conditional';
import { COLLECTION, INDEX_ATTRIBUTES, indexKeys, keys, sortKey } from './keys';
import { queryAll, stripKeys } from './query';

/** The state of a job (see the module comment). */
export type EmailJobStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'suppressed';

/** What the business write records: which email, to whom, with what data. */
export interface NewEmailJob {
  /** Deterministic per business event, e.g. 'order-confirmation:{orderId}'. */
  id: string;
  /** Template name (functions/email/templates). */
  template: string;
  /** Recipient address. */
  to: string;
  /** Reply-To of this email when not the stage's (e.g. the customer, on a contact message to the support inbox). */
  reply_to?: string | null;
  /** The template's data (amounts in cents, ISO dates), as it was at the business write. */
  data: Record<string, unknown>;
}

/** A stored job. */
export interface EmailJobRecord extends NewEmailJob {
  status: EmailJobStatus;
  /** Sends tried so far. */
  attempts: number;
  created_at: string;
  /** ISO; when the sweep may try it next (pending only). */
  next_attempt_at: string;
  lease_token?: string | null;
  lease_until?: string | null;
  sent_at?: string | null;
  message_id?: string | null;
  last_error?: string | null;
}

/** Sent, failed and suppressed jobs stay a year (the record that the email went out), then expire. */
const RETENTION_S = RETENTION_DAYS.emailJob * 24 * 3600;

/** The stored item of a new job (pending, due at `now`). */
export function emailJobItem(job: NewEmailJob, now: Date = new Date()): Record<string, unknown> {
  const at = now.toISOString();
  return {
    ...keys.emailJob(job.id),
    entity: 'email_job',
    ...job,
    reply_to: job.reply_to ?? null,
    status: 'pending',
    attempts: 0,
    created_at: at,
    next_attempt_at: at,
    ...indexKeys.pendingEmailJob({ id: job.id, next_attempt_at: at }),
    expires_at_epoch: Math.floor(now.getTime() / 1000) + RETENTION_S,
  };
}

/** The transaction item recording a job with the business write (IF NOT EXISTS: one job per event). */
export function emailJobPut(job: NewEmailJob, now: Date = new Date()): TransactItem {
  return {
    Put: { TableName: env.tableName, Item: emailJobItem(job, now), ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

/** AP100: records a job on its own (a write with nothing else to commit). 1 PutItem. @returns false when it existed */
export async function queueEmailJob(job: NewEmailJob, now: Date = new Date()): Promise<boolean> {
  return putIf(emailJobItem(job, now), 'attribute_not_exists(PK)');
}

/** AP100: one job, read strongly consistent (the worker's view before its claim). 1 GetItem. */
export async function getEmailJob(id: string): Promise<EmailJobRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.emailJob(id), ConsistentRead: true }),
  );
  return out.Item ? stripKeys<EmailJobRecord>(out.Item) : null;
}

/**
 * AP100: claims a job for one send: pending (whatever its next attempt time: the stream's own
 * retries pace themselves), or sending with an expired lease (a worker that died). 1 UpdateItem.
 * @param leaseMs how long the claim holds
 * @returns the job as claimed (attempts already counted) and its lease token, or null when another
 *   worker holds it or it is no longer to send
 */
export async function claimEmailJob(
  id: string,
  now: Date,
  leaseMs: number,
): Promise<{ job: EmailJobRecord; token: string } | null> {
  const token = randomUUID();
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.emailJob(id),
        UpdateExpression: 'SET #s = :sending, lease_token = :t, lease_until = :until ADD attempts :one',
        ConditionExpression: '#s = :pending OR (#s = :sending AND lease_until < :now)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':pending': 'pending',
          ':t': token,
          ':until': new Date(now.getTime() + leaseMs).toISOString(),
          ':now': now.toISOString(),
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (!result.ok || !result.output.Attributes) return null;
  return { job: stripKeys<EmailJobRecord>(result.output.Attributes), token };
}

const pendingIndexAttributes = INDEX_ATTRIBUTES.filter((a) => a.startsWith('GSI1'));

/** Ends a claimed job: its final state, off the pending index. 1 UpdateItem. @returns false when the lease was lost */
async function finish(id: string, token: string, set: Record<string, unknown>): Promise<boolean> {
  const names = Object.keys(set);
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.emailJob(id),
        UpdateExpression: `SET ${names.map((n, i) => `#f${i} = :v${i}`).join(', ')} REMOVE lease_token, lease_until, ${pendingIndexAttributes.join(', ')}`,
        ConditionExpression: 'lease_token = :t',
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        ExpressionAttributeValues: { ':t': token, ...Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])) },
      }),
    ),
  );
  return result.ok;
}

/** AP100: the transport accepted the email. 1 UpdateItem. @returns false when the lease was lost */
export function markEmailSent(id: string, token: string, messageId: string, now: Date): Promise<boolean> {
  return finish(id, token, { status: 'sent', sent_at: now.toISOString(), message_id: messageId, last_error: null });
}

/** AP100: never to be sent: given up ('failed') or the address is suppressed. 1 UpdateItem. */
export function markEmailClosed(
  id: string,
  token: string,
  status: 'failed' | 'suppressed',
  reason: string,
): Promise<boolean> {
  return finish(id, token, { status, last_error: reason });
}

/**
 * AP100: a send failed: pending again, due at `nextAttemptAt`, back on the pending index.
 * 1 UpdateItem. @returns false when the lease was lost
 */
export async function markEmailRetry(id: string, token: string, error: string, nextAttemptAt: Date): Promise<boolean> {
  const next = nextAttemptAt.toISOString();
  const gsi = indexKeys.pendingEmailJob({ id, next_attempt_at: next });
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.emailJob(id),
        UpdateExpression:
          'SET #s = :pending, next_attempt_at = :next, last_error = :e, GSI1PK = :gpk, GSI1SK = :gsk REMOVE lease_token, lease_until',
        ConditionExpression: 'lease_token = :t',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':next': next,
          ':e': error.slice(0, 500),
          ':gpk': gsi.GSI1PK,
          ':gsk': gsi.GSI1SK,
          ':t': token,
        },
      }),
    ),
  );
  return result.ok;
}

/**
 * AP101: pending jobs due by `now`, the most overdue first (the retry sweep). 1 Query on GSI1
 * (sparse EMAIL_JOBS_PENDING).
 * @param limit how many at most
 */
export async function listDueEmailJobs(now: Date, limit: number): Promise<EmailJobRecord[]> {
  const items = await queryAll<Record<string, unknown>>(
    {
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now',
      ExpressionAttributeValues: { ':pk': COLLECTION.pendingEmailJobs, ':now': sortKey.byTimeUpTo(now.toISOString()) },
      Limit: limit,
    },
    limit,
  );
  return items.map((i) => stripKeys<EmailJobRecord>(i));
}
