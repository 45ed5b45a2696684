/**
 * Order emails end to end on the local runtime: a paid order (the signed Stripe webhook through
 * the real handler) records its email jobs in the order's own transaction; the relay (DynamoDB
 * Local's stream, the email worker's mapping) hands them to the real worker, which sends over SMTP
 * to MailDev; the messages are read back through MailDev's REST API. A replayed webhook makes no
 * second email; 'Spedito' sends the tracking email once; an SMTP outage leaves the order made and
 * the email pending, and it goes out once, after the fault clears.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import {
  claimsOf,
  completedEvent,
  shipTo,
  signedWebhook,
  stripeClient,
  testProduct,
} from '../../test/support/checkout';
import { claimsOf as staffClaims } from '../../test/support/staff';
import { MailDevInbox, runAsFunction, setSmtpOutage } from '../../test/support/local-runtime';
import type { ApiHandler } from '../lib/context-handler';
import { listOrdersOfUser } from '../orders/order-repository';
import { getEmailJob, queueEmailJob } from '../data/email-job-repository';
import { ORDER_EMAILS } from '../orders/order-emails';
import type { OrderRecord } from '../orders/order-record';
import { sweepEmailJobs } from '../jobs/email-retry';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;
let admin: ApiHandler;
const inbox = () => new MailDevInbox(inject('localMailInboxUrl'));

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('../checkout/index'));
  ({ handler: webhooks } = await import('../webhooks/index'));
  ({ handler: admin } = await import('../admin/index'));
});

afterEach(() => setSmtpOutage(inject('localDataDir'), false));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Buys `quantity` of a new product at 19,99 € as a new customer and pays: the completed webhook,
 * signed, through the real handler. @returns the customer's address, the session and its event payload
 */
async function paidOrder(quantity: number) {
  const product = await testProduct(10);
  const sub = randomUUID();
  const email = claimsOf(sub).email;
  expect(
    (await invoke(cart, 'POST /api/cart/items', { claims: claimsOf(sub), body: { product_id: product.id, quantity } }))
      .status,
  ).toBe(200);
  const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
    claims: claimsOf(sub),
    body: await shipTo(sub),
  });
  expect(created.status).toBe(201);
  const session = await stripeClient().checkout.sessions.retrieve(created.body.sessionId);
  const delivered = await signedWebhook(webhooks, completedEvent(session));
  expect(delivered.status).toBe(200);
  expect(delivered.body.result).toBe('created');
  const [order] = await listOrdersOfUser(sub);
  return { sub, email, session, order: order!, product };
}

const shortId = (o: OrderRecord) => o.id.slice(0, 8);

describe('order confirmation', () => {
  it('sends exactly one confirmation with the right lines and totals, even when the webhook is replayed', async () => {
    const { email, session, order, product } = await paidOrder(2);
    const subject = `Conferma ordine #${shortId(order)}`;
    const message = await inbox().waitFor(email, { subject, timeoutMs: 20_000 });
    expect(message.subject).toBe(subject);
    expect(message.from[0]).toEqual({ address: 'ordini@aurumfitness.example', name: 'Aurum Fitness' });
    // 2 × 19,99 € = 39,98 €, picked up at no cost: the total, with 'IVA inclusa', in HTML and text
    for (const body of [message.html, message.text]) {
      expect(body).toContain(product.name);
      expect(body).toContain('39,98\u00a0€');
      expect(body).toContain('IVA inclusa');
      expect(body).toContain('Diritto di recesso');
    }
    expect(message.html).toContain(`${inject('localUrl')}/legal/politica-di-reso`);
    // the owner's notice of the paid order reaches the support inbox
    await inbox().waitFor(DEFAULT_SUPPORT_EMAIL, { subject: `Nuovo ordine pagato #${shortId(order)}` });

    // the same event again, and another event of the same session: no second job, no second email
    expect((await signedWebhook(webhooks, completedEvent(session))).body.result).toBe('duplicate');
    expect((await signedWebhook(webhooks, completedEvent(session))).body.result).toBe('duplicate');
    await sleep(2_000);
    expect(await inbox().to(email, subject)).toHaveLength(1);
    const job = await getEmailJob(`order-confirmation:${order.id}`);
    expect(job).toMatchObject({ status: 'sent', attempts: 1, to: email });
    // the retry sweep finds nothing of it to send again
    await runAsFunction('email-retry', () => sweepEmailJobs(new Date(Date.now() + 7_200_000)));
    expect(await inbox().to(email, subject)).toHaveLength(1);
  });
});

describe("'Spedito' and 'Annullato'", () => {
  it('sends the tracking email once when a collaborator marks the order shipped', async () => {
    const { email, order } = await paidOrder(1);
    const update = (body: Record<string, string>) =>
      invoke(admin, 'PATCH /api/admin/orders/{id}', {
        claims: staffClaims('collaboratore'),
        pathParameters: { id: order.id },
        body,
      });
    const tracking = {
      status: 'Spedito',
      tracking_number: 'BRT123456',
      tracking_url: 'https://tracking.example/BRT123456',
    };
    expect((await update(tracking)).status).toBe(200);
    const subject = `Il tuo ordine #${shortId(order)} è stato spedito`;
    const message = await inbox().waitFor(email, { subject, timeoutMs: 20_000 });
    expect(message.html).toContain('https://tracking.example/BRT123456');
    expect(message.text).toContain('BRT123456');
    // the same change saved again is no new email
    expect((await update(tracking)).status).toBe(200);
    await sleep(2_000);
    expect(await inbox().to(email, subject)).toHaveLength(1);
  });

  it("tells the customer once when the order is cancelled (and refunded): 'Annulla ordine' in Ordini", async () => {
    const product = await testProduct(10);
    const sub = randomUUID();
    const claims = claimsOf(sub);
    const add = await invoke(cart, 'POST /api/cart/items', { claims, body: { product_id: product.id, quantity: 1 } });
    expect(add.status).toBe(200);
    const started = await invoke<{ url: string }>(checkout, 'POST /api/checkout/session', {
      claims,
      body: await shipTo(sub),
    });
    expect(started.status).toBe(201);
    // paid on the local Stripe's hosted page, so there is a payment to refund
    const paid = await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toContain('/checkout/success');
    const [order] = await listOrdersOfUser(sub);
    const cancel = () =>
      invoke(checkout, 'POST /api/me/orders/{id}/cancel', { claims, pathParameters: { id: order!.id } });
    expect((await cancel()).status).toBe(200);
    const subject = `Il tuo ordine #${shortId(order!)} è stato annullato`;
    const cancelled = await inbox().waitFor(claims.email, { subject, timeoutMs: 20_000 });
    expect(cancelled.text).toContain('19,99\u00a0€');
    // cancelling again is refused, and no second email goes out
    expect((await cancel()).status).toBe(409);
    await sleep(2_000);
    expect(await inbox().to(claims.email, subject)).toHaveLength(1);
  });
});

describe('SMTP outage', () => {
  it('creates the order, keeps the email pending while SMTP is down, and sends it once after the fault clears', async () => {
    setSmtpOutage(inject('localDataDir'), true);
    const { email, session, order } = await paidOrder(1);
    const jobId = `order-confirmation:${order.id}`;
    // the order is made whatever the mail server does
    expect(order.status).toBe('In elaborazione');
    // the worker tried (the mapping's first try and its 3 retries), then left it pending for the sweep
    await expect
      .poll(async () => (await getEmailJob(jobId))?.attempts ?? 0, { timeout: 30_000, interval: 250 })
      .toBeGreaterThanOrEqual(4);
    await sleep(1_000);
    const waiting = await getEmailJob(jobId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 4 });
    expect(waiting!.last_error).toMatch(/421/);
    expect(Date.parse(waiting!.next_attempt_at)).toBeGreaterThan(Date.now());
    const subject = `Conferma ordine #${shortId(order)}`;
    expect(await inbox().to(email, subject)).toHaveLength(0);

    // still down: the sweep's attempt fails too and the job stays pending
    const later = new Date(Date.now() + 3_600_000);
    await runAsFunction('email-retry', () => sweepEmailJobs(later));
    expect(await getEmailJob(jobId)).toMatchObject({ status: 'pending', attempts: 5 });

    // the fault clears: the next sweep sends it, once
    setSmtpOutage(inject('localDataDir'), false);
    const counts = await runAsFunction('email-retry', () => sweepEmailJobs(new Date(later.getTime() + 3_600_000)));
    expect(counts.sent).toBeGreaterThanOrEqual(1);
    const message = await inbox().waitFor(email, { subject });
    expect(message.text).toContain('19,99\u00a0€');
    expect(await getEmailJob(jobId)).toMatchObject({ status: 'sent', attempts: 6 });
    // nothing sends it again: another sweep, a replayed webhook
    await runAsFunction('email-retry', () => sweepEmailJobs(new Date(later.getTime() + 7_200_000)));
    expect((await signedWebhook(webhooks, completedEvent(session))).body.result).toBe('duplicate');
    await sleep(2_000);
    expect(await inbox().to(email, subject)).toHaveLength(1);
  });

  it('gives up a job still failing a day after it was written: failed, never sent later', async () => {
    setSmtpOutage(inject('localDataDir'), true);
    const { order } = await paidOrder(1);
    const id = `give-up-probe:${randomUUID()}`;
    const to = `rinuncia.${randomUUID().slice(0, 8)}@example.com`;
    // a job written 25 hours ago (as after a day of outage), with the order's confirmation data
    const job = { ...ORDER_EMAILS.confirmation(order), id, to };
    expect(await queueEmailJob(job, new Date(Date.now() - 25 * 3_600_000))).toBe(true);
    await expect.poll(async () => (await getEmailJob(id))?.status, { timeout: 20_000, interval: 250 }).toBe('failed');
    expect((await getEmailJob(id))!.last_error).toMatch(/421/);
    setSmtpOutage(inject('localDataDir'), false);
    await runAsFunction('email-retry', () => sweepEmailJobs(new Date(Date.now() + 7_200_000)));
    await sleep(1_000);
    expect(await inbox().to(to)).toHaveLength(0);
    expect((await getEmailJob(id))!.status).toBe('failed');
  });
});
