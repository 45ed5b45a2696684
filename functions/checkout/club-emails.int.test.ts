/**
 * The Aurum Club's emails end to end: the fake Stripe's hosted page and test clock send the signed
 * subscription events to the runtime's webhook route; the webhook's membership write queues the
 * email jobs; the relay's email worker sends them to MailDev, read back through its REST API.
 * Replayed events (the same invoice or subscription again, through the real handler) never send
 * a second email. Amounts and plans are written from the seed's plans, not read from the code.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { api, demo, signIn, signUpConfirmed } from '../../test/support/auth';
import { claimsOf, eventPayload, signedWebhook, stripeClient, stripeSecrets } from '../../test/support/checkout';
import { MailDevInbox, SEED_PLANS } from '../../test/support/local-runtime';
import type { ApiHandler } from '../lib/context-handler';
import type { CheckoutSessionDto } from '../../shared/api/checkout';
import { formatEuro } from '../../shared/money';
import { getEmailJob } from '../data/email-job-repository';
import { getPlan } from '../data/plan-repository';

useLocalEnv();
let checkout: ApiHandler;
let webhooks: ApiHandler;
const inbox = () => new MailDevInbox(inject('localMailInboxUrl'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The HTML's text as a reader sees it (React's text separators removed). */
const visible = (html: string) => html.replace(/<!-- -->/g, '');

beforeAll(async () => {
  ({ handler: checkout } = await import('./index'));
  ({ handler: webhooks } = await import('../webhooks/index'));
});

/** A seed plan of `tier` as the table has it now (other tests may change its price). */
const planOf = async (tier: string) => (await getPlan(SEED_PLANS.find((p) => p.subscription_tier === tier)!.id))!;

/** The fake Stripe's test clock: the subscription's current period ends now. */
async function endPeriod(subscriptionId: string, params: Record<string, string> = {}) {
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
  expect(res.status).toBe(200);
}

/** A new shopper buys `planId` on the hosted page. @returns their address and the subscription id */
async function buy(planId: string) {
  const claims = claimsOf(randomUUID());
  const started = await invoke<CheckoutSessionDto>(checkout, 'POST /api/checkout/subscription', {
    claims,
    body: { plan_id: planId, service_start_request: true },
  });
  expect(started.status).toBe(201);
  await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
  const session = await stripeClient().checkout.sessions.retrieve(started.body.sessionId);
  return { email: claims.email, subscriptionId: session.subscription as string };
}

/** The subscription's latest invoice as Stripe sends it in an event (`type` invoice.paid or invoice.payment_failed). */
async function latestInvoiceEvent(subscriptionId: string, type: string, paid: boolean) {
  const sub = await stripeClient().subscriptions.retrieve(subscriptionId);
  const item = sub.items.data[0]!;
  const invoice = {
    id: sub.latest_invoice as string,
    object: 'invoice',
    status: paid ? 'paid' : 'open',
    customer: sub.customer,
    currency: 'eur',
    amount_due: item.price.unit_amount,
    amount_paid: paid ? item.price.unit_amount : 0,
    billing_reason: 'subscription_cycle',
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
  };
  return { payload: eventPayload(type, invoice), invoiceId: invoice.id, sub };
}

const replay = async (payloads: string[]) => {
  for (const p of payloads) expect((await signedWebhook(webhooks, p)).status).toBe(200);
};

describe('Aurum Club emails', () => {
  it('welcome on activation, a receipt for each paid renewal, the end: each once, whatever Stripe replays', async () => {
    const premiumPlan = await planOf('Premium');
    const { email, subscriptionId } = await buy(premiumPlan.id);
    const welcome = await inbox().waitFor(email, { subject: 'Benvenuto in Aurum Club', timeoutMs: 20_000 });
    for (const body of [visible(welcome.html), welcome.text]) {
      expect(body).toContain(premiumPlan.name);
      expect(body).toContain(`${premiumPlan.discount_percentage}% di sconto`);
    }

    // the period ends and a new one is paid: the renewal's receipt
    await endPeriod(subscriptionId);
    const receipt = await inbox().waitFor(email, { subject: 'Ricevuta del rinnovo Aurum Club', timeoutMs: 20_000 });
    for (const body of [visible(receipt.html), receipt.text]) {
      expect(body).toContain(`Piano ${premiumPlan.name}`);
      expect(body).toContain(formatEuro(premiumPlan.price_cents));
      expect(body).toContain('IVA inclusa');
      expect(body).toMatch(/Periodo: dal \d+ \w+ \d{4} al \d+ \w+ \d{4}/);
    }

    // the renewal's invoice and the subscription's events again, through the real handler
    const renewal = await latestInvoiceEvent(subscriptionId, 'invoice.paid', true);
    await replay([
      renewal.payload,
      renewal.payload,
      eventPayload('customer.subscription.created', renewal.sub),
      eventPayload('customer.subscription.updated', renewal.sub),
    ]);
    expect(await getEmailJob(`club-renewal:${renewal.invoiceId}`)).toMatchObject({ to: email });

    // cancelled from the profile, then the period ends: the membership ended, once
    await stripeClient().subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await endPeriod(subscriptionId);
    const ended = await inbox().waitFor(email, { subject: 'è terminato', timeoutMs: 20_000 });
    expect(visible(ended.html)).toContain(premiumPlan.name);
    const deleted = await stripeClient().subscriptions.retrieve(subscriptionId);
    await replay([eventPayload('customer.subscription.deleted', deleted), renewal.payload]);

    await sleep(2_000);
    expect(await inbox().to(email, 'Benvenuto')).toHaveLength(1);
    expect(await inbox().to(email, 'Ricevuta del rinnovo')).toHaveLength(1);
    expect(await inbox().to(email, 'è terminato')).toHaveLength(1);
  });

  it('a renewal Stripe could not charge: what to do, once per invoice', async () => {
    const advancedPlan = await planOf('Advanced');
    const { email, subscriptionId } = await buy(advancedPlan.id);
    await endPeriod(subscriptionId, { payment: 'failed' });
    const failed = await inbox().waitFor(email, { subject: 'Pagamento Aurum Club non riuscito', timeoutMs: 20_000 });
    for (const body of [visible(failed.html), failed.text]) {
      expect(body).toContain(advancedPlan.name);
      expect(body).toContain(formatEuro(advancedPlan.price_cents));
      expect(body).toContain('carta');
      expect(body).toContain('supporto@');
    }
    expect(failed.html).toContain(`${inject('localUrl')}/profile?tab=abbonamenti`);
    const again = await latestInvoiceEvent(subscriptionId, 'invoice.payment_failed', false);
    await replay([again.payload, again.payload]);
    await sleep(2_000);
    expect(await inbox().to(email, 'non riuscito')).toHaveLength(1);
    // the failed renewal sent no receipt
    expect(await inbox().to(email, 'Ricevuta del rinnovo')).toHaveLength(0);
  });
});

describe('the ban notice', () => {
  it('tells a banned member, once, that the ban cancelled the membership and that nothing was refunded', async () => {
    const plan = await planOf('Premium');
    const email = `bannato.avviso${Date.now()}@example.com`;
    await signUpConfirmed(email, 'Bannato2026!');
    const token = await signIn(email, 'Bannato2026!');
    const sub = (await api<{ id: string }>('GET', '/api/me', { token })).body.id;
    const started = await invoke<CheckoutSessionDto>(checkout, 'POST /api/checkout/subscription', {
      claims: { sub, email },
      body: { plan_id: plan.id, service_start_request: true },
    });
    expect(started.status).toBe(201);
    await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
    await inbox().waitFor(email, { subject: 'Benvenuto in Aurum Club', timeoutMs: 20_000 });

    const admin = await signIn(demo('supporto').email, demo('supporto').password);
    expect((await api('POST', `/api/admin/users/${sub}/ban`, { token: admin, body: {} })).status).toBe(200);
    const notice = await inbox().waitFor(email, { subject: 'è stato annullato', timeoutMs: 20_000 });
    expect(notice.subject).toBe('Il tuo abbonamento Aurum Club è stato annullato');
    for (const body of [visible(notice.html), notice.text]) {
      expect(body).toContain(plan.name);
      expect(body).toContain('non ti addebiteremo altri pagamenti');
      expect(body).toContain('Non è stato effettuato alcun rimborso');
    }
    // Stripe's event of the cancelled renewal, and the ban saved again: no second notice
    const session = await stripeClient().checkout.sessions.retrieve(started.body.sessionId);
    const updated = await stripeClient().subscriptions.retrieve(session.subscription as string);
    await replay([eventPayload('customer.subscription.updated', updated)]);
    await api('POST', `/api/admin/users/${sub}/ban`, { token: admin, body: {} });
    await sleep(2_000);
    expect(await inbox().to(email, 'è stato annullato')).toHaveLength(1);
  });
});
