/**
 * Placing an order: fulfilment and release driven by Stripe webhooks (docs/payments.md, "Fulfilment"); the
 * cancel route, a new checkout and the expiry sweep reach them through abandon.ts.
 * - completed/async succeeded + settled (`paid`, or `no_payment_required` for a session with
 *   nothing to pay: a 100 % code or free items): when the session is the one attached to its reservation,
 *   the amount is the server's total and the currency EUR, the reservation becomes an order
 *   ('In elaborazione', lines with name, image, unit price and bundle contents snapshots, and how
 *   it was paid: the method of the PaymentIntent's latest charge), the
 *   reserved stock becomes sold, the cart is cleared, and the order's emails (confirmation,
 *   owner's notice) are recorded as jobs in the same transaction. Exactly once. Anything else makes no order,
 *   holds the reservation (its stock stays reserved for the operator, its own session is expired
 *   so it cannot be paid on top) and raises an alert.
 * - paid after the stock went back: the stock is taken again if it is still there, otherwise the
 *   order is flagged needs_refund (and an alert raised).
 * - expired, async payment failed: the stock goes back. Exactly once.
 */
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import * as reservations from '../../data/reservation-repository';
import type { OrderRecord } from '../order-record';
import type { PaymentMethodUsed } from '../../../shared/payment-methods';
import { logger } from '../../lib/logger';
import { raiseAlert } from '../../lib/alerts';
import { paymentSettled, SHOP_CURRENCY } from '../../lib/stripe';
import { stripePayments } from '../../lib/payments/stripe-payments';
import { metrics } from '../../lib/observability';
import { emailJobPut } from '../../data/email-job-repository';
import { orderCreationItems } from '../order-repository';
import { ORDER_EMAILS } from '../order-emails';
import { alertLowStock } from './low-stock';

/** Deterministic order id of a checkout (UUID-shaped hash), so retries can never mint a second id. */
export function orderIdFor(checkoutId: string): string {
  const h = createHash('sha256').update(`order:${checkoutId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * What fulfilling a session did: an order was 'created' (possibly 'created_needs_refund'), it
 * already existed ('duplicate'), the session is not paid yet ('unpaid'), its checkout is unknown
 * ('unknown') or the payment does not match its reservation ('held').
 */
export type FulfilResult = 'created' | 'created_needs_refund' | 'duplicate' | 'unpaid' | 'unknown' | 'held';

/** Admin-facing reason of an order paid after its stock went back, when the stock is gone (Italian). */
export const refundReasonFor = (productName: string) =>
  `Pagamento arrivato dopo il rilascio della prenotazione: "${productName}" non è più disponibile. Rimborsare il cliente.`;

/**
 * Why a paid session may not fulfil its reservation (a payment fulfils only its own checkout), or null when it may:
 * the session must be the one attached to the reservation, charge the server's total, in EUR. Pure.
 */
export function paymentMismatch(
  session: Pick<Stripe.Checkout.Session, 'id' | 'amount_total' | 'currency'>,
  r: Pick<reservations.ReservationRecord, 'session_id' | 'total_cents'>,
): string | null {
  if (!r.session_id || session.id !== r.session_id) return 'session_id';
  if (session.amount_total !== r.total_cents) return 'amount_total';
  if ((session.currency ?? '').toLowerCase() !== SHOP_CURRENCY) return 'currency';
  return null;
}

/** Options of fulfilSession. */
export interface FulfilOptions {
  /** Time of the order (default now). */
  now?: Date;
  /**
   * Test hook: runs between reading the reservation and writing the order, so a test can let the
   * expiry sweep release it in between (no paid session lost in a race). Never set in production code.
   */
  afterRead?: () => Promise<void>;
}

/**
 * Handles checkout.session.completed / async_payment_succeeded (and a paid session found by the
 * sweep or a new checkout). When the write's condition fails, the reservation is read again and the
 * path of its new state is taken (released meanwhile: reclaim), so a paid session is never lost.
 * @returns see FulfilResult
 */
export async function fulfilSession(session: Stripe.Checkout.Session, opts: FulfilOptions = {}): Promise<FulfilResult> {
  const now = opts.now ?? new Date();
  if (!paymentSettled(session)) return 'unpaid';
  const checkoutId = session.client_reference_id ?? session.metadata?.checkout_id;
  let r = checkoutId ? await reservations.getReservation(checkoutId) : null;
  if (!r) {
    await raiseAlert({
      code: 'payment_without_reservation',
      summary: 'A paid Checkout Session has no reservation: no order was made.',
      details: { sessionId: session.id, checkoutId: checkoutId ?? null, amountTotal: session.amount_total },
    });
    return 'unknown';
  }
  await opts.afterRead?.();
  for (let attempt = 0; attempt < 4 && r; attempt++) {
    if (r.status === 'sold') return 'duplicate';
    if (r.status === 'held') {
      if (r.held_session_id !== session.id) {
        await raiseAlert({
          code: 'payment_mismatch',
          summary: 'A paid Checkout Session arrived for a checkout on hold: no order.',
          details: {
            sessionId: session.id,
            checkoutId: r.id,
            userId: r.user_id,
            heldSessionId: r.held_session_id ?? null,
          },
        });
      }
      return 'held';
    }
    const mismatch = paymentMismatch(session, r);
    if (mismatch) {
      if (await reservations.hold(r.id, r.status, `payment ${mismatch} mismatch`, session.id, now)) {
        if (r.session_id && r.session_id !== session.id) await expireQuietly(r.session_id);
        await raiseAlert({
          code: 'payment_mismatch',
          summary: `A paid Checkout Session does not match its reservation (${mismatch}): no order, stock held for the operator.`,
          details: {
            sessionId: session.id,
            checkoutId: r.id,
            userId: r.user_id,
            field: mismatch,
            attachedSessionId: r.session_id,
            amountTotal: session.amount_total,
            expectedCents: r.total_cents,
            currency: session.currency ?? null,
          },
        });
        metrics.webhookRejected();
        return 'held';
      }
    } else {
      const paymentIntent = intentId(session);
      const order: OrderRecord = {
        id: orderIdFor(r.id),
        user_id: r.user_id,
        user_email: r.user_email,
        created_at: now.toISOString(),
        status: 'In elaborazione',
        total_cents: r.total_cents,
        tracking_number: null,
        tracking_url: null,
        checkout_session_id: session.id,
        payment_intent_id: paymentIntent,
        payment_method: paymentIntent ? await paymentMethodQuietly(paymentIntent) : null,
        items: r.lines,
        needs_refund: false,
        refund_reason: null,
        ...(r.details ?? {}),
      };
      // The order's emails are written with it: the customer's confirmation and the owner's notice.
      const result = await reservations.fulfil(r, order, session.id, refundReasonFor, orderCreationItems, (o) => [
        emailJobPut(ORDER_EMAILS.confirmation(o)),
        emailJobPut(ORDER_EMAILS.ownerNotice(o)),
      ]);
      logger.info('fulfilment', { sessionId: session.id, result, orderId: order.id, from: r.status });
      if (result === 'created' || result === 'created_needs_refund') metrics.orderCreated();
      // the units are sold now: a product they left low tells the owner (once per crossing)
      if (result === 'created') await alertLowStock(r, order.id);
      if (result === 'created_needs_refund') {
        await raiseAlert({
          code: 'refund_needed',
          summary: 'Paid after the stock went back and the stock is gone: order flagged needs_refund.',
          details: { sessionId: session.id, checkoutId: r.id, orderId: order.id, userId: r.user_id },
        });
      }
      if (result !== 'changed') return result;
    }
    r = await reservations.getReservation(r.id);
  }
  return 'duplicate';
}

/** The PaymentIntent of a paid session (what a refund is made against), or null for a session with nothing to pay. */
const intentId = (session: Pick<Stripe.Checkout.Session, 'payment_intent'>): string | null =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

/**
 * How a payment was made (its charge's method), to show on the order and judge its refunds; null
 * when Stripe cannot be asked now (logged): the order is made all the same, and a refund reads the
 * method again.
 */
async function paymentMethodQuietly(paymentIntent: string): Promise<PaymentMethodUsed | null> {
  try {
    return await stripePayments.paymentMethodOf(paymentIntent);
  } catch (error) {
    logger.warn('payment method not read at fulfilment', { paymentIntent, reason: (error as Error).message });
    return null;
  }
}

/** Expires a session at Stripe so it can no longer be paid (best effort: a failure is logged). */
async function expireQuietly(sessionId: string): Promise<void> {
  try {
    if (await stripePayments.configured()) await stripePayments.expireSession(sessionId);
  } catch (error) {
    logger.warn('could not expire the session of a held checkout', { sessionId, reason: (error as Error).message });
  }
}

/**
 * Handles checkout.session.expired and checkout.session.async_payment_failed: gives the stock back,
 * once, when the event's session is the reservation's own (or none was attached).
 */
export async function releaseSession(session: Stripe.Checkout.Session): Promise<'released' | 'noop'> {
  const checkoutId = session.client_reference_id ?? session.metadata?.checkout_id;
  const r = checkoutId ? await reservations.getReservation(checkoutId) : null;
  if (!r || (r.session_id && r.session_id !== session.id)) return 'noop';
  return reservations.release(r.id);
}
