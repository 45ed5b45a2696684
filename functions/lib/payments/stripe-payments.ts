/**
 * The payment port (payment-port.ts) on Stripe: the real SDK, the stage's secret key from Secrets
 * Manager (read on each call through the secrets cache, so a rotated key is used within its cache
 * time), every refund created with an idempotency key unique to the shop's intended refund.
 */
import type Stripe from 'stripe';
import type { RefundStatus } from '../../../shared/refunds';
import { API_MSG } from '../../../shared/messages/api-messages';
import { AppError, conflict } from '../errors';
import { getPaymentSecrets } from '../secrets';
import { stripeFor, stripeSdk } from '../stripe';
import type { PaymentMethodUsed } from '../../../shared/payment-methods';
import type { PaymentPort, PaymentRefund, RefundAttempt, RefundToCreate } from './payment-port';

/**
 * The Stripe client of the stage's stored secret key, for the Stripe calls the port does not cover
 * yet (the club's subscriptions). @throws 409 'Configurazione Pagamenti Mancante' without one
 */
export async function stripeClient(): Promise<Stripe> {
  const { stripe_secret_key } = await getPaymentSecrets();
  if (!stripe_secret_key) throw conflict(API_MSG.paymentsMissing, API_MSG.paymentsMissingTitle);
  return stripeFor(stripe_secret_key);
}

/**
 * Stripe's refund statuses in the shop's terms. Stripe: "Status of the refund. This can be
 * `pending`, `requires_action`, `succeeded`, `failed`, or `canceled`." A refund that waits for the
 * customer (`requires_action`) has not gone back yet but still may: pending.
 */
export function refundStatusOf(status: string | null): RefundStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed') return 'failed';
  if (status === 'canceled') return 'canceled';
  return 'pending';
}

/** A Stripe Refund in the port's terms. */
export function paymentRefundOf(r: Stripe.Refund): PaymentRefund {
  return {
    stripe_refund_id: r.id,
    refund_id: r.metadata?.refund_id ?? null,
    amount_cents: r.amount,
    status: refundStatusOf(r.status),
    failure_reason: r.failure_reason ?? null,
    created_at: new Date(r.created * 1000).toISOString(),
    stripe_reason: r.reason ?? null,
  };
}

/**
 * How a Charge was paid, in the port's terms, from Stripe's `payment_method_details` (its `type`;
 * for a card `card.brand`, `card.last4` and `card.wallet.type`) and its `created`. Null without details.
 */
export function paymentMethodOfCharge(charge: Stripe.Charge): PaymentMethodUsed | null {
  const d = charge.payment_method_details;
  if (!d?.type) return null;
  return {
    type: d.type,
    card_brand: d.card?.brand ?? null,
    card_last4: d.card?.last4 ?? null,
    wallet: d.card?.wallet?.type ?? null,
    paid_at: new Date(charge.created * 1000).toISOString(),
  };
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

/**
 * The answer to a Stripe call that failed: 502 when Stripe refused it (a key it never issued, a
 * request it will never take: a person must act), 503 when Stripe failed or did not answer (the
 * SDK's retries spent: the customer may try again in a moment). Both say 'Il servizio di pagamento
 * non risponde. Riprova tra poco.' under 'Errore Checkout'.
 */
export async function paymentProviderFailure(error: unknown): Promise<AppError> {
  const status = (await refusedByStripe(error)) ? 502 : 503;
  return new AppError(status, API_MSG.paymentProviderError, undefined, API_MSG.checkoutErrorTitle);
}

/** The one production payment port. */
export const stripePayments: PaymentPort = {
  async configured() {
    return Boolean((await getPaymentSecrets()).stripe_secret_key);
  },

  async paymentIntentOfSession(sessionId) {
    const session = await (await stripeClient()).checkout.sessions.retrieve(sessionId);
    const pi = session.payment_intent;
    return typeof pi === 'string' ? pi : (pi?.id ?? null);
  },

  async sessionOfPayment(paymentIntent) {
    const list = await (await stripeClient()).checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    return list.data[0]?.id ?? null;
  },

  async paymentMethodOf(paymentIntent) {
    // one request: the PaymentIntent with its latest charge expanded
    const intent = await (await stripeClient()).paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] });
    const charge = intent.latest_charge;
    return charge && typeof charge === 'object' ? paymentMethodOfCharge(charge) : null;
  },

  async createRefund(input: RefundToCreate): Promise<RefundAttempt> {
    try {
      const created = await (
        await stripeClient()
      ).refunds.create(
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
        // The shop's refund id, unique to this intended refund: a retry of the same request (the
        // SDK's own network retries, a retried job) can never refund twice, and no other refund
        // can ever get this one's answer back.
        { idempotencyKey: `refund-${input.refundId}` },
      );
      return { outcome: 'created', refund: paymentRefundOf(created) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      const e = error as { code?: string; message?: string };
      const reason = e.code ?? e.message ?? String(error);
      return (await refusedByStripe(error)) ? { outcome: 'refused', reason } : { outcome: 'unconfirmed', reason };
    }
  },

  async refundsOfPayment(paymentIntent) {
    // a payment has far fewer than 100 refunds
    const list = await (await stripeClient()).refunds.list({ payment_intent: paymentIntent, limit: 100 });
    return list.data.map(paymentRefundOf);
  },

  async expireSession(sessionId) {
    await (await stripeClient()).checkout.sessions.expire(sessionId);
  },
};
