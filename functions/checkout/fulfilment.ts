/**
 * Fulfilment and release, driven by Stripe webhooks and by the expiry sweep (issue: checkout).
 * - completed + paid: the reservation becomes an order ('In elaborazione', total, lines with name,
 *   image and unit price snapshots), reserved stock becomes sold, the cart is cleared. Exactly once.
 * - expired (or the reservation's time passed): the stock goes back. Exactly once.
 */
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import * as reservations from '../data/reservation-repository';
import type { OrderRecord } from '../data/order-items';
import { logger } from '../lib/logger';
import { getPaymentSecrets } from '../lib/secrets';
import { stripeFor } from '../lib/stripe';

/** Deterministic order id of a checkout (UUID-shaped hash), so retries can never mint a second id. */
export function orderIdFor(checkoutId: string): string {
  const h = createHash('sha256').update(`order:${checkoutId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type FulfilResult = 'created' | 'duplicate' | 'unpaid' | 'unknown';

/** Handles checkout.session.completed. */
export async function fulfilSession(session: Stripe.Checkout.Session, now = new Date()): Promise<FulfilResult> {
  if (session.payment_status !== 'paid') return 'unpaid';
  const checkoutId = session.client_reference_id ?? session.metadata?.checkout_id;
  const reservation = checkoutId ? await reservations.getReservation(checkoutId) : null;
  if (!reservation) {
    logger.error('completed session without reservation', { sessionId: session.id });
    return 'unknown';
  }
  if (reservation.status === 'sold') return 'duplicate';
  if (session.amount_total != null && session.amount_total !== reservation.total_cents) {
    logger.error('amount mismatch between Stripe and the reservation', { sessionId: session.id, stripe: session.amount_total, reserved: reservation.total_cents });
  }
  const order: OrderRecord = {
    id: orderIdFor(reservation.id),
    user_id: reservation.user_id,
    user_email: reservation.user_email,
    created_at: now.toISOString(),
    status: 'In elaborazione',
    total_cents: session.amount_total ?? reservation.total_cents,
    tracking_number: null,
    tracking_url: null,
    checkout_session_id: session.id,
    items: reservation.lines,
  };
  const result = await reservations.fulfil(reservation, order, session.id);
  logger.info('fulfilment', { sessionId: session.id, result, orderId: order.id });
  return result;
}

/** Handles checkout.session.expired: gives the stock back. */
export async function releaseSession(session: Stripe.Checkout.Session): Promise<'released' | 'noop'> {
  const checkoutId = session.client_reference_id ?? session.metadata?.checkout_id;
  return checkoutId ? reservations.release(checkoutId) : 'noop';
}

/** Grace after a session's expiry before the sweep releases its stock (Stripe's own expiry event usually comes first). */
export const RELEASE_GRACE_MS = 2 * 60_000;

/**
 * The expiry sweep (EventBridge Scheduler in the cloud, a timer locally): reservations whose
 * session expired more than RELEASE_GRACE_MS ago. The Stripe session is expired first, so it can
 * no longer be paid; a session that turns out completed is fulfilled instead of released.
 * @returns counts of released and fulfilled reservations
 */
export async function sweepExpiredReservations(now = new Date()): Promise<{ released: number; fulfilled: number }> {
  const due = await reservations.listExpiredReservations(new Date(now.getTime() - RELEASE_GRACE_MS).toISOString());
  let released = 0;
  let fulfilled = 0;
  const { stripe_secret_key } = await getPaymentSecrets();
  for (const r of due) {
    if (r.session_id && stripe_secret_key) {
      const stripe = stripeFor(stripe_secret_key);
      try {
        const s = await stripe.checkout.sessions.retrieve(r.session_id);
        if (s.status === 'complete') {
          if ((await fulfilSession(s, now)) === 'created') fulfilled += 1;
          continue;
        }
        if (s.status === 'open') await stripe.checkout.sessions.expire(r.session_id);
      } catch (error) {
        logger.warn('could not check the session before releasing', { sessionId: r.session_id, reason: (error as Error).message });
      }
    }
    // Expiring the session usually triggers checkout.session.expired, which may release first.
    const outcome = await reservations.release(r.id);
    if (outcome === 'released' || (await reservations.getReservation(r.id))?.status === 'released') released += 1;
  }
  return { released, fulfilled };
}
