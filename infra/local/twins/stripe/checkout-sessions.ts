/**
 * Checkout sessions of the fake Stripe (API version 2026-09-30).
 *
 * POST /v1/checkout/sessions: idempotency keys honoured; mode 'payment' (line items with
 * price_data) or 'subscription' (`line_items[0][price]`, an active recurring price, and
 * `subscription_data[metadata]`); `allowed_payment_method_types` filters the "dashboard" methods
 * DASHBOARD_PAYMENT_METHODS into the session's `payment_method_types`, all of them when absent; the
 * removed `payment_method_types` parameter is refused like the real API does; `discounts` (one
 * coupon) comes off the line items, never the shipping; `shipping_options[0][shipping_rate_data]`
 * (fixed_amount) adds the shipping (`shipping_cost`, `total_details`); `expires_at` between 30
 * minutes and 24 hours from now.
 * GET /v1/checkout/sessions/{id}; POST /v1/checkout/sessions/{id}/expire (open sessions only).
 * Test helpers (fake only, same secret key), under /v1/test_helpers/checkout/sessions/{id}/:
 * `pay` (as 'Paga'; `send_event=false` holds the webhook back, a delivery still on its way) and
 * `delayed_payment` with `outcome` = processing (complete, unpaid: sends checkout.session.completed),
 * succeeded (paid: async_payment_succeeded) or failed (async_payment_failed), as a delayed payment
 * method would.
 */
import { startSubscription } from './subscriptions';
import {
  nowSeconds,
  publicSession,
  rid,
  StripeApiError,
  type ApiRoute,
  type FakeStripeContext,
  type FakeStripeStore,
} from './store';
import type { FakeCoupon, FakePrice, FakeSession } from './types';

/** Payment methods "enabled in the dashboard" of the fake account: what a session offers when not restricted. */
export const DASHBOARD_PAYMENT_METHODS = ['card', 'sepa_debit', 'klarna', 'paypal'] as const;

type LineItemParam = {
  quantity?: string;
  price?: string;
  price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
};

type ShippingRateParam = {
  type?: string;
  display_name?: string;
  fixed_amount?: { amount?: string; currency?: string };
};

/**
 * The session's line items; in mode 'subscription' the one recurring price becomes the line.
 * @returns the line items and, in mode 'subscription', the price sold
 */
function lineItemsOf(
  params: Record<string, unknown>,
  mode: string,
  prices: Map<string, FakePrice>,
): { lineItems: FakeSession['line_items']; subscriptionPrice: FakePrice | undefined } {
  const items = Object.values((params.line_items ?? {}) as Record<string, LineItemParam>);
  if (items.length === 0) throw new StripeApiError(400, 'line_items is required', 'line_items');
  let subscriptionPrice: FakePrice | undefined;
  if (mode === 'subscription') {
    subscriptionPrice = items.length === 1 && items[0]!.price ? prices.get(items[0]!.price) : undefined;
    if (!subscriptionPrice || !subscriptionPrice.active || !subscriptionPrice.recurring)
      throw new StripeApiError(
        400,
        'In subscription mode, line_items[0][price] must be an active recurring price.',
        'line_items',
      );
    items[0] = {
      quantity: items[0]!.quantity ?? '1',
      price_data: {
        currency: subscriptionPrice.currency,
        unit_amount: String(subscriptionPrice.unit_amount),
        product_data: {
          name: String(subscriptionPrice.nickname ?? subscriptionPrice.metadata.plan_name ?? 'Abbonamento'),
        },
      },
    };
  } else if (mode !== 'payment') {
    throw new StripeApiError(400, `Invalid mode: ${mode}`, 'mode');
  }
  return {
    lineItems: items.map((i) => ({
      name: String(i.price_data?.product_data?.name ?? ''),
      quantity: Number(i.quantity),
      unit_amount: Number(i.price_data?.unit_amount),
    })),
    subscriptionPrice,
  };
}

/** The methods the session offers: the dashboard's, filtered by `allowed_payment_method_types`. */
function paymentMethodsOf(params: Record<string, unknown>): { allowed: string[] | null; offered: string[] } {
  if (params.payment_method_types !== undefined)
    throw new StripeApiError(400, 'Received unknown parameter: payment_method_types', 'payment_method_types');
  const allowed =
    params.allowed_payment_method_types === undefined
      ? null
      : Object.values(params.allowed_payment_method_types as Record<string, string> | string[]).map(String);
  const offered = DASHBOARD_PAYMENT_METHODS.filter((m) => !allowed || allowed.includes(m));
  if (offered.length === 0)
    throw new StripeApiError(
      400,
      'No valid payment method types for this Checkout Session.',
      'allowed_payment_method_types',
    );
  return { allowed, offered: [...offered] };
}

/** The coupon of `discounts` (at most one), checked against the session's currency. */
function couponOf(params: Record<string, unknown>, coupons: Map<string, FakeCoupon>): FakeCoupon | undefined {
  const discountIds = Object.values((params.discounts ?? {}) as Record<string, { coupon?: string }>).map((d) =>
    String(d.coupon ?? ''),
  );
  if (discountIds.length > 1) throw new StripeApiError(400, 'You may only specify one discount.', 'discounts');
  const coupon = discountIds[0] ? coupons.get(discountIds[0]) : undefined;
  if (discountIds[0] && (!coupon || !coupon.valid))
    throw new StripeApiError(400, `No such coupon: '${discountIds[0]}'`, 'discounts');
  if (
    coupon?.amount_off !== null &&
    coupon?.amount_off !== undefined &&
    coupon.currency !== String(params.currency ?? 'eur')
  )
    throw new StripeApiError(400, 'The coupon currency does not match the session currency.', 'discounts');
  return coupon;
}

/** The first shipping option's fixed-amount rate (the one selected on the page), or undefined. */
function shippingRateOf(params: Record<string, unknown>): ShippingRateParam | undefined {
  const rates = Object.values(
    (params.shipping_options ?? {}) as Record<string, { shipping_rate_data?: ShippingRateParam }>,
  );
  const rate = rates[0]?.shipping_rate_data;
  if (
    rates.length > 0 &&
    (!rate ||
      rate.type !== 'fixed_amount' ||
      !rate.display_name ||
      !Number.isInteger(Number(rate.fixed_amount?.amount)) ||
      Number(rate.fixed_amount?.amount) < 0)
  )
    throw new StripeApiError(400, 'Invalid shipping_rate_data', 'shipping_options');
  return rate;
}

/** POST /v1/checkout/sessions: the new open session (validated as Stripe validates it). */
function createSession(ctx: FakeStripeContext, params: Record<string, unknown>): FakeSession {
  const { store, opts } = ctx;
  const mode = String(params.mode ?? 'payment');
  const { lineItems, subscriptionPrice } = lineItemsOf(params, mode, store.prices);
  const { allowed, offered } = paymentMethodsOf(params);
  if (
    lineItems.some(
      (l) => !Number.isInteger(l.unit_amount) || l.unit_amount < 0 || !Number.isInteger(l.quantity) || l.quantity < 1,
    )
  )
    throw new StripeApiError(400, 'Invalid line item', 'line_items');
  const subtotal = lineItems.reduce((s, l) => s + l.unit_amount * l.quantity, 0);
  const coupon = couponOf(params, store.coupons);
  const discount = !coupon
    ? 0
    : Math.min(subtotal, coupon.amount_off ?? Math.round((subtotal * (coupon.percent_off ?? 0)) / 100));
  if (coupon) {
    coupon.times_redeemed += 1;
    if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) coupon.valid = false;
  }
  const rate = shippingRateOf(params);
  const shippingAmount = rate ? Number(rate.fixed_amount!.amount) : 0;
  const id = rid('cs_test_', 40);
  const now = nowSeconds();
  const expiresAt = params.expires_at ? Number(params.expires_at) : now + 24 * 3600;
  if (expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600)
    throw new StripeApiError(400, 'expires_at must be between 30 minutes and 24 hours from now', 'expires_at');
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: subtotal,
    amount_total: subtotal - discount + shippingAmount,
    currency: String(params.currency ?? 'eur'),
    discounts: coupon ? [{ coupon: coupon.id }] : [],
    shipping_cost: rate
      ? {
          amount_subtotal: shippingAmount,
          amount_total: shippingAmount,
          shipping_rate: rid('shr_', 24),
          display_name: String(rate.display_name),
        }
      : null,
    total_details: { amount_discount: discount, amount_shipping: shippingAmount, amount_tax: 0 },
    client_reference_id: (params.client_reference_id as string) ?? null,
    customer_email: (params.customer_email as string) ?? null,
    created: now,
    expires_at: expiresAt,
    livemode: false,
    metadata: (params.metadata ?? {}) as Record<string, string>,
    mode,
    subscription: null,
    customer: null,
    ...(subscriptionPrice
      ? {
          subscription_price: subscriptionPrice.id,
          subscription_metadata:
            (params.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {},
        }
      : {}),
    payment_status: 'unpaid',
    status: 'open',
    success_url: String(params.success_url),
    cancel_url: String(params.cancel_url),
    allowed_payment_method_types: allowed,
    payment_method_types: offered,
    url: `${opts.publicUrl}/pay/${id}`,
    line_items: lineItems,
  };
}

/** Pays an open session as the hosted page's 'Paga' does: complete and paid, then checkout.session.completed. */
export async function paySession(ctx: FakeStripeContext, id: string): Promise<void> {
  const s = ctx.store.sessions.get(id);
  if (!s || s.status !== 'open') return;
  s.status = 'complete';
  s.payment_status = 'paid';
  s.url = null;
  if (s.mode === 'subscription') await startSubscription(ctx, s);
  await ctx.webhooks.sendEvent('checkout.session.completed', id);
}

/** Expires an open session and sends checkout.session.expired. */
async function expireSession(ctx: FakeStripeContext, s: FakeSession): Promise<void> {
  if (s.status !== 'open') return;
  s.status = 'expired';
  s.url = null;
  await ctx.webhooks.sendEvent('checkout.session.expired', s.id);
}

/** Expires the open sessions past their expires_at, as Stripe does on its own. */
export function expireDueSessions(ctx: FakeStripeContext): void {
  const now = nowSeconds();
  for (const s of ctx.store.sessions.values())
    if (s.status === 'open' && s.expires_at <= now) void expireSession(ctx, s);
}

/** Pays like 'Paga'; with sendEvent false the webhook is held back (a delivery still on its way). Test helper. */
async function payHelper(ctx: FakeStripeContext, s: FakeSession, sendEvent: boolean): Promise<string | null> {
  if (s.status !== 'open') return 'session is not open';
  if (sendEvent) {
    await paySession(ctx, s.id);
    return null;
  }
  s.status = 'complete';
  s.payment_status = 'paid';
  s.url = null;
  return null;
}

/** A delayed payment method's outcome (test helper). @returns an error message, or null when done */
async function delayedPayment(ctx: FakeStripeContext, s: FakeSession, outcome: string): Promise<string | null> {
  if (outcome === 'processing') {
    if (s.status !== 'open') return 'session is not open';
    s.status = 'complete';
    s.url = null;
    await ctx.webhooks.sendEvent('checkout.session.completed', s.id);
    return null;
  }
  if (s.status !== 'complete' || s.payment_status !== 'unpaid') return 'session has no pending payment';
  if (outcome === 'succeeded') {
    s.payment_status = 'paid';
    await ctx.webhooks.sendEvent('checkout.session.async_payment_succeeded', s.id);
    return null;
  }
  if (outcome === 'failed') {
    await ctx.webhooks.sendEvent('checkout.session.async_payment_failed', s.id);
    return null;
  }
  return 'outcome must be processing, succeeded or failed';
}

function sessionOr404(store: FakeStripeStore, id: string): FakeSession {
  const s = store.sessions.get(id);
  if (!s) throw new StripeApiError(404, `No such checkout.session: '${id}'`, 'session');
  return s;
}

export const checkoutSessionRoutes: ApiRoute = async (req, ctx) => {
  const { store } = ctx;
  if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
    const ikey = req.idempotencyKey;
    const prior = ikey !== undefined ? store.idempotency.get(ikey) : undefined;
    if (prior) return store.sessions.get(prior);
    const session = createSession(ctx, req.params);
    store.sessions.set(session.id, session);
    if (ikey !== undefined) store.idempotency.set(ikey, session.id);
    return publicSession(session);
  }
  const helper = /^\/v1\/test_helpers\/checkout\/sessions\/([^/]+)\/(delayed_payment|pay)$/.exec(req.path);
  if (helper && req.method === 'POST') {
    const s = sessionOr404(store, helper[1]!);
    const problem =
      helper[2] === 'pay'
        ? await payHelper(ctx, s, req.params.send_event !== 'false')
        : await delayedPayment(ctx, s, String(req.params.outcome ?? ''));
    if (problem) throw new StripeApiError(400, problem, 'outcome');
    return s;
  }
  const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(req.path);
  if (!m) return undefined;
  const s = sessionOr404(store, m[1]!);
  if (req.method === 'GET' && !m[2]) return publicSession(s);
  if (req.method === 'POST' && m[2]) {
    if (s.status !== 'open')
      throw new StripeApiError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
    await expireSession(ctx, s);
    return s;
  }
  return undefined;
};
