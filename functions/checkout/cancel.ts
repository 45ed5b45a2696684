/**
 * Giving up a checkout (issue: checkout, "no stock held by abandoned sessions"): the Stripe session
 * is expired first, so it can no longer be paid from the browser history, then the reservation's
 * stock goes back. Used by the cancel page ('Annulla' on the payment page) and before a new
 * checkout of the same user.
 */
import { API_MSG } from '../../shared/messages';
import * as reservations from '../data/reservation-repository';
import { getPaymentSecrets } from '../lib/secrets';
import { stripeFor } from '../lib/stripe';
import { notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { fulfilSession } from './fulfilment';

/**
 * Expires the reservation's session at Stripe (when still open) and releases its stock. A session
 * that turns out to be paid is fulfilled instead.
 * @returns 'released', 'fulfilled' or 'noop' (already released or sold)
 */
async function abandon(r: reservations.ReservationRecord): Promise<'released' | 'fulfilled' | 'noop'> {
  if (r.status !== 'reserved') return 'noop';
  const { stripe_secret_key } = await getPaymentSecrets();
  if (r.session_id && stripe_secret_key) {
    const stripe = stripeFor(stripe_secret_key);
    try {
      const session = await stripe.checkout.sessions.retrieve(r.session_id);
      if (session.status === 'complete') return (await fulfilSession(session)) === 'created' ? 'fulfilled' : 'noop';
      if (session.status === 'open') await stripe.checkout.sessions.expire(r.session_id);
    } catch (error) {
      logger.warn('could not expire the session before releasing', { sessionId: r.session_id, reason: (error as Error).message });
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
export async function cancelCheckout(sub: string, checkoutId: string): Promise<{ result: 'released' | 'fulfilled' | 'noop' }> {
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
