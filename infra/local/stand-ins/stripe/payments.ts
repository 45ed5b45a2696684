/**
 * The money side of a paid Checkout Session in the fake Stripe: the PaymentIntent Checkout makes
 * when the page is confirmed (with the session's `payment_intent_data[metadata]`) and its one
 * succeeded Charge, whose `amount_refunded` and `refunded` follow its refunds (refunds.ts).
 * GET /v1/payment_intents/{id}; GET /v1/charges/{id}.
 * A subscription's paid invoice is paid the same way (subscriptions.ts), and its InvoicePayment
 * names the PaymentIntent: GET /v1/invoice_payments (filters `invoice`, `status`; newest first).
 */
import { apiList, nowSeconds, rid, StripeApiError, type ApiRoute, type FakeStripeContext } from './store';
import type { FakePaymentIntent, FakeSession } from './types';

/** Makes the PaymentIntent and Charge of a session being paid. @returns the PaymentIntent */
export function createPayment(
  ctx: FakeStripeContext,
  s: FakeSession,
  metadata: Record<string, string>,
): FakePaymentIntent {
  return createPaymentOf(ctx, { amount_total: s.amount_total, currency: s.currency }, metadata);
}

/**
 * Makes a succeeded PaymentIntent and its Charge for an amount: a session's payment, or the
 * payment of a subscription's invoice (Stripe pays an invoice through a PaymentIntent, which its
 * InvoicePayment names). @returns the PaymentIntent
 */
export function createPaymentOf(
  { store }: FakeStripeContext,
  s: { amount_total: number; currency: string },
  metadata: Record<string, string>,
): FakePaymentIntent {
  const now = nowSeconds();
  const intentId = rid('pi_', 24);
  const chargeId = rid('ch_', 24);
  store.charges.set(chargeId, {
    id: chargeId,
    object: 'charge',
    amount: s.amount_total,
    amount_captured: s.amount_total,
    amount_refunded: 0,
    refunded: false,
    captured: true,
    paid: true,
    status: 'succeeded',
    currency: s.currency,
    payment_intent: intentId,
    metadata: {},
    balance_transaction: rid('txn_', 24),
    created: now,
    livemode: false,
  });
  const intent: FakePaymentIntent = {
    id: intentId,
    object: 'payment_intent',
    amount: s.amount_total,
    amount_received: s.amount_total,
    currency: s.currency,
    status: 'succeeded',
    latest_charge: chargeId,
    metadata: { ...metadata },
    payment_method_types: ['card'],
    created: now,
    livemode: false,
  };
  store.paymentIntents.set(intentId, intent);
  return intent;
}

/** The statuses an InvoicePayment list may be filtered by. */
const INVOICE_PAYMENT_STATUSES = ['canceled', 'open', 'paid'];

export const paymentRoutes: ApiRoute = (req, { store }) => {
  if (req.endpoint === 'GET /v1/payment_intents/{id}') {
    const id = req.path.split('/').pop()!;
    const intent = store.paymentIntents.get(id);
    if (!intent) throw new StripeApiError(404, `No such payment_intent: '${id}'`, 'intent', 'resource_missing');
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
