/**
 * Giving up a checkout (no stock held by abandoned sessions): the Stripe session
 * is expired first, so it can no longer be paid from the browser history, then the reservation's
 * stock goes back. Used by the cancel page ('Annulla' on the payment page), before a new checkout
 * of the same user, and by the expiry sweep.
 */
import { API_MSG } from '../../shared/messages/api-messages';
import * as reservations from '../data/reservation-repository';
import { getPaymentSecrets } from '../lib/secrets';
import { paymentSettled, stripeFor } from '../lib/stripe';
import { notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { fulfilSession } from '../orders';

/**
 * Expires the reservation's session at Stripe (when still open) and releases its stock. A session
 * that turns out to be paid (or complete with nothing to pay) is fulfilled instead; a complete session whose delayed payment has not
 * succeeded is released (a later success takes the reclaim path of fulfilment). Shared by the
 * cancel route, a new checkout and the expiry sweep.
 * @param now the time used for an order created by a late fulfilment
 * @returns 'released', 'fulfilled' or 'noop' (already released, sold or held)
 */
export async function abandon(
  r: reservations.ReservationRecord,
  now = new Date(),
): Promise<'released' | 'fulfilled' | 'noop'> {
  if (r.status !== 'reserved') return 'noop';
  const { stripe_secret_key } = await getPaymentSecrets();
  if (r.session_id && stripe_secret_key) {
    const stripe = await stripeFor(stripe_secret_key);
    try {
      const session = await stripe.checkout.sessions.retrieve(r.session_id);
      if (session.status === 'complete' && paymentSettled(session)) {
        const result = await fulfilSession(session, { now });
        return result === 'created' || result === 'created_needs_refund' ? 'fulfilled' : 'noop';
      }
      if (session.status === 'open') await stripe.checkout.sessions.expire(r.session_id);
    } catch (error) {
      logger.warn('could not expire the session before releasing', {
        sessionId: r.session_id,
        reason: (error as Error).message,
      });
    }
  }
  if ((await reservations.release(r.id)) === 'released') return 'released';
  // Expiring the session triggers checkout.session.expired, whose handler may have released first.
  return (await reservations.getReservation(r.id))?.status === 'released' ? 'released' : 'noop';
}

/**
 * POST /api/checkout/cancel/{id}: the caller gives up one of its checkouts (id = the checkout id in
 * the cancel URL). Idempotent.
 * @throws AppError 404 when the checkout is not the caller's
 */
export async function cancelCheckout(
  sub: string,
  checkoutId: string,
): Promise<{ result: 'released' | 'fulfilled' | 'noop' }> {
  const r = await reservations.getReservation(checkoutId);
  if (!r || r.user_id !== sub) throw notFound(API_MSG.notFoundOrder);
  return { result: await abandon(r) };
}

/** Releases every open checkout of the user (before a new one). 1 Query, plus work per open checkout. */
export async function releaseOpenCheckouts(sub: string): Promise<number> {
  const open = await reservations.listOpenReservationsOfUser(sub);
  let n = 0;
  for (const r of open) if ((await abandon(r)) === 'released') n += 1;
  return n;
}

/** Grace after a session's expiry before the sweep releases its stock (Stripe's own expiry event usually comes first). */
export const RELEASE_GRACE_MS = 2 * 60_000;

/**
 * The expiry sweep (EventBridge Scheduler in the cloud, a timer locally): abandons reservations
 * whose session expired more than RELEASE_GRACE_MS ago.
 * @returns counts of released and fulfilled reservations
 */
export async function sweepExpiredReservations(now = new Date()): Promise<{ released: number; fulfilled: number }> {
  const due = await reservations.listExpiredReservations(new Date(now.getTime() - RELEASE_GRACE_MS).toISOString());
  const counts = { released: 0, fulfilled: 0 };
  for (const r of due) {
    const outcome = await abandon(r, now);
    if (outcome !== 'noop') counts[outcome] += 1;
  }
  return counts;
}
