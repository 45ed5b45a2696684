/**
 * Paying as Italians pay (docs/payments.md, "Payment methods"): the methods the owner switches on in
 * Pagamenti are the ones the next session offers, of those only the ones whose published rules fit
 * it (Satispay never for the club); an order paid with PayPal records it and the back office says
 * 'PayPal'; a Satispay payment declined makes no order and the stock goes back when the shopper
 * leaves; refunds of PayPal and Satispay payments reach Stripe with their amounts, and one past the
 * method's 180 days is refused with the message and an operator alert; the club bought with PayPal
 * renews with PayPal on the test clock. Real handlers, the real Stripe SDK against the stand-in,
 * whose hosted page and helpers pay or decline with the chosen method and send the signed events to
 * the runtime's webhook route.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type Stripe from 'stripe';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import {
  claimsOf,
  fakeStripeHelper,
  shipTo,
  stripeClient,
  stripeSecrets,
  testProduct,
} from '../../test/support/checkout';
import { claimsOf as staffClaims } from '../../test/support/staff';
import { outboxMark, outboxSince } from '../../test/support/automations';
import { SEED_PLANS } from '../../test/support/local-runtime';
import type { ApiHandler } from '../lib/context-handler';
import type { CartDto } from '../../shared/api/cart';
import type { AdminOrderDto } from '../../shared/api/orders';
import type { AdminPaymentSettingsDto, RefundResultDto } from '../../shared/api/admin';
import type { CheckoutSessionDto, MySubscriptionDto } from '../../shared/api/checkout';
import type { PageResponse } from '../../shared/api/route';
import type { PaymentMethodSwitches } from '../../shared/payment-methods';
import { getProduct } from '../data/catalog-repository';
import { getPaymentSettings, putPaymentMethods } from '../data/settings-repository';
import { listOrdersOfUser, putOrder } from '../orders';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let admin: ApiHandler;
let original: PaymentMethodSwitches;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
  ({ handler: admin } = await import('../admin/index'));
  original = (await getPaymentSettings()).payment_methods;
  await putPaymentMethods({ card: true, paypal: true, satispay: true, klarna: true });
});
afterAll(async () => {
  await putPaymentMethods(original);
});

type Claims = { sub: string; email: string };
type ApiError = { message: string; title?: string; field?: string };
const ADMIN = () => staffClaims('supporto');
const DAY_S = 86_400;

const setMethods = (body: PaymentMethodSwitches) =>
  invoke<AdminPaymentSettingsDto & ApiError>(admin, 'PUT /api/admin/payment-methods', { claims: ADMIN(), body });
const stockOf = async (id: string) => (await getProduct(id))!.quantity;

/** A new shopper with `quantity` of a new product of `cents` in the cart, at checkout: the session. */
async function checkoutOf(cents: number, quantity = 1, stock = 5) {
  const product = await testProduct(stock, { price_cents: cents });
  const claims = claimsOf(randomUUID());
  await invoke<CartDto>(cart, 'POST /api/cart/items', { claims, body: { product_id: product.id, quantity } });
  const started = await invoke<CheckoutSessionDto & ApiError>(checkout, 'POST /api/checkout/session', {
    claims,
    body: await shipTo(claims.sub),
  });
  expect(started.status).toBe(201);
  const session = await stripeClient().checkout.sessions.retrieve(started.body.sessionId);
  return { claims, product, started: started.body, session };
}

/** Pays on the hosted page with `method`, as the shopper's 'Paga' does. @returns where the browser goes */
async function payOnPage(url: string, method: string): Promise<string> {
  const res = await fetch(`${url}/complete`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: method }).toString(),
  });
  return res.headers.get('location') ?? '';
}

/** The order of `claims`, as the back office sees it. */
async function adminOrder(claims: Claims): Promise<AdminOrderDto> {
  const [order] = await listOrdersOfUser(claims.sub);
  expect(order).toBeDefined();
  const listed = await invoke<PageResponse<AdminOrderDto>>(admin, 'GET /api/admin/orders', {
    claims: ADMIN(),
    query: { q: order!.id },
  });
  return listed.body.items[0]!;
}

const refund = (id: string, body: unknown) =>
  invoke<RefundResultDto & ApiError>(admin, 'POST /api/admin/orders/{id}/refunds', {
    claims: ADMIN(),
    pathParameters: { id },
    body,
  });

/** A test helper of the stand-in (fake only). */
async function standIn(pathname: string, params: Record<string, string> = {}): Promise<number> {
  const res = await fetch(`${inject('localEnv').STRIPE_API_BASE}${pathname}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stripeSecrets().stripe_secret_key}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(params).toString(),
  });
  await res.text();
  return res.status;
}

describe("the owner's methods are the session's", () => {
  it('[AP146] offers every method switched on that fits the cart; Klarna off, the next session offers it no more; cards or PayPal stay on', async () => {
    const all = await checkoutOf(2500);
    expect([...all.session.payment_method_types].sort()).toEqual(['card', 'klarna', 'paypal', 'satispay']);
    // never the dashboard's delayed methods
    expect(all.session.payment_method_types).not.toContain('sepa_debit');

    const off = await setMethods({ card: true, paypal: true, satispay: true, klarna: false });
    expect(off.status).toBe(200);
    expect(off.body.payment_methods).toEqual({ card: true, paypal: true, satispay: true, klarna: false });
    const next = await checkoutOf(2500);
    expect([...next.session.payment_method_types].sort()).toEqual(['card', 'paypal', 'satispay']);

    // a club that could not be paid is refused, naming the field; nothing changes
    const none = await setMethods({ card: false, paypal: false, satispay: true, klarna: true });
    expect([none.status, none.body.field]).toEqual([400, 'payment_methods']);
    expect(none.body.message).toContain("l'abbonamento al club si paga solo così");
    expect((await getPaymentSettings()).payment_methods.klarna).toBe(false);
    expect((await setMethods({ card: true, paypal: true, satispay: true, klarna: true })).status).toBe(200);
  });

  it('the club is offered with cards and PayPal only: Satispay has no subscription mode, Klarna is for the cart', async () => {
    const claims = claimsOf(randomUUID());
    const plan = SEED_PLANS.find((p) => p.subscription_tier === 'Premium')!;
    const started = await invoke<CheckoutSessionDto & ApiError>(checkout, 'POST /api/checkout/subscription', {
      claims,
      body: { plan_id: plan.id, service_start_request: true },
    });
    expect(started.status).toBe(201);
    const session = await stripeClient().checkout.sessions.retrieve(started.body.sessionId);
    expect(session.payment_method_types).toEqual(['card', 'paypal']);
  });
});

describe('paid with PayPal, declined with Satispay', () => {
  it('a PayPal payment makes the order, which records PayPal; the back office says so; a partial refund reaches Stripe with its amount', async () => {
    const { claims, started, session } = await checkoutOf(3490, 2);
    expect(await payOnPage(started.url, 'paypal')).toContain('/checkout/success');
    const order = await adminOrder(claims);
    expect(order.payment_method).toBe('PayPal');
    const [stored] = await listOrdersOfUser(claims.sub);
    expect(stored!.payment_method).toMatchObject({ type: 'paypal', card_last4: null });
    const charge = (
      await stripeClient().paymentIntents.retrieve(stored!.payment_intent_id!, { expand: ['latest_charge'] })
    ).latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.type).toBe('paypal');
    expect(session.id).toBe(stored!.checkout_session_id);

    // one of the two units: what it was paid, 34,90 €
    const made = await refund(order.id, { mode: 'lines', lines: [{ index: 0, quantity: 1 }], reason: 'Reso' });
    expect(made.status).toBe(201);
    const atStripe = await stripeClient().refunds.list({ payment_intent: stored!.payment_intent_id! });
    expect(atStripe.data.map((r) => [r.amount, r.status])).toEqual([[3490, 'succeeded']]);
  });

  it('a card through Apple Pay is recorded with its wallet', async () => {
    const { claims, started } = await checkoutOf(1990);
    await payOnPage(started.url, 'card:apple_pay');
    expect((await adminOrder(claims)).payment_method).toBe('Apple Pay (Visa •••• 4242)');
  });

  it('a Satispay payment declined makes no order; the stock goes back when the shopper leaves the page', async () => {
    const { claims, product, started } = await checkoutOf(2990, 2);
    expect(await stockOf(product.id)).toBe(3);
    expect(await fakeStripeHelper(started.sessionId, 'decline', { payment_method: 'satispay' })).toBe(200);
    const session = await stripeClient().checkout.sessions.retrieve(started.sessionId);
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect(await listOrdersOfUser(claims.sub)).toEqual([]);
    // 'Annulla' on the page: back to the shop's cancel page, which releases the checkout
    const cancelled = await invoke(checkout, 'POST /api/checkout/cancel/{id}', {
      claims,
      pathParameters: { id: session.client_reference_id! },
    });
    expect(cancelled.status).toBeLessThan(300);
    expect(await stockOf(product.id)).toBe(5);
    expect((await stripeClient().checkout.sessions.retrieve(started.sessionId)).status).toBe('expired');
    expect(await listOrdersOfUser(claims.sub)).toEqual([]);
  });
});

describe("refunds follow each method's rules", () => {
  it('a Satispay refund reaches Stripe with its amount, pending, and succeeds when Stripe says so', async () => {
    const { claims, started } = await checkoutOf(4500);
    await payOnPage(started.url, 'satispay');
    const order = await adminOrder(claims);
    expect(order.payment_method).toBe('Satispay');
    const made = await refund(order.id, { mode: 'amount', amount_cents: 1500, reason: 'Sconto concordato' });
    expect(made.status).toBe(201);
    expect(made.body.refund).toMatchObject({ amount_cents: 1500, status: 'pending' });
    const [stored] = await listOrdersOfUser(claims.sub);
    const atStripe = await stripeClient().refunds.list({ payment_intent: stored!.payment_intent_id! });
    expect(atStripe.data.map((r) => r.amount)).toEqual([1500]);
    // Stripe's refund.updated settles it on the order
    await expect
      .poll(async () => (await adminOrder(claims)).refunds.map((r) => r.status), { timeout: 10_000 })
      .toEqual(['succeeded']);
  });

  it('a PayPal payment older than 180 days: the refund is refused with the reason and an alert, and never reaches Stripe', async () => {
    const { claims, started } = await checkoutOf(2000);
    await payOnPage(started.url, 'paypal');
    const [stored] = await listOrdersOfUser(claims.sub);
    // 181 days pass: at Stripe (the stand-in's test clock) and on the order's record of the payment
    expect(
      await standIn(`/v1/test_helpers/payment_intents/${stored!.payment_intent_id}/backdate`, { days: '181' }),
    ).toBe(200);
    const paidAt = new Date(Date.parse(stored!.payment_method!.paid_at) - 181 * DAY_S * 1000).toISOString();
    await putOrder({ ...stored!, payment_method: { ...stored!.payment_method!, paid_at: paidAt } });

    const mark = outboxMark();
    const refused = await refund(stored!.id, { mode: 'full', reason: 'Reso tardivo' });
    expect(refused.status).toBe(409);
    expect(refused.body.title).toBe('Rimborso non accettato dal metodo di pagamento');
    expect(refused.body.message).toContain('PayPal accetta rimborsi solo entro 180 giorni dal pagamento');
    expect((await stripeClient().refunds.list({ payment_intent: stored!.payment_intent_id! })).data).toEqual([]);
    expect((await adminOrder(claims)).refunds).toEqual([]);
    await expect
      .poll(() => outboxSince(mark).filter((l) => l.includes('[SNS') && l.includes('refund_failed')).length)
      .toBe(1);
    expect(outboxSince(mark).find((l) => l.includes('refund_failed'))).toContain(stored!.id);

    // an order that never recorded its method: read from Stripe, refused the same way
    await putOrder({ ...stored!, payment_method: undefined });
    const again = await refund(stored!.id, { mode: 'full', reason: 'Reso tardivo' });
    expect([again.status, again.body.title]).toEqual([409, 'Rimborso non accettato dal metodo di pagamento']);
  });
});

describe('the club on PayPal', () => {
  it('a subscription paid with PayPal renews with PayPal on the test clock', async () => {
    const claims = claimsOf(randomUUID());
    const plan = SEED_PLANS.find((p) => p.subscription_tier === 'Premium')!;
    const started = await invoke<CheckoutSessionDto & ApiError>(checkout, 'POST /api/checkout/subscription', {
      claims,
      body: { plan_id: plan.id, service_start_request: true },
    });
    expect(await payOnPage(started.body.url, 'paypal')).toContain('abbonamento=attivo');
    const subscriptionId = (await stripeClient().checkout.sessions.retrieve(started.body.sessionId))
      .subscription as string;
    const mine = async () => (await invoke<MySubscriptionDto>(checkout, 'GET /api/me/subscription', { claims })).body;
    expect((await mine()).membership.is_member).toBe(true);

    // the period ends now: a new one is paid, with PayPal -> member for another 3 months from now
    const renewedAt = Date.now();
    expect(await standIn(`/v1/test_helpers/subscriptions/${subscriptionId}/end_period`)).toBe(200);
    const renewed = await mine();
    expect(renewed.membership.is_member).toBe(true);
    const threeMonths = new Date(renewedAt);
    threeMonths.setUTCMonth(threeMonths.getUTCMonth() + 3);
    expect(Date.parse(renewed.subscription!.ends_at)).toBeGreaterThanOrEqual(threeMonths.getTime() - 5000);
    const sub = await stripeClient().subscriptions.retrieve(subscriptionId);
    expect((await stripeClient().invoices.retrieve(sub.latest_invoice as string)).billing_reason).toBe(
      'subscription_cycle',
    );
    const payment = (await stripeClient().invoicePayments.list({ invoice: sub.latest_invoice as string })).data[0]!;
    const charge = (
      await stripeClient().paymentIntents.retrieve(payment.payment.payment_intent as string, {
        expand: ['latest_charge'],
      })
    ).latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.type).toBe('paypal');
  });
});
