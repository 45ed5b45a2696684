/**
 * Discount codes in the cart and shipping at checkout, against the
 * local stand-ins through the real handlers and the real Stripe SDK talking to the fake Stripe.
 *
 * Expected amounts are computed here by hand from the total rule (docs/payments.md: member discount first, then
 * the code, never below zero, shipping after and never discounted, the threshold on the goods
 * after both discounts), never read back from shared/order-totals.ts.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { countDynamoRequests, invoke, useLocalEnv } from '../../test/support/invoke';
import {
  claimsOf,
  completedEvent,
  shipTo,
  signedWebhook,
  stripeClient,
  testProduct,
} from '../../test/support/checkout';
import type { ApiHandler } from '../lib/context-handler';
import type { CartDto } from '../../shared/api/cart';
import {
  createDiscountCode,
  getDiscountCode,
  updateDiscountCode,
  type DiscountCodeRecord,
} from '../data/discount-code-repository';
import { listShippingMethods, type ShippingMethodRecord } from '../data/shipping-repository';
import { createAddress } from '../data/address-repository';
import { putProfile } from '../data/profile-repository';
import { getProduct } from '../data/catalog-repository';
import { listOrdersOfUser } from '../orders/order-repository';
import { listOpenReservationsOfUser } from '../data/reservation-repository';
import { CHECKOUT_MSG } from '../../shared/messages/checkout';
import { windowOf } from '../data/checkout-gate-repository';
import { italianDate } from '../../shared/calendar';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
  ({ handler: webhooks } = await import('../webhooks/index'));
});

type Claims = { sub: string; email: string };
type ApiError = { message: string; title?: string; field?: string };
type SessionDto = { sessionId: string; url: string; total_cents: number };

// Codes last through their day in Italy (shared/calendar.ts): from 23:00 UTC the UTC date is a day behind.
const today = () => italianDate(new Date());
const daysFromNow = (n: number) => italianDate(new Date(Date.now() + n * 86_400_000));

/** A discount code written through the repository; its text is unique (random suffix). */
async function code(
  fields: Partial<DiscountCodeRecord> & Pick<DiscountCodeRecord, 'discount_type' | 'value'>,
): Promise<DiscountCodeRecord> {
  const at = new Date().toISOString();
  const c: DiscountCodeRecord = {
    id: randomUUID(),
    code: `Prova${randomUUID().slice(0, 8).toUpperCase()}`,
    expires_at: null,
    is_active: true,
    times_used: 0,
    created_at: at,
    updated_at: at,
    ...fields,
  };
  expect(await createDiscountCode(c)).toBe('ok');
  return c;
}

/**
 * A seeded shipping method (the local seed: Standard 4,90 € free from 79 €, Express 9,90 € free
 * from 149 €, Internazionale (UE) 14,90 € never free, Ritiro in sede free), checked against the
 * cost and threshold the test relies on. Seeded ones are used, not new ones, so the public list
 * other test files check stays the seed's.
 */
async function method(name: string, cost: number, threshold: number | null): Promise<ShippingMethodRecord> {
  const m = (await listShippingMethods()).find((x) => x.name === name);
  expect(m, name).toMatchObject({ cost_cents: cost, free_shipping_threshold_cents: threshold });
  return m!;
}

async function address(sub: string): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await createAddress({
    id,
    user_id: sub,
    full_name: 'Giulia Bianchi',
    line1: 'Corso Italia 12',
    line2: 'Scala B',
    postal_code: '70121',
    city: 'Bari',
    province: 'BA',
    country: 'IT',
    phone: '+39 080 1234567',
    is_default: true,
    created_at: at,
    updated_at: at,
  });
  return id;
}

async function member(percentage: number): Promise<Claims> {
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
      plan_name: 'Aurum Club Premium',
      status: 'active',
      subscription_tier: 'Premium',
      discount_percentage: percentage,
      started_at: now.toISOString(),
      ends_at: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    },
  });
  return claims;
}

const getCart = (claims: Claims) => invoke<CartDto & ApiError>(cart, 'GET /api/cart', { claims });
const add = (claims: Claims, productId: string, quantity = 1) =>
  invoke<CartDto & ApiError>(cart, 'POST /api/cart/items', { claims, body: { product_id: productId, quantity } });
const applyCode = (claims: Claims, text: string) =>
  invoke<CartDto & ApiError>(cart, 'PUT /api/cart/discount-code', { claims, body: { code: text } });
const startCheckout = (claims: Claims, body: Record<string, unknown>) =>
  invoke<SessionDto & ApiError>(checkout, 'POST /api/checkout/session', { claims, body });
const payOnPage = async (url: string) =>
  (await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' })).headers
    .get('location')
    ?.includes('/checkout/success') ?? false;

describe('discount code in the cart', () => {
  it('refuses an unknown, an inactive, an expired or a malformed code with its Italian reason and changes nothing', async () => {
    const shopper = claimsOf(randomUUID());
    expect((await add(shopper, (await testProduct(5, { price_cents: 5000 })).id)).status).toBe(200);
    const inactive = await code({ discount_type: 'percentage', value: 10, is_active: false });
    const expired = await code({ discount_type: 'percentage', value: 10, expires_at: daysFromNow(-1) });
    const cases: [string, string][] = [
      [`NESSUNO${randomUUID().slice(0, 6)}`, 'Codice sconto non valido.'],
      [inactive.code, 'Questo codice sconto non è più attivo.'],
      [expired.code.toLowerCase(), 'Questo codice sconto è scaduto.'],
      ['!!', 'Codice sconto non valido.'],
    ];
    for (const [text, message] of cases) {
      const res = await applyCode(shopper, text);
      expect(res.status, text).toBe(400);
      expect(res.body).toMatchObject({ message, field: 'code' });
    }
    const after = (await getCart(shopper)).body;
    expect(after.discount_code).toBeNull();
    expect(after.code_discount_cents).toBe(0);
    expect(after.goods_total_cents).toBe(5000);
    // an empty body names the field
    const empty = await invoke<ApiError>(cart, 'PUT /api/cart/discount-code', { claims: shopper, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('code');
  });

  it('accepts a code case-insensitively through its last day, after the member discount, and removes it again', async () => {
    const buyer = await member(10);
    const lastDay = await code({ discount_type: 'percentage', value: 10, expires_at: today() });
    expect((await add(buyer, (await testProduct(5, { price_cents: 10_000 })).id)).status).toBe(200);
    const res = await applyCode(buyer, `  ${lastDay.code.toLowerCase()} `);
    expect(res.status).toBe(200);
    // 100,00 € - 10 % member = 90,00 €; the code takes 10 % of 90,00 € = 9,00 €
    expect(res.body).toMatchObject({
      original_total_cents: 10_000,
      discount_cents: 1000,
      code_discount_cents: 900,
      goods_total_cents: 8100,
    });
    expect(res.body.discount_code).toEqual({
      code: lastDay.code,
      discount_type: 'percentage',
      value: 10,
      discount_cents: 900,
      problem: null,
    });
    const removed = await invoke<CartDto>(cart, 'DELETE /api/cart/discount-code', { claims: buyer });
    expect(removed.status).toBe(200);
    expect(removed.body.discount_code).toBeNull();
    expect(removed.body.goods_total_cents).toBe(9000);
  });

  it('never goes below zero with a fixed code larger than the goods, and never discounts shipping', async () => {
    const shopper = claimsOf(randomUUID());
    const big = await code({ discount_type: 'fixed', value: 5000 });
    const courier = await method('Internazionale (UE)', 1490, null);
    await add(shopper, (await testProduct(5, { price_cents: 3000 })).id);
    const res = await applyCode(shopper, big.code);
    expect(res.body).toMatchObject({ code_discount_cents: 3000, goods_total_cents: 0 });
    const option = res.body.shipping_options.find((o) => o.id === courier.id)!;
    expect(option).toMatchObject({ shipping_cents: 1490, total_cents: 1490 });
  });

  it('shows a code that stopped applying with its reason, without its discount, and checkout does not use it', async () => {
    const shopper = claimsOf(randomUUID());
    const c = await code({ discount_type: 'percentage', value: 20 });
    const product = await testProduct(5, { price_cents: 4000, is_digital: true });
    await add(shopper, product.id);
    expect((await applyCode(shopper, c.code)).body.goods_total_cents).toBe(3200);
    expect(
      await updateDiscountCode(c, {
        code: c.code,
        discount_type: 'percentage',
        value: 20,
        expires_at: null,
        is_active: false,
        updated_at: new Date().toISOString(),
      }),
    ).toBe('ok');
    const view = (await getCart(shopper)).body;
    expect(view.discount_code).toMatchObject({
      code: c.code,
      discount_cents: 0,
      problem: 'Questo codice sconto non è più attivo.',
    });
    expect(view.total_cents).toBe(4000);
    const started = await startCheckout(shopper, { expected_total_cents: 4000, digital_consent: true });
    expect(started.status).toBe(201);
    expect((await stripeClient().checkout.sessions.retrieve(started.body.sessionId)).amount_total).toBe(4000);
    expect(await payOnPage(started.body.url)).toBe(true);
    const [order] = await listOrdersOfUser(shopper.sub);
    expect(order).toMatchObject({ total_cents: 4000, discount_code: null, discount_cents: null });
    expect((await getDiscountCode(c.id))!.times_used).toBe(0);
  });
});

describe('shipping in the cart and at checkout', () => {
  it('prices every method for the cart: cost below the threshold, GRATIS from it (goods after both discounts), cheapest preselected', async () => {
    const standard = await method('Standard', 490, 7900);
    const shopper = claimsOf(randomUUID());
    const product = await testProduct(10, { price_cents: 3500 });
    await add(shopper, product.id, 2);
    let view = (await getCart(shopper)).body;
    expect(view.needs_shipping).toBe(true);
    expect(view.shipping_options.find((o) => o.id === standard.id)).toMatchObject({
      cost_cents: 490,
      shipping_cents: 490,
      total_cents: 7000 + 490,
      missing_for_free_cents: 900,
    });
    // the preselected method is the cheapest for this cart, and the cart's total is its total
    const cheapest = Math.min(...view.shipping_options.map((o) => o.shipping_cents));
    const pre = view.shipping_options.find((o) => o.id === view.shipping_method_id)!;
    expect(pre.shipping_cents).toBe(cheapest);
    expect(view.shipping_cents).toBe(cheapest);
    expect(view.total_cents).toBe(7000 + cheapest);
    // costs are cheapest first
    const costs = view.shipping_options.map((o) => o.cost_cents);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    await add(shopper, product.id, 1);
    view = (await getCart(shopper)).body;
    expect(view.shipping_options.find((o) => o.id === standard.id)).toMatchObject({
      shipping_cents: 0,
      total_cents: 10_500,
      missing_for_free_cents: null,
    });
    // a fixed code that brings the goods below the threshold makes shipping paid again
    const c = await code({ discount_type: 'fixed', value: 3000 });
    view = (await applyCode(shopper, c.code)).body;
    expect(view.goods_total_cents).toBe(7500);
    expect(view.shipping_options.find((o) => o.id === standard.id)).toMatchObject({
      shipping_cents: 490,
      total_cents: 7990,
    });
  });

  it('a digital-only cart has no shipping and checks out without a method or an address, with the digital-content consent only', async () => {
    const shopper = claimsOf(randomUUID());
    await add(shopper, (await testProduct(0, { is_digital: true, price_cents: 1500 })).id);
    const view = (await getCart(shopper)).body;
    expect(view).toMatchObject({
      needs_shipping: false,
      shipping_options: [],
      shipping_method_id: null,
      shipping_cents: null,
      total_cents: 1500,
      needs_digital_consent: true,
    });
    // art. 59 c.1 lett. o: without the consent to the immediate supply, 400 naming the field, nothing reserved
    for (const body of [{}, { digital_consent: false }]) {
      const refused = await startCheckout(shopper, body);
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('digital_consent');
      expect(refused.body.message).toBe(CHECKOUT_MSG.digitalConsentRequired);
    }
    expect(await listOpenReservationsOfUser(shopper.sub)).toHaveLength(0);
    const started = await startCheckout(shopper, { digital_consent: true });
    expect(started.status).toBe(201);
    expect(started.body.total_cents).toBe(1500);
  });

  it("answers 400 naming the field when a cart that ships has no method, no address, an unknown one or another user's address; nothing is reserved", async () => {
    const shopper = claimsOf(randomUUID());
    const product = await testProduct(4);
    await add(shopper, product.id, 2);
    const { shipping_method_id, address_id } = await shipTo(shopper.sub);
    const strangersAddress = await address(randomUUID());
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'shipping_method_id', 'Scegli un metodo di spedizione.'],
      [{ shipping_method_id }, 'address_id', 'Scegli un indirizzo di spedizione o aggiungine uno.'],
      [{ address_id }, 'shipping_method_id', 'Scegli un metodo di spedizione.'],
      [
        { shipping_method_id: randomUUID(), address_id },
        'shipping_method_id',
        'Il metodo di spedizione scelto non esiste più: scegline un altro.',
      ],
      [
        { shipping_method_id: product.id, address_id },
        'shipping_method_id',
        'Il metodo di spedizione scelto non esiste più: scegline un altro.',
      ],
      [
        { shipping_method_id, address_id: strangersAddress },
        'address_id',
        "L'indirizzo scelto non è tra i tuoi indirizzi salvati.",
      ],
      [{ shipping_method_id, address_id: 'non-un-id' }, 'address_id', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await startCheckout(shopper, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await getProduct(product.id))!.quantity).toBe(4);
    expect(await listOpenReservationsOfUser(shopper.sub)).toHaveLength(0);
  });

  it('refuses with 409 a checkout whose total is not the one the cart showed, reserving nothing', async () => {
    const shopper = claimsOf(randomUUID());
    const product = await testProduct(3, { price_cents: 2000 });
    await add(shopper, product.id);
    const res = await startCheckout(shopper, { ...(await shipTo(shopper.sub)), expected_total_cents: 1999 });
    expect(res.status).toBe(409);
    expect(res.body.title).toBe('Totale aggiornato');
    expect(res.body.message.replace(/\s/g, ' ')).toBe(
      'Il totale del carrello è cambiato ed è ora 20,00 €. Controllalo e riprova.',
    );
    expect((await getProduct(product.id))!.quantity).toBe(3);
  });
});

describe('paying with shipping and a code', () => {
  it("Stripe charges the cart's last shown total; the order records code, amounts, method, cost and address; the code is used once however often the event comes", async () => {
    const courier = await method('Express', 990, 14_900);
    const tenPercent = await code({ discount_type: 'percentage', value: 10 });
    const buyer = await member(5);
    const kettlebell = await testProduct(6, { price_cents: 4990 });
    const planner = await testProduct(0, { price_cents: 1290, is_digital: true });
    await add(buyer, kettlebell.id, 2);
    await add(buyer, planner.id, 1);
    const addressId = await address(buyer.sub);
    const shown = (await applyCode(buyer, tenPercent.code.toLowerCase())).body;
    // goods 2 x 49,90 + 12,90 = 112,70 €; member 5 % spread over the lines (cart spread: target 107,07 €,
    // ratio 0,950044): 47,41 € and 12,26 € -> 107,08 €; code 10 % of 107,08 € = 10,71 € -> 96,37 €;
    // Express 9,90 € (free only from 149 €) -> 106,27 €
    expect(shown).toMatchObject({
      original_total_cents: 11_270,
      discount_cents: 562,
      code_discount_cents: 1071,
      goods_total_cents: 9637,
    });
    const option = shown.shipping_options.find((o) => o.id === courier.id)!;
    expect(option).toMatchObject({ shipping_cents: 990, total_cents: 10_627 });

    const counter = countDynamoRequests();
    const hour = windowOf(new Date());
    counter.reset();
    const started = await startCheckout(buyer, {
      shipping_method_id: courier.id,
      address_id: addressId,
      expected_total_cents: option.total_cents,
      digital_consent: true,
    });
    const requests = counter.commands.length;
    expect(started.status).toBe(201);
    expect(started.body.total_cents).toBe(10_627);
    // profile; the sold-out check from reads: open checkouts, cart, BatchGet (products); gate (+1 at
    // the user's first checkout of the hour), settings, open checkouts, cart (lines + code), BatchGet
    // (products, code, method, address), reserve, attach + unlock
    console.log(
      `checkout with shipping and a discount code: ${requests} DynamoDB requests (${JSON.stringify(counter.commands)})`,
    );
    expect(requests).toBe(windowOf(new Date()) === hour ? 12 : 13);

    const session = await stripeClient().checkout.sessions.retrieve(started.body.sessionId);
    expect(session.amount_total).toBe(10_627);
    expect(session.total_details).toMatchObject({ amount_discount: 1071, amount_shipping: 990 });
    expect(session.shipping_cost?.amount_total).toBe(990);
    expect(await payOnPage(started.body.url)).toBe(true);

    const [order] = await listOrdersOfUser(buyer.sub);
    expect(order).toMatchObject({
      total_cents: 10_627,
      discount_code: tenPercent.code,
      discount_cents: 1071,
      discount_code_id: tenPercent.id,
      shipping_method_id: courier.id,
      shipping_method: 'Express',
      shipping_cents: 990,
      shipping_address: {
        full_name: 'Giulia Bianchi',
        line1: 'Corso Italia 12',
        line2: 'Scala B',
        postal_code: '70121',
        city: 'Bari',
        province: 'BA',
        country: 'IT',
        phone: '+39 080 1234567',
      },
    });
    // lines at the member price: Stripe's lines + shipping - coupon = the total
    expect(order!.items.reduce((s, i) => s + i.price_cents * i.quantity, 0)).toBe(10_708);
    expect((await getDiscountCode(tenPercent.id))!.times_used).toBe(1);

    // the same event again, 5 times at once: still one order, the code used once
    const payload = completedEvent({ ...(await stripeClient().checkout.sessions.retrieve(started.body.sessionId)) });
    const again = await Promise.all(Array.from({ length: 5 }, () => signedWebhook(webhooks, payload)));
    expect(again.map((r) => r.body.result)).toEqual(Array(5).fill('duplicate'));
    expect(await listOrdersOfUser(buyer.sub)).toHaveLength(1);
    expect((await getDiscountCode(tenPercent.id))!.times_used).toBe(1);
    // the paid cart is empty and its code gone
    expect((await getCart(buyer)).body).toMatchObject({ lines: [], discount_code: null });
  });

  it("[AP71] the cart's lines and its discount code are 1 Query; GET /api/cart with a code and physical goods costs 3 requests", async () => {
    const shopper = claimsOf(randomUUID());
    await add(shopper, (await testProduct(3)).id);
    await applyCode(shopper, (await code({ discount_type: 'fixed', value: 100 })).code);
    const counter = countDynamoRequests();
    counter.reset();
    const { readCart } = await import('../data/cart-repository');
    const stored = await readCart(shopper.sub);
    expect(stored.lines).toHaveLength(1);
    expect(stored.code).toMatchObject({ code: expect.stringMatching(/^Prova/) });
    expect(counter.requests).toEqual([{ command: 'QueryCommand' }]);
    counter.reset();
    expect((await getCart(shopper)).body.code_discount_cents).toBe(100);
    expect(counter.requests).toEqual([
      { command: 'GetItemCommand' },
      { command: 'QueryCommand' },
      { command: 'BatchGetItemCommand' },
      { command: 'QueryCommand', index: 'GSI1' },
    ]);
  });
});
