/**
 * The money paths of checkout and orders (docs/payments.md), against the local
 * stand-ins through the real handlers, the real repositories and the real Stripe SDK talking to
 * the fake Stripe. Each describe block is one rule.
 *
 * Expected values are written from the rules (docs/payments.md, shared/cart.ts caps), never read back from
 * the code under test. The expiry sweep is run with an injected clock, never waited for.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { countDynamoRequests, invoke, useLocalEnv } from '../../test/support/invoke';
import {
  claimsOf,
  completedEvent,
  eventPayload,
  fakeStripeHelper,
  shipTo,
  signedWebhook,
  stripeClient,
  testProduct,
} from '../../test/support/checkout';
import type { ApiHandler } from '../lib/context-handler';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { ALERT_LOG_MESSAGE } from '../lib/alerts';
import type { CartDto } from '../../shared/api/cart';
import type { BundleDto } from '../../shared/api/catalog';
import type { AdminOrderDto, OrderDto } from '../../shared/api/orders';
import type { ListResponse, PageResponse } from '../../shared/api/route';
import type { SubscriptionTier } from '../../shared/tiers';
import { NO_MEMBERSHIP } from '../../shared/tiers';
import { SEED_FIXTURES } from '../../test/support/local-runtime';
import { getProduct, getProductsByIds, listBundles, putBundle } from '../data/catalog-repository';
import { claimsOf as staffClaims } from '../../test/support/staff';
import { addToCart } from '../data/cart-repository';
import { listOrdersOfUser } from '../orders/order-repository';
import { putProfile } from '../data/profile-repository';
import { getReservation, listOpenReservationsOfUser, release } from '../data/reservation-repository';
import { acquireCheckoutGate, windowOf } from '../data/checkout-gate-repository';
import { sweepExpiredReservations } from './abandon';
import { createCheckoutSession } from './checkout-session';
import { fulfilSession } from '../orders/place-order/fulfil-session';
import { withProductSafety } from '../../test/support/product-safety';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;
let account: ApiHandler;
let catalog: ApiHandler;
let admin: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
  ({ handler: webhooks } = await import('../webhooks/index'));
  ({ handler: account } = await import('../account/index'));
  ({ handler: catalog } = await import('../catalog/index'));
  ({ handler: admin } = await import('../admin/index'));
});
afterEach(() => vi.restoreAllMocks());

type Claims = { sub: string; email: string };
type ApiError = { message: string; title?: string; field?: string };
type SessionDto = { sessionId: string; url: string };

const SHOP_URL = 'http://localhost:3000';
/** The sweep's clock: well past every reservation's 30-minute expiry and its grace. */
const later = () => new Date(Date.now() + 40 * 60_000);

/** A signed-in user with an active Aurum Club subscription of `tier` (profile written like a subscription start would). */
async function member(tier: SubscriptionTier): Promise<Claims> {
  const claims = claimsOf(randomUUID());
  const now = new Date();
  await putProfile({
    id: claims.sub,
    email: claims.email,
    role: 'user',
    created_at: now.toISOString(),
    banned_until: null,
    billing_address: null,
    vat_number: null,
    tax_id: null,
    subscription: {
      subscription_id: randomUUID(),
      plan_name: `Aurum Club ${tier}`,
      status: 'active',
      subscription_tier: tier,
      discount_percentage: 5,
      started_at: now.toISOString(),
      ends_at: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    },
  });
  return claims;
}

const seedBundle = async (name: string) => (await listBundles()).find((b) => b.name === name)!;
const addBundle = (claims: Claims, bundleId: string, quantity = 1) =>
  invoke<CartDto & ApiError>(cart, 'POST /api/cart/items', { claims, body: { bundle_id: bundleId, quantity } });
const addProduct = (claims: Claims, productId: string, quantity = 1) =>
  invoke<CartDto & ApiError>(cart, 'POST /api/cart/items', { claims, body: { product_id: productId, quantity } });
const startCheckout = async (claims: Claims) =>
  invoke<SessionDto & ApiError>(checkout, 'POST /api/checkout/session', { claims, body: await shipTo(claims.sub) });
const stockOf = async (id: string) => (await getProduct(id))!.quantity;
/** 'Paga' on the fake's hosted page: pays and delivers the signed completed event. @returns true when the session could be paid */
const payOnPage = async (url: string) =>
  (await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' })).headers
    .get('location')
    ?.includes('/checkout/success') ?? false;
const checkoutIdOf = async (sessionId: string) =>
  (await stripeClient().checkout.sessions.retrieve(sessionId)).client_reference_id!;
const myOrders = async (claims: Claims, query: Record<string, string> = {}) =>
  invoke<PageResponse<OrderDto> & ApiError>(account, 'GET /api/me/orders', { claims, query });
/** Calls to the alert log line (the stable message the ops side alarms on). */
const alertSpy = () => vi.spyOn(logger, 'error');
const alertsOf = (spy: ReturnType<typeof alertSpy>, code: string) =>
  spy.mock.calls.filter(([msg, fields]) => msg === ALERT_LOG_MESSAGE && (fields as { alert?: string }).alert === code);

describe('bundles deliver what they contain', () => {
  it('a paid bundle of three digital products gives three downloads in GET /api/me/orders, exactly like digital products bought alone', async () => {
    const bundle = await seedBundle(SEED_FIXTURES.digitalBundleName);
    const contents = await getProductsByIds(bundle.product_ids);
    expect(contents).toHaveLength(3);
    expect(contents.every((p) => p.is_digital && p.digital_asset_id)).toBe(true);
    const buyer = claimsOf(randomUUID());
    expect((await addBundle(buyer, bundle.id)).status).toBe(200);
    const created = await startCheckout(buyer);
    expect(created.status).toBe(201);
    expect(await payOnPage(created.body.url)).toBe(true);

    const orders = await myOrders(buyer);
    expect(orders.status).toBe(200);
    expect(orders.body.items).toHaveLength(1);
    const line = orders.body.items[0]!.items.find((i) => i.bundle_id === bundle.id)!;
    expect(line.name).toBe(SEED_FIXTURES.digitalBundleName);
    expect(line.bundle_items.map((b) => b.product_id)).toEqual(bundle.product_ids);
    expect(line.bundle_items.map((b) => b.name)).toEqual(
      bundle.product_ids.map((id) => contents.find((p) => p.id === id)!.name),
    );
    for (const item of line.bundle_items) {
      expect(item.is_digital).toBe(true);
      expect(item.download_url).toContain('X-Amz-Expires=900');
      const file = await fetch(item.download_url!);
      expect(file.status).toBe(200);
      expect((await file.text()).startsWith('%PDF-1.4')).toBe(true);
    }
    // The stored order keeps the snapshot (ids, names, asset ids), whatever happens to the bundle later.
    const stored = (await listOrdersOfUser(buyer.sub))[0]!;
    expect(stored.items[0]!.bundle_items).toEqual(
      bundle.product_ids.map((id) => {
        const p = contents.find((c) => c.id === id)!;
        return { product_id: id, name: p.name, is_digital: true, digital_asset_id: p.digital_asset_id };
      }),
    );
  });
});

describe('bundles respect tiers', () => {
  it("an Advanced member gets 403 'Prodotto Esclusivo' on a bundle holding a Premium-tier product and does not see it listed; a Premium member does", async () => {
    const elite = await seedBundle(SEED_FIXTURES.premiumTierBundleName);
    expect((await getProductsByIds(elite.product_ids)).map((p) => p.premium_tier)).toContain('Premium');
    const advanced = await member('Advanced');
    const listed = await invoke<ListResponse<BundleDto>>(catalog, 'GET /api/bundles', { claims: advanced });
    expect(listed.body.items.length).toBeGreaterThan(0);
    expect(listed.body.items.some((b) => b.id === elite.id)).toBe(false);
    const refused = await addBundle(advanced, elite.id);
    expect(refused.status).toBe(403);
    expect(refused.body.title).toBe('Prodotto Esclusivo');
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: advanced })).body.lines).toHaveLength(0);

    const premium = await member('Premium');
    const forPremium = await invoke<ListResponse<BundleDto>>(catalog, 'GET /api/bundles', { claims: premium });
    expect(forPremium.body.items.find((b) => b.id === elite.id)?.access_tier).toBe('Premium');
    expect((await addBundle(premium, elite.id)).status).toBe(200);
    await invoke(cart, 'DELETE /api/cart', { claims: premium });
  });

  it('a bundle not flagged premium but holding an Expert product is not open to everyone: not listed, not addable, not priced, not payable', async () => {
    const expert = await testProduct(5, { premium_tier: 'Expert' });
    const plain = await testProduct(5);
    const bundle = await putBundle({
      id: randomUUID(),
      name: 'Bundle misto di prova',
      description: 'x',
      price_cents: 2999,
      image_url: null,
      category: 'Bundle Misto',
      is_premium: false,
      product_ids: [plain.id, expert.id],
      created_at: new Date().toISOString(),
    });
    expect(bundle.access_tier).toBe('Expert');
    const visitorList = await invoke<ListResponse<BundleDto>>(catalog, 'GET /api/bundles');
    expect(visitorList.body.items.some((b) => b.id === bundle.id)).toBe(false);
    for (const who of [claimsOf(randomUUID()), await member('Premium')]) {
      const refused = await addBundle(who, bundle.id);
      expect(refused.status).toBe(403);
      expect(refused.body.title).toBe('Prodotto Esclusivo');
    }
    const expertMember = await member('Expert');
    expect(
      (await invoke<ListResponse<BundleDto>>(catalog, 'GET /api/bundles', { claims: expertMember })).body.items.some(
        (b) => b.id === bundle.id,
      ),
    ).toBe(true);
    expect((await addBundle(expertMember, bundle.id)).status).toBe(200);

    // A line stored before (e.g. when the product was still public) is neither priced nor paid.
    const customer = claimsOf(randomUUID());
    await addToCart(customer.sub, 'bundle', bundle.id, 1, 10);
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: customer })).body.lines).toHaveLength(0);
    const pay = await startCheckout(customer);
    expect(pay.status).toBe(400);
    expect(pay.body.message).toBe('Il carrello è vuoto.');
    expect(await stockOf(plain.id)).toBe(5);
  });

  it("keeps the bundle's stored tier true when the back office changes a product's tier", async () => {
    const p = await testProduct(5);
    const bundle = await putBundle({
      id: randomUUID(),
      name: 'Bundle pubblico di prova',
      description: 'x',
      price_cents: 999,
      image_url: null,
      category: 'Bundle Misto',
      is_premium: false,
      product_ids: [p.id],
      created_at: new Date().toISOString(),
    });
    const visible = async () =>
      (await invoke<ListResponse<BundleDto>>(catalog, 'GET /api/bundles')).body.items.some((b) => b.id === bundle.id);
    expect(await visible()).toBe(true);
    const { handler: adminCatalog } = await import('../admin-catalog/index');
    const raise = await invoke(adminCatalog, 'PUT /api/admin/products/{id}', {
      claims: staffClaims('supporto'),
      pathParameters: { id: p.id },
      body: withProductSafety({
        name: p.name,
        price_cents: p.price_cents,
        is_digital: p.is_digital,
        premium_tier: 'Legends',
      }),
    });
    expect(raise.status).toBe(200);
    expect((await listBundles()).find((b) => b.id === bundle.id)).toMatchObject({
      access_tier: 'Legends',
      is_premium: true,
    });
    expect(await visible()).toBe(false);
  });
});

describe('a payment fulfils only its own checkout', () => {
  const mismatches: [string, (s: Record<string, unknown> & { amount_total: number }) => Record<string, unknown>][] = [
    ['another session id', (s) => ({ ...s, id: `cs_test_${randomUUID().replace(/-/g, '')}` })],
    ['another amount', (s) => ({ ...s, amount_total: s.amount_total - 100 })],
    ['another currency', (s) => ({ ...s, currency: 'usd' })],
  ];
  for (const [label, tamper] of mismatches) {
    it(`a paid session with ${label} makes no order, keeps the stock reserved through the sweep and raises an alert`, async () => {
      const product = await testProduct(4);
      const buyer = claimsOf(randomUUID());
      await addProduct(buyer, product.id, 2);
      const created = await startCheckout(buyer);
      expect(created.status).toBe(201);
      const session = await stripeClient().checkout.sessions.retrieve(created.body.sessionId);
      const spy = alertSpy();
      const delivered = await signedWebhook(
        webhooks,
        eventPayload('checkout.session.completed', {
          ...tamper({ ...session, amount_total: session.amount_total! }),
          status: 'complete',
          payment_status: 'paid',
        }),
      );
      expect(delivered.status).toBe(200);
      expect(delivered.body.result).toBe('held');
      expect(await listOrdersOfUser(buyer.sub)).toHaveLength(0);
      expect(await stockOf(product.id)).toBe(2);
      const held = (await getReservation(session.client_reference_id!))!;
      expect(held.status).toBe('held');
      expect(alertsOf(spy, 'payment_mismatch')).toHaveLength(1);
      expect(alertsOf(spy, 'payment_mismatch')[0]![1]).toMatchObject({
        checkoutId: held.id,
        sessionId: expect.stringMatching(/^cs_test_/),
      });
      // The checkout's own session can no longer be paid on top; its expiry gives nothing back.
      if (label === 'another session id')
        expect((await stripeClient().checkout.sessions.retrieve(session.id)).status).toBe('expired');
      expect(await stockOf(product.id)).toBe(2);
      // Neither the expiry sweep nor a new checkout of the user gives the held stock back.
      await sweepExpiredReservations(later());
      expect(await stockOf(product.id)).toBe(2);
      expect(await listOpenReservationsOfUser(buyer.sub)).toHaveLength(0);
    });
  }
});

describe('failed delayed payments release stock', () => {
  it('asks Stripe for the methods the owner allows, never the delayed ones the dashboard enables', async () => {
    const buyer = claimsOf(randomUUID());
    await addProduct(buyer, (await testProduct(3)).id);
    const created = await startCheckout(buyer);
    const session = await stripeClient().checkout.sessions.retrieve(created.body.sessionId);
    // the local stage allows every method (seed); the stand-in's dashboard also enables SEPA debit
    expect([...session.allowed_payment_method_types!].sort()).toEqual(['card', 'klarna', 'paypal', 'satispay']);
    expect(session.payment_method_types).not.toContain('sepa_debit');
  });

  it('checkout.session.async_payment_failed gives the reserved stock back, once', async () => {
    const product = await testProduct(3);
    const buyer = claimsOf(randomUUID());
    await addProduct(buyer, product.id, 2);
    const created = await startCheckout(buyer);
    expect(await stockOf(product.id)).toBe(1);
    expect(await fakeStripeHelper(created.body.sessionId, 'delayed_payment', { outcome: 'processing' })).toBe(200);
    expect(await stockOf(product.id)).toBe(1);
    expect(await fakeStripeHelper(created.body.sessionId, 'delayed_payment', { outcome: 'failed' })).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    const session = await stripeClient().checkout.sessions.retrieve(created.body.sessionId);
    const again = await signedWebhook(webhooks, eventPayload('checkout.session.async_payment_failed', session));
    expect(again.body.result).toBe('noop');
    expect(await stockOf(product.id)).toBe(3);
    expect(await listOrdersOfUser(buyer.sub)).toHaveLength(0);
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: buyer })).body.lines).toHaveLength(1);
  });

  it('the sweep releases a complete-but-unpaid session; a later success is fulfilled from the stock if still there', async () => {
    const product = await testProduct(3);
    const buyer = claimsOf(randomUUID());
    await addProduct(buyer, product.id, 2);
    const created = await startCheckout(buyer);
    await fakeStripeHelper(created.body.sessionId, 'delayed_payment', { outcome: 'processing' });
    await sweepExpiredReservations(later());
    expect(await stockOf(product.id)).toBe(3);
    expect((await getReservation(await checkoutIdOf(created.body.sessionId)))!.status).toBe('released');
    expect(await fakeStripeHelper(created.body.sessionId, 'delayed_payment', { outcome: 'succeeded' })).toBe(200);
    const orders = await listOrdersOfUser(buyer.sub);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.needs_refund).toBe(false);
    expect(await stockOf(product.id)).toBe(1);
  });
});

describe('one shopper, many tabs', () => {
  it('5 checkouts at once for the whole stock, every session paid: stock never below 0, no more sold than the stock, no paid session without an order', async () => {
    for (let round = 0; round < 3; round++) {
      const product = await testProduct(3);
      const shopper = claimsOf(randomUUID());
      expect((await addProduct(shopper, product.id, 3)).status).toBe(200);
      const answers = await Promise.all(Array.from({ length: 5 }, () => startCheckout(shopper)));
      for (const a of answers) expect([201, 409]).toContain(a.status);
      const sessions = answers.filter((a) => a.status === 201).map((a) => a.body);
      expect(sessions.length).toBeGreaterThanOrEqual(1);
      for (const s of sessions) await payOnPage(s.url);

      const orders = await listOrdersOfUser(shopper.sub);
      const sold = orders
        .filter((o) => !o.needs_refund)
        .flatMap((o) => o.items)
        .filter((i) => i.product_id === product.id)
        .reduce((n, i) => n + i.quantity, 0);
      expect(await stockOf(product.id)).toBeGreaterThanOrEqual(0);
      expect(sold).toBeLessThanOrEqual(3);
      expect(await stockOf(product.id)).toBe(3 - sold);
      let paid = 0;
      for (const s of sessions) {
        const at = await stripeClient().checkout.sessions.retrieve(s.sessionId);
        if (at.payment_status !== 'paid') continue;
        paid += 1;
        expect(orders.some((o) => o.checkout_session_id === s.sessionId)).toBe(true);
      }
      expect(paid).toBeGreaterThanOrEqual(1);
    }
  });

  it('a checkout while another of the same user holds the lock answers 409; an expired lock is taken over', async () => {
    const shopper = claimsOf(randomUUID());
    await addProduct(shopper, (await testProduct(5)).id);
    const now = new Date();
    expect(await acquireCheckoutGate(shopper.sub, randomUUID(), now, { lockMs: 30_000, maxPerHour: 10 })).toMatchObject(
      { acquired: true },
    );
    const busy = await startCheckout(shopper);
    expect(busy.status).toBe(409);
    expect(busy.body.title).toBe('Checkout in corso');
    expect(await listOpenReservationsOfUser(shopper.sub)).toHaveLength(0);
    // the holder died: 31 s later its lock no longer blocks
    const taken = await createCheckoutSession(shopper, NO_MEMBERSHIP, SHOP_URL, await shipTo(shopper.sub), {
      now: new Date(now.getTime() + 31_000),
    });
    expect(taken.sessionId).toMatch(/^cs_test_/);
  });

  it('a session created for a reservation released meanwhile is expired and the answer is 409', async () => {
    const product = await testProduct(3);
    const shopper = claimsOf(randomUUID());
    await addProduct(shopper, product.id, 3);
    let sessionId = '';
    const attempt = createCheckoutSession(shopper, NO_MEMBERSHIP, SHOP_URL, await shipTo(shopper.sub), {
      beforeAttach: async (checkoutId, sid) => {
        sessionId = sid;
        expect(await release(checkoutId)).toBe('released');
      },
    });
    const error = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(409);
    expect((await stripeClient().checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    expect(await stockOf(product.id)).toBe(3);
    // the lock was released: the next checkout goes through
    expect((await startCheckout(shopper)).status).toBe(201);
  });

  it('the cart is read after earlier checkouts are abandoned: a paid session whose webhook is still on its way is fulfilled, never bought twice', async () => {
    const product = await testProduct(5);
    const shopper = claimsOf(randomUUID());
    await addProduct(shopper, product.id);
    const first = await startCheckout(shopper);
    expect(await fakeStripeHelper(first.body.sessionId, 'pay', { send_event: 'false' })).toBe(200);
    const second = await startCheckout(shopper);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Il carrello è vuoto.');
    const orders = await listOrdersOfUser(shopper.sub);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.checkout_session_id).toBe(first.body.sessionId);
    expect(await stockOf(product.id)).toBe(4);
  });

  it('paid after release with the stock gone: the order exists flagged needs_refund for the admin, the stock never goes below 0', async () => {
    const product = await testProduct(3);
    const late = claimsOf(randomUUID());
    await addProduct(late, product.id, 3);
    const lateCheckout = await startCheckout(late);
    const lateSession = await stripeClient().checkout.sessions.retrieve(lateCheckout.body.sessionId);
    // The sweep released it (its payment was still on its way), and another shopper bought everything.
    expect(await release(lateSession.client_reference_id!)).toBe('released');
    const other = claimsOf(randomUUID());
    await addProduct(other, product.id, 3);
    expect(await payOnPage((await startCheckout(other)).body.url)).toBe(true);
    expect(await stockOf(product.id)).toBe(0);

    const spy = alertSpy();
    const delivered = await signedWebhook(webhooks, completedEvent(lateSession));
    expect(delivered.body.result).toBe('created_needs_refund');
    expect(await stockOf(product.id)).toBe(0);
    const [order] = await listOrdersOfUser(late.sub);
    expect(order).toMatchObject({ needs_refund: true, checkout_session_id: lateSession.id });
    expect(order!.refund_reason).toContain(product.name);
    expect(alertsOf(spy, 'refund_needed')).toHaveLength(1);
    const supporto = inject('localAccounts').find((a) => a.email.startsWith('supporto'))!;
    const list = await invoke<ListResponse<AdminOrderDto>>(admin, 'GET /api/admin/orders', {
      claims: {
        sub: supporto.sub,
        email: supporto.email,
        'cognito:groups': ['admin'],
        aurum_mfa: 'sms',
        auth_time: String(Math.floor(Date.now() / 1000)),
      },
    });
    expect(list.body.items.find((o) => o.id === order!.id)).toMatchObject({
      needs_refund: true,
      refund_reason: order!.refund_reason,
    });
  });
});

describe('no paid session lost in a race', () => {
  it("when the sweep releases the reservation between fulfilment's read and write, the order is made from the released stock", async () => {
    const product = await testProduct(3);
    const buyer = claimsOf(randomUUID());
    await addProduct(buyer, product.id, 2);
    const created = await startCheckout(buyer);
    expect(await fakeStripeHelper(created.body.sessionId, 'pay', { send_event: 'false' })).toBe(200);
    const session = await stripeClient().checkout.sessions.retrieve(created.body.sessionId);
    const result = await fulfilSession(session, {
      afterRead: async () => {
        expect(await release(session.client_reference_id!)).toBe('released');
        expect(await stockOf(product.id)).toBe(3);
      },
    });
    expect(result).toBe('created');
    const orders = await listOrdersOfUser(buyer.sub);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.needs_refund).toBe(false);
    expect(await stockOf(product.id)).toBe(1);
    expect((await getReservation(session.client_reference_id!))!.status).toBe('sold');
  });
});

describe('no stock hoarding', () => {
  it('caps a cart line at 10 units, and a product at 10 units over its line and its bundles when the stock is reserved', async () => {
    const product = await testProduct(50);
    const digital = await testProduct(0, { is_digital: true });
    const shopper = claimsOf(randomUUID());
    const tooMany = await addProduct(shopper, product.id, 11);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Puoi aggiungere al massimo 10 pezzi per articolo.');
    expect((await addProduct(shopper, product.id, 6)).status).toBe(200);
    const patch = await invoke<ApiError>(cart, 'PATCH /api/cart/items/{id}', {
      claims: shopper,
      pathParameters: { id: `p-${product.id}` },
      body: { quantity: 11 },
    });
    expect(patch.status).toBe(409);
    const bundle = await putBundle({
      id: randomUUID(),
      name: 'Bundle scorta di prova',
      description: 'x',
      price_cents: 2999,
      image_url: null,
      category: 'Bundle Misto',
      is_premium: false,
      product_ids: [product.id, digital.id],
      created_at: new Date().toISOString(),
    });
    expect((await addBundle(shopper, bundle.id, 5)).status).toBe(200);
    const refused = await startCheckout(shopper);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(product.name);
    expect(refused.body.message).toContain('10');
    expect(await stockOf(product.id)).toBe(50);
    expect(await listOpenReservationsOfUser(shopper.sub)).toHaveLength(0);
  });

  it("answers 429 'Troppi Tentativi' in Italian after 10 checkouts in a clock hour, and opens again the next hour", async () => {
    const product = await testProduct(100);
    const shopper = claimsOf(randomUUID());
    await addProduct(shopper, product.id);
    const hour = new Date();
    hour.setUTCMinutes(10, 0, 0);
    const at = (i: number) => new Date(hour.getTime() + 60 * 60_000 + i * 1000);
    for (let i = 0; i < 10; i++)
      await createCheckoutSession(shopper, NO_MEMBERSHIP, SHOP_URL, await shipTo(shopper.sub), { now: at(i) });
    expect(await stockOf(product.id)).toBe(99);
    const error = await createCheckoutSession(shopper, NO_MEMBERSHIP, SHOP_URL, await shipTo(shopper.sub), {
      now: at(10),
    }).then(
      () => null,
      (e: unknown) => e as AppError,
    );
    expect(error).toMatchObject({ statusCode: 429, title: 'Troppi Tentativi' });
    expect(error!.message).toBe("Hai avviato troppi pagamenti nell'ultima ora. Riprova tra 50 minuti.");
    expect(await stockOf(product.id)).toBe(99);
    const nextHour = await createCheckoutSession(shopper, NO_MEMBERSHIP, SHOP_URL, await shipTo(shopper.sub), {
      now: new Date(hour.getTime() + 2 * 60 * 60_000),
    });
    expect(nextHour.sessionId).toMatch(/^cs_test_/);
  });

  it('maps the cap to an HTTP 429 with the Italian message through the handler', async () => {
    const shopper = claimsOf(randomUUID());
    await addProduct(shopper, (await testProduct(5)).id);
    const now = new Date();
    for (let i = 0; i < 10; i++) {
      const gate = await acquireCheckoutGate(shopper.sub, randomUUID(), new Date(now.getTime() + i), {
        lockMs: 0,
        maxPerHour: 10,
      });
      expect(gate.acquired).toBe(true);
    }
    const answer = await startCheckout(shopper);
    if (windowOf(new Date()) === windowOf(now)) {
      expect(answer.status).toBe(429);
      expect(answer.body.title).toBe('Troppi Tentativi');
      expect(answer.body.message).toMatch(
        /^Hai avviato troppi pagamenti nell'ultima ora\. Riprova tra \d+ minut[io]\.$/,
      );
    } else {
      expect(answer.status).toBe(201); // the clock hour turned meanwhile: a new hour, a new count
    }
  });
});

describe('my orders are paged', () => {
  it('GET /api/me/orders answers pages of at most `limit` orders, newest first, with a cursor only its owner can use', async () => {
    const buyer = claimsOf(randomUUID());
    const bought: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await testProduct(2);
      await addProduct(buyer, p.id);
      expect(await payOnPage((await startCheckout(buyer)).body.url)).toBe(true);
      bought.unshift(p.id);
    }
    const first = await myOrders(buyer, { limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body.items.map((o) => o.items[0]!.product_id)).toEqual(bought.slice(0, 2));
    expect(first.body.next_cursor).toBeTruthy();
    const second = await myOrders(buyer, { limit: '2', cursor: first.body.next_cursor! });
    expect(second.body.items.map((o) => o.items[0]!.product_id)).toEqual(bought.slice(2));
    expect(second.body.next_cursor).toBeNull();
    const stolen = await myOrders(claimsOf(randomUUID()), { cursor: first.body.next_cursor! });
    expect(stolen.status).toBe(400);
    expect(stolen.body.field).toBe('cursor');
    expect((await myOrders(buyer, { limit: '500' })).body.field).toBe('limit');
  });
});

describe('request budget of the paths above', () => {
  it('counts the DynamoDB requests of a fulfilment from the webhook', async () => {
    const buyer = claimsOf(randomUUID());
    await addProduct(buyer, (await testProduct(3)).id);
    const created = await startCheckout(buyer);
    const session = await stripeClient().checkout.sessions.retrieve(created.body.sessionId);
    const counter = countDynamoRequests();
    expect((await signedWebhook(webhooks, completedEvent(session))).body.result).toBe('created');
    // reservation GetItem + which products the stock sync maintains (BatchGetItem, AP86) + fulfil
    // TransactWriteItems; then the low-stock check (functions/checkout/low-stock.ts): the product's
    // stock (GetItem), left at 2 of 3, so its first alert marker with the owner's email (AP122)
    expect(counter.commands).toEqual([
      'GetItemCommand',
      'BatchGetItemCommand',
      'TransactWriteItemsCommand',
      'GetItemCommand',
      'TransactWriteItemsCommand',
    ]);
  });
});
