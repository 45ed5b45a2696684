/**
 * Checkout as real Stripe takes it (docs/payments.md, "Checkout"): a free order (total 0) completes
 * with `no_payment_required` and is fulfilled, by the webhook and by the sweep; `expires_at` reaches
 * Stripe inside its window however late the create call comes; a total Stripe cannot charge
 * (1-49 cents) and a cart with more lines than the shop's cap are refused before anything is
 * reserved. Real handlers, the real Stripe SDK against the fake Stripe, which refuses what Stripe
 * refuses. Expected values come from the rules (shared/cart.ts, Stripe's documented limits).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { claimsOf, fakeStripeHelper, shipTo, stripeClient, testProduct } from '../../test/support/checkout';
import { SEED_FIXTURES } from '../../test/support/local-runtime';
import type { ApiHandler } from '../lib/context-handler';
import type { CartDto } from '../../shared/api/cart';
import type { OrderDto } from '../../shared/api/orders';
import type { PageResponse } from '../../shared/api/route';
import { MAX_CART_LINES } from '../../shared/cart';
import { NO_MEMBERSHIP } from '../../shared/tiers';
import { getProduct, getProductsByIds, listBundles } from '../data/catalog-repository';
import { addToCart } from '../data/cart-repository';
import { createDiscountCode, getDiscountCode, type DiscountCodeRecord } from '../data/discount-code-repository';
import { listOrdersOfUser } from '../orders/order-repository';
import { getReservation, listOpenReservationsOfUser } from '../data/reservation-repository';
import { sweepExpiredReservations } from './abandon';
import { createCheckoutSession } from './checkout-session';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let account: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
  ({ handler: account } = await import('../account/index'));
});

type Claims = { sub: string; email: string };
type ApiError = { message: string; title?: string; field?: string };
type SessionDto = { sessionId: string; url: string; total_cents: number; expires_at: string };

const add = (claims: Claims, productId: string, quantity = 1) =>
  invoke<CartDto & ApiError>(cart, 'POST /api/cart/items', { claims, body: { product_id: productId, quantity } });
const startCheckout = (claims: Claims, body: Record<string, unknown> = {}) =>
  invoke<SessionDto & ApiError>(checkout, 'POST /api/checkout/session', { claims, body });
const payOnPage = async (url: string) =>
  (await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' })).headers.get('location') ?? '';
const myOrders = (claims: Claims) => invoke<PageResponse<OrderDto>>(account, 'GET /api/me/orders', { claims });

/** A 100 % code (percentage 100), active, written through the repository. */
async function fullCode(): Promise<DiscountCodeRecord> {
  const at = new Date().toISOString();
  const c: DiscountCodeRecord = {
    id: randomUUID(),
    code: `Gratis${randomUUID().slice(0, 8).toUpperCase()}`,
    discount_type: 'percentage',
    value: 100,
    expires_at: null,
    is_active: true,
    times_used: 0,
    created_at: at,
    updated_at: at,
  };
  expect(await createDiscountCode(c)).toBe('ok');
  return c;
}

/** A new digital product delivering one of the seed's digital files. */
async function digitalProduct(priceCents: number) {
  const bundle = (await listBundles()).find((b) => b.name === SEED_FIXTURES.digitalBundleName)!;
  const seeded = (await getProductsByIds(bundle.product_ids)).find((p) => p.is_digital && p.digital_asset_id)!;
  return testProduct(0, {
    name: `Piano digitale ${randomUUID().slice(0, 4)}`,
    is_digital: true,
    digital_asset_id: seeded.digital_asset_id,
    price_cents: priceCents,
  });
}

describe('a free order (100 % code): Stripe completes it with no_payment_required', () => {
  it('the paid page makes an order of 0 € with its download, and the code counts as used', async () => {
    const product = await digitalProduct(2990);
    const code = await fullCode();
    const claims = claimsOf(randomUUID());
    expect((await add(claims, product.id)).status).toBe(200);
    const applied = await invoke<CartDto>(cart, 'PUT /api/cart/discount-code', { claims, body: { code: code.code } });
    expect(applied.status).toBe(200);
    const started = await startCheckout(claims, { expected_total_cents: 0, digital_consent: true });
    expect(started.status).toBe(201);
    expect(started.body.total_cents).toBe(0);
    expect(await payOnPage(started.body.url)).toContain('/checkout/success');
    const session = await stripeClient().checkout.sessions.retrieve(started.body.sessionId);
    expect(session).toMatchObject({ amount_total: 0, payment_status: 'no_payment_required', payment_intent: null });

    const orders = await listOrdersOfUser(claims.sub);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ total_cents: 0, status: 'In elaborazione', discount_cents: 2990 });
    const listed = (await myOrders(claims)).body.items[0]!;
    expect(listed.items[0]!.download_url).toContain('X-Amz-Expires=');
    expect((await getDiscountCode(code.id))!.times_used).toBe(1);
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims })).body.lines).toHaveLength(0);
  });

  it('the expiry sweep fulfils a free session that completed while its webhook was lost', async () => {
    const product = await testProduct(3, { price_cents: 4500 });
    const code = await fullCode();
    const claims = claimsOf(randomUUID());
    await add(claims, product.id);
    await invoke(cart, 'PUT /api/cart/discount-code', { claims, body: { code: code.code } });
    // 'Ritiro in sede' costs nothing: the whole order is free
    const started = await startCheckout(claims, { ...(await shipTo(claims.sub)), expected_total_cents: 0 });
    expect(started.status).toBe(201);
    expect(await fakeStripeHelper(started.body.sessionId, 'pay', { send_event: 'false' })).toBe(200);
    expect(await listOrdersOfUser(claims.sub)).toHaveLength(0);
    const swept = await sweepExpiredReservations(new Date(Date.now() + 40 * 60_000));
    expect(swept.fulfilled).toBeGreaterThanOrEqual(1);
    const orders = await listOrdersOfUser(claims.sub);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.total_cents).toBe(0);
    // sold, not released: the unit stays taken
    expect((await getProduct(product.id))!.quantity).toBe(2);
    expect((await getDiscountCode(code.id))!.times_used).toBe(1);
  });
});

describe("the session's expiry reaches Stripe inside its window", () => {
  it('is computed right before the create call: a request whose clock was read seconds earlier still gets a 30-minute session', async () => {
    const product = await testProduct(2, { price_cents: 2500 });
    const claims = claimsOf(randomUUID());
    await add(claims, product.id);
    // the request's clock read 20 s before the create call (slow round trips before it)
    const readEarlier = new Date(Date.now() - 20_000);
    const created = await createCheckoutSession(
      claims,
      NO_MEMBERSHIP,
      'http://localhost:3000',
      await shipTo(claims.sub),
      { now: readEarlier },
    );
    const session = await stripeClient().checkout.sessions.retrieve(created.sessionId);
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
    expect(session.expires_at - session.created).toBeLessThanOrEqual(30 * 60 + 120);
    // the reservation is held until the session's own expiry
    const checkoutId = session.client_reference_id!;
    expect(Date.parse((await getReservation(checkoutId))!.expires_at) / 1000).toBe(session.expires_at);
    expect(created.expires_at).toBe(new Date(session.expires_at * 1000).toISOString());
  });
});

describe('totals and carts Stripe would refuse are refused before any reservation', () => {
  it('a total of 1-49 cents answers 400 with the Italian reason; 50 cents checks out', async () => {
    const cheap = await testProduct(5, { price_cents: 30, is_digital: true, quantity: 0 });
    const claims = claimsOf(randomUUID());
    expect((await add(claims, cheap.id)).status).toBe(200);
    const refused = await startCheckout(claims, { expected_total_cents: 30, digital_consent: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'cart' });
    expect(refused.body.message).toMatch(/inferiore a 0,50\s€/);
    expect(await listOpenReservationsOfUser(claims.sub)).toHaveLength(0);
    const enough = await testProduct(5, { price_cents: 50, is_digital: true, quantity: 0 });
    const other = claimsOf(randomUUID());
    await add(other, enough.id);
    expect((await startCheckout(other, { expected_total_cents: 50, digital_consent: true })).status).toBe(201);
  });

  it(`caps distinct cart lines at ${MAX_CART_LINES}: adding one more is 409, and a longer stored cart cannot check out`, async () => {
    const products = await Promise.all(
      Array.from({ length: MAX_CART_LINES + 1 }, () => testProduct(5, { price_cents: 100 })),
    );
    const claims = claimsOf(randomUUID());
    for (const p of products.slice(0, MAX_CART_LINES)) expect((await add(claims, p.id)).status).toBe(200);
    const full = await add(claims, products[MAX_CART_LINES]!.id);
    expect(full.status).toBe(409);
    expect(full.body.title).toBe('Carrello Pieno');
    expect(full.body.message).toContain(`al massimo ${MAX_CART_LINES} articoli diversi`);
    // raising a line already in the cart is still allowed
    expect((await add(claims, products[0]!.id)).status).toBe(200);
    // a cart stored before the cap (written past it) is refused at checkout, before any reservation
    await addToCart(claims.sub, 'product', products[MAX_CART_LINES]!.id, 1, 10);
    const refused = await startCheckout(claims, await shipTo(claims.sub));
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('cart');
    expect(refused.body.message).toContain('rimuovine 1');
    expect(await listOpenReservationsOfUser(claims.sub)).toHaveLength(0);
    expect((await getProduct(products[0]!.id))!.quantity).toBe(5);
  });
});
