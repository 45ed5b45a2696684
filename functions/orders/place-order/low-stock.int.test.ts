/**
 * Low stock reached through sales: paid orders on the fake Stripe's hosted page (the signed
 * webhook through the runtime's real handler) take a product's units; the sale that brings its
 * stock to or below the threshold (5 units) raises the inventory alert (a stock_alert on the
 * notifications topic, read from the local outbox) and the owner's email to the support inbox
 * (MailDev), once per crossing: further sales below it raise nothing, a refill and a new crossing
 * raise it again, and running out is told once more.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { invoke, useLocalEnv } from '../../../test/support/invoke';
import { claimsOf, shipTo, testProduct } from '../../../test/support/checkout';
import { MailDevInbox } from '../../../test/support/local-runtime';
import { outboxMark, outboxSince } from '../../../test/support/automations';
import { clearFaults, eventually, fault, webhookDeliveries } from '../../../test/support/faults';
import type { ApiHandler } from '../../lib/context-handler';
import { getProduct } from '../../data/catalog-repository';
import { setVariantQuantity } from '../../data/product-admin-repository';
import { listOrdersOfUser } from '../order-repository';
import { DEFAULT_SUPPORT_EMAIL } from '../../../shared/constants';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
const inbox = () => new MailDevInbox(inject('localMailInboxUrl'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  ({ handler: cart } = await import('../../cart/index'));
  ({ handler: checkout } = await import('../../checkout/index'));
});

/** The Checkout Session of the last `sell`. */
let lastSessionId = '';

/** A new customer buys `quantity` units of `productId` and pays on the hosted page. @returns the order's short id */
async function sell(productId: string, quantity: number): Promise<string> {
  const claims = claimsOf(randomUUID());
  expect(
    (await invoke(cart, 'POST /api/cart/items', { claims, body: { product_id: productId, quantity } })).status,
  ).toBe(200);
  const started = await invoke<{ url: string; sessionId: string }>(checkout, 'POST /api/checkout/session', {
    claims,
    body: await shipTo(claims.sub),
  });
  expect(started.status).toBe(201);
  lastSessionId = started.body.sessionId;
  const paid = await fetch(`${started.body.url}/complete`, { method: 'POST', redirect: 'manual' });
  expect(paid.headers.get('location')).toContain('/checkout/success');
  const [order] = await listOrdersOfUser(claims.sub);
  return order!.id.slice(0, 8);
}

/** The owner's low-stock emails about `name`. */
const ownerEmails = async (name: string) =>
  (await inbox().to(DEFAULT_SUPPORT_EMAIL)).filter((m) => m.subject.includes(name));
/** The stock alerts about `name` published since `mark`. */
const snsAlerts = (mark: number, name: string) =>
  outboxSince(mark).filter((l) => l.includes(name) && /scorta bassa|ESAURITO/.test(l));

describe('low stock through sales', () => {
  it('[AP122] alerts the owner once per crossing of the threshold, not once per sale', async () => {
    const product = await testProduct(8);
    const mark = outboxMark();
    await sell(product.id, 2); // 8 -> 6: above the threshold
    const crossing = await sell(product.id, 2); // 6 -> 4: crossed
    const email = await inbox().waitFor(DEFAULT_SUPPORT_EMAIL, {
      subject: `Scorta bassa: ${product.name} (4 disponibili)`,
      timeoutMs: 20_000,
    });
    expect(email.text).toContain(`#${crossing}`);
    expect(email.html).toContain(`${inject('localUrl')}/admin/inventory-alerts`);
    await expect.poll(() => snsAlerts(mark, product.name).length, { timeout: 10_000 }).toBe(1);
    expect(snsAlerts(mark, product.name)[0]).toContain('scorta bassa (4 disponibili)');

    await sell(product.id, 1); // 4 -> 3: still low, nothing new
    await sleep(2_000);
    expect(await ownerEmails(product.name)).toHaveLength(1);
    expect(snsAlerts(mark, product.name)).toHaveLength(1);

    // a supplier delivery refills it (a restock); the next crossing is told again
    await setVariantQuantity(product.id, product.id, () => 9, new Date().toISOString());
    await sell(product.id, 5); // 9 -> 4
    await inbox().waitFor(DEFAULT_SUPPORT_EMAIL, {
      subject: `Scorta bassa: ${product.name} (4 disponibili)`,
      timeoutMs: 20_000,
    });
    await expect.poll(async () => (await ownerEmails(product.name)).length, { timeout: 20_000 }).toBe(2);

    // the last units: sold out is told once
    await sell(product.id, 4); // 4 -> 0
    await inbox().waitFor(DEFAULT_SUPPORT_EMAIL, { subject: `Esaurito: ${product.name}`, timeoutMs: 20_000 });
    expect((await getProduct(product.id))!.quantity).toBe(0);
    await sleep(2_000);
    expect(await ownerEmails(product.name)).toHaveLength(3);
    expect(snsAlerts(mark, product.name)).toHaveLength(3);
  });
});

describe('low stock while SNS fails', () => {
  afterEach(() => clearFaults());

  it("makes the order, takes Stripe's first delivery and sends the owner's email when the topic answers InternalError; nothing is told twice", async () => {
    const product = await testProduct(6);
    const mark = outboxMark();
    // every Publish fails for the next minute, through the SDK's 3 attempts
    fault({ service: 'sns', operation: 'Publish', error: 'InternalError', forMs: 60_000 });
    const crossing = await sell(product.id, 2); // 6 -> 4: crossed, the topic down
    expect((await getProduct(product.id))!.quantity).toBe(4);
    // Stripe's first delivery of the paid session was taken: the topic's failure did not fail the webhook
    const deliveries = await eventually('the delivery of the paid session', async () => {
      const all = await webhookDeliveries(lastSessionId);
      return all.length > 0 ? all : null;
    });
    expect(deliveries.map((d) => d.status)).toEqual([200]);
    const email = await inbox().waitFor(DEFAULT_SUPPORT_EMAIL, {
      subject: `Scorta bassa: ${product.name} (4 disponibili)`,
      timeoutMs: 20_000,
    });
    expect(email.text).toContain(`#${crossing}`);
    expect(snsAlerts(mark, product.name)).toHaveLength(0);

    // the topic back: the next sale below the threshold raises nothing again
    clearFaults('sns');
    await sell(product.id, 1); // 4 -> 3
    await sleep(2_000);
    expect(await ownerEmails(product.name)).toHaveLength(1);
    expect(snsAlerts(mark, product.name)).toHaveLength(0);
  });
});
