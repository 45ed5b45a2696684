/**
 * Stripe's webhook while DynamoDB throttles (a fault switched on in the functions' DynamoDB client,
 * test/support/faults.ts): the shop answers 5xx, so the Stripe stand-in, like Stripe, delivers the
 * same event again later; the paid checkout then becomes exactly one order, however often the
 * event comes.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import {
  claimsOf,
  completedEvent,
  fakeStripeHelper,
  shipTo,
  signedWebhook,
  stripeClient,
  testProduct,
} from '../../test/support/checkout';
import { clearFaults, eventually, fault, webhookDeliveries } from '../../test/support/faults';
import type { ApiHandler } from '../lib/context-handler';
import { getProduct } from '../data/catalog-repository';
import { getReservation } from '../data/reservation-repository';
import { listOrdersOfUser } from '../orders/order-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('../checkout/index'));
  ({ handler: webhooks } = await import('./index'));
});
afterEach(() => clearFaults());

describe('the webhook while DynamoDB throttles', () => {
  it('answers 5xx, Stripe delivers again, and the paid checkout becomes exactly one order', async () => {
    const product = await testProduct(5);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', {
      claims: claimsOf(sub),
      body: { product_id: product.id, quantity: 2 },
    });
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: claimsOf(sub),
      body: await shipTo(sub),
    });
    expect(created.status).toBe(201);
    const session = await stripeClient().checkout.sessions.retrieve(created.body.sessionId);
    const checkoutId = session.client_reference_id!;
    // every request about this checkout is throttled 4 times: the first delivery's reads spend the
    // SDK's 3 attempts, the second delivery's first attempt meets the last one
    fault({ service: 'dynamodb', key: checkoutId, error: 'ProvisionedThroughputExceededException', times: 4 });

    expect(await fakeStripeHelper(session.id, 'pay', {})).toBe(200);
    // the delivery is recorded once the shop has answered it, so wait for the answer, not the order
    const deliveries = await eventually('a delivery of the completed checkout answered 200', async () => {
      const all = (await webhookDeliveries(session.id)).filter((d) => d.type === 'checkout.session.completed');
      return all.some((d) => d.status === 200) ? all : null;
    });
    // the shop said "not now" (503), the same event came again and was taken
    expect(deliveries[0]).toMatchObject({ attempt: 1, status: 503 });
    expect(deliveries.at(-1)).toMatchObject({ status: 200, event_id: deliveries[0]!.event_id });
    expect(deliveries.length).toBeGreaterThanOrEqual(2);

    const orders = await listOrdersOfUser(sub);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.items[0]!.quantity).toBe(2);
    expect((await getReservation(checkoutId))!.status).toBe('sold');
    expect((await getProduct(product.id))!.quantity).toBe(3);

    // the same event again (Stripe delivers at least once): still one order, the stock taken once
    const again = await signedWebhook(webhooks, completedEvent(session, deliveries[0]!.event_id));
    expect(again.body.result).toBe('duplicate');
    expect(await listOrdersOfUser(sub)).toHaveLength(1);
    expect((await getProduct(product.id))!.quantity).toBe(3);
  });
});
