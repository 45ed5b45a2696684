/**
 * The Aurum Club as a service: the express request to start at once at checkout (art. 50 c.3
 * Codice del Consumo) and the withdrawal within 14 days of the start, pro rata of what was enjoyed
 * (art. 57 c.3). Real handlers, the real Stripe SDK against the fake Stripe (its subscriptions,
 * invoices, invoice payments and refunds), DynamoDB Local.
 *
 * Expected amounts are worked out here from the plan's price and the days, not read from the code
 * under test.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { countDynamoRequests, invoke, useLocalEnv } from '../../test/support/invoke';
import { claimsOf, stripeClient, stripeSecrets } from '../../test/support/checkout';
import { SEED_PLANS } from '../../test/support/local-runtime';
import type { ApiHandler } from '../lib/context-handler';
import type { CheckoutSessionDto, ClubWithdrawalResultDto, MySubscriptionDto } from '../../shared/api/checkout';
import { getPlan } from '../data/plan-repository';
import { getProfile } from '../data/profile-repository';
import { getMembership } from '../data/membership-repository';
import { getEmailJob } from '../data/email-job-repository';
import { listAuditOfTarget } from '../data/audit-repository';
import { getClubWithdrawal, listClubWithdrawalsPage, recordClubWithdrawal } from '../data/club-withdrawal-repository';
import { ddb, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys } from '../data/keys';
import { getClubCheckout } from '../data/membership-repository';
import { EMAIL_JOBS } from '../email/jobs';
import { claimsOf as staffClaimsOf } from '../../test/support/staff';
import type { PageResponse } from '../../shared/api/route';
import type { AdminClubWithdrawalDto } from '../../shared/api/admin-offers';

useLocalEnv();
let checkout: ApiHandler;
beforeAll(async () => {
  ({ handler: checkout } = await import('./index'));
});

type Claims = { sub: string; email: string };
type ApiError = { message: string; title?: string; field?: string };
const DAY = 86_400_000;
const premiumPlan = SEED_PLANS.find((p) => p.subscription_tier === 'Premium')!;

const subscribe = (claims: Claims, body: Record<string, unknown>) =>
  invoke<CheckoutSessionDto & ApiError>(checkout, 'POST /api/checkout/subscription', { claims, body });
const withdraw = (claims: Claims) =>
  invoke<ClubWithdrawalResultDto & ApiError>(checkout, 'POST /api/me/subscription/withdrawal', { claims, body: {} });
const mine = (claims: Claims) => invoke<MySubscriptionDto>(checkout, 'GET /api/me/subscription', { claims });

/** A new shopper who ticks the box and pays a plan on the hosted page. */
async function buy(planId = premiumPlan.id) {
  const claims = claimsOf(randomUUID());
  const before = Date.now();
  const started = await subscribe(claims, { plan_id: planId, service_start_request: true });
  expect(started.status).toBe(201);
  await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
  const session = await stripeClient().checkout.sessions.retrieve(started.body.sessionId);
  return { claims, subscriptionId: session.subscription as string, before, after: Date.now() };
}

/** The refunds Stripe made of a subscription's first payment. */
async function refundsOfFirstPayment(subscriptionId: string) {
  const stripe = stripeClient();
  const sub = await stripe.subscriptions.retrieve(subscriptionId);
  const payment = (await stripe.invoicePayments.list({ invoice: sub.latest_invoice as string })).data[0]!;
  return (await stripe.refunds.list({ payment_intent: payment.payment.payment_intent as string })).data;
}

/** The fake Stripe's test clock: the subscription's current period ends now (a renewal is paid). */
async function renew(subscriptionId: string) {
  const res = await fetch(
    `${inject('localEnv').STRIPE_API_BASE}/v1/test_helpers/subscriptions/${subscriptionId}/end_period`,
    { method: 'POST', headers: { authorization: `Bearer ${stripeSecrets().stripe_secret_key}` } },
  );
  await res.text();
  expect(res.status).toBe(200);
}

describe('the express request to start the membership at once (art. 50 c.3)', () => {
  it('without the ticked box: 400 naming service_start_request in Italian, and nothing at Stripe', async () => {
    const claims = claimsOf(randomUUID());
    for (const body of [{ plan_id: premiumPlan.id }, { plan_id: premiumPlan.id, service_start_request: false }]) {
      const refused = await subscribe(claims, body);
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('service_start_request');
      expect(refused.body.message).toContain("Richiesta di inizio immediato dell'abbonamento");
    }
    // no checkout session was made for this shopper, and none recorded
    const sessions = await stripeClient().checkout.sessions.list({ limit: 100 });
    expect(sessions.data.filter((s) => s.client_reference_id === claims.sub)).toEqual([]);
    expect(await getClubCheckout(claims.sub)).toBeNull();
  });

  it('with it: the request and its time are stored on the membership and repeated in the welcome email', async () => {
    const { claims, subscriptionId, before, after } = await buy();
    const membership = (await getMembership(subscriptionId))!;
    const at = Date.parse(membership.service_start_requested_at!);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after);
    expect((await mine(claims)).body.subscription?.service_start_requested_at).toBe(
      membership.service_start_requested_at,
    );
    const welcome = await getEmailJob(`club-welcome:${subscriptionId}`);
    expect(welcome?.data.service_start_requested_at).toBe(membership.service_start_requested_at);
  });
});

describe("'Recedi dal contratto' of the Aurum Club", () => {
  it('[AP131] [AP133] on the day of purchase: cancelled at once at Stripe, everything refunded, membership and tier gone, audited, acknowledged', async () => {
    const plan = (await getPlan(premiumPlan.id))!;
    const { claims, subscriptionId } = await buy();
    expect((await mine(claims)).body.membership.is_member).toBe(true);
    const requests = countDynamoRequests();
    const done = await withdraw(claims);
    expect(done.status).toBe(201);
    // day 0: nothing enjoyed yet (the day of the start is not counted), everything back
    expect(done.body.withdrawal).toMatchObject({
      days_used: 0,
      paid_cents: plan.price_cents,
      kept_cents: 0,
      refund_cents: plan.price_cents,
      status: 'completed',
    });
    expect(done.body.membership.is_member).toBe(false);
    expect(done.body.subscription?.withdrawn_at).toBe(done.body.withdrawal.requested_at);
    // the caller's profile, the membership (AP72), the withdrawal (AP131: read, then written with its
    // email), the cancelled membership stored with the profile (AP72: membership and plan, then the
    // transaction), the completion (AP133), the membership read back, the audit entry
    expect(requests.commands).toEqual([
      'GetItemCommand',
      'GetItemCommand',
      'GetItemCommand',
      'TransactWriteItemsCommand',
      'GetItemCommand',
      'GetItemCommand',
      'TransactWriteItemsCommand',
      'UpdateItemCommand',
      'GetItemCommand',
      'PutItemCommand',
    ]);

    const stripe = stripeClient();
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.status).toBe('canceled');
    const refunds = await refundsOfFirstPayment(subscriptionId);
    expect(refunds.map((r) => [r.amount, r.status, r.reason])).toEqual([
      [plan.price_cents, 'succeeded', 'requested_by_customer'],
    ]);

    const after = await mine(claims);
    expect(after.body.membership.is_member).toBe(false);
    expect(after.body.subscription?.status).toBe('expired');
    expect((await getProfile(claims.sub))?.subscription?.status).toBe('expired');

    const stored = (await getClubWithdrawal(subscriptionId))!;
    expect(stored).toMatchObject({ status: 'completed', refund_cents: plan.price_cents, user_id: claims.sub });
    expect(stored.stripe_refund_id).toBe(refunds[0]!.id);
    const audit = await listAuditOfTarget('subscription', subscriptionId);
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([['club_withdrawal', claims.sub]]);
    const ack = await getEmailJob(`club-withdrawal-received:${subscriptionId}`);
    expect(ack?.to).toBe(claims.email);
    expect(ack?.data).toMatchObject({ requested_at: stored.requested_at, refund_cents: plan.price_cents });
    // the membership's end is told by the acknowledgement: no separate 'terminato' email
    expect(await getEmailJob(`club-ended:${subscriptionId}`)).toBeNull();

    // asked again: 409, nothing more refunded
    const again = await withdraw(claims);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Hai già receduto da questo abbonamento.');
    expect(await refundsOfFirstPayment(subscriptionId)).toHaveLength(1);
  });

  it('on day 7: keeps 7 days of the first period, rounded down, and refunds the rest', async () => {
    const { withdrawFromClub } = await import('./club-withdrawal');
    const plan = (await getPlan(premiumPlan.id))!;
    const { claims, subscriptionId } = await buy();
    const membership = (await getMembership(subscriptionId))!;
    const start = Date.parse(membership.started_at);
    // a monthly plan: the first period is a calendar month; its days counted from the dates
    const periodDays = Math.round((Date.parse(membership.current_period_end) - start) / DAY);
    const done = await withdrawFromClub(await getProfile(claims.sub), claims, new Date(start + 7 * DAY));
    const kept = Math.floor((plan.price_cents * 7) / periodDays);
    expect(done.withdrawal).toMatchObject({
      days_used: 7,
      period_days: periodDays,
      kept_cents: kept,
      refund_cents: plan.price_cents - kept,
    });
    expect((await refundsOfFirstPayment(subscriptionId)).map((r) => r.amount)).toEqual([plan.price_cents - kept]);
  });

  it('on day 15: 409, and the subscription keeps running at Stripe', async () => {
    const { withdrawFromClub } = await import('./club-withdrawal');
    const { claims, subscriptionId } = await buy();
    const start = Date.parse((await getMembership(subscriptionId))!.started_at);
    await expect(
      withdrawFromClub(await getProfile(claims.sub), claims, new Date(start + 15 * DAY)),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await stripeClient().subscriptions.retrieve(subscriptionId)).status).toBe('active');
    expect(await getClubWithdrawal(subscriptionId)).toBeNull();
  });

  it('a renewal is not a new contract: after one, 409', async () => {
    const { claims, subscriptionId } = await buy();
    await renew(subscriptionId);
    const refused = await withdraw(claims);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('un rinnovo non è un nuovo contratto');
    expect((await stripeClient().subscriptions.retrieve(subscriptionId)).status).toBe('active');
  });

  it('a retry after a failure part-way finishes with the amounts of the request, and never refunds twice', async () => {
    const { claims, subscriptionId } = await buy();
    const first = await withdraw(claims);
    expect(first.status).toBe(201);
    // as if the completion had not been written: the record says 'requested'
    await ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.clubWithdrawal(subscriptionId),
        UpdateExpression: 'SET #st = :r',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':r': 'requested' },
      }),
    );
    const retry = await withdraw(claims);
    expect(retry.status).toBe(201);
    expect(retry.body.withdrawal.requested_at).toBe(first.body.withdrawal.requested_at);
    expect(retry.body.withdrawal.refund_cents).toBe(first.body.withdrawal.refund_cents);
    expect(await refundsOfFirstPayment(subscriptionId)).toHaveLength(1);
    expect((await getClubWithdrawal(subscriptionId))?.status).toBe('completed');
  });

  it('without a membership bought online: 404', async () => {
    const refused = await withdraw(claimsOf(randomUUID()));
    expect(refused.status).toBe(404);
  });

  it('[AP131] records a subscription once: a second record of the same subscription is refused', async () => {
    const { subscriptionId } = await buy();
    const record = {
      stripe_subscription_id: subscriptionId,
      user_id: 'u',
      email: 'u@example.com',
      plan_name: 'Premium',
      started_at: new Date().toISOString(),
      requested_at: new Date().toISOString(),
      service_start_requested_at: null,
      days_used: 0,
      period_days: 30,
      paid_cents: 100,
      kept_cents: 0,
      refund_cents: 100,
      payment_intent_id: 'pi_x',
      status: 'requested' as const,
      stripe_refund_id: null,
      completed_at: null,
    };
    const job = () => EMAIL_JOBS.clubWithdrawalReceived('u@example.com', `test-${randomUUID()}`, record);
    const requests = countDynamoRequests();
    expect(await recordClubWithdrawal(record, job())).toBe(true);
    expect(await recordClubWithdrawal({ ...record, refund_cents: 1 }, job())).toBe(false);
    expect(requests.commands).toEqual(['TransactWriteItemsCommand', 'TransactWriteItemsCommand']);
    expect((await getClubWithdrawal(subscriptionId))?.refund_cents).toBe(100);
  });

  it('[AP132] the admin lists the withdrawals newest first in Abbonamenti, with their amounts: 1 Query on GSI1', async () => {
    const { handler: admin } = await import('../admin/index');
    const a = await buy();
    const b = await buy();
    expect((await withdraw(a.claims)).status).toBe(201);
    expect((await withdraw(b.claims)).status).toBe(201);
    const requests = countDynamoRequests();
    const page = await listClubWithdrawalsPage({ limit: 100 });
    expect(requests.commands).toEqual(['QueryCommand']);
    expect(requests.requests.filter((r) => r.command === 'QueryCommand').map((r) => r.index)).toEqual(['GSI1']);
    const ids = page.items.map((w) => w.stripe_subscription_id);
    expect(ids.indexOf(b.subscriptionId)).toBeLessThan(ids.indexOf(a.subscriptionId));
    expect(ids.indexOf(a.subscriptionId)).toBeGreaterThanOrEqual(0);

    const listed = await invoke<PageResponse<AdminClubWithdrawalDto>>(admin, 'GET /api/admin/club-withdrawals', {
      claims: staffClaimsOf('supporto'),
      query: { limit: '100' },
    });
    expect(listed.status).toBe(200);
    const price = (await getPlan(premiumPlan.id))!.price_cents;
    const row = listed.body.items.find((w) => w.stripe_subscription_id === a.subscriptionId);
    expect(row).toMatchObject({ email: a.claims.email, status: 'completed', paid_cents: price, refund_cents: price });
    // the collaborator does not manage the club (the 'subscriptions' capability is the admin's)
    const refused = await invoke(admin, 'GET /api/admin/club-withdrawals', { claims: staffClaimsOf('collaboratore') });
    expect(refused.status).toBe(403);
  });
});
