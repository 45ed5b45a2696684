/**
 * The Aurum Club sold through Stripe: a plan bought through a subscription-mode Checkout
 * Session, its membership kept in step by Stripe's subscription events (renewal, cancellation at
 * period end, non-payment, the end), replayed and out-of-order events, and the Stripe Price kept
 * in step with the plan. Real handlers, the real Stripe SDK against the fake Stripe, whose hosted
 * page and test clock (end_period) send the signed events to the runtime's webhook route.
 *
 * Expected tiers, discounts and dates are written from the plan and the rule (docs/payments.md,
 * "The Aurum Club"), not read back from the code under test.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type Stripe from 'stripe';
import { countDynamoRequests, invoke, useLocalEnv } from '../../test/support/invoke';
import {
  claimsOf,
  eventPayload,
  signedWebhook,
  stripeClient,
  stripeSecrets,
  testProduct,
} from '../../test/support/checkout';
import type { ApiHandler } from '../lib/context-handler';
import type { CartDto } from '../../shared/api/cart';
import type { CheckoutSessionDto, MySubscriptionDto } from '../../shared/api/checkout';
import { SEED_PLANS } from '../../test/support/local-runtime';
import { ddb, PutCommand } from '../lib/dynamo';
import { getPlan } from '../data/plan-repository';
import type { PlanRecord } from '../data/catalog-items';
import { keys } from '../data/keys';
import { env } from '../lib/env';
import { ensurePlanPrice } from './club';
import { planSchema } from '../../shared/schemas/admin-subscriptions';
import { getMembership, saveMembership, type MembershipRecord } from '../data/membership-repository';
import { getProfile } from '../data/profile-repository';

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

const premiumPlan = SEED_PLANS.find((p) => p.subscription_tier === 'Premium')!;
const advancedPlan = SEED_PLANS.find((p) => p.subscription_tier === 'Advanced')!;
const DAY = 86_400_000;

const subscribe = (claims: Claims, planId: string) =>
  invoke<CheckoutSessionDto & ApiError>(checkout, 'POST /api/checkout/subscription', {
    claims,
    body: { plan_id: planId, service_start_request: true },
  });
const mine = (claims: Claims) => invoke<MySubscriptionDto & ApiError>(checkout, 'GET /api/me/subscription', { claims });
const cancel = (claims: Claims) =>
  invoke<MySubscriptionDto & ApiError>(checkout, 'POST /api/me/subscription/cancel', { claims });
const payOnPage = async (url: string) =>
  (await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' })).headers.get('location') ?? '';

/** The fake Stripe's test clock: the subscription's current period ends now. */
async function endPeriod(subscriptionId: string, params: Record<string, string> = {}): Promise<number> {
  const res = await fetch(
    `${inject('localEnv').STRIPE_API_BASE}/v1/test_helpers/subscriptions/${subscriptionId}/end_period`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stripeSecrets().stripe_secret_key}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(params).toString(),
    },
  );
  await res.text();
  return res.status;
}

/** A new shopper who buys `planId` on the hosted page. @returns the claims and the Stripe subscription id */
async function buy(planId: string): Promise<{ claims: Claims; subscriptionId: string; session: CheckoutSessionDto }> {
  const claims = claimsOf(randomUUID());
  const started = await subscribe(claims, planId);
  expect(started.status).toBe(201);
  expect(await payOnPage(started.body.url)).toContain('/premium?abbonamento=attivo&session_id=cs_test_');
  const session = await stripeClient().checkout.sessions.retrieve(started.body.sessionId);
  expect(session.mode).toBe('subscription');
  expect(typeof session.subscription).toBe('string');
  return { claims, subscriptionId: session.subscription as string, session: started.body };
}

const monthsLater = (from: number, months: number) => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
};

describe('buying the Aurum Club', () => {
  it("sells a plan at a Stripe Price kept in step with it; paying makes the buyer a member of the plan's tier at once, with its discount", async () => {
    const plan = (await getPlan(premiumPlan.id))!;
    expect(plan.discount_percentage).toBe(10);
    const premiumOnly = await testProduct(5, { premium_tier: 'Premium', price_cents: 10_000 });
    const claims = claimsOf(randomUUID());
    // before: not a member, the Premium product is refused
    expect((await invoke(cart, 'POST /api/cart/items', { claims, body: { product_id: premiumOnly.id } })).status).toBe(
      403,
    );
    const before = Date.now();
    const started = await subscribe(claims, plan.id);
    expect(started.status).toBe(201);
    expect(started.body.total_cents).toBe(4990);
    const priced = (await getPlan(plan.id))!;
    const price = await stripeClient().prices.retrieve(priced.stripe_price_id!);
    expect(price).toMatchObject({
      unit_amount: 4990,
      currency: 'eur',
      active: true,
      recurring: { interval: 'month', interval_count: 3 },
    });
    expect(await payOnPage(started.body.url)).toContain('/premium?abbonamento=attivo');

    const { body } = await mine(claims);
    expect(body.membership).toEqual({ tier: 'Premium', level: 2, discount_percentage: 10, is_member: true });
    expect(body.subscription).toMatchObject({
      plan_name: 'Aurum Club Premium',
      status: 'active',
      subscription_tier: 'Premium',
      discount_percentage: 10,
      cancel_at_period_end: false,
      plan_id: plan.id,
    });
    // the next renewal is the end of the paid period, three months from the payment
    const renews = Date.parse(body.subscription!.renews_at!);
    expect(renews).toBeGreaterThanOrEqual(monthsLater(before, 3) - 5000);
    expect(renews).toBeLessThanOrEqual(monthsLater(Date.now(), 3) + 5000);
    expect(body.subscription!.ends_at).toBe(body.subscription!.renews_at);

    // at once: the Premium product and the member price
    const added = await invoke<CartDto>(cart, 'POST /api/cart/items', { claims, body: { product_id: premiumOnly.id } });
    expect(added.status).toBe(200);
    expect(added.body.lines[0]).toMatchObject({ unit_price_cents: 10_000, unit_paid_cents: 9000 });

    // a member cannot buy a second membership
    const again = await subscribe(claims, advancedPlan.id);
    expect(again.status).toBe(409);
    expect(again.body.title).toBe('Sei già membro');
  });

  it('refuses an unknown or archived plan (404) and a malformed plan id (400), creating no session', async () => {
    const claims = claimsOf(randomUUID());
    expect((await subscribe(claims, randomUUID())).status).toBe(404);
    const bad = await invoke<ApiError>(checkout, 'POST /api/checkout/subscription', {
      claims,
      body: { plan_id: 'premium' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('plan_id');
    const plan = await unlistedPlan({
      name: 'Piano archiviato (test)',
      price_cents: 990,
      duration_months: 1,
      archived_at: new Date().toISOString(),
    });
    expect((await subscribe(claims, plan.id)).status).toBe(404);
  });

  it("passes the per-user checkout gate: the hour's checkouts (shop and club together) used up, the next club checkout is 429 and reaches no Stripe call", async () => {
    const claims = claimsOf(randomUUID());
    const hour = new Date().toISOString().slice(0, 13);
    // nine checkouts already started this hour (the cap is MAX_CHECKOUTS_PER_HOUR = 10)
    await ddb.send(
      new PutCommand({
        TableName: env.tableName,
        Item: { ...keys.checkoutGate(claims.sub), window: hour, attempts: 9 },
      }),
    );
    const tenth = await subscribe(claims, premiumPlan.id);
    expect(tenth.status).toBe(201);
    const eleventh = await subscribe(claims, premiumPlan.id);
    expect([eleventh.status, eleventh.body.title]).toEqual([429, 'Troppi Tentativi']);
    // the refused call made no Stripe call: the open page is still the tenth's
    expect((await stripeClient().checkout.sessions.retrieve(tenth.body.sessionId)).status).toBe('open');
  });

  it('keeps the Stripe Price in step: a new price or duration gets a new Price, the old one is deactivated', async () => {
    // (an unlisted plan, so the public plan list other tests check stays the seed's; the price
    // rule is the one the checkout runs for a listed plan)
    const stripe = stripeClient();
    const plan = await unlistedPlan({ name: 'Piano prezzo (test)', price_cents: 1500, duration_months: 1 });
    const first = await ensurePlanPrice(stripe, plan);
    expect((await getPlan(plan.id))!).toMatchObject({
      stripe_price_id: first,
      stripe_price_cents: 1500,
      stripe_price_months: 1,
    });
    expect(await stripe.prices.retrieve(first)).toMatchObject({
      unit_amount: 1500,
      active: true,
      recurring: { interval: 'month', interval_count: 1 },
    });
    // the same plan again: the same Price, no new one
    expect(await ensurePlanPrice(stripe, (await getPlan(plan.id))!)).toBe(first);
    // the admin changes price and duration (the stored Price is now out of step)
    await unlistedPlan({ ...(await getPlan(plan.id))!, price_cents: 2500, duration_months: 6 });
    const second = await ensurePlanPrice(stripe, (await getPlan(plan.id))!);
    expect(second).not.toBe(first);
    expect((await getPlan(plan.id))!).toMatchObject({
      stripe_price_id: second,
      stripe_price_cents: 2500,
      stripe_price_months: 6,
    });
    expect(await stripe.prices.retrieve(second)).toMatchObject({
      unit_amount: 2500,
      active: true,
      recurring: { interval_count: 6 },
    });
    expect((await stripe.prices.retrieve(first)).active).toBe(false);
    // Stripe bills at most three years: a longer plan cannot be sold online
    await expect(ensurePlanPrice(stripe, { ...(await getPlan(plan.id))!, duration_months: 37 })).rejects.toMatchObject({
      statusCode: 409,
      title: 'Piano non disponibile',
    });
  });

  it('sells a 24-month plan, which the back office accepts, billed every 24 months', async () => {
    // the back office's form takes 1-36 months, as Stripe bills up to three years
    expect(planSchema.safeParse({ ...planBody, duration_months: 24 }).success).toBe(true);
    expect(planSchema.safeParse({ ...planBody, duration_months: 37 }).success).toBe(false);
    const plan = await unlistedPlan({ name: 'Biennale (test)', price_cents: 39_900, duration_months: 24 });
    const claims = claimsOf(randomUUID());
    const before = Date.now();
    const started = await subscribe(claims, plan.id);
    expect(started.status).toBe(201);
    expect(await payOnPage(started.body.url)).toContain('abbonamento=attivo');
    const price = await stripeClient().prices.retrieve((await getPlan(plan.id))!.stripe_price_id!);
    expect(price.recurring).toMatchObject({ interval: 'month', interval_count: 24 });
    const mineNow = (await mine(claims)).body;
    expect(mineNow.membership.is_member).toBe(true);
    expect(Date.parse(mineNow.subscription!.ends_at)).toBeGreaterThanOrEqual(monthsLater(before, 24) - 5000);
  });

  it('a plan priced A, then B, then A again is sold at an active Price each time (a new Price for each change)', async () => {
    const plan = await unlistedPlan({ name: 'Prezzo A-B-A (test)', price_cents: 1900, duration_months: 1 });
    const sell = async () => {
      const started = await subscribe(claimsOf(randomUUID()), plan.id);
      expect(started.status).toBe(201);
      return (await getPlan(plan.id))!.stripe_price_id!;
    };
    const a = await sell();
    await unlistedPlan({ ...(await getPlan(plan.id))!, price_cents: 2900 });
    const b = await sell();
    await unlistedPlan({ ...(await getPlan(plan.id))!, price_cents: 1900 });
    const a2 = await sell();
    expect(new Set([a, b, a2]).size).toBe(3);
    const stripe = stripeClient();
    expect(await stripe.prices.retrieve(a2)).toMatchObject({ unit_amount: 1900, active: true });
    expect((await stripe.prices.retrieve(a)).active).toBe(false);
    expect((await stripe.prices.retrieve(b)).active).toBe(false);
  });
});

/** A valid back-office plan body. */
const planBody = { name: 'Piano', price_cents: 1000, duration_months: 1, subscription_tier: 'Advanced' };

/** A plan item that is not in the public list (no GSI1 keys), written like the seed writes plans. */
async function unlistedPlan(
  fields: Partial<PlanRecord> & Pick<PlanRecord, 'name' | 'price_cents' | 'duration_months'>,
): Promise<PlanRecord> {
  const plan: PlanRecord = {
    id: randomUUID(),
    description: 'x',
    subscription_tier: 'Advanced',
    discount_tier_id: null,
    discount_percentage: 0,
    ...fields,
  };
  await ddb.send(
    new PutCommand({ TableName: env.tableName, Item: { ...keys.plan(plan.id), entity: 'plan', ...plan } }),
  );
  return plan;
}

describe('the membership follows the subscription', () => {
  it('renews on invoice.paid, cancels at period end from the profile (member until then), and ends when the period ends', async () => {
    const { claims, subscriptionId } = await buy(premiumPlan.id);
    expect((await mine(claims)).body.membership.is_member).toBe(true);

    // renewal: the period ends now and a new one is paid -> member for another 3 months
    const renewedAt = Date.now();
    expect(await endPeriod(subscriptionId)).toBe(200);
    const renewed = (await mine(claims)).body;
    expect(renewed.membership.is_member).toBe(true);
    expect(Date.parse(renewed.subscription!.ends_at)).toBeGreaterThanOrEqual(monthsLater(renewedAt, 3) - 5000);

    // cancel at period end: still a member until then, no renewal
    const cancelled = await cancel(claims);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      renews_at: null,
      ends_at: renewed.subscription!.ends_at,
    });
    expect(cancelled.body.membership).toMatchObject({ tier: 'Premium', is_member: true });
    expect((await stripeClient().subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    // cancelling twice changes nothing
    expect((await cancel(claims)).body.subscription).toMatchObject({
      cancel_at_period_end: true,
      ends_at: renewed.subscription!.ends_at,
    });

    // the period ends: the subscription is deleted at Stripe, the membership ends
    const endedAt = Date.now();
    expect(await endPeriod(subscriptionId)).toBe(200);
    const ended = (await mine(claims)).body;
    expect(ended.membership).toEqual({ tier: 'none', level: 0, discount_percentage: 0, is_member: false });
    expect(ended.subscription).toMatchObject({ status: 'expired', renews_at: null });
    expect(Date.parse(ended.subscription!.ends_at)).toBeGreaterThanOrEqual(endedAt - 5000);
    expect(Date.parse(ended.subscription!.ends_at)).toBeLessThanOrEqual(Date.now());
    // nothing left to cancel
    expect((await cancel(claims)).status).toBe(404);
  });

  it('ends the membership when a renewal is not paid (past_due), at the end of the paid period', async () => {
    const { claims, subscriptionId } = await buy(advancedPlan.id);
    expect((await mine(claims)).body.membership).toMatchObject({
      tier: 'Advanced',
      is_member: true,
      discount_percentage: 5,
    });
    const failedAt = Date.now();
    expect(await endPeriod(subscriptionId, { payment: 'failed' })).toBe(200);
    const after = (await mine(claims)).body;
    expect(after.membership.is_member).toBe(false);
    expect(after.subscription).toMatchObject({ status: 'expired', renews_at: null });
    // it ended where the paid time ended: the start of the unpaid period (now)
    expect(Date.parse(after.subscription!.ends_at)).toBeGreaterThanOrEqual(failedAt - 5000);
    expect(Date.parse(after.subscription!.ends_at)).toBeLessThanOrEqual(Date.now());
  });

  it('replayed and out-of-order events leave exactly one membership with the right end date', async () => {
    const { claims, subscriptionId } = await buy(premiumPlan.id);
    const stripe = stripeClient();
    const original = await stripe.subscriptions.retrieve(subscriptionId);
    const firstInvoice = await invoiceEvent(stripe, original);
    expect(await endPeriod(subscriptionId)).toBe(200);
    const renewedEnd = (await mine(claims)).body.subscription!.ends_at;
    expect(Date.parse(renewedEnd)).toBeGreaterThan(Date.now() + 80 * DAY);

    // the first period's events again, late and many times at once, in any order
    const stale = [
      eventPayload('customer.subscription.created', original),
      firstInvoice,
      eventPayload('checkout.session.completed', {
        id: `cs_test_${randomUUID().replace(/-/g, '')}`,
        object: 'checkout.session',
        mode: 'subscription',
        subscription: subscriptionId,
        payment_status: 'paid',
        status: 'complete',
      }),
      eventPayload('customer.subscription.updated', { ...original, status: 'past_due' }),
    ];
    const answers = await Promise.all([...stale, ...stale, ...stale].map((p) => signedWebhook(webhooks, p)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const now = (await mine(claims)).body;
    expect(now.membership.is_member).toBe(true);
    expect(now.subscription!.ends_at).toBe(renewedEnd);
    const stored = await getMembership(subscriptionId);
    expect(stored).toMatchObject({
      user_id: claims.sub,
      stripe_status: 'active',
      ends_at: renewedEnd,
      plan_id: premiumPlan.id,
    });
    expect((await getProfile(claims.sub))!.subscription).toMatchObject({
      subscription_id: subscriptionId,
      ends_at: renewedEnd,
    });

    // the end, then the renewal's events late: it stays ended
    const renewal = await invoiceEvent(stripe, await stripe.subscriptions.retrieve(subscriptionId));
    expect(await endPeriod(subscriptionId, { cancel: 'true' })).toBe(200);
    const endedEnd = (await mine(claims)).body.subscription!.ends_at;
    const late = await Promise.all(
      [renewal, renewal, eventPayload('customer.subscription.updated', original)].map((p) =>
        signedWebhook(webhooks, p),
      ),
    );
    expect(late.map((a) => a.status)).toEqual([200, 200, 200]);
    const final = (await mine(claims)).body;
    expect(final.membership.is_member).toBe(false);
    expect(final.subscription).toMatchObject({ status: 'expired', ends_at: endedEnd });
  });

  it('[AP72] a membership by its Stripe subscription: 1 GetItem; its save is 1 transaction that never brings back an older state', async () => {
    const { claims, subscriptionId } = await buy(advancedPlan.id);
    const counter = countDynamoRequests();
    counter.reset();
    const stored = (await getMembership(subscriptionId))!;
    expect(counter.requests).toEqual([{ command: 'GetItemCommand' }]);
    // a state fetched before the stored one is refused and changes nothing
    const older: MembershipRecord = {
      ...stored,
      status: 'expired',
      ends_at: new Date(0).toISOString(),
      synced_at: new Date(Date.parse(stored.synced_at) - 1000).toISOString(),
    };
    counter.reset();
    expect(await saveMembership(older, new Date().toISOString())).toBe('stale');
    expect(counter.requests).toEqual([{ command: 'TransactWriteItemsCommand' }]);
    expect(await getMembership(subscriptionId)).toEqual(stored);
    expect((await mine(claims)).body.membership.is_member).toBe(true);
  });

  it("[AP73] the user's latest club checkout: a new one expires the open page of the previous one", async () => {
    const claims = claimsOf(randomUUID());
    const first = await subscribe(claims, premiumPlan.id);
    const { getClubCheckout } = await import('../data/membership-repository');
    const counter = countDynamoRequests();
    counter.reset();
    expect(await getClubCheckout(claims.sub)).toBe(first.body.sessionId);
    expect(counter.requests).toEqual([{ command: 'GetItemCommand' }]);
    const second = await subscribe(claims, advancedPlan.id);
    expect(second.status).toBe(201);
    expect((await stripeClient().checkout.sessions.retrieve(first.body.sessionId)).status).toBe('expired');
    expect((await stripeClient().checkout.sessions.retrieve(second.body.sessionId)).status).toBe('open');
    expect(await getClubCheckout(claims.sub)).toBe(second.body.sessionId);
  });
});

/** An invoice.paid event of the subscription's current period (as Stripe would have sent it then). */
async function invoiceEvent(stripe: Stripe, sub: Stripe.Subscription): Promise<string> {
  const item = sub.items.data[0]!;
  return eventPayload('invoice.paid', {
    id: `in_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
    object: 'invoice',
    status: 'paid',
    customer: sub.customer,
    currency: 'eur',
    amount_paid: item.price.unit_amount,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
  });
}
