/**
 * Fulfilment and release driven by Stripe webhooks (issue: checkout); the expiry sweep is in cancel.ts.
 * - completed + paid: the reservation becomes an order ('In elaborazione', total, lines with name,
 *   image and unit price snapshots), reserved stock becomes sold, the cart is cleared. Exactly once.
 * - expired (or the reservation's time passed): the stock goes back. Exactly once.
 */
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import * as reservations from '../data/reservation-repository';
import type { OrderRecord } from '../data/order-items';
import { logger } from '../lib/logger';
import { metrics } from '../lib/observability';

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
  if (result === 'created') metrics.orderCreated();
  return result;
}

/** Handles checkout.session.expired: gives the stock back. */
export async function releaseSession(session: Stripe.Checkout.Session): Promise<'released' | 'noop'> {
  const checkoutId = session.client_reference_id ?? session.metadata?.checkout_id;
  return checkoutId ? reservations.release(checkoutId) : 'noop';
}
