/**
 * The idempotency records of checkout requests: a shopper's retried POST /api/checkout/session (a
 * dropped connection, a double submit) with the same `Idempotency-Key` gets the first request's
 * answer instead of a new session, as Stripe's own API answers a repeated idempotency key. One
 * item per user and key, `USER#{sub}` / `CHECKOUT_REQUEST#{sha-256 of the key}`, holding the
 * request's fingerprint (the body's hash), its status ('started' while the first request runs,
 * 'done' with the answer) and a TTL of a day (`expires_at_epoch`; Stripe keeps keys 24 hours).
 * An erasure deletes them with the user's partition.
 */
import { ddb, DeleteCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { ifCondition } from './conditional';
import { keys } from './keys';

/** How long a key is remembered, seconds (Stripe: "keys are eligible to be removed ... after they're at least 24 hours old"). */
export const CHECKOUT_REQUEST_TTL_SECONDS = 24 * 3600;

/** A checkout request as recorded. */
export interface CheckoutRequestRecord {
  fingerprint: string;
  status: 'started' | 'done';
  /** Epoch ms the first request started (a 'started' record older than the request's time limit was abandoned). */
  started_at: number;
  /** The first request's answer, once done. */
  response?: unknown;
}

/** What claiming a key answered: this request runs it, or the record another request left. */
export type CheckoutRequestClaim = { claimed: true } | { claimed: false; existing: CheckoutRequestRecord };

/**
 * AP144: claims a key for this request: written when new, or taken over when a 'started' record
 * is older than `abandonAfterMs` (its request died without an answer). 1 UpdateItem.
 * @param keyHash the sha-256 (hex) of the Idempotency-Key
 * @param fingerprint the sha-256 of the request body
 * @returns claimed, or the record as stored (compare its fingerprint, return its answer)
 */
export async function claimCheckoutRequest(
  sub: string,
  keyHash: string,
  fingerprint: string,
  now: Date,
  abandonAfterMs: number,
): Promise<CheckoutRequestClaim> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.checkoutRequest(sub, keyHash),
        UpdateExpression:
          'SET entity = :entity, fingerprint = :fp, #st = :started, started_at = :now, expires_at_epoch = :ttl REMOVE #res',
        ConditionExpression:
          'attribute_not_exists(PK) OR (#st = :started AND fingerprint = :fp AND started_at < :stale)',
        ExpressionAttributeNames: { '#st': 'status', '#res': 'response' },
        ExpressionAttributeValues: {
          ':entity': 'checkout_request',
          ':fp': fingerprint,
          ':started': 'started',
          ':now': now.getTime(),
          ':stale': now.getTime() - abandonAfterMs,
          ':ttl': Math.floor(now.getTime() / 1000) + CHECKOUT_REQUEST_TTL_SECONDS,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    ),
  );
  if (result.ok) return { claimed: true };
  const c = result.current ?? {};
  return {
    claimed: false,
    existing: {
      fingerprint: String(c.fingerprint),
      status: c.status === 'done' ? 'done' : 'started',
      started_at: Number(c.started_at),
      ...(c.response !== undefined ? { response: c.response } : {}),
    },
  };
}

/** AP145: records the first request's answer under its key. 1 UpdateItem. */
export async function completeCheckoutRequest(sub: string, keyHash: string, response: unknown): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.checkoutRequest(sub, keyHash),
      UpdateExpression: 'SET #st = :done, #res = :res',
      ExpressionAttributeNames: { '#st': 'status', '#res': 'response' },
      ExpressionAttributeValues: { ':done': 'done', ':res': response },
    }),
  );
}

/** AP145: forgets a key whose request failed, so a retry runs anew. 1 DeleteItem. */
export async function dropCheckoutRequest(sub: string, keyHash: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: env.tableName, Key: keys.checkoutRequest(sub, keyHash) }));
}
