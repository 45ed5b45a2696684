/**
 * Subscriptions of the fake Stripe (the Aurum Club). Paying a session in mode 'subscription'
 * creates a customer, a subscription (items.data[0].current_period_start/end, like API versions
 * since 2025-03-31) and a paid invoice, and sends customer.subscription.created and invoice.paid.
 *
 * Each paid invoice is paid through a PaymentIntent and its Charge (payments.ts), named by the
 * invoice's InvoicePayment (GET /v1/invoice_payments), so the payment can be refunded (refunds.ts),
 * with the subscription's `default_payment_method`: the method its checkout was paid with (a card or
 * PayPal), so renewals are charged the same way.
 *
 * API: GET /v1/invoices/{id}; GET /v1/subscriptions/{id}; POST /v1/subscriptions/{id} (cancel_at_period_end, metadata:
 * customer.subscription.updated); DELETE /v1/subscriptions/{id} (cancels now:
 * customer.subscription.deleted). Test helper (fake only):
 * POST /v1/test_helpers/subscriptions/{id}/end_period makes the current period end NOW, as if its
 * time had come (a test clock): the subscription renews for another interval (invoice.paid,
 * customer.subscription.updated), or with `payment=failed` goes past_due (invoice.payment_failed,
 * customer.subscription.updated), or, when cancel_at_period_end is set or `cancel=true`, ends
 * (customer.subscription.deleted).
 */
import { createPaymentMethod, createPaymentOf } from './payments';
import { monthsOf } from './prices';
import { listPage, nowSeconds, rid, StripeApiError, type ApiRoute, type FakeStripeContext } from './store';
import type { FakeInvoice, FakeInvoicePayment, FakeSessionRecord, FakeSubscription } from './types';

/** `epoch` (Unix seconds) plus `months` calendar months, UTC. */
const addMonths = (epoch: number, months: number) => {
  const d = new Date(epoch * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return Math.floor(d.getTime() / 1000);
};

/** A new invoice for the subscription's current period, made its latest invoice. */
function invoiceFor(
  ctx: FakeStripeContext,
  sub: FakeSubscription,
  reason: FakeInvoice['billing_reason'],
  paid: boolean,
): FakeInvoice {
  const item = sub.items.data[0]!;
  const inv: FakeInvoice = {
    id: rid('in_', 24),
    object: 'invoice',
    status: paid ? 'paid' : 'open',
    customer: sub.customer,
    currency: sub.currency,
    amount_due: item.price.unit_amount,
    amount_paid: paid ? item.price.unit_amount : 0,
    billing_reason: reason,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
    },
    created: nowSeconds(),
    livemode: false,
  };
  ctx.store.invoices.set(inv.id, inv);
  sub.latest_invoice = inv.id;
  if (paid) {
    // Stripe (The Invoice Payment object): "Invoice Payments include the mapping between payment
    // objects, such as Payment Intent, and Invoices"; `payment.payment_intent` is the "ID of the
    // PaymentIntent associated with this payment when type is payment_intent". A refund of the
    // invoice's payment goes through that PaymentIntent (refunds.ts, with Stripe's limits).
    // Renewals are paid with the subscription's default PaymentMethod: the one its checkout was paid
    // with (a card, PayPal).
    const pm =
      ctx.store.paymentMethods.get(sub.default_payment_method ?? '') ??
      createPaymentMethod(ctx, { type: 'card', wallet: null });
    const intent = createPaymentOf(ctx, { amount_total: inv.amount_paid, currency: inv.currency }, {}, pm);
    const payment: FakeInvoicePayment = {
      id: rid('inpay_', 24),
      object: 'invoice_payment',
      amount_paid: inv.amount_paid,
      amount_requested: inv.amount_due,
      created: inv.created,
      currency: inv.currency,
      invoice: inv.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: inv.created },
    };
    ctx.store.invoicePayments.set(payment.id, payment);
  }
  return inv;
}

/** Pays a subscription-mode session: customer, subscription, first invoice paid, then the events. */
export async function startSubscription(ctx: FakeStripeContext, record: FakeSessionRecord): Promise<void> {
  const s = record.session;
  const price = ctx.store.prices.get(record.subscription_price ?? '')!;
  const now = nowSeconds();
  const sub: FakeSubscription = {
    id: rid('sub_', 24),
    object: 'subscription',
    status: 'active',
    customer: rid('cus_', 14),
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    start_date: now,
    created: now,
    currency: price.currency,
    metadata: { ...(record.subscription_metadata ?? {}) },
    latest_invoice: null,
    default_payment_method: record.payment_method ?? null,
    livemode: false,
    items: {
      object: 'list',
      data: [
        {
          id: rid('si_', 14),
          object: 'subscription_item',
          price,
          quantity: 1,
          current_period_start: now,
          current_period_end: addMonths(now, monthsOf(price)),
        },
      ],
    },
  };
  ctx.store.subscriptions.set(sub.id, sub);
  invoiceFor(ctx, sub, 'subscription_create', true);
  s.subscription = sub.id;
  s.customer = sub.customer;
  await ctx.webhooks.sendSubscriptionEvent('customer.subscription.created', sub.id);
  await ctx.webhooks.sendSubscriptionEvent('invoice.paid', sub.id);
}

/** Ends a subscription now (cancelled, or the period ended with cancel_at_period_end). */
async function endSubscription(ctx: FakeStripeContext, sub: FakeSubscription, at: number): Promise<void> {
  sub.status = 'canceled';
  sub.ended_at = at;
  sub.canceled_at ??= at;
  await ctx.webhooks.sendSubscriptionEvent('customer.subscription.deleted', sub.id);
}

/** Test clock: the current period ends now; renew, fail the renewal, or end. @returns an error message or null */
async function endPeriod(
  ctx: FakeStripeContext,
  sub: FakeSubscription,
  payment: string,
  cancel: boolean,
): Promise<string | null> {
  if (sub.status === 'canceled') return 'subscription is canceled';
  const item = sub.items.data[0]!;
  const now = nowSeconds();
  if (sub.cancel_at_period_end || cancel) {
    item.current_period_end = now;
    await endSubscription(ctx, sub, now);
    return null;
  }
  item.current_period_start = now;
  item.current_period_end = addMonths(now, monthsOf(item.price));
  if (payment === 'failed') {
    sub.status = 'past_due';
    invoiceFor(ctx, sub, 'subscription_cycle', false);
    await ctx.webhooks.sendSubscriptionEvent('invoice.payment_failed', sub.id);
  } else {
    sub.status = 'active';
    invoiceFor(ctx, sub, 'subscription_cycle', true);
    await ctx.webhooks.sendSubscriptionEvent('invoice.paid', sub.id);
  }
  await ctx.webhooks.sendSubscriptionEvent('customer.subscription.updated', sub.id);
  return null;
}

/** POST (update) of a live subscription: cancel_at_period_end and metadata. */
function updateSubscription(sub: FakeSubscription, params: Record<string, unknown>): void {
  if (sub.status === 'canceled')
    throw new StripeApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
  if (params.cancel_at_period_end !== undefined) {
    sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
    sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0]!.current_period_end : null;
    sub.canceled_at = sub.cancel_at_period_end ? nowSeconds() : null;
  }
  if (params.metadata) sub.metadata = { ...sub.metadata, ...(params.metadata as Record<string, string>) };
}

export const subscriptionRoutes: ApiRoute = async (req, ctx) => {
  if (req.endpoint === 'GET /v1/invoices') {
    const status = req.params.status === undefined ? null : String(req.params.status);
    const subscription = req.params.subscription === undefined ? null : String(req.params.subscription);
    const found = [...ctx.store.invoices.values()]
      .reverse()
      .filter(
        (i) =>
          (status === null || i.status === status) &&
          (subscription === null || i.parent.subscription_details.subscription === subscription),
      );
    return listPage(found, req.params, '/v1/invoices');
  }
  if (req.endpoint === 'GET /v1/invoices/{id}') {
    const id = req.path.split('/').pop()!;
    const invoice = ctx.store.invoices.get(id);
    if (!invoice) throw new StripeApiError(404, `No such invoice: '${id}'`, 'id', 'resource_missing');
    return invoice;
  }
  const route = /^\/v1\/subscriptions\/([^/]+)$/.exec(req.path);
  if (route) {
    const sub = ctx.store.subscriptions.get(route[1]!);
    if (!sub) throw new StripeApiError(404, `No such subscription: '${route[1]}'`, 'id');
    if (req.method === 'GET') return sub;
    if (req.method === 'DELETE') {
      if (sub.status === 'canceled') throw new StripeApiError(400, 'This subscription has already been canceled.');
      await endSubscription(ctx, sub, nowSeconds());
      return sub;
    }
    if (req.method === 'POST') {
      updateSubscription(sub, req.params);
      // The event follows the answer, as Stripe's does.
      setImmediate(() => void ctx.webhooks.sendSubscriptionEvent('customer.subscription.updated', sub.id));
      return sub;
    }
  }
  const helper = /^\/v1\/test_helpers\/subscriptions\/([^/]+)\/end_period$/.exec(req.path);
  if (helper && req.method === 'POST') {
    const sub = ctx.store.subscriptions.get(helper[1]!);
    if (!sub) throw new StripeApiError(404, `No such subscription: '${helper[1]}'`, 'id');
    const problem = await endPeriod(ctx, sub, String(req.params.payment ?? 'succeeded'), req.params.cancel === 'true');
    if (problem) throw new StripeApiError(400, problem);
    return sub;
  }
  return undefined;
};
