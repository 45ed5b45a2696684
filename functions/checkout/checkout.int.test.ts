/**
 * Checkout against the local stand-ins and the fake Stripe API through the real `stripe` SDK:
 * no oversell under concurrency, exactly one order per session whatever the deliveries, prices
 * from the server only, stock back on expiry, webhook signatures enforced.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { countDynamoRequests, invoke, useLocalEnv } from '../../test/support/invoke';
import {
  claimsOf as claims,
  completedEvent,
  eventPayload,
  shipTo,
  signedWebhook as signed,
  stripeClient as stripe,
  stripeSecrets as secrets,
  testProduct,
} from '../../test/support/checkout';
import type { ApiHandler } from '../lib/context-handler';
import type { CartDto } from '../../shared/api/cart';
import { getProduct } from '../data/catalog-repository';
import { listOrdersOfUser } from '../orders/order-repository';
import { getReservation } from '../data/reservation-repository';
import { windowOf } from '../data/checkout-gate-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;

const signedWebhook = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  signed(webhooks, payload, opts);

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
      const added = await invoke<CartDto>(cart, 'POST /api/cart/items', {
        claims: claims(sub),
        body: { product_id: product.id },
      });
      expect(added.status).toBe(200);
    }
    const results = await Promise.all(
      users.map(async (sub) =>
        invoke<{ sessionId?: string; url?: string; message?: string; title?: string }>(
          checkout,
          'POST /api/checkout/session',
          { claims: claims(sub), body: await shipTo(sub) },
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    const answers = JSON.stringify(results.map((r) => [r.status, r.body.title ?? r.body.message]));
    expect(ok, answers).toHaveLength(3);
    expect(refused, answers).toHaveLength(17);
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
      expect(orders[0]!.items[0]).toMatchObject({
        product_id: product.id,
        name: product.name,
        quantity: 1,
        price_cents: 1999,
      });
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
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: claims(sub),
      body: await shipTo(sub),
    });
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
    const outcome = await invoke<{ status: string; order_id: string }>(checkout, 'GET /api/checkout/session/{id}', {
      claims: claims(sub),
      pathParameters: { id: session.id },
    });
    expect(outcome.body).toEqual({ status: 'complete', order_id: orders[0]!.id });
    const other = await invoke(checkout, 'GET /api/checkout/session/{id}', {
      claims: claims(randomUUID()),
      pathParameters: { id: session.id },
    });
    expect(other.status).toBe(404);
  });

  it('refuses a tampered body or an old timestamp with 400 and writes nothing', async () => {
    const product = await testProduct(5);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id } });
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: claims(sub),
      body: await shipTo(sub),
    });
    const session = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    const payload = completedEvent(session);
    const header = stripe().webhooks.generateTestHeaderString({ payload, secret: secrets().stripe_webhook_secret });
    const tampered = await invoke<{ message: string }>(webhooks, 'POST /api/webhooks/stripe', {
      body: payload.replace('"paid"', '"paid" '),
      headers: { 'stripe-signature': header },
    });
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
    const priced = await invoke<{ field: string }>(cart, 'POST /api/cart/items', {
      claims: claims(sub),
      body: { product_id: product.id, price_cents: 1 },
    });
    expect(priced.status).toBe(400);
    expect(priced.body.field).toBe('price_cents');
    const zero = await invoke<{ field: string }>(cart, 'POST /api/cart/items', {
      claims: claims(sub),
      body: { product_id: product.id, quantity: 0 },
    });
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
    const created = await invoke<{ sessionId: string; total_cents: number }>(checkout, 'POST /api/checkout/session', {
      claims: memberClaims,
      body: await shipTo(memberClaims.sub),
    });
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
    const r = await invoke<{ title: string; message: string }>(cart, 'POST /api/cart/items', {
      claims: claims(sub),
      body: { product_id: soldOut.id },
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      title: 'Prodotto Esaurito',
      message: 'Questo prodotto non è al momento disponibile.',
    });
    const legends = await testProduct(5, { premium_tier: 'Legends' });
    const t = await invoke<{ title: string }>(cart, 'POST /api/cart/items', {
      claims: claims(sub),
      body: { product_id: legends.id },
    });
    expect(t.status).toBe(403);
    expect(t.body.title).toBe('Prodotto Esclusivo');
  });
});

describe('reservations are released', () => {
  it('gives the stock back on checkout.session.expired, once', async () => {
    const product = await testProduct(4);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, quantity: 3 } });
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: claims(sub),
      body: await shipTo(sub),
    });
    expect((await getProduct(product.id))!.quantity).toBe(1);
    await stripe().checkout.sessions.expire(created.body.sessionId); // the fake sends checkout.session.expired
    await expect.poll(async () => (await getProduct(product.id))!.quantity, { timeout: 5000 }).toBe(4);
    const session = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    const again = await signedWebhook(eventPayload('checkout.session.expired', session, 'evt_x'));
    expect(again.body.result).toBe('noop');
    expect((await getProduct(product.id))!.quantity).toBe(4);
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: claims(sub) })).body.lines).toHaveLength(1);
  });

  it('the expiry sweep releases reservations whose time has passed', async () => {
    const product = await testProduct(2);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, quantity: 2 } });
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: claims(sub),
      body: await shipTo(sub),
    });
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
  it("measures DynamoDB requests of a checkout: constant in the cart lines, 12 at a user's first checkout of the hour, 11 after", async () => {
    const counter = countDynamoRequests();
    const started = windowOf(new Date());
    const perLines: Record<number, number> = {};
    let last = { sub: '', checkoutId: '' };
    for (const n of [1, 3, 6]) {
      const sub = randomUUID();
      for (let i = 0; i < n; i++)
        await invoke(cart, 'POST /api/cart/items', {
          claims: claims(sub),
          body: { product_id: (await testProduct(5)).id },
        });
      const body = await shipTo(sub);
      counter.reset();
      const r = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
        claims: claims(sub),
        body,
      });
      expect(r.status).toBe(201);
      perLines[n] = counter.commands.length;
      last = { sub, checkoutId: (await stripe().checkout.sessions.retrieve(r.body.sessionId)).client_reference_id! };
    }
    // profile; the sold-out check from reads: open checkouts, cart, BatchGet; gate (2: the hour's
    // count starts), settings, open checkouts, cart, BatchGet, reserve, attach + unlock
    expect(perLines).toEqual({ 1: 12, 3: 12, 6: 12 });
    // the same user again after giving the first one up: the gate is 1 request
    await invoke(checkout, 'POST /api/checkout/cancel/{id}', {
      claims: claims(last.sub),
      pathParameters: { id: last.checkoutId },
    });
    const body = await shipTo(last.sub);
    counter.reset();
    expect((await invoke(checkout, 'POST /api/checkout/session', { claims: claims(last.sub), body })).status).toBe(201);
    console.log(
      `checkout DynamoDB requests by cart lines: ${JSON.stringify(perLines)}; a later checkout in the hour: ${counter.commands.length}`,
    );
    // (12 again only if the clock hour turned during this test)
    expect(counter.commands).toHaveLength(windowOf(new Date()) === started ? 11 : 12);
  });
});

describe('stock limits in the cart and abandoned checkouts', () => {
  it('refuses a first add or a bundle quantity beyond the stock', async () => {
    const product = await testProduct(2);
    const sub = randomUUID();
    const tooMany = await invoke<{ title: string; message: string }>(cart, 'POST /api/cart/items', {
      claims: claims(sub),
      body: { product_id: product.id, quantity: 5 },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toContain('ne restano 2');
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: claims(sub) })).body.lines).toHaveLength(0);

    const { putBundle } = await import('../data/catalog-repository');
    const digital = await testProduct(0, { is_digital: true });
    const bundleId = randomUUID();
    await putBundle({
      id: bundleId,
      name: 'Bundle di prova',
      description: 'x',
      price_cents: 2999,
      image_url: null,
      category: 'Bundle Misto',
      is_premium: false,
      product_ids: [product.id, digital.id],
      created_at: new Date().toISOString(),
    });
    const bundleTooMany = await invoke(cart, 'POST /api/cart/items', {
      claims: claims(sub),
      body: { bundle_id: bundleId, quantity: 3 },
    });
    expect(bundleTooMany.status).toBe(409);
    const ok = await invoke<CartDto>(cart, 'POST /api/cart/items', {
      claims: claims(sub),
      body: { bundle_id: bundleId },
    });
    expect(ok.body.lines[0]!.available_quantity).toBe(2);
    const patch = await invoke(cart, 'PATCH /api/cart/items/{id}', {
      claims: claims(sub),
      pathParameters: { id: `b-${bundleId}` },
      body: { quantity: 7 },
    });
    expect(patch.status).toBe(409);
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: claims(sub) })).body.lines[0]!.quantity).toBe(1);
  });

  it('gives the stock back when the shopper cancels, and a second checkout never holds it twice', async () => {
    const product = await testProduct(3);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, quantity: 2 } });
    const first = await invoke<{ sessionId: string; url: string }>(checkout, 'POST /api/checkout/session', {
      claims: claims(sub),
      body: await shipTo(sub),
    });
    expect((await getProduct(product.id))!.quantity).toBe(1);
    // back from the payment page without paying, then checkout again: still only 2 held
    const second = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: claims(sub),
      body: await shipTo(sub),
    });
    expect(second.status).toBe(201);
    expect((await getProduct(product.id))!.quantity).toBe(1);
    expect((await stripe().checkout.sessions.retrieve(first.body.sessionId)).status).toBe('expired');
    // 'Annulla' on the payment page lands on /checkout/cancel?checkout=<id>, which cancels
    const session = await stripe().checkout.sessions.retrieve(second.body.sessionId);
    const cancelUrl = new URL(session.cancel_url!);
    const checkoutId = cancelUrl.searchParams.get('checkout')!;
    const other = await invoke(checkout, 'POST /api/checkout/cancel/{id}', {
      claims: claims(randomUUID()),
      pathParameters: { id: checkoutId },
    });
    expect(other.status).toBe(404);
    const cancel = await invoke<{ result: string }>(checkout, 'POST /api/checkout/cancel/{id}', {
      claims: claims(sub),
      pathParameters: { id: checkoutId },
    });
    expect(cancel.body.result).toBe('released');
    expect((await getProduct(product.id))!.quantity).toBe(3);
    expect((await stripe().checkout.sessions.retrieve(second.body.sessionId)).status).toBe('expired');
    const again = await invoke<{ result: string }>(checkout, 'POST /api/checkout/cancel/{id}', {
      claims: claims(sub),
      pathParameters: { id: checkoutId },
    });
    expect(again.body.result).toBe('noop');
    expect((await invoke<CartDto>(cart, 'GET /api/cart', { claims: claims(sub) })).body.lines).toHaveLength(1);
  });
});
