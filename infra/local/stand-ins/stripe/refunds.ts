/**
 * Refunds of the fake Stripe, driven by the real SDK (`stripe.refunds.*`).
 *
 * POST /v1/refunds: a refund of a PaymentIntent's (or a Charge's) charge, the whole unrefunded
 * amount or `amount`, with `reason` and `metadata`. Stripe's rules (Refunds API, "Create a
 * refund"): "You can optionally refund only part of a charge. You can do so multiple times, until
 * the entire charge has been refunded. Once entirely refunded, a charge can't be refunded again.
 * This method will raise an error when called on an already-refunded charge, or when trying to
 * refund more money than is left on a charge." A card refund succeeds at once here; the charge's
 * `amount_refunded` and `refunded` follow, and `refund.created` and `charge.refunded` are sent after
 * the answer, as Stripe sends its events. Per payment method (payment-methods.ts): a refund past the
 * method's refund period is refused (Satispay: "The refund period is up to 180 days after the
 * purchase."; PayPal: "The default refund period is 180 days from the transaction date."), and a
 * Satispay refund starts `pending` and succeeds a moment later with `refund.updated` and
 * `charge.refunded` ("Refunds for Satispay payments are asynchronous and take up to 5 minutes to
 * complete."). Only a succeeded charge can be refunded.
 * GET /v1/refunds (filters `payment_intent`, `charge`, `created`; newest first, paged); GET /v1/refunds/{id}.
 * Test helper (fake only): POST /v1/test_helpers/refunds/{id}/fail makes a succeeded refund fail
 * later, as a card that can no longer take the money does ("Refunds can fail if the customer's
 * bank or card issuer can't process them", Stripe, "Refund and cancel payments"): status
 * `failed` with a `failure_reason`, the amount back on the charge, then `refund.updated` and
 * `refund.failed`.
 */
import { listPage, nowSeconds, rid, StripeApiError, type ApiRoute, type FakeStripeContext } from './store';
import type { FakeCharge, FakeRefund } from './types';
import { ASYNC_REFUND_METHODS, CHOICE_LABELS, refundDaysOf } from './payment-methods';

/** How long an asynchronous refund (Satispay) stays pending in the fake, milliseconds. */
const ASYNC_REFUND_MS = 200;

/** Refund reasons a caller may give (Stripe: "If set, possible values are `duplicate`, `fraudulent`, and `requested_by_customer`."). */
const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

/** Euro text of an amount in cents, as Stripe's messages write it. */
const money = (cents: number) => `€${(cents / 100).toFixed(2)}`;

function chargeOf(ctx: FakeStripeContext, params: Record<string, unknown>): FakeCharge {
  const { store } = ctx;
  if (params.payment_intent !== undefined) {
    const intent = store.paymentIntents.get(String(params.payment_intent));
    if (!intent)
      throw new StripeApiError(
        404,
        `No such payment_intent: '${String(params.payment_intent)}'`,
        'payment_intent',
        'resource_missing',
      );
    const charge = intent.latest_charge ? store.charges.get(intent.latest_charge) : undefined;
    if (!charge || charge.status !== 'succeeded')
      throw new StripeApiError(
        400,
        `PaymentIntent ${intent.id} has no successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    return charge;
  }
  if (params.charge !== undefined) {
    const charge = store.charges.get(String(params.charge));
    if (!charge)
      throw new StripeApiError(404, `No such charge: '${String(params.charge)}'`, 'charge', 'resource_missing');
    return charge;
  }
  throw new StripeApiError(
    400,
    'One of the following params should be provided for this request: payment_intent or charge.',
  );
}

/** POST /v1/refunds. */
function createRefund(ctx: FakeStripeContext, params: Record<string, unknown>): FakeRefund {
  const charge = chargeOf(ctx, params);
  if (charge.refunded)
    throw new StripeApiError(
      400,
      `Charge ${charge.id} has already been refunded.`,
      undefined,
      'charge_already_refunded',
    );
  const left = charge.amount - charge.amount_refunded;
  const amount = params.amount === undefined ? left : Number(params.amount);
  if (!Number.isInteger(amount) || amount < 1)
    throw new StripeApiError(400, 'Invalid positive integer', 'amount', 'parameter_invalid_integer');
  if (amount > left)
    throw new StripeApiError(
      400,
      `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`,
      'amount',
      'amount_too_large',
    );
  const reason = params.reason === undefined || params.reason === '' ? null : String(params.reason);
  if (reason !== null && !REASONS.includes(reason))
    throw new StripeApiError(400, `Invalid reason: must be one of ${REASONS.join(', ')}`, 'reason');
  // The method's refund period (payment-methods.ts). Stripe's wording of this refusal is not in the
  // documentation the fake was written from; what the shop relies on is its kind: a refused request
  // (invalid_request_error), nothing refunded.
  const type = charge.payment_method_details?.type;
  const days = refundDaysOf(type);
  if (days !== null && nowSeconds() - charge.created > days * 86_400)
    throw new StripeApiError(
      400,
      `This ${CHOICE_LABELS[type!] ?? type} payment was made more than ${days} days ago and can no longer be refunded.`,
      'charge',
      'charge_not_refundable',
    );
  const async = ASYNC_REFUND_METHODS.includes(type ?? '');
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  const refund: FakeRefund = {
    id: rid('re_', 24),
    object: 'refund',
    amount,
    balance_transaction: rid('txn_', 24),
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
    payment_intent: charge.payment_intent,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    transfer_reversal: null,
    status: async ? 'pending' : 'succeeded',
  };
  ctx.store.refunds.set(refund.id, refund);
  // The events follow the answer, as Stripe's do; an asynchronous refund settles a moment later.
  setImmediate(() => {
    void (async () => {
      await ctx.webhooks.sendRefundEvent('refund.created', refund.id);
      if (!async) {
        await ctx.webhooks.sendRefundEvent('charge.refunded', refund.id);
        return;
      }
      await new Promise((r) => setTimeout(r, ASYNC_REFUND_MS));
      if (refund.status !== 'pending') return;
      refund.status = 'succeeded';
      await ctx.webhooks.sendRefundEvent('refund.updated', refund.id);
      await ctx.webhooks.sendRefundEvent('charge.refunded', refund.id);
    })();
  });
  return refund;
}

/** Test helper: a succeeded refund fails later; the money goes back on the charge. */
async function failRefund(ctx: FakeStripeContext, refund: FakeRefund): Promise<void> {
  if (refund.status !== 'succeeded' && refund.status !== 'pending')
    throw new StripeApiError(
      400,
      `Refund ${refund.id} is ${refund.status}: only a succeeded or pending refund can fail.`,
    );
  refund.status = 'failed';
  refund.failure_reason = 'expired_or_canceled_card';
  const charge = ctx.store.charges.get(refund.charge)!;
  charge.amount_refunded -= refund.amount;
  charge.refunded = false;
  await ctx.webhooks.sendRefundEvent('refund.updated', refund.id);
  await ctx.webhooks.sendRefundEvent('refund.failed', refund.id);
}

export const refundRoutes: ApiRoute = async (req, ctx) => {
  const { store } = ctx;
  if (req.endpoint === 'POST /v1/refunds') return createRefund(ctx, req.params);
  if (req.endpoint === 'GET /v1/refunds') {
    const intent = req.params.payment_intent === undefined ? null : String(req.params.payment_intent);
    const charge = req.params.charge === undefined ? null : String(req.params.charge);
    const found = [...store.refunds.values()]
      .reverse()
      .filter((r) => (intent === null || r.payment_intent === intent) && (charge === null || r.charge === charge));
    return listPage(found, req.params, '/v1/refunds');
  }
  if (req.endpoint === 'GET /v1/refunds/{id}') {
    const id = req.path.split('/').pop()!;
    const refund = store.refunds.get(id);
    if (!refund) throw new StripeApiError(404, `No such refund: '${id}'`, 'id', 'resource_missing');
    return refund;
  }
  const helper = /^\/v1\/test_helpers\/refunds\/([^/]+)\/fail$/.exec(req.path);
  if (helper && req.method === 'POST') {
    const refund = store.refunds.get(helper[1]!);
    if (!refund) throw new StripeApiError(404, `No such refund: '${helper[1]}'`, 'id', 'resource_missing');
    await failRefund(ctx, refund);
    return refund;
  }
  return undefined;
};
