/**
 * The money side of a paid Checkout Session in the fake Stripe: the PaymentIntent Checkout makes
 * when the page is confirmed (with the session's `payment_intent_data[metadata]`) and its Charge,
 * whose `amount_refunded` and `refunded` follow its refunds (refunds.ts). Each payment is made with
 * a PaymentMethod of the type chosen on the page (payment-methods.ts): the PaymentIntent's
 * `payment_method_types` and the Charge's `payment_method_details` say which. A declined attempt
 * leaves a failed Charge and the PaymentIntent in `requires_payment_method` with its
 * `last_payment_error`; the next attempt on the same session reuses that PaymentIntent.
 * GET /v1/payment_intents/{id} (`expand[]=latest_charge`); GET /v1/charges/{id}.
 * A subscription's paid invoice is paid the same way (subscriptions.ts), and its InvoicePayment
 * names the PaymentIntent: GET /v1/invoice_payments (filters `invoice`, `status`; newest first).
 * Test helper (fake only): POST /v1/test_helpers/payment_intents/{id}/backdate with `days` moves the
 * payment and its charges that many days into the past (a test clock for refund periods).
 */
import {
  apiList,
  assertExpandable,
  nowSeconds,
  rid,
  StripeApiError,
  type ApiRoute,
  type FakeStripeContext,
} from './store';
import type { FakeCharge, FakePaymentIntent, FakePaymentMethod } from './types';
import { declineOf, paymentMethodDetails, type ChosenMethod } from './payment-methods';

/** A new PaymentMethod of the chosen type (kept by the fake: a charge names it). */
export function createPaymentMethod({ store }: FakeStripeContext, chosen: ChosenMethod): FakePaymentMethod {
  const pm: FakePaymentMethod = {
    id: rid('pm_', 24),
    type: chosen.type,
    details: paymentMethodDetails(chosen) as FakePaymentMethod['details'],
  };
  store.paymentMethods.set(pm.id, pm);
  return pm;
}

/** A Charge of `amount` with `pm`: succeeded, or failed with the method's decline. */
function createCharge(
  { store }: FakeStripeContext,
  intentId: string,
  s: { amount_total: number; currency: string },
  pm: FakePaymentMethod,
  succeeded: boolean,
): FakeCharge {
  const decline = succeeded ? null : declineOf(pm.type);
  const charge: FakeCharge = {
    id: rid('ch_', 24),
    object: 'charge',
    amount: s.amount_total,
    amount_captured: succeeded ? s.amount_total : 0,
    amount_refunded: 0,
    refunded: false,
    captured: succeeded,
    paid: succeeded,
    status: succeeded ? 'succeeded' : 'failed',
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    currency: s.currency,
    payment_intent: intentId,
    payment_method: pm.id,
    payment_method_details: structuredClone(pm.details),
    metadata: {},
    balance_transaction: succeeded ? rid('txn_', 24) : null,
    created: nowSeconds(),
    livemode: false,
  };
  store.charges.set(charge.id, charge);
  return charge;
}

/**
 * Pays `s` with `pm`: a succeeded PaymentIntent and its Charge (a session's payment, or the payment
 * of a subscription's invoice: Stripe pays an invoice through a PaymentIntent, which its
 * InvoicePayment names). `intent` is a PaymentIntent whose earlier attempt was declined, paid now.
 * @returns the PaymentIntent
 */
export function createPaymentOf(
  ctx: FakeStripeContext,
  s: { amount_total: number; currency: string },
  metadata: Record<string, string>,
  pm: FakePaymentMethod,
  intent?: FakePaymentIntent,
): FakePaymentIntent {
  const paid = intent ?? newIntent(ctx, s, metadata, pm);
  const charge = createCharge(ctx, paid.id, s, pm, true);
  Object.assign(paid, {
    status: 'succeeded',
    amount_received: s.amount_total,
    latest_charge: charge.id,
    payment_method: pm.id,
    payment_method_types: [pm.type],
    last_payment_error: null,
  });
  return paid;
}

/**
 * A declined attempt to pay `s` with `pm`: a failed Charge, the PaymentIntent (new, or the one of an
 * earlier attempt) in `requires_payment_method` with the method's `last_payment_error`.
 * @returns the PaymentIntent
 */
export function declinePayment(
  ctx: FakeStripeContext,
  s: { amount_total: number; currency: string },
  metadata: Record<string, string>,
  pm: FakePaymentMethod,
  intent?: FakePaymentIntent,
): FakePaymentIntent {
  const failed = intent ?? newIntent(ctx, s, metadata, pm);
  const charge = createCharge(ctx, failed.id, s, pm, false);
  const decline = declineOf(pm.type);
  Object.assign(failed, {
    status: 'requires_payment_method',
    latest_charge: charge.id,
    payment_method: pm.id,
    payment_method_types: [pm.type],
    last_payment_error: {
      type: pm.type === 'card' ? 'card_error' : 'invalid_request_error',
      code: decline.code,
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      message: decline.message,
      payment_method: { id: pm.id, type: pm.type },
    },
  });
  return failed;
}

function newIntent(
  { store }: FakeStripeContext,
  s: { amount_total: number; currency: string },
  metadata: Record<string, string>,
  pm: FakePaymentMethod,
): FakePaymentIntent {
  const intent: FakePaymentIntent = {
    id: rid('pi_', 24),
    object: 'payment_intent',
    amount: s.amount_total,
    amount_received: 0,
    currency: s.currency,
    status: 'requires_payment_method',
    latest_charge: null,
    payment_method: pm.id,
    last_payment_error: null,
    metadata: { ...metadata },
    payment_method_types: [pm.type],
    created: nowSeconds(),
    livemode: false,
  };
  store.paymentIntents.set(intent.id, intent);
  return intent;
}

/** The statuses an InvoicePayment list may be filtered by. */
const INVOICE_PAYMENT_STATUSES = ['canceled', 'open', 'paid'];

export const paymentRoutes: ApiRoute = (req, { store }) => {
  if (req.endpoint === 'GET /v1/payment_intents/{id}') {
    const expand = assertExpandable(req.params, ['latest_charge']);
    const id = req.path.split('/').pop()!;
    const intent = store.paymentIntents.get(id);
    if (!intent) throw new StripeApiError(404, `No such payment_intent: '${id}'`, 'intent', 'resource_missing');
    return expand.includes('latest_charge') && intent.latest_charge
      ? { ...intent, latest_charge: store.charges.get(intent.latest_charge) }
      : intent;
  }
  const backdate = /^\/v1\/test_helpers\/payment_intents\/([^/]+)\/backdate$/.exec(req.path);
  if (backdate && req.method === 'POST') {
    const intent = store.paymentIntents.get(backdate[1]!);
    if (!intent)
      throw new StripeApiError(404, `No such payment_intent: '${backdate[1]}'`, 'intent', 'resource_missing');
    const days = Number(req.params.days);
    if (!Number.isInteger(days) || days < 1) throw new StripeApiError(400, 'days must be a positive integer', 'days');
    intent.created -= days * 86_400;
    for (const charge of store.charges.values())
      if (charge.payment_intent === intent.id) charge.created -= days * 86_400;
    return intent;
  }
  if (req.endpoint === 'GET /v1/invoice_payments') {
    const invoice = req.params.invoice === undefined ? null : String(req.params.invoice);
    const status = req.params.status === undefined ? null : String(req.params.status);
    // Stripe (List all payments for an invoice, `status`): "The status of the invoice payments to
    // retrieve." Possible values: canceled, open, paid; any other is refused.
    if (status !== null && !INVOICE_PAYMENT_STATUSES.includes(status))
      throw new StripeApiError(
        400,
        `Invalid status: must be one of ${INVOICE_PAYMENT_STATUSES.join(', ')}`,
        'status',
        'parameter_invalid_string',
      );
    const found = [...store.invoicePayments.values()]
      .reverse()
      .filter((p) => (invoice === null || p.invoice === invoice) && (status === null || p.status === status))
      .slice(0, Number(req.params.limit ?? 10));
    return apiList(found, '/v1/invoice_payments');
  }
  if (req.endpoint === 'GET /v1/charges/{id}') {
    const id = req.path.split('/').pop()!;
    const charge = store.charges.get(id);
    if (!charge) throw new StripeApiError(404, `No such charge: '${id}'`, 'id', 'resource_missing');
    return charge;
  }
  return undefined;
};
