/**
 * The withdrawal from a contract (shared/withdrawals.ts, docs/italian-law.md) through the real
 * handlers, repositories and the real Stripe SDK against the fake Stripe: the customer withdraws
 * from a delivered order ('Recedi dal contratto'), the acknowledgement email is written with the
 * request, the back office finds it in 'Recessi', records the goods received and refunds it. Amounts
 * are written from the rules (the withdrawn units' price; the whole order with its delivery when
 * every unit is withdrawn), never read back from the code.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../../test/support/invoke';
import { claimsOf, shipTo, testProduct } from '../../../test/support/checkout';
import { claimsOf as staffClaims } from '../../../test/support/staff';
import { SEED_FIXTURES } from '../../../test/support/local-runtime';
import type { ApiHandler } from '../../lib/context-handler';
import type { CartDto } from '../../../shared/api/cart';
import type { AdminOrderDto, OrderDto } from '../../../shared/api/orders';
import type { RefundResultDto } from '../../../shared/api/admin';
import type { PageResponse } from '../../../shared/api/route';
import { WITHDRAWAL_MSG } from '../../../shared/messages/withdrawals';
import { getProduct, getProductsByIds, listBundles } from '../../data/catalog-repository';
import { findOrder, listOrdersOfUser, listOrdersWithOpenWithdrawals, writeOrder } from '../order-repository';
import { listAuditOfTarget } from '../../data/audit-repository';
import { getEmailJob } from '../../data/email-job-repository';
import { listShippingMethods } from '../../data/shipping-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let admin: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../../cart/index'));
  ({ handler: checkout } = await import('../../checkout/index'));
  ({ handler: admin } = await import('../../admin/index'));
});

type Claims = { sub: string; email: string };
type ApiError = { message: string; title?: string; field?: string };
const ADMIN = () => staffClaims('supporto');

const add = (claims: Claims, productId: string, quantity = 1) =>
  invoke<CartDto & ApiError>(cart, 'POST /api/cart/items', { claims, body: { product_id: productId, quantity } });

/** Buys the cart on the fake Stripe's page (`paidShipping`: a seeded method that costs, else the free pick-up). */
async function buy(claims: Claims, consent = false, paidShipping = false) {
  const ship = await shipTo(claims.sub);
  if (paidShipping) ship.shipping_method_id = (await listShippingMethods()).find((m) => m.cost_cents > 0)!.id;
  const started = await invoke<{ url: string } & ApiError>(checkout, 'POST /api/checkout/session', {
    claims,
    body: { ...ship, ...(consent ? { digital_consent: true } : {}) },
  });
  expect(started.status).toBe(201);
  const paid = await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
  expect(paid.headers.get('location')).toContain('/checkout/success');
  const [order] = await listOrdersOfUser(claims.sub);
  return order!;
}

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

const setStatus = (id: string, status: string) =>
  invoke<AdminOrderDto & ApiError>(admin, 'PATCH /api/admin/orders/{id}', {
    claims: ADMIN(),
    pathParameters: { id },
    body: { status },
  });
const withdraw = (id: string, claims: Claims, lines: { index: number; quantity: number }[]) =>
  invoke<OrderDto & ApiError>(checkout, 'POST /api/me/orders/{id}/withdrawal', {
    claims,
    pathParameters: { id },
    body: { lines },
  });
const step = (id: string, wid: string, what: 'received' | 'refund', claims: Record<string, unknown> = ADMIN()) =>
  invoke<AdminOrderDto & RefundResultDto & ApiError>(admin, `POST /api/admin/orders/{id}/withdrawals/{wid}/${what}`, {
    claims,
    pathParameters: { id, wid },
  });

describe('the customer withdraws from a delivered order and the back office refunds it', () => {
  it('[AP104] [AP105] [AP106] [AP107] records the request with its acknowledgement, lists it in Recessi, then received and refunded, each step audited', async () => {
    const kettlebell = await testProduct(5, { price_cents: 4990 });
    const band = await testProduct(5, { price_cents: 1500 });
    const digital = await digitalProduct(1900);
    const buyer = claimsOf(randomUUID());
    expect((await add(buyer, kettlebell.id, 2)).status).toBe(200);
    expect((await add(buyer, band.id)).status).toBe(200);
    expect((await add(buyer, digital.id)).status).toBe(200);
    const order = await buy(buyer, true);
    const kb = order.items.findIndex((i) => i.product_id === kettlebell.id);
    const dg = order.items.findIndex((i) => i.product_id === digital.id);
    expect(await getProduct(kettlebell.id).then((p) => p!.quantity)).toBe(3);

    // not delivered yet: no withdrawal
    const early = await withdraw(order.id, buyer, [{ index: kb, quantity: 1 }]);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(WITHDRAWAL_MSG.period);

    // delivered: the back office marks it 'Completato' and the delivery date is recorded
    const before = Date.now();
    const done = await setStatus(order.id, 'Completato');
    expect(done.status).toBe(200);
    expect(Date.parse(done.body.delivered_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(done.body.can_withdraw).toBe(true);
    expect(done.body.items[dg]!.withdrawable_quantity).toBe(0);
    expect(done.body.items[kb]!.withdrawable_quantity).toBe(2);

    // a digital line is refused, and so is another customer
    const digitalAsk = await withdraw(order.id, buyer, [{ index: dg, quantity: 1 }]);
    expect(digitalAsk.status).toBe(400);
    expect(digitalAsk.body.field).toBe('lines');
    expect((await withdraw(order.id, claimsOf(randomUUID()), [{ index: kb, quantity: 1 }])).status).toBe(404);

    // the request: one kettlebell
    const asked = await withdraw(order.id, buyer, [{ index: kb, quantity: 1 }]);
    expect(asked.status).toBe(201);
    const w = asked.body.withdrawals[0]!;
    expect(w).toMatchObject({ status: 'requested', lines: [{ index: kb, quantity: 1 }], refund_id: null });
    expect(asked.body.items[kb]!.withdrawable_quantity).toBe(1);
    // the acknowledgement, written with the request: the content and the date and time
    const ack = await getEmailJob(`withdrawal-received:${w.id}`);
    expect(ack).toMatchObject({ template: 'withdrawal-received', to: buyer.email });
    expect(ack!.data).toMatchObject({
      requested_at: w.requested_at,
      lines: [{ name: kettlebell.name, quantity: 1, unit_cents: 4990 }],
    });

    // a second request for the same units: 409, nothing written
    const twice = await withdraw(order.id, buyer, [{ index: kb, quantity: 2 }]);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(WITHDRAWAL_MSG.already(1));
    expect((await findOrder(order.id))!.order.withdrawals).toHaveLength(1);

    // 'Recessi' lists it, with the last day to refund (14 days from the request)
    const listed = await invoke<PageResponse<AdminOrderDto>>(admin, 'GET /api/admin/orders', {
      claims: ADMIN(),
      query: { withdrawals: 'open' },
    });
    expect(listed.status).toBe(200);
    const row = listed.body.items.find((o) => o.id === order.id)!;
    expect(row.withdrawals[0]!.refund_last_day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      Date.parse(row.withdrawals[0]!.refund_last_day) - Date.parse(w.requested_at.slice(0, 10)),
    ).toBeGreaterThanOrEqual(13 * 86_400_000);

    // the refund waits for the goods
    const tooSoon = await step(order.id, w.id, 'refund');
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.message).toBe(WITHDRAWAL_MSG.notReceived);
    // a collaborator records the goods but never refunds
    const received = await step(order.id, w.id, 'received', staffClaims('collaboratore'));
    expect(received.status).toBe(200);
    expect(received.body.withdrawals[0]!.status).toBe('received');
    expect((await step(order.id, w.id, 'received')).status).toBe(409);
    expect((await step(order.id, w.id, 'refund', staffClaims('collaboratore'))).status).toBe(403);

    const refunded = await step(order.id, w.id, 'refund');
    expect(refunded.status).toBe(201);
    // one kettlebell: what it was paid, no delivery (the rest of the order stays)
    expect(refunded.body.refund).toMatchObject({
      amount_cents: 4990,
      shipping: false,
      restocked: true,
      status: 'succeeded',
    });
    expect(refunded.body.order.withdrawals[0]).toMatchObject({
      status: 'refunded',
      refund_id: refunded.body.refund.id,
    });
    expect(await getProduct(kettlebell.id).then((p) => p!.quantity)).toBe(4);
    expect(await getEmailJob(`withdrawal-refunded:${w.id}`)).toMatchObject({ to: buyer.email });
    expect((await listOrdersWithOpenWithdrawals()).map((o) => o.id)).not.toContain(order.id);
    expect((await step(order.id, w.id, 'refund')).status).toBe(409);

    const audit = await listAuditOfTarget('order', order.id);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['withdrawal_received', 'withdrawal_refund']));
  });

  it('refunds the whole order with its delivery when every unit is withdrawn (art. 56 c.1)', async () => {
    // a method that costs, under the free-shipping threshold: the order pays its delivery
    const band = await testProduct(5, { price_cents: 1500 });
    const buyer = claimsOf(randomUUID());
    expect((await add(buyer, band.id)).status).toBe(200);
    const order = await buy(buyer, false, true);
    expect(order.shipping_cents).toBeGreaterThan(0);
    expect((await setStatus(order.id, 'Completato')).status).toBe(200);
    const asked = await withdraw(order.id, buyer, [{ index: 0, quantity: 1 }]);
    expect(asked.status).toBe(201);
    const wid = asked.body.withdrawals[0]!.id;
    expect((await step(order.id, wid, 'received')).status).toBe(200);
    const refunded = await step(order.id, wid, 'refund');
    expect(refunded.status).toBe(201);
    expect(refunded.body.refund).toMatchObject({ amount_cents: order.total_cents, shipping: true });
    expect(refunded.body.order.refund_state).toBe('full');
  });

  it('refuses a request after the 14 days from delivery', async () => {
    const kettlebell = await testProduct(5, { price_cents: 4990 });
    const buyer = claimsOf(randomUUID());
    expect((await add(buyer, kettlebell.id)).status).toBe(200);
    const order = await buy(buyer);
    expect((await setStatus(order.id, 'Completato')).status).toBe(200);
    // delivered 15 days ago (Italian days: the delivery day is not counted, the 14th is the last)
    const found = (await findOrder(order.id))!;
    await writeOrder(found, {
      next: { ...found.order, delivered_at: new Date(Date.now() - 15 * 86_400_000).toISOString() },
    });
    const late = await withdraw(order.id, buyer, [{ index: 0, quantity: 1 }]);
    expect(late.status).toBe(409);
    expect(late.body.title).toBe(WITHDRAWAL_MSG.notAllowedTitle);
    expect((await findOrder(order.id))!.order.withdrawals).toBeUndefined();
  });
});
