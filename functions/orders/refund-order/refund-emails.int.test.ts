/**
 * The refund email end to end: a refund confirmed by Stripe queues the customer's email in the
 * order's refund write; the relay hands it to the real email worker, which sends it to MailDev,
 * read back through its REST API. One email per refund, whatever Stripe's events replay; a refund
 * made in the Stripe dashboard is told too; a cancellation's refund is told by 'Annullato' alone.
 * Amounts are written from the rules (a line gives back what it was paid), not read from the code.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { invoke, useLocalEnv } from '../../../test/support/invoke';
import {
  claimsOf,
  eventPayload,
  shipTo,
  signedWebhook,
  stripeClient,
  testProduct,
} from '../../../test/support/checkout';
import { claimsOf as staffClaims } from '../../../test/support/staff';
import { MailDevInbox } from '../../../test/support/local-runtime';
import type { ApiHandler } from '../../lib/context-handler';
import type { RefundResultDto } from '../../../shared/api/admin';
import { listOrdersOfUser } from '../order-repository';
import { getEmailJob } from '../../data/email-job-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let admin: ApiHandler;
let webhooks: ApiHandler;
const inbox = () => new MailDevInbox(inject('localMailInboxUrl'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  ({ handler: cart } = await import('../../cart/index'));
  ({ handler: checkout } = await import('../../checkout/index'));
  ({ handler: admin } = await import('../../admin/index'));
  ({ handler: webhooks } = await import('../../webhooks/index'));
});

/** A new customer buys `quantity` units of a new product at `priceCents` on the fake Stripe's page. */
async function paidOrder(priceCents: number, quantity: number) {
  const product = await testProduct(10, { price_cents: priceCents });
  const claims = claimsOf(randomUUID());
  const added = await invoke(cart, 'POST /api/cart/items', { claims, body: { product_id: product.id, quantity } });
  expect(added.status).toBe(200);
  const started = await invoke<{ url: string }>(checkout, 'POST /api/checkout/session', {
    claims,
    body: await shipTo(claims.sub),
  });
  expect(started.status).toBe(201);
  const paid = await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
  expect(paid.headers.get('location')).toContain('/checkout/success');
  const [order] = await listOrdersOfUser(claims.sub);
  return { claims, product, order: order! };
}

const refund = (id: string, body: unknown) =>
  invoke<RefundResultDto & { message?: string }>(admin, 'POST /api/admin/orders/{id}/refunds', {
    claims: staffClaims('supporto'),
    pathParameters: { id },
    body,
  });

describe('the refund email', () => {
  it('tells the customer each refund once (amount, lines, when the money shows up), even when charge.refunded is replayed', async () => {
    // 3 × 12,00 € picked up at no cost: one unit gives back 12,00 €
    const { claims, product, order } = await paidOrder(1200, 3);
    const short = order.id.slice(0, 8);
    const first = await refund(order.id, { mode: 'lines', lines: [{ index: 0, quantity: 1 }], reason: 'Difettoso' });
    expect(first.status).toBe(201);
    const subject = `Rimborso di 12,00\u00a0€ per l'ordine #${short}`;
    const message = await inbox().waitFor(claims.email, { subject, timeoutMs: 20_000 });
    // React's text separators (<!-- -->) split the HTML's text; a reader never sees them
    for (const body of [message.html.replace(/<!-- -->/g, ''), message.text]) {
      expect(body).toContain(`1 × ${product.name}`);
      expect(body).toContain('5-10 giorni lavorativi');
      expect(body).toContain('36,00\u00a0€'); // the total paid
    }
    expect(message.html).toContain('Rimborso parziale');

    // Stripe's events about it, replayed: no second job, no second email
    const refundId = first.body.refund!.id;
    const charge = await stripeClient().charges.retrieve(
      (await stripeClient().refunds.retrieve(first.body.refund!.stripe_refund_id!)).charge as string,
    );
    for (let i = 0; i < 2; i++)
      expect((await signedWebhook(webhooks, eventPayload('charge.refunded', charge))).status).toBe(200);
    expect(await getEmailJob(`order-refunded:${refundId}`)).toMatchObject({ to: claims.email });

    // the rest, by amount: a second email, the order now refunded in full
    const rest = await refund(order.id, { mode: 'full', reason: 'Reso' });
    expect(rest.status).toBe(201);
    const full = await inbox().waitFor(claims.email, {
      subject: `Rimborso di 24,00\u00a0€ per l'ordine #${short}`,
      timeoutMs: 20_000,
    });
    expect(full.html).toContain('Ordine rimborsato');
    await sleep(2_000);
    expect(await inbox().to(claims.email, 'Rimborso di')).toHaveLength(2);
  });

  it('tells a refund made in the Stripe dashboard once, when its event arrives (and again arrives)', async () => {
    const { claims, order } = await paidOrder(4500, 1);
    const made = await stripeClient().refunds.create({ payment_intent: order.payment_intent_id!, amount: 1000 });
    const charge = await stripeClient().charges.retrieve(made.charge as string);
    for (let i = 0; i < 2; i++)
      expect((await signedWebhook(webhooks, eventPayload('charge.refunded', charge))).status).toBe(200);
    const subject = `Rimborso di 10,00\u00a0€ per l'ordine #${order.id.slice(0, 8)}`;
    await inbox().waitFor(claims.email, { subject, timeoutMs: 20_000 });
    expect(await getEmailJob(`order-refunded:stripe-${made.id}`)).not.toBeNull();
    await sleep(2_000);
    expect(await inbox().to(claims.email, 'Rimborso di')).toHaveLength(1);
  });

  it("a cancellation's refund is told by 'Annullato' alone", async () => {
    const { claims, order } = await paidOrder(2000, 1);
    const done = await refund(order.id, { mode: 'full', reason: 'Esaurito', cancel: true, restock: true });
    expect(done.status).toBe(201);
    await inbox().waitFor(claims.email, { subject: 'è stato annullato', timeoutMs: 20_000 });
    await sleep(2_000);
    expect(await inbox().to(claims.email, 'Rimborso di')).toHaveLength(0);
    expect(await getEmailJob(`order-refunded:${done.body.refund!.id}`)).toBeNull();
  });
});
