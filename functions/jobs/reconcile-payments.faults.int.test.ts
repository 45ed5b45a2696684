/**
 * Every payment accounted for: Stripe's webhooks dropped in the Stripe stand-in (as when an
 * endpoint is disabled, or Stripe gives up) and Stripe's answers lost or refused (faults switched
 * on, test/support/faults.ts); the payments reconciliation (functions/jobs/reconcile-payments.ts,
 * run as its function, under its grants) then finds what Stripe has and the shop does not and
 * applies it through the webhook's own code, once, with an alert saying how many it fixed.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoke, invokeFunction, useLocalEnv } from '../../test/support/invoke';
import { claimsOf, shipTo, stripeClient, testProduct } from '../../test/support/checkout';
import { claimsOf as staffClaims } from '../../test/support/staff';
import { SEED_PLANS } from '../../test/support/local-runtime';
import { outboxMark, outboxSince } from '../../test/support/automations';
import { clearFaults, fault } from '../../test/support/faults';
import type { ApiHandler } from '../lib/context-handler';
import type { RefundResultDto } from '../../shared/api/admin';
import type { CheckoutSessionDto, ClubWithdrawalResultDto } from '../../shared/api/checkout';
import { API_MSG } from '../../shared/messages/api-messages';
import { getProduct } from '../data/catalog-repository';
import { getMembership } from '../data/membership-repository';
import { getClubWithdrawal } from '../data/club-withdrawal-repository';
import { getEmailJob } from '../data/email-job-repository';
import { listOrdersOfUser } from '../orders/order-repository';
import { reconcilePayments, WEBHOOK_GRACE_MS } from './reconcile-payments';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let admin: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('../checkout/index'));
  ({ handler: admin } = await import('../admin/index'));
});
afterEach(() => clearFaults());

type Claims = { sub: string; email: string };
/** A run of the reconciliation after the webhooks' grace, over what this test made since `since`. */
const reconcile = (since: Date, afterMs = WEBHOOK_GRACE_MS + 60_000) =>
  invokeFunction('reconcile-payments', () => reconcilePayments({ since, now: new Date(Date.now() + afterMs) }), {});
/** The operator alerts of `code` published since `mark` (the SNS stand-in's outbox lines). */
const alertsSince = (mark: number, code: string) =>
  outboxSince(mark).filter((l) => l.includes('[SNS') && l.includes(`alert: ${code}`));
/** Drops every webhook the Stripe stand-in sends for a minute (an endpoint disabled). */
const dropWebhooks = () => fault({ service: 'stripe-webhooks', error: 'drop', forMs: 60_000 });

/** A shopper who pays a checkout of one unit of `productId` on the hosted page. */
async function payCheckout(productId: string): Promise<{ claims: Claims; sessionId: string }> {
  const claims = claimsOf(randomUUID());
  await invoke(cart, 'POST /api/cart/items', { claims, body: { product_id: productId } });
  const started = await invoke<CheckoutSessionDto>(checkout, 'POST /api/checkout/session', {
    claims,
    body: await shipTo(claims.sub),
  });
  expect(started.status).toBe(201);
  const paid = await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return { claims, sessionId: started.body.sessionId };
}

const refund = (orderId: string, amount: number) =>
  invoke<RefundResultDto & { message?: string }>(admin, 'POST /api/admin/orders/{id}/refunds', {
    claims: staffClaims('supporto'),
    pathParameters: { id: orderId },
    body: { mode: 'amount', amount_cents: amount, reason: 'Reso', restock: false },
  });

describe('a paid checkout whose webhook never arrived', () => {
  it('becomes its order at the next reconciliation, once, with an alert saying how many were fixed', async () => {
    const since = new Date(Date.now() - 1000);
    const product = await testProduct(4);
    dropWebhooks();
    const { claims } = await payCheckout(product.id);
    expect(await listOrdersOfUser(claims.sub)).toEqual([]);
    expect((await getProduct(product.id))!.quantity).toBe(3);
    clearFaults();

    // within the grace the webhook may still come: nothing is done yet
    expect((await reconcile(since, 60_000)).orders.checked).toBe(0);
    const mark = outboxMark();
    const report = await reconcile(since);
    expect(report.orders).toMatchObject({ fixed: 1, failed: 0 });
    const orders = await listOrdersOfUser(claims.sub);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe('In elaborazione');
    // the order's confirmation, as the webhook would have queued it
    expect(await getEmailJob(`order-confirmation:${orders[0]!.id}`)).not.toBeNull();
    expect((await getProduct(product.id))!.quantity).toBe(3);
    const alert = alertsSince(mark, 'payments_reconciled');
    expect(alert).toHaveLength(1);
    expect(alert[0]).toContain('orders: 1');

    // the next run finds nothing to do; the late webhook (Stripe retries) makes no second order
    expect((await reconcile(since)).orders.fixed).toBe(0);
    expect(await listOrdersOfUser(claims.sub)).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('a refund made in the Stripe dashboard whose events were dropped appears on its order', async () => {
    const since = new Date(Date.now() - 1000);
    const { claims } = await payCheckout((await testProduct(2)).id);
    const [order] = await listOrdersOfUser(claims.sub);
    dropWebhooks();
    await stripeClient().refunds.create({ payment_intent: order!.payment_intent_id!, amount: 500 });
    // (its events, sent after the answer, are dropped too: the webhooks stay off through the run)
    expect((await listOrdersOfUser(claims.sub))[0]!.refunds ?? []).toEqual([]);
    const report = await reconcile(since);
    expect(report.refunds.fixed).toBe(1);
    const refunds = (await listOrdersOfUser(claims.sub))[0]!.refunds!;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ origin: 'stripe', amount_cents: 500, status: 'succeeded' });
  });

  it('a refund while Stripe times out: recorded pending with an alert, then settled from Stripe, refunded once, one email', async () => {
    const since = new Date(Date.now() - 1000);
    const { claims } = await payCheckout((await testProduct(2)).id);
    const [order] = await listOrdersOfUser(claims.sub);
    const mark = outboxMark();
    // Stripe makes the refund but neither of the SDK's two attempts gets the answer; its events are lost too
    dropWebhooks();
    fault({ service: 'stripe', operation: 'POST /v1/refunds', error: 'timeout', holdMs: 200, times: 2 });
    const asked = await refund(order!.id, 700);
    expect(asked.status).toBe(201);
    expect(asked.body.refund).toMatchObject({ status: 'pending', amount_cents: 700 });
    expect(alertsSince(mark, 'refund_unconfirmed')).toHaveLength(1);
    clearFaults('stripe');

    // Stripe's refunds of the payment (or the pending refunds' queue) carry its state onto the order
    const report = await reconcile(since);
    expect(report.refunds.fixed + report.pendingRefunds.settled).toBeGreaterThanOrEqual(1);
    const after = (await listOrdersOfUser(claims.sub))[0]!;
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds![0]).toMatchObject({ id: asked.body.refund!.id, status: 'succeeded' });
    const atStripe = await stripeClient().refunds.list({ payment_intent: order!.payment_intent_id! });
    expect(atStripe.data.map((r) => r.amount)).toEqual([700]);
    expect(await getEmailJob(`order-refunded:${asked.body.refund!.id}`)).not.toBeNull();
  });

  it('[AP147] a refund Stripe never received is asked again with its idempotency key; while Stripe still fails an hour later, an alert', async () => {
    const since = new Date(Date.now() - 1000);
    const { claims } = await payCheckout((await testProduct(2)).id);
    const [order] = await listOrdersOfUser(claims.sub);
    fault({ service: 'stripe', operation: 'POST /v1/refunds', error: 'api_error', forMs: 60_000 });
    const asked = await refund(order!.id, 900);
    expect(asked.body.refund).toMatchObject({ status: 'pending' });
    const mark = outboxMark();
    // an hour later Stripe still fails: the refund stays pending and the operator hears of it
    const stuck = await reconcile(since, 61 * 60_000);
    expect(stuck.pendingRefunds.stuck).toBeGreaterThanOrEqual(1);
    expect(alertsSince(mark, 'refund_pending').join('\n')).toContain(asked.body.refund!.id);
    clearFaults();
    // Stripe back: asked again under the same key, made once
    const report = await reconcile(since);
    expect(report.pendingRefunds.retried).toBeGreaterThanOrEqual(1);
    expect((await listOrdersOfUser(claims.sub))[0]!.refunds![0]).toMatchObject({ status: 'succeeded' });
    expect((await reconcile(since)).pendingRefunds.retried).toBe(0);
    const atStripe = await stripeClient().refunds.list({ payment_intent: order!.payment_intent_id! });
    expect(atStripe.data.map((r) => r.amount)).toEqual([900]);
  });
});

describe('the Aurum Club', () => {
  const premium = SEED_PLANS.find((p) => p.subscription_tier === 'Premium')!;

  /** A new member who pays the Premium plan on the hosted page. */
  async function buyPlan(): Promise<{ claims: Claims; subscriptionId: string }> {
    const claims = claimsOf(randomUUID());
    const started = await invoke<CheckoutSessionDto>(checkout, 'POST /api/checkout/subscription', {
      claims,
      body: { plan_id: premium.id, service_start_request: true },
    });
    expect(started.status).toBe(201);
    await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
    const session = await stripeClient().checkout.sessions.retrieve(started.body.sessionId);
    return { claims, subscriptionId: session.subscription as string };
  }

  it('a paid subscription whose events were dropped becomes the membership', async () => {
    const since = new Date(Date.now() - 1000);
    dropWebhooks();
    const { subscriptionId } = await buyPlan();
    clearFaults();
    expect(await getMembership(subscriptionId)).toBeNull();
    const report = await reconcile(since);
    expect(report.memberships.fixed).toBeGreaterThanOrEqual(1);
    expect(await getMembership(subscriptionId)).toMatchObject({ status: 'active', plan_id: premium.id });
    expect(await getEmailJob(`club-welcome:${subscriptionId}`)).not.toBeNull();
  });

  it('a withdrawal that fails half-way (the refund) is finished by the reconciliation, or alerted while Stripe still fails', async () => {
    const since = new Date(Date.now() - 1000);
    const { claims, subscriptionId } = await buyPlan();
    fault({ service: 'stripe', operation: 'POST /v1/refunds', error: 'api_error', forMs: 60_000 });
    const failed = await invoke<ClubWithdrawalResultDto & { message?: string }>(
      checkout,
      'POST /api/me/subscription/withdrawal',
      { claims, body: {} },
    );
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe(API_MSG.paymentProviderError);
    expect((await getClubWithdrawal(subscriptionId))!.status).toBe('requested');

    const mark = outboxMark();
    const stuck = await reconcile(since);
    expect(stuck.withdrawals.stuck).toBeGreaterThanOrEqual(1);
    expect(alertsSince(mark, 'club_withdrawal_stuck').join('\n')).toContain(subscriptionId);
    expect((await getClubWithdrawal(subscriptionId))!.status).toBe('requested');

    clearFaults();
    await reconcile(since);
    const done = (await getClubWithdrawal(subscriptionId))!;
    expect(done.status).toBe('completed');
    expect(done.stripe_refund_id).toMatch(/^re_/);
    expect((await getMembership(subscriptionId))!.status).toBe('expired');
  });
});
