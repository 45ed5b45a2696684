/**
 * The Stripe side of refunds: the client (the stored secret key), the PaymentIntent an order was
 * paid with, a refund's creation with an idempotency key unique to the intended refund, and the
 * refunds Stripe has for a payment now.
 */
import type Stripe from 'stripe';
import { API_MSG } from '../../../shared/messages';
import { getPaymentSecrets } from '../../lib/secrets';
import { stripeFor, stripeSdk } from '../../lib/stripe';
import { conflict } from '../../lib/errors';
import type { OrderRecord } from '../../data/order-items';

/** The Stripe client of the stored secret key. @throws 409 'Configurazione Pagamenti Mancante' without one */
export async function refundsClient(): Promise<Stripe> {
  const { stripe_secret_key } = await getPaymentSecrets();
  if (!stripe_secret_key) throw conflict(API_MSG.paymentsMissing, API_MSG.paymentsMissingTitle);
  return stripeFor(stripe_secret_key);
}

/**
 * The PaymentIntent an order was paid with: recorded on the order, or (orders stored before it was
 * recorded) read from its Checkout Session. Null for an order with nothing paid at Stripe.
 */
export async function paymentIntentOf(stripe: Stripe, order: OrderRecord): Promise<string | null> {
  if (order.payment_intent_id) return order.payment_intent_id;
  if (!order.checkout_session_id) return null;
  const session = await stripe.checkout.sessions.retrieve(order.checkout_session_id);
  const pi = session.payment_intent;
  return typeof pi === 'string' ? pi : (pi?.id ?? null);
}

/**
 * Creates the refund at Stripe. The idempotency key is the shop's refund id, unique to this intended
 * refund: a retry of the same request (the SDK's own network retries) can never refund twice, and
 * no other refund can ever get this one's answer back.
 */
export function createStripeRefund(
  stripe: Stripe,
  input: {
    paymentIntent: string;
    amountCents: number;
    refundId: string;
    /** The order paid back, or (a club withdrawal) the Stripe subscription whose first payment is. */
    orderId?: string;
    subscriptionId?: string;
    byCustomer: boolean;
  },
): Promise<Stripe.Refund> {
  return stripe.refunds.create(
    {
      payment_intent: input.paymentIntent,
      amount: input.amountCents,
      ...(input.byCustomer ? { reason: 'requested_by_customer' as const } : {}),
      metadata: {
        ...(input.orderId ? { order_id: input.orderId } : {}),
        ...(input.subscriptionId ? { subscription_id: input.subscriptionId } : {}),
        refund_id: input.refundId,
      },
    },
    { idempotencyKey: `refund-${input.refundId}` },
  );
}

/** Every refund Stripe has for a PaymentIntent now (newest first; a payment has far fewer than 100). */
export async function stripeRefundsOf(stripe: Stripe, paymentIntent: string): Promise<Stripe.Refund[]> {
  return (await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })).data;
}

/** The Checkout Session that made a PaymentIntent, or null. */
export async function sessionOfPayment(stripe: Stripe, paymentIntent: string): Promise<string | null> {
  return (await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 })).data[0]?.id ?? null;
}

/**
 * Whether a failed Stripe call certainly did nothing (Stripe refused the request) rather than
 * possibly having succeeded (the network, a timeout or Stripe's own error after the SDK's retries).
 */
export async function refusedByStripe(error: unknown): Promise<boolean> {
  const { errors } = await stripeSdk();
  return (
    error instanceof errors.StripeInvalidRequestError ||
    error instanceof errors.StripeCardError ||
    error instanceof errors.StripeIdempotencyError ||
    error instanceof errors.StripePermissionError ||
    error instanceof errors.StripeAuthenticationError
  );
}
