/**
 * Money that goes back (docs/payments.md, "Refunds"): the back office's refunds by line, by amount
 * and in full, the customer's cancellation, the 'Da rimborsare' queue and Stripe's refund events,
 * through the real handlers, the real repositories and the real Stripe SDK against the fake Stripe
 * (which refuses what Stripe refuses). Expected amounts are written from the rules (a line gives
 * back what it was paid; shipping only with a full refund), never read back from the code.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { countDynamoRequests, invoke, useLocalEnv } from '../../../test/support/invoke';
import {
  claimsOf,
  eventPayload,
  shipTo,
  signedWebhook,
  stripeClient,
  stripeSecrets,
  testProduct,
} from '../../../test/support/checkout';
import { claimsOf as staffClaims } from '../../../test/support/staff';
import { SEED_FIXTURES } from '../../../test/support/local-runtime';
import type { ApiHandler } from '../../lib/context-handler';
import { outboxMark, outboxSince } from '../../../test/support/automations';
import type { CartDto } from '../../../shared/api/cart';
import type { AdminOrderDto, OrderDto } from '../../../shared/api/orders';
import type { RefundResultDto } from '../../../shared/api/admin';
import type { PageResponse } from '../../../shared/api/route';
import { REFUND_MSG } from '../../../shared/messages/refunds';
import { ORDER_STATUS_MSG } from '../../../shared/messages/order-status';
import { formatEuro } from '../../../shared/money';
import { getProduct, getProductsByIds, listBundles } from '../../data/catalog-repository';
import { listOrdersOfUser } from '../order-repository';
import { listAuditOfTarget } from '../../data/audit-repository';
import { release } from '../../data/reservation-repository';
import { findOrderBySession, listOrdersToRefund } from '../order-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let account: ApiHandler;
let admin: ApiHandler;
let webhooks: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../../cart/index'));
  ({ handler: checkout } = await import('../../checkout/index'));
  ({ handler: account } = await import('../../account/index'));
  ({ handler: admin } = await import('../../admin/index'));
  ({ handler: webhooks } = await import('../../webhooks/index'));
});
afterEach(() => vi.restoreAllMocks());

type Claims = { sub: string; email: string };
type ApiError = { message: string; title?: string; field?: string };

const ADMIN = () => staffClaims('supporto');
const add = (claims: Claims, productId: string, quantity = 1) =>
  invoke<CartDto & ApiError>(cart, 'POST /api/cart/items', { claims, body: { product_id: productId, quantity } });
const stockOf = async (id: string) => (await getProduct(id))!.quantity;

/** Buys the cart of `claims` on the fake Stripe's hosted page; @returns the stored order */
async function buy(claims: Claims) {
  const started = await invoke<{ url: string; sessionId: string } & ApiError>(checkout, 'POST /api/checkout/session', {
    claims,
    body: await shipTo(claims.sub),
  });
  expect(started.status).toBe(201);
  const paid = await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
  expect(paid.headers.get('location')).toContain('/checkout/success');
  const [order] = await listOrdersOfUser(claims.sub);
  expect(order).toBeDefined();
  return order!;
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

const refund = (id: string, body: unknown, claims: Record<string, unknown> = ADMIN()) =>
  invoke<RefundResultDto & ApiError>(admin, 'POST /api/admin/orders/{id}/refunds', {
    claims,
    pathParameters: { id },
    body,
  });
const cancel = (id: string, claims: Claims) =>
  invoke<OrderDto & ApiError>(checkout, 'POST /api/me/orders/{id}/cancel', { claims, pathParameters: { id } });
const myOrder = async (claims: Claims, id: string) =>
  (await invoke<PageResponse<OrderDto>>(account, 'GET /api/me/orders', { claims })).body.items.find(
    (o) => o.id === id,
  )!;
/** What Stripe holds for a payment: its refunds, as the real SDK lists them. */
const stripeRefunds = async (paymentIntent: string) =>
  (await stripeClient().refunds.list({ payment_intent: paymentIntent, limit: 100 })).data;

describe('the back office refunds a line, then the rest', () => {
  it('[AP94] refunds exactly what a line was paid at Stripe, returns its unit to stock, revokes a refunded download; the customer sees Rimborsato parzialmente, then Rimborsato', async () => {
    const physical = await testProduct(5, { price_cents: 2490 });
    const digital = await digitalProduct(1500);
    const buyer = claimsOf(randomUUID());
    expect((await add(buyer, physical.id)).status).toBe(200);
    expect((await add(buyer, digital.id)).status).toBe(200);
    const order = await buy(buyer);
    expect(order.total_cents).toBe(2490 + 1500);
    expect(await stockOf(physical.id)).toBe(4);
    const physicalLine = order.items.findIndex((i) => i.product_id === physical.id);
    const digitalLine = order.items.findIndex((i) => i.product_id === digital.id);

    // a collaborator fulfils orders but never gives money back
    expect((await refund(order.id, { mode: 'full', reason: 'Reso' }, staffClaims('collaboratore'))).status).toBe(403);

    const counter = countDynamoRequests();
    const first = await refund(order.id, {
      mode: 'lines',
      lines: [{ index: physicalLine, quantity: 1 }],
      reason: 'Prodotto difettoso',
      restock: true,
    });
    expect(first.status).toBe(201);
    expect(first.body.refund).toMatchObject({
      amount_cents: 2490,
      status: 'succeeded',
      restocked: true,
      reason: 'Prodotto difettoso',
      origin: 'admin',
      lines: [{ index: physicalLine, quantity: 1 }],
    });
    expect(first.body.order).toMatchObject({ refund_state: 'partial', refunded_cents: 2490, refundable_cents: 1500 });
    expect(counter.commands.filter((c) => c === 'ScanCommand')).toEqual([]);
    const atStripe = await stripeRefunds(order.payment_intent_id!);
    expect(atStripe.map((r) => [r.amount, r.status, r.metadata?.refund_id])).toEqual([
      [2490, 'succeeded', first.body.refund.id],
    ]);
    expect(await stockOf(physical.id)).toBe(5);
    const seen = await myOrder(buyer, order.id);
    expect(seen).toMatchObject({ refund_state: 'partial', status: 'In elaborazione' });
    expect(seen.items[physicalLine]!.refunded_quantity).toBe(1);
    expect(seen.items[digitalLine]!.download_url).toContain('X-Amz-Expires=');
    const audit = await listAuditOfTarget('order', order.id);
    expect(audit.map((a) => a.action)).toEqual(['refund']);

    // the same unit twice, or more money than is left: 409, nothing written, nothing at Stripe
    const again = await refund(order.id, {
      mode: 'lines',
      lines: [{ index: physicalLine, quantity: 1 }],
      reason: 'Ancora',
    });
    expect([again.status, again.body.message]).toEqual([409, REFUND_MSG.tooManyUnits(0)]);
    const tooMuch = await refund(order.id, { mode: 'amount', amount_cents: 1501, reason: 'Troppo' });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([409, REFUND_MSG.tooMuch(formatEuro(1500))]);
    const noReason = await refund(order.id, { mode: 'full' });
    expect([noReason.status, noReason.body.field]).toEqual([400, 'reason']);
    expect(await stripeRefunds(order.payment_intent_id!)).toHaveLength(1);

    // the last line: everything left goes back, and its download stops
    const last = await refund(order.id, {
      mode: 'lines',
      lines: [{ index: digitalLine, quantity: 1 }],
      reason: 'Non richiesto',
    });
    expect(last.status).toBe(201);
    expect(last.body.refund.amount_cents).toBe(1500);
    expect(last.body.order).toMatchObject({ refund_state: 'full', refundable_cents: 0, status: 'In elaborazione' });
    const after = await myOrder(buyer, order.id);
    expect(after.refund_state).toBe('full');
    expect(after.items[digitalLine]!.download_url ?? null).toBeNull();
    const total = (await stripeRefunds(order.payment_intent_id!)).reduce((s, r) => s + r.amount, 0);
    expect(total).toBe(order.total_cents);
    const nothing = await refund(order.id, { mode: 'full', reason: 'Ancora' });
    expect([nothing.status, nothing.body.message]).toEqual([409, REFUND_MSG.nothingToRefund]);
  });

  it("a paid order is not set 'Annullato' by its label alone: 'Rimborsa e annulla' gives the money back with it", async () => {
    const product = await testProduct(3, { price_cents: 3790 });
    const buyer = claimsOf(randomUUID());
    await add(buyer, product.id, 2);
    const order = await buy(buyer);
    const label = await invoke<ApiError>(admin, 'PATCH /api/admin/orders/{id}', {
      claims: ADMIN(),
      pathParameters: { id: order.id },
      body: { status: 'Annullato' },
    });
    expect([label.status, label.body.message]).toEqual([409, ORDER_STATUS_MSG.paidCancel]);
    const done = await refund(order.id, { mode: 'full', reason: 'Cliente irreperibile', cancel: true, restock: true });
    expect(done.status).toBe(201);
    expect(done.body.order).toMatchObject({ status: 'Annullato', refund_state: 'full' });
    expect(done.body.refund.amount_cents).toBe(2 * 3790);
    expect(await stockOf(product.id)).toBe(3);
    // refunded and cancelled: not reopened
    const reopen = await invoke<ApiError>(admin, 'PATCH /api/admin/orders/{id}', {
      claims: ADMIN(),
      pathParameters: { id: order.id },
      body: { status: 'In elaborazione' },
    });
    expect([reopen.status, reopen.body.message]).toEqual([409, ORDER_STATUS_MSG.refundedReopen]);
  });
});

describe("the customer cancels an order while it is 'In elaborazione'", () => {
  it('gets everything back at Stripe, the stock returns, the order is Annullato; once Spedito it is refused with 409', async () => {
    const product = await testProduct(4, { price_cents: 1990 });
    const buyer = claimsOf(randomUUID());
    await add(buyer, product.id, 2);
    const order = await buy(buyer);
    expect(await stockOf(product.id)).toBe(2);
    expect((await myOrder(buyer, order.id)).can_cancel).toBe(true);

    // someone else's order is not found
    expect((await cancel(order.id, claimsOf(randomUUID()))).status).toBe(404);

    const cancelled = await cancel(order.id, buyer);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'Annullato', refund_state: 'full', can_cancel: false });
    expect(await stockOf(product.id)).toBe(4);
    const atStripe = await stripeRefunds(order.payment_intent_id!);
    expect(atStripe.map((r) => [r.amount, r.reason])).toEqual([[2 * 1990, 'requested_by_customer']]);
    const twice = await cancel(order.id, buyer);
    expect([twice.status, twice.body.message]).toEqual([409, REFUND_MSG.cancelDone]);

    const shipped = await buy((await add(buyer, product.id), buyer));
    const set = await invoke(admin, 'PATCH /api/admin/orders/{id}', {
      claims: ADMIN(),
      pathParameters: { id: shipped.id },
      body: { status: 'Spedito' },
    });
    expect(set.status).toBe(200);
    const refused = await cancel(shipped.id, buyer);
    expect([refused.status, refused.body.message]).toEqual([409, REFUND_MSG.cancelShipped]);
    expect(await stripeRefunds(shipped.payment_intent_id!)).toEqual([]);
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe("refunds reconcile from Stripe's events", () => {
  it('[AP93] a refund made in the Stripe dashboard shows on the order; when it fails later the order shows it failed and an alert is raised', async () => {
    const product = await testProduct(3, { price_cents: 4500 });
    const buyer = claimsOf(randomUUID());
    await add(buyer, product.id);
    const order = await buy(buyer);
    expect((await findOrderBySession(order.checkout_session_id!))?.order.id).toBe(order.id);

    const made = await stripeClient().refunds.create({ payment_intent: order.payment_intent_id!, amount: 1000 });
    const charge = await stripeClient().charges.retrieve(made.charge as string);
    const delivered = await signedWebhook(webhooks, eventPayload('charge.refunded', charge));
    expect(delivered.status).toBe(200);
    let dto = (
      await invoke<PageResponse<AdminOrderDto>>(admin, 'GET /api/admin/orders', {
        claims: ADMIN(),
        query: { q: order.id },
      })
    ).body.items[0]!;
    expect(dto.refunds.map((r) => [r.origin, r.amount_cents, r.status, r.stripe_refund_id])).toEqual([
      ['stripe', 1000, 'succeeded', made.id],
    ]);
    expect(dto).toMatchObject({ refund_state: 'partial', refundable_cents: 3500 });

    const mark = outboxMark();
    const failed = await fetch(`${inject('localEnv').STRIPE_API_BASE}/v1/test_helpers/refunds/${made.id}/fail`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripeSecrets().stripe_secret_key}` },
    });
    expect(failed.status).toBe(200);
    const failedRefund = await stripeClient().refunds.retrieve(made.id);
    expect((await signedWebhook(webhooks, eventPayload('refund.failed', failedRefund))).status).toBe(200);
    dto = (
      await invoke<PageResponse<AdminOrderDto>>(admin, 'GET /api/admin/orders', {
        claims: ADMIN(),
        query: { q: order.id },
      })
    ).body.items[0]!;
    expect(dto.refunds.map((r) => [r.amount_cents, r.status, r.failure_reason])).toEqual([
      [1000, 'failed', 'expired_or_canceled_card'],
    ]);
    expect(dto).toMatchObject({ refund_state: 'none', refundable_cents: 4500 });
    // the operator hears of it on the notifications topic (the admin's email), not only in the logs
    await expect
      .poll(() => outboxSince(mark).filter((l) => l.includes('[SNS') && l.includes('refund_failed')).length)
      .toBe(1);
    expect(outboxSince(mark).find((l) => l.includes('refund_failed'))).toContain(made.id);
  });
});

describe("orders paid after their stock went back wait under 'Da rimborsare'", () => {
  it('[AP92] the flagged order is listed until the one-click refund gives everything back; its units were never taken, so none go back', async () => {
    const product = await testProduct(2, { price_cents: 2990 });
    const late = claimsOf(randomUUID());
    await add(late, product.id, 2);
    const started = await invoke<{ url: string; sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: late,
      body: await shipTo(late.sub),
    });
    const session = await stripeClient().checkout.sessions.retrieve(started.body.sessionId);
    expect(await release(session.client_reference_id!)).toBe('released');
    const other = claimsOf(randomUUID());
    await add(other, product.id, 2);
    await buy(other);
    expect(await stockOf(product.id)).toBe(0);
    // the late payment arrives: the order exists, flagged
    const paid = await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBeLessThan(400);
    const [flagged] = await listOrdersOfUser(late.sub);
    expect(flagged).toMatchObject({ needs_refund: true });

    const counter = countDynamoRequests();
    const queue = await invoke<PageResponse<AdminOrderDto>>(admin, 'GET /api/admin/orders', {
      claims: ADMIN(),
      query: { needs_refund: 'true' },
    });
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((o) => o.id)).toContain(flagged!.id);
    expect(queue.body.items.every((o) => o.needs_refund)).toBe(true);
    expect(counter.requests.filter((r) => r.command === 'QueryCommand')).toEqual([{ command: 'QueryCommand' }]);

    const restock = await refund(flagged!.id, { mode: 'full', reason: 'Esaurito', restock: true, cancel: true });
    expect([restock.status, restock.body.field]).toEqual([400, 'restock']);
    const done = await refund(flagged!.id, { mode: 'full', reason: 'Esaurito dopo il pagamento', cancel: true });
    expect(done.status).toBe(201);
    expect(done.body.order).toMatchObject({ status: 'Annullato', refund_state: 'full' });
    expect(await stockOf(product.id)).toBe(0);
    expect((await listOrdersToRefund()).map((o) => o.id)).not.toContain(flagged!.id);
  });
});
