/**
 * Checkout sessions of the fake Stripe.
 *
 * POST /v1/checkout/sessions: mode 'payment' (line items with price_data) or 'subscription'
 * (`line_items[0][price]`, an active recurring price, and `subscription_data[metadata]`);
 * `allowed_payment_method_types` filters the "dashboard" methods DASHBOARD_PAYMENT_METHODS into
 * the session's `payment_method_types` (all of them when absent), keeping only those whose rules
 * fit the session's mode, currency and amount (payment-methods.ts); `discounts` (one coupon) comes off
 * the line items, never the shipping; `shipping_options[0][shipping_rate_data]` (fixed_amount)
 * adds the shipping (`shipping_cost`, `total_details`); `payment_intent_data[metadata]` goes onto
 * the PaymentIntent made at payment. Stripe's rules on each are cited beside them.
 * GET /v1/checkout/sessions (filter `payment_intent`); GET /v1/checkout/sessions/{id} (`line_items`
 * only with `expand[]=line_items`); POST /v1/checkout/sessions/{id}/expire (open sessions only).
 * Paying a session with something to pay makes its PaymentIntent and Charge with the method chosen
 * on the page (payments.ts) and sets `payment_status: 'paid'`; a session with nothing to pay
 * completes with `no_payment_required` and no PaymentIntent; a delayed method (SEPA debit) completes
 * unpaid and settles through the async events. A declined attempt leaves the session open (the
 * customer may try another method or leave), its PaymentIntent in `requires_payment_method`, and
 * sends `payment_intent.payment_failed` and `charge.failed`. A coupon counts as redeemed when its
 * session completes.
 * Test helpers (fake only, same secret key), under /v1/test_helpers/checkout/sessions/{id}/:
 * `pay` (as 'Paga'; `payment_method` = 'paypal', 'card:apple_pay', ... the first offered when
 * absent; `send_event=false` holds the webhook back, a delivery still on its way), `decline` (as
 * the page's refusal, with `payment_method`) and `delayed_payment` with `outcome` = processing
 * (complete, unpaid: sends checkout.session.completed), succeeded (paid: async_payment_succeeded)
 * or failed (async_payment_failed), as a delayed payment method would.
 */
import { createPaymentMethod, createPaymentOf, declinePayment } from './payments';
import { chosenMethod, isDelayed, offeredMethods, type ChosenMethod } from './payment-methods';
import { startSubscription } from './subscriptions';
import {
  apiList,
  assertExpandable,
  listPage,
  nowSeconds,
  rid,
  StripeApiError,
  type ApiRoute,
  type FakeStripeContext,
  type FakeStripeStore,
} from './store';
import type { FakeCoupon, FakeLineItem, FakePrice, FakeSession, FakeSessionRecord } from './types';

/**
 * Most line items of a session. Stripe (`line_items`): "For `payment` mode, there is a maximum of
 * 100 line items, however it is recommended to consolidate line items if there are more than a few
 * dozen. For `subscription` mode, there is a maximum of 20 line items with recurring Prices and 20
 * line items with one-time Prices."
 */
export const MAX_LINE_ITEMS = { payment: 100, subscription: 20 } as const;

/**
 * Smallest amount Stripe charges, per currency, in the currency's minor unit. Stripe (PaymentIntent
 * `amount`): "The minimum amount is $0.50 US or equivalent in charge currency"; the currencies
 * page's table gives EUR 0.50 €.
 */
export const MINIMUM_CHARGE: Record<string, number> = { eur: 50, usd: 50 };

/**
 * A session's lifetime bounds, seconds. Stripe (`expires_at`): "The Epoch time in seconds at which
 * the Checkout Session will expire. It can be anywhere from 30 minutes to 24 hours after Checkout
 * Session creation. By default, this value is 24 hours from creation."
 */
export const SESSION_LIFETIME = { min: 30 * 60, max: 24 * 3600 } as const;

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

const values = <T>(v: unknown): T[] => (v && typeof v === 'object' ? Object.values(v as Record<string, T>) : []);

/**
 * The session's line items; in mode 'subscription' the one recurring price becomes the line.
 * @returns the line items and, in mode 'subscription', the price sold
 */
function lineItemsOf(
  params: Record<string, unknown>,
  mode: string,
  prices: Map<string, FakePrice>,
): { lineItems: FakeLineItem[]; subscriptionPrice: FakePrice | undefined; currency: string } {
  const items = values<LineItemParam>(params.line_items);
  if (items.length === 0) throw new StripeApiError(400, 'Missing required param: line_items.', 'line_items');
  if (mode !== 'payment' && mode !== 'subscription') throw new StripeApiError(400, `Invalid mode: ${mode}`, 'mode');
  if (items.length > MAX_LINE_ITEMS[mode])
    throw new StripeApiError(
      400,
      `In ${mode} mode, a Checkout Session can have at most ${MAX_LINE_ITEMS[mode]} line items (received ${items.length}).`,
      'line_items',
    );
  let subscriptionPrice: FakePrice | undefined;
  // the session's currency: the one given, else the line items' (which must all agree)
  let currency = params.currency === undefined ? '' : String(params.currency);
  const lineItems = items.map((item, i): FakeLineItem => {
    const quantity = Number(item.quantity);
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new StripeApiError(400, 'Invalid positive integer', `line_items[${i}][quantity]`);
    let unit: number;
    let name: string;
    let itemCurrency: string;
    let priceId: string;
    if (item.price) {
      const price = prices.get(item.price);
      if (!price) throw new StripeApiError(400, `No such price: '${item.price}'`, `line_items[${i}][price]`);
      if (!price.active)
        throw new StripeApiError(400, `The price specified is inactive.`, `line_items[${i}][price]`, 'price_inactive');
      if (mode === 'subscription') subscriptionPrice ??= price;
      unit = price.unit_amount;
      name = String(price.nickname ?? price.metadata.plan_name ?? 'Abbonamento');
      itemCurrency = price.currency;
      priceId = price.id;
    } else {
      unit = Number(item.price_data?.unit_amount);
      name = String(item.price_data?.product_data?.name ?? '');
      itemCurrency = String(item.price_data?.currency ?? '');
      priceId = rid('price_', 24);
      if (!name) throw new StripeApiError(400, 'Missing required param: product_data[name].', `line_items[${i}]`);
    }
    if (!Number.isInteger(unit) || unit < 0)
      throw new StripeApiError(400, 'Invalid non-negative integer', `line_items[${i}][price_data][unit_amount]`);
    currency ||= itemCurrency;
    if (itemCurrency !== currency)
      throw new StripeApiError(400, 'All line items must use the same currency as the session.', `line_items[${i}]`);
    return {
      id: rid('li_', 24),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: unit * quantity,
      amount_tax: 0,
      amount_total: unit * quantity,
      currency,
      description: name,
      quantity,
      price: { id: priceId, object: 'price', unit_amount: unit, currency },
    };
  });
  if (mode === 'subscription' && (!subscriptionPrice || !subscriptionPrice.recurring))
    throw new StripeApiError(
      400,
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'line_items',
    );
  return { lineItems, subscriptionPrice, currency };
}

/**
 * The methods the session offers (payment-methods.ts: the dashboard's, filtered by
 * `allowed_payment_method_types` and each method's rules for this mode, currency and amount).
 * @throws StripeApiError 400 when none is left
 */
function paymentMethodsOf(
  params: Record<string, unknown>,
  session: { mode: string; currency: string; amount: number },
): { allowed: string[] | null; offered: string[] } {
  const allowed =
    params.allowed_payment_method_types === undefined ? null : values<string>(params.allowed_payment_method_types);
  const offered = offeredMethods(allowed, session);
  if (offered.length === 0)
    throw new StripeApiError(
      400,
      'No valid payment method types for this Checkout Session.',
      'allowed_payment_method_types',
    );
  return { allowed, offered };
}

/**
 * The coupon of `discounts` (at most one), checked against the session's currency. A coupon whose
 * `max_redemptions` are used up is no longer valid (Stripe, Coupon `max_redemptions`: "Maximum
 * number of times this coupon can be redeemed, in total, across all customers, before it is no
 * longer valid."); it is redeemed when the session completes.
 */
function couponOf(
  params: Record<string, unknown>,
  currency: string,
  coupons: Map<string, FakeCoupon>,
): FakeCoupon | undefined {
  const discountIds = values<{ coupon?: string }>(params.discounts).map((d) => String(d.coupon ?? ''));
  if (discountIds.length > 1) throw new StripeApiError(400, 'You may only specify one discount.', 'discounts');
  const coupon = discountIds[0] ? coupons.get(discountIds[0]) : undefined;
  if (discountIds[0] && (!coupon || !coupon.valid))
    throw new StripeApiError(400, `No such coupon: '${discountIds[0]}'`, 'discounts');
  if (coupon && coupon.amount_off !== null && coupon.currency !== currency)
    throw new StripeApiError(400, 'The coupon currency does not match the session currency.', 'discounts');
  return coupon;
}

/** The first shipping option's fixed-amount rate (the one selected on the page), or undefined. */
function shippingRateOf(params: Record<string, unknown>): ShippingRateParam | undefined {
  const rates = values<{ shipping_rate_data?: ShippingRateParam }>(params.shipping_options);
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
function createSession(ctx: FakeStripeContext, params: Record<string, unknown>): FakeSessionRecord {
  const { store, opts } = ctx;
  const now = nowSeconds();
  const mode = String(params.mode ?? '');
  if (!params.mode) throw new StripeApiError(400, 'Missing required param: mode.', 'mode');
  const { lineItems, subscriptionPrice, currency } = lineItemsOf(params, mode, store.prices);
  const subtotal = lineItems.reduce((s, l) => s + l.amount_subtotal, 0);
  const coupon = couponOf(params, currency, store.coupons);
  const discount = !coupon
    ? 0
    : Math.min(subtotal, coupon.amount_off ?? Math.round((subtotal * (coupon.percent_off ?? 0)) / 100));
  const rate = shippingRateOf(params);
  const shippingAmount = rate ? Number(rate.fixed_amount!.amount) : 0;
  const total = subtotal - discount + shippingAmount;
  // Stripe (PaymentIntent `amount`): "The minimum amount is $0.50 US or equivalent in charge
  // currency" (EUR: 0.50 €). A session with nothing to pay is a no-cost order, which Checkout
  // accepts for one-time payments (Stripe changelog 2023-08-16, "One-time payments in Checkout
  // Sessions support no-cost orders").
  const minimum = MINIMUM_CHARGE[currency] ?? 50;
  if (total > 0 && total < minimum)
    throw new StripeApiError(
      400,
      `The Checkout Session's total amount due must add up to at least ${(minimum / 100).toFixed(2)} ${currency}.`,
      'line_items',
      'amount_too_small',
    );
  const { allowed, offered } = paymentMethodsOf(params, { mode, currency, amount: total });
  // Stripe (`expires_at`): "It can be anywhere from 30 minutes to 24 hours after Checkout Session
  // creation." No slack: a value computed from an earlier clock read is refused as Stripe refuses it.
  const expiresAt = params.expires_at === undefined ? now + SESSION_LIFETIME.max : Number(params.expires_at);
  if (!Number.isInteger(expiresAt) || expiresAt < now + SESSION_LIFETIME.min)
    throw new StripeApiError(
      400,
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      'expires_at',
    );
  if (expiresAt > now + SESSION_LIFETIME.max)
    throw new StripeApiError(
      400,
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      'expires_at',
    );
  if (coupon && discount > 0) {
    // the discount is spread over the lines in proportion, as Stripe shows it per line item
    let left = discount;
    lineItems.forEach((l, i) => {
      const share = i === lineItems.length - 1 ? left : Math.floor((discount * l.amount_subtotal) / subtotal);
      l.amount_discount = share;
      l.amount_total = l.amount_subtotal - share;
      left -= share;
    });
  }
  const id = rid('cs_test_', 40);
  const intentData = params.payment_intent_data as { metadata?: Record<string, string> } | undefined;
  const session: FakeSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: subtotal,
    amount_total: total,
    currency,
    discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
    shipping_cost: rate
      ? {
          amount_subtotal: shippingAmount,
          amount_tax: 0,
          amount_total: shippingAmount,
          shipping_rate: rid('shr_', 24),
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
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: String(params.success_url),
    cancel_url: String(params.cancel_url),
    allowed_payment_method_types: allowed,
    payment_method_types: offered,
    url: `${opts.publicUrl}/pay/${id}`,
  };
  return {
    session,
    line_items: lineItems,
    payment_intent_metadata: { ...(intentData?.metadata ?? {}) },
    shipping_display_name: rate?.display_name ?? null,
    ...(subscriptionPrice
      ? {
          subscription_price: subscriptionPrice.id,
          subscription_metadata:
            (params.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {},
        }
      : {}),
  };
}

/** The session as Stripe answers it: `line_items` only when asked with `expand[]=line_items`. */
function answer(record: FakeSessionRecord, params: Record<string, unknown>): unknown {
  const expand = assertExpandable(params, ['line_items']);
  return expand.includes('line_items')
    ? {
        ...record.session,
        line_items: apiList(record.line_items, `/v1/checkout/sessions/${record.session.id}/line_items`),
      }
    : record.session;
}

/**
 * Completes a session whose payment went through with `method`: its coupon is redeemed, and a
 * session with something to pay gets its PaymentIntent and Charge and `paid`; one with nothing to
 * pay `no_payment_required`. `paid` false: a delayed payment method still processing (unpaid).
 */
function complete(ctx: FakeStripeContext, record: FakeSessionRecord, paid: boolean, method: ChosenMethod): void {
  const s = record.session;
  s.status = 'complete';
  s.url = null;
  record.chosen_method = method;
  const coupon = s.discounts[0] ? ctx.store.coupons.get(s.discounts[0].coupon) : undefined;
  if (coupon) {
    coupon.times_redeemed += 1;
    if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) coupon.valid = false;
  }
  if (s.amount_total === 0) s.payment_status = 'no_payment_required';
  else if (paid) markPaid(ctx, record);
}

/**
 * The payment of a session went through with the method chosen on the page: its PaymentIntent (the
 * one of a declined earlier attempt, when there was one) and Charge exist and it is paid.
 */
function markPaid(ctx: FakeStripeContext, record: FakeSessionRecord): void {
  const s = record.session;
  s.payment_status = 'paid';
  const pm = createPaymentMethod(ctx, record.chosen_method ?? { type: s.payment_method_types[0]!, wallet: null });
  record.payment_method = pm.id;
  if (s.mode !== 'payment') return;
  const earlier = s.payment_intent ? ctx.store.paymentIntents.get(s.payment_intent) : undefined;
  s.payment_intent = createPaymentOf(ctx, s, record.payment_intent_metadata, pm, earlier).id;
}

/**
 * The method a payer chose for `record` ('card', 'card:apple_pay', 'paypal', ...; the first offered
 * when absent). @throws StripeApiError 400 for a method the session does not offer
 */
function methodFor(record: FakeSessionRecord, value: string | undefined): ChosenMethod {
  const m = chosenMethod(value, record.session.payment_method_types);
  if (!m)
    throw new StripeApiError(
      400,
      `The payment method ${value} is not offered by this Checkout Session (${record.session.payment_method_types.join(', ')}).`,
      'payment_method',
    );
  return m;
}

/**
 * Pays an open session as the hosted page's 'Paga' does, with `method` (the first offered when
 * absent): complete and paid, then checkout.session.completed; with a delayed method complete and
 * unpaid (the async events follow through `delayed_payment`).
 */
export async function paySession(ctx: FakeStripeContext, id: string, method?: string): Promise<void> {
  const record = ctx.store.sessions.get(id);
  if (!record || record.session.status !== 'open') return;
  const chosen = methodFor(record, method);
  complete(ctx, record, !isDelayed(chosen.type), chosen);
  if (record.session.mode === 'subscription' && record.session.payment_status === 'paid')
    await startSubscription(ctx, record);
  await ctx.webhooks.sendEvent('checkout.session.completed', id);
}

/**
 * A declined attempt on an open session, as the hosted page's refusal: the session stays open (the
 * customer may choose another method or leave); its PaymentIntent records the failed attempt and
 * `payment_intent.payment_failed` and `charge.failed` are sent. A subscription's first payment
 * declined makes no subscription (Checkout creates it once the payment goes through).
 */
export async function declineSession(ctx: FakeStripeContext, id: string, method?: string): Promise<void> {
  const record = ctx.store.sessions.get(id);
  if (!record || record.session.status !== 'open') return;
  const s = record.session;
  const chosen = methodFor(record, method);
  const pm = createPaymentMethod(ctx, chosen);
  const earlier = s.payment_intent ? ctx.store.paymentIntents.get(s.payment_intent) : undefined;
  const intent = declinePayment(ctx, s, record.payment_intent_metadata, pm, earlier);
  if (s.mode === 'payment') s.payment_intent = intent.id;
  await ctx.webhooks.sendPaymentEvent('payment_intent.payment_failed', intent.id);
  await ctx.webhooks.sendPaymentEvent('charge.failed', intent.id);
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
  for (const { session } of ctx.store.sessions.values())
    if (session.status === 'open' && session.expires_at <= now) void expireSession(ctx, session);
}

/** Pays like 'Paga'; with sendEvent false the webhook is held back (a delivery still on its way). Test helper. */
async function payHelper(
  ctx: FakeStripeContext,
  record: FakeSessionRecord,
  sendEvent: boolean,
  method: string | undefined,
): Promise<string | null> {
  if (record.session.status !== 'open') return 'session is not open';
  if (sendEvent) {
    await paySession(ctx, record.session.id, method);
    return null;
  }
  complete(ctx, record, true, methodFor(record, method));
  return null;
}

/** A delayed payment method's outcome (test helper). @returns an error message, or null when done */
async function delayedPayment(
  ctx: FakeStripeContext,
  record: FakeSessionRecord,
  outcome: string,
): Promise<string | null> {
  const s = record.session;
  if (outcome === 'processing') {
    if (s.status !== 'open') return 'session is not open';
    complete(ctx, record, false, methodFor(record, undefined));
    await ctx.webhooks.sendEvent('checkout.session.completed', s.id);
    return null;
  }
  if (s.status !== 'complete' || s.payment_status !== 'unpaid') return 'session has no pending payment';
  if (outcome === 'succeeded') {
    markPaid(ctx, record);
    await ctx.webhooks.sendEvent('checkout.session.async_payment_succeeded', s.id);
    return null;
  }
  if (outcome === 'failed') {
    await ctx.webhooks.sendEvent('checkout.session.async_payment_failed', s.id);
    return null;
  }
  return 'outcome must be processing, succeeded or failed';
}

function sessionOr404(store: FakeStripeStore, id: string): FakeSessionRecord {
  const s = store.sessions.get(id);
  if (!s) throw new StripeApiError(404, `No such checkout.session: '${id}'`, 'session', 'resource_missing');
  return s;
}

export const checkoutSessionRoutes: ApiRoute = async (req, ctx) => {
  const { store } = ctx;
  if (req.endpoint === 'POST /v1/checkout/sessions') {
    assertExpandable(req.params, ['line_items']);
    const record = createSession(ctx, req.params);
    store.sessions.set(record.session.id, record);
    return answer(record, req.params);
  }
  if (req.endpoint === 'GET /v1/checkout/sessions') {
    const intent = req.params.payment_intent === undefined ? null : String(req.params.payment_intent);
    const status = req.params.status === undefined ? null : String(req.params.status);
    const found = [...store.sessions.values()]
      .reverse()
      .map((r) => r.session)
      .filter((s) => (intent === null || s.payment_intent === intent) && (status === null || s.status === status));
    return listPage(found, req.params, '/v1/checkout/sessions');
  }
  const helper = /^\/v1\/test_helpers\/checkout\/sessions\/([^/]+)\/(delayed_payment|pay|decline)$/.exec(req.path);
  if (helper && req.method === 'POST') {
    const record = sessionOr404(store, helper[1]!);
    const method = req.params.payment_method === undefined ? undefined : String(req.params.payment_method);
    if (helper[2] === 'decline') {
      if (record.session.status !== 'open') throw new StripeApiError(400, 'session is not open');
      await declineSession(ctx, record.session.id, method);
      return record.session;
    }
    const problem =
      helper[2] === 'pay'
        ? await payHelper(ctx, record, req.params.send_event !== 'false', method)
        : await delayedPayment(ctx, record, String(req.params.outcome ?? ''));
    if (problem) throw new StripeApiError(400, problem, 'outcome');
    return record.session;
  }
  const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(req.path);
  if (!m) return undefined;
  const record = sessionOr404(store, m[1]!);
  if (req.method === 'GET' && !m[2]) return answer(record, req.params);
  if (req.method === 'POST' && m[2]) {
    if (record.session.status !== 'open')
      throw new StripeApiError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
    await expireSession(ctx, record.session);
    return record.session;
  }
  return undefined;
};
