/**
 * Idempotent checkout requests: POST /api/checkout/session honours an `Idempotency-Key` header as
 * Stripe's API does ("subsequent requests with the same key return the same result"), so a
 * shopper's retried request (a dropped connection, a second tap) gets the same session instead of
 * abandoning the first and starting another. Without the header a request runs as before.
 *  - a key is 1 to 255 visible ASCII characters (Stripe: "keys can be up to 255 characters long"),
 *    else 400 naming the header;
 *  - the same key with another body answers 400 (Stripe: "the API compares incoming parameters to
 *    those of the original request and errors unless they're the same");
 *  - while the first request runs, a second answers 409 (Stripe: a concurrent request with the
 *    same key is refused with 409); a first request that died without an answer is taken over
 *    after ABANDONED_AFTER_MS;
 *  - a first request that failed is forgotten, so the retry runs anew (the failure changed nothing:
 *    the checkout releases what it reserved).
 * Keys are per user (`USER#{sub}` partition) and kept a day (data/checkout-request-repository.ts).
 */
import { createHash } from 'node:crypto';
import { CHECKOUT_MSG } from '../../shared/messages/checkout';
import {
  claimCheckoutRequest,
  completeCheckoutRequest,
  dropCheckoutRequest,
} from '../data/checkout-request-repository';
import { badRequest, conflict } from '../lib/errors';

/** The header's name (API Gateway passes header names lower-cased). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A 'started' record older than this was left by a request that died (API Gateway answers within 30 s). */
export const ABANDONED_AFTER_MS = 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The key of a request's headers, or null without one. @throws 400 on 'Idempotency-Key' when malformed */
export function idempotencyKeyOf(headers: Record<string, string | undefined>): string | null {
  const key = headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (key === undefined) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw badRequest(CHECKOUT_MSG.idempotencyKeyInvalid, IDEMPOTENCY_HEADER);
  return key;
}

/**
 * Runs `work` once per user and key: a retry with the same key and body gets the first answer.
 * DynamoDB: AP144 (1 UpdateItem), then AP145 (1 UpdateItem, or 1 DeleteItem when `work` failed).
 * @param body the request's raw body (its hash is the request's fingerprint)
 * @returns the first request's answer
 * @throws 400 the key reused with another body; 409 the first request still runs; what `work` throws
 */
export async function idempotent<T>(
  sub: string,
  key: string | null,
  body: string,
  work: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  if (key === null) return work();
  const keyHash = sha256(key);
  const fingerprint = sha256(body);
  const claim = await claimCheckoutRequest(sub, keyHash, fingerprint, now, ABANDONED_AFTER_MS);
  if (!claim.claimed) {
    if (claim.existing.fingerprint !== fingerprint)
      throw badRequest(CHECKOUT_MSG.idempotencyKeyReused, IDEMPOTENCY_HEADER);
    if (claim.existing.status === 'done') return claim.existing.response as T;
    throw conflict(CHECKOUT_MSG.idempotencyInProgress, CHECKOUT_MSG.checkoutBusyTitle);
  }
  let answer: T;
  try {
    answer = await work();
  } catch (error) {
    await dropCheckoutRequest(sub, keyHash);
    throw error;
  }
  await completeCheckoutRequest(sub, keyHash, answer);
  return answer;
}
