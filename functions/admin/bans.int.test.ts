/**
 * Bans reach every path: banning a member stops the club subscription from renewing at Stripe and
 * expires the open checkouts (shop and club), so a page opened before the ban can no longer be
 * paid; a still-valid ID token of a banned member gets no member prices or tier products on public
 * routes; a temporary ban is lifted by the lift-expired-bans job (Cognito enabled again, the ban
 * cleared), while a new ban made meanwhile stays. Real tokens, the real Stripe SDK against the
 * local Stripe, the admin's ban through the API.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, demo, signIn, signUpConfirmed } from '../../test/support/auth';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { shipTo, stripeClient, testProduct } from '../../test/support/checkout';
import { runAsFunction, SEED_PLANS } from '../../test/support/local-runtime';
import type { ApiHandler } from '../lib/context-handler';
import type { CheckoutSessionDto } from '../../shared/api/checkout';
import type { UserRowDto } from '../../shared/api/admin';
import { getProduct } from '../data/catalog-repository';
import { getProfile, updateBannedUntil } from '../data/profile-repository';
import { listAuditOfTarget } from '../data/audit-repository';
import { liftExpiredBans } from '../jobs/lift-expired-bans';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let admin: string;

const premiumPlan = SEED_PLANS.find((p) => p.subscription_tier === 'Premium')!;
const PASSWORD = 'Bannato2026!';

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('../checkout/index'));
  admin = await signIn(demo('supporto').email, demo('supporto').password);
});

/** A new confirmed account: its email, ID token and sub. */
async function account(tag: string): Promise<{ email: string; token: string; claims: { sub: string; email: string } }> {
  const email = `${tag}${Date.now()}@example.com`;
  await signUpConfirmed(email, PASSWORD);
  const token = await signIn(email, PASSWORD);
  const me = await api<{ id: string }>('GET', '/api/me', { token });
  return { email, token, claims: { sub: me.body.id, email } };
}

const payOnPage = async (url: string) =>
  (await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' })).headers.get('location') ?? '';

const ban = (id: string, body: object = {}) =>
  api<UserRowDto & { message?: string }>('POST', `/api/admin/users/${id}/ban`, { token: admin, body });

describe('a ban reaches Stripe', () => {
  it('stops the club subscription renewing (period end kept) and expires the open shop checkout, releasing its stock', async () => {
    const member = await account('bannato.membro');
    const started = await invoke<CheckoutSessionDto>(checkout, 'POST /api/checkout/subscription', {
      claims: member.claims,
      body: { plan_id: premiumPlan.id, service_start_request: true },
    });
    expect(started.status).toBe(201);
    expect(await payOnPage(started.body.url)).toContain('abbonamento=attivo');
    const subscriptionId = (await stripeClient().checkout.sessions.retrieve(started.body.sessionId))
      .subscription as string;
    const product = await testProduct(4);
    await invoke(cart, 'POST /api/cart/items', {
      claims: member.claims,
      body: { product_id: product.id, quantity: 3 },
    });
    const open = await invoke<CheckoutSessionDto>(checkout, 'POST /api/checkout/session', {
      claims: member.claims,
      body: await shipTo(member.claims.sub),
    });
    expect(open.status).toBe(201);
    expect((await getProduct(product.id))!.quantity).toBe(1);

    expect((await ban(member.claims.sub)).status).toBe(200);

    const subscription = await stripeClient().subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const session = await stripeClient().checkout.sessions.retrieve(open.body.sessionId);
    expect(session.status).toBe('expired');
    expect((await getProduct(product.id))!.quantity).toBe(4);
    const profile = await getProfile(member.claims.sub);
    expect(profile!.subscription).toMatchObject({ cancel_at_period_end: true, renews_at: null });
    const audit = (await listAuditOfTarget('user', member.claims.sub)).at(-1)!;
    expect(audit.action).toBe('ban');
    expect(audit.changes.payments).toMatchObject({
      after: { checkouts_released: 1, subscription_stopped: subscriptionId, failures: [] },
    });
  });

  it('expires an open club checkout, so the page opened before the ban cannot be paid', async () => {
    const shopper = await account('bannato.club');
    const started = await invoke<CheckoutSessionDto>(checkout, 'POST /api/checkout/subscription', {
      claims: shopper.claims,
      body: { plan_id: premiumPlan.id, service_start_request: true },
    });
    expect(started.status).toBe(201);
    expect((await ban(shopper.claims.sub)).status).toBe(200);
    expect((await stripeClient().checkout.sessions.retrieve(started.body.sessionId)).status).toBe('expired');
    expect(await payOnPage(started.body.url)).not.toContain('abbonamento=attivo');
    expect((await getProfile(shopper.claims.sub))!.subscription).toBeNull();
  });
});

describe('a ban reaches public routes', () => {
  it('gives a still-valid token of a banned member neither tier products nor member prices', async () => {
    const member = await account('bannato.pubblico');
    const started = await invoke<CheckoutSessionDto>(checkout, 'POST /api/checkout/subscription', {
      claims: member.claims,
      body: { plan_id: premiumPlan.id, service_start_request: true },
    });
    await payOnPage(started.body.url);
    const premium = await testProduct(3, { premium_tier: 'Premium', price_cents: 10_000 });
    const before = await api<{ id: string; price_cents: number; member_price_cents?: number }>(
      'GET',
      `/api/products/${premium.id}`,
      { token: member.token },
    );
    expect(before.status).toBe(200);
    expect((await ban(member.claims.sub)).status).toBe(200);
    const after = await api('GET', `/api/products/${premium.id}`, { token: member.token });
    expect(after.status).not.toBe(200);
    expect(after.status).toBe((await api('GET', `/api/products/${premium.id}`)).status);
  });
});

describe('temporary bans end', () => {
  it('the job enables the account again once the ban has ended, and keeps a ban that is still running', async () => {
    const ended = await account('bannato.temporaneo');
    const running = await account('bannato.ancora');
    const until = new Date(Date.now() + 60_000).toISOString();
    expect((await ban(ended.claims.sub, { until })).status).toBe(200);
    expect((await ban(running.claims.sub, { until })).status).toBe(200);
    await expect(signIn(ended.email, PASSWORD)).rejects.toThrow(/disabled/i);
    // the first ban's end is reached (written as the ban would have stored an earlier end)
    const past = new Date(Date.now() - 1000).toISOString();
    await updateBannedUntil(ended.claims.sub, past);

    const result = await runAsFunction('lift-expired-bans', () => liftExpiredBans());
    expect(result.lifted).toBeGreaterThanOrEqual(1);
    expect((await getProfile(ended.claims.sub))!.banned_until).toBeNull();
    const token = await signIn(ended.email, PASSWORD);
    expect((await api('GET', '/api/me', { token })).status).toBe(200);

    expect((await getProfile(running.claims.sub))!.banned_until).toBe(until);
    await expect(signIn(running.email, PASSWORD)).rejects.toThrow(/disabled/i);
  });
});
