/**
 * Checkout against the local stand-ins and the fake Stripe API through the real `stripe` SDK:
 * no oversell under concurrency, exactly one order per session whatever the deliveries, prices
 * from the server only, stock back on expiry, webhook signatures enforced.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import Stripe from 'stripe';
import { countDynamoRequests, invoke, useLocalEnv } from '../test-support/invoke';
import type { ApiHandler } from '../lib/context-handler';
import type { CartDto } from '../../shared/api/cart';
import { getProduct, putProduct } from '../data/catalog-repository';
import { listOrdersOfUser } from '../data/order-repository';
import { getReservation } from '../data/reservation-repository';
import type { ProductRecord } from '../data/catalog-items';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;

const env = () => inject('localEnv');
const secrets = () => JSON.parse(fs.readFileSync(env().LOCAL_SECRETS_FILE!, 'utf8')) as { stripe_secret_key: string; stripe_webhook_secret: string };
const stripe = () => new Stripe(secrets().stripe_secret_key, { host: new URL(env().STRIPE_API_BASE!).hostname, port: Number(new URL(env().STRIPE_API_BASE!).port), protocol: 'http' });
const claims = (sub: string) => ({ sub, email: `${sub.slice(0, 8)}@example.com` });

async function testProduct(quantity: number, overrides: Partial<ProductRecord> = {}): Promise<ProductRecord> {
  const id = randomUUID();
  const p: ProductRecord = {
    id, name: `Kettlebell di prova ${id.slice(0, 4)}`, description: 'Prodotto di prova', price_cents: 1999, original_price_cents: null, image_url: null,
    category_id: null, category_name: null, badge: null, rating: 0, reviews: 0, is_digital: false, digital_asset_id: null, quantity,
    premium_tier: 'none', supplier_product_url: null, created_at: new Date().toISOString(), images: [], ...overrides,
  };
  await putProduct(p);
  return p;
}

/** Signs an event like Stripe does and posts it to the webhook handler. */
function signedWebhook(payload: string, opts: { secret?: string; timestamp?: number } = {}) {
  const header = stripe().webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? secrets().stripe_webhook_secret, timestamp: opts.timestamp });
  return invoke<{ received?: boolean; result?: string; message?: string }>(webhooks, 'POST /api/webhooks/stripe', { body: payload, headers: { 'stripe-signature': header } });
}

function completedEvent(session: Stripe.Checkout.Session, eventId = `evt_${randomUUID().replace(/-/g, '')}`): string {
  return JSON.stringify({ id: eventId, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: { ...session, status: 'complete', payment_status: 'paid' } } });
}

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
  ({ handler: webhooks } = await import('../webhooks/index'));
});

describe('checkout: no oversell', () => {
  it('20 concurrent checkouts for a product with 3 units give exactly 3 payable sessions', async () => {
    const product = await testProduct(3);
    const users = Array.from({ length: 20 }, () => randomUUID());
    for (const sub of users) {
      const added = await invoke<CartDto>(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id } });
      expect(added.status).toBe(200);
    }
    const results = await Promise.all(users.map((sub) => invoke<{ sessionId?: string; url?: string; message?: string; title?: string }>(checkout, 'POST /api/checkout/session', { claims: claims(sub) })));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r.body.title).toBe('Prodotto Esaurito');
      expect(r.body.message).toContain('Questo prodotto non è al momento disponibile.');
    }
    expect((await getProduct(product.id))!.quantity).toBe(0);
    // the 3 sessions can be paid: the hosted page's 'Paga' completes them and the webhook makes the orders
    for (const r of ok) {
      const pay = await fetch(`${r.body.url}/complete`, { method: 'POST', redirect: 'manual' });
      expect(pay.status).toBe(303);
      expect(pay.headers.get('location')).toContain('/checkout/success?session_id=');
    }
    const payers = users.filter((_, i) => results[i]!.status === 201);
    for (const sub of payers) {
      const orders = await listOrdersOfUser(sub);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.status).toBe('In elaborazione');
      expect(orders[0]!.total_cents).toBe(1999);
      expect(orders[0]!.items[0]).toMatchObject({ product_id: product.id, name: product.name, quantity: 1, price_cents: 1999 });
      expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: claims(sub) })).body.lines).toHaveLength(0);
    }
    expect((await getProduct(product.id))!.quantity).toBe(0);
  });
});

describe('fulfilment: exactly one order', () => {
  it('the same completed event delivered 10 times concurrently makes 1 order', async () => {
    const product = await testProduct(10);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, quantity: 2 } });
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', { claims: claims(sub) });
    expect(created.status).toBe(201);
    const session = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    const payload = completedEvent(session);
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => signedWebhook(payload)));
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    expect(deliveries.filter((d) => d.body.result === 'created')).toHaveLength(1);
    const orders = await listOrdersOfUser(sub);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.total_cents).toBe(3998);
    expect((await getProduct(product.id))!.quantity).toBe(8);
    // a different event id for the same session still makes no second order
    const again = await signedWebhook(completedEvent(session));
    expect(again.body.result).toBe('duplicate');
    expect(await listOrdersOfUser(sub)).toHaveLength(1);
    const outcome = await invoke<{ status: string; order_id: string }>(checkout, 'GET /api/checkout/session/{id}', { claims: claims(sub), pathParameters: { id: session.id } });
    expect(outcome.body).toEqual({ status: 'complete', order_id: orders[0]!.id });
    const other = await invoke(checkout, 'GET /api/checkout/session/{id}', { claims: claims(randomUUID()), pathParameters: { id: session.id } });
    expect(other.status).toBe(404);
  });

  it('refuses a tampered body or an old timestamp with 400 and writes nothing', async () => {
    const product = await testProduct(5);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id } });
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', { claims: claims(sub) });
    const session = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    const payload = completedEvent(session);
    const header = stripe().webhooks.generateTestHeaderString({ payload, secret: secrets().stripe_webhook_secret });
    const tampered = await invoke<{ message: string }>(webhooks, 'POST /api/webhooks/stripe', { body: payload.replace('"paid"', '"paid" '), headers: { 'stripe-signature': header } });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe('Firma del webhook non valida.');
    const old = await signedWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(old.status).toBe(400);
    const wrongSecret = await signedWebhook(payload, { secret: 'whsec_wrong' });
    expect(wrongSecret.status).toBe(400);
    const unsigned = await invoke(webhooks, 'POST /api/webhooks/stripe', { body: payload });
    expect(unsigned.status).toBe(400);
    expect(await listOrdersOfUser(sub)).toHaveLength(0);
    expect((await getReservation(session.client_reference_id!))!.status).toBe('reserved');
  });
});

describe('checkout: the server decides prices and quantities', () => {
  it('refuses a client price or a quantity below 1 and charges the server price with the member discount', async () => {
    const product = await testProduct(10, { price_cents: 1999 });
    const sub = randomUUID();
    const priced = await invoke<{ field: string }>(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, price_cents: 1 } });
    expect(priced.status).toBe(400);
    expect(priced.body.field).toBe('price_cents');
    const zero = await invoke<{ field: string }>(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, quantity: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.field).toBe('quantity');
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: claims(sub) })).body.lines).toHaveLength(0);

    const member = inject('localAccounts').find((a) => a.email.startsWith('membro'))!;
    const memberClaims = { sub: member.sub, email: member.email };
    await invoke(cart, 'DELETE /api/cart', { claims: memberClaims });
    for (let i = 0; i < 3; i++) {
      const p = await testProduct(10, { price_cents: 1999 });
      await invoke(cart, 'POST /api/cart/items', { claims: memberClaims, body: { product_id: p.id } });
    }
    const view = await invoke<CartDto>(cart, 'GET /api/cart', { claims: memberClaims });
    const pct = view.body.discount_percentage;
    expect(pct).toBeGreaterThan(0);
    expect(view.body.original_total_cents).toBe(5997);
    expect(view.body.total_cents).toBe(view.body.lines.reduce((s, l) => s + l.unit_paid_cents * l.quantity, 0));
    const created = await invoke<{ sessionId: string; total_cents: number }>(checkout, 'POST /api/checkout/session', { claims: memberClaims });
    expect(created.status).toBe(201);
    const session = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    expect(session.amount_total).toBe(view.body.total_cents);
    expect(session.currency).toBe('eur');
    expect(session.metadata).toMatchObject({ user_id: member.sub });
    expect(session.metadata?.cart_0).toContain('p-');
    expect(session.success_url).toContain('/checkout/success?session_id={CHECKOUT_SESSION_ID}');
    expect(session.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(29 * 60);
    await invoke(cart, 'DELETE /api/cart', { claims: memberClaims });
  });

  it('refuses adding a sold-out product and a tier product the caller may not see', async () => {
    const soldOut = await testProduct(0);
    const sub = randomUUID();
    const r = await invoke<{ title: string; message: string }>(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: soldOut.id } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ title: 'Prodotto Esaurito', message: 'Questo prodotto non è al momento disponibile.' });
    const legends = await testProduct(5, { premium_tier: 'Legends' });
    const t = await invoke<{ title: string }>(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: legends.id } });
    expect(t.status).toBe(403);
    expect(t.body.title).toBe('Prodotto Esclusivo');
  });
});

describe('reservations are released', () => {
  it('gives the stock back on checkout.session.expired, once', async () => {
    const product = await testProduct(4);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, quantity: 3 } });
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', { claims: claims(sub) });
    expect((await getProduct(product.id))!.quantity).toBe(1);
    await stripe().checkout.sessions.expire(created.body.sessionId); // the fake sends checkout.session.expired
    await expect.poll(async () => (await getProduct(product.id))!.quantity, { timeout: 5000 }).toBe(4);
    const session = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    const again = await signedWebhook(JSON.stringify({ id: 'evt_x', object: 'event', type: 'checkout.session.expired', data: { object: session } }));
    expect(again.body.result).toBe('noop');
    expect((await getProduct(product.id))!.quantity).toBe(4);
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: claims(sub) })).body.lines).toHaveLength(1);
  });

  it('the expiry sweep releases reservations whose time has passed', async () => {
    const product = await testProduct(2);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, quantity: 2 } });
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', { claims: claims(sub) });
    expect(created.status).toBe(201);
    expect((await getProduct(product.id))!.quantity).toBe(0);
    const { sweepExpiredReservations } = await import('./abandon');
    const result = await sweepExpiredReservations(new Date(Date.now() + 40 * 60_000));
    expect(result.released).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await getProduct(product.id))!.quantity, { timeout: 5000 }).toBe(2);
    const s = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    expect(s.status).toBe('expired');
  });
});

describe('request budget', () => {
  it('measures DynamoDB requests of a checkout by cart lines', async () => {
    const counter = countDynamoRequests();
    const perLines: Record<number, number> = {};
    for (const n of [1, 3, 6]) {
      const sub = randomUUID();
      for (let i = 0; i < n; i++) await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: (await testProduct(5)).id } });
      counter.reset();
      const r = await invoke(checkout, 'POST /api/checkout/session', { claims: claims(sub) });
      expect(r.status).toBe(201);
      perLines[n] = counter.commands.length;
    }
    console.log(`checkout DynamoDB requests by cart lines: ${JSON.stringify(perLines)}`);
    // constant in the number of lines: profile, cart, settings, BatchGet, TransactWrite, session id
    expect(perLines[6]).toBe(perLines[1]);
  });
});

describe('stock limits in the cart and abandoned checkouts', () => {
  it('refuses a first add or a bundle quantity beyond the stock', async () => {
    const product = await testProduct(2);
    const sub = randomUUID();
    const tooMany = await invoke<{ title: string; message: string }>(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, quantity: 5 } });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toContain('ne restano 2');
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: claims(sub) })).body.lines).toHaveLength(0);

    const { putBundle } = await import('../data/catalog-repository');
    const digital = await testProduct(0, { is_digital: true });
    const bundleId = randomUUID();
    await putBundle({ id: bundleId, name: 'Bundle di prova', description: 'x', price_cents: 2999, image_url: null, category: 'Bundle Misto', is_premium: false, product_ids: [product.id, digital.id], created_at: new Date().toISOString() });
    const bundleTooMany = await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { bundle_id: bundleId, quantity: 3 } });
    expect(bundleTooMany.status).toBe(409);
    const ok = await invoke<CartDto>(cart, 'POST /api/cart/items', { claims: claims(sub), body: { bundle_id: bundleId } });
    expect(ok.body.lines[0]!.available_quantity).toBe(2);
    const patch = await invoke(cart, 'PATCH /api/cart/items/{id}', { claims: claims(sub), pathParameters: { id: `b-${bundleId}` }, body: { quantity: 7 } });
    expect(patch.status).toBe(409);
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: claims(sub) })).body.lines[0]!.quantity).toBe(1);
  });

  it('gives the stock back when the shopper cancels, and a second checkout never holds it twice', async () => {
    const product = await testProduct(3);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, quantity: 2 } });
    const first = await invoke<{ sessionId: string; url: string }>(checkout, 'POST /api/checkout/session', { claims: claims(sub) });
    expect((await getProduct(product.id))!.quantity).toBe(1);
    // back from the payment page without paying, then checkout again: still only 2 held
    const second = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', { claims: claims(sub) });
    expect(second.status).toBe(201);
    expect((await getProduct(product.id))!.quantity).toBe(1);
    expect((await stripe().checkout.sessions.retrieve(first.body.sessionId)).status).toBe('expired');
    // 'Annulla' on the payment page lands on /checkout/cancel?checkout=<id>, which cancels
    const session = await stripe().checkout.sessions.retrieve(second.body.sessionId);
    const cancelUrl = new URL(session.cancel_url!);
    const checkoutId = cancelUrl.searchParams.get('checkout')!;
    const other = await invoke(checkout, 'POST /api/checkout/cancel/{id}', { claims: claims(randomUUID()), pathParameters: { id: checkoutId } });
    expect(other.status).toBe(404);
    const cancel = await invoke<{ result: string }>(checkout, 'POST /api/checkout/cancel/{id}', { claims: claims(sub), pathParameters: { id: checkoutId } });
    expect(cancel.body.result).toBe('released');
    expect((await getProduct(product.id))!.quantity).toBe(3);
    expect((await stripe().checkout.sessions.retrieve(second.body.sessionId)).status).toBe('expired');
    const again = await invoke<{ result: string }>(checkout, 'POST /api/checkout/cancel/{id}', { claims: claims(sub), pathParameters: { id: checkoutId } });
    expect(again.body.result).toBe('noop');
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: claims(sub) })).body.lines).toHaveLength(1);
  });
});
