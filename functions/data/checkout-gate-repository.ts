/**
 * The checkout gate of a user (one shopper's tabs check out one at a time; no stock hoarding): one item
 * per user, `USER#{sub}` / `CHECKOUT_GATE`, holding
 *  - a lock (`lock_token`, `locked_until` epoch ms): checkouts of one user run one at a time; a
 *    lock whose holder died expires after its TTL;
 *  - the checkouts started in the current clock hour (`window` 'YYYY-MM-DDTHH' UTC, `attempts`).
 * Acquiring is one conditional UpdateItem (two at the first checkout of an hour); the lock is
 * released inside the transaction that attaches the Stripe session (see releaseGateItem), or by
 * releaseCheckoutGate on the error paths. TTL `expires_at_epoch`: a day after the window ends.
 */
import { ddb, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { ifCondition, type TransactItem } from './conditional';
import { keys } from './keys';

/** The gate item as stored. */
export interface CheckoutGateRecord {
  lock_token?: string;
  locked_until?: number;
  window?: string;
  attempts?: number;
}

/** Outcome of acquireCheckoutGate. */
export type GateResult =
  | { acquired: true; token: string }
  | { acquired: false; reason: 'busy' }
  | { acquired: false; reason: 'rate_limited'; retryAfterSeconds: number };

/** The rate-limit window of a time: its UTC clock hour, 'YYYY-MM-DDTHH'. */
export const windowOf = (now: Date): string => now.toISOString().slice(0, 13);

/**
 * AP30: takes the user's checkout lock and counts one checkout in the current hour, atomically.
 * @param token a fresh random token (identifies this holder when releasing)
 * @param opts lockMs: the lock's TTL (longer than the checkout function may run); maxPerHour: the cap
 * @returns acquired with the token, or refused: 'busy' (another checkout holds the lock) or
 *   'rate_limited' (maxPerHour reached; retryAfterSeconds until the next hour)
 */
export async function acquireCheckoutGate(
  sub: string,
  token: string,
  now: Date,
  opts: { lockMs: number; maxPerHour: number },
): Promise<GateResult> {
  const window = windowOf(now);
  const nextHour = Date.parse(`${window}:00:00.000Z`) + 3600_000;
  const common = {
    ':t': token,
    ':until': now.getTime() + opts.lockMs,
    ':now': now.getTime(),
    ':w': window,
    ':one': 1,
    ':ttl': Math.floor(nextHour / 1000) + 24 * 3600,
  };
  const unlocked = '(attribute_not_exists(locked_until) OR locked_until < :now)';
  for (let attempt = 0; attempt < 3; attempt++) {
    // Same hour: count one more, if below the cap and unlocked.
    const same = await conditionalUpdate(sub, {
      UpdateExpression: 'SET lock_token = :t, locked_until = :until, expires_at_epoch = :ttl ADD attempts :one',
      ConditionExpression: `#w = :w AND attempts < :max AND ${unlocked}`,
      ExpressionAttributeNames: { '#w': 'window' },
      ExpressionAttributeValues: { ...common, ':max': opts.maxPerHour },
    });
    if (same.ok) return { acquired: true, token };
    const old = same.old;
    if (old?.locked_until !== undefined && old.locked_until >= now.getTime())
      return { acquired: false, reason: 'busy' };
    if (old?.window === window) {
      if ((old.attempts ?? 0) >= opts.maxPerHour)
        return {
          acquired: false,
          reason: 'rate_limited',
          retryAfterSeconds: Math.ceil((nextHour - now.getTime()) / 1000),
        };
      continue; // changed meanwhile: try again
    }
    // First checkout of this hour (or ever): start the count at 1.
    const fresh = await conditionalUpdate(sub, {
      UpdateExpression: 'SET lock_token = :t, locked_until = :until, expires_at_epoch = :ttl, #w = :w, attempts = :one',
      ConditionExpression: `(attribute_not_exists(PK) OR #w <> :w) AND ${unlocked}`,
      ExpressionAttributeNames: { '#w': 'window' },
      ExpressionAttributeValues: common,
    });
    if (fresh.ok) return { acquired: true, token };
  }
  return { acquired: false, reason: 'busy' };
}

/** One conditional UpdateItem of the gate; on a failed condition, the item as it was (null: none). */
async function conditionalUpdate(
  sub: string,
  input: {
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  },
): Promise<{ ok: true } | { ok: false; old: CheckoutGateRecord | null }> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.checkoutGate(sub),
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        ...input,
      }),
    ),
  );
  return result.ok ? { ok: true } : { ok: false, old: result.current as CheckoutGateRecord | null };
}

/** The transaction item that releases the lock held with `token` (fails the transaction when it is no longer ours). */
export function releaseGateItem(sub: string, token: string): TransactItem {
  return {
    Update: {
      TableName: env.tableName,
      Key: keys.checkoutGate(sub),
      UpdateExpression: 'REMOVE lock_token, locked_until',
      ConditionExpression: 'lock_token = :t',
      ExpressionAttributeValues: { ':t': token },
    },
  };
}

/** Releases the lock held with `token`; a lock already expired and taken by another checkout is left alone. 1 UpdateItem. */
export async function releaseCheckoutGate(sub: string, token: string): Promise<void> {
  await ifCondition(ddb.send(new UpdateCommand({ ...releaseGateItem(sub, token).Update! })));
}
