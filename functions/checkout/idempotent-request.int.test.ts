/**
 * POST /api/checkout/session with an Idempotency-Key: a retried request gets the first session
 * (one reservation, one Stripe session), the key reused with another cart answers 400, a malformed
 * key 400, and a first request that failed lets the retry run anew. [AP144] [AP145]
 */
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { claimsOf as claims, shipTo, stripeClient as stripe, testProduct } from '../../test/support/checkout';
import type { ApiHandler } from '../lib/context-handler';
import { getProduct } from '../data/catalog-repository';
import { listOpenReservationsOfUser } from '../data/reservation-repository';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys } from '../data/keys';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
});

const post = (sub: string, body: unknown, key?: string) =>
  invoke<{ sessionId: string; url: string; message?: string; field?: string }>(checkout, 'POST /api/checkout/session', {
    claims: claims(sub),
    body,
    ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
  });

describe('checkout session: Idempotency-Key', () => {
  it('[AP144] [AP145] answers a retried request with the first session: one reservation, one session, stock taken once', async () => {
    const product = await testProduct(5);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id, quantity: 2 } });
    const body = await shipTo(sub);
    const key = randomUUID();
    const first = await post(sub, body, key);
    const retry = await post(sub, body, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body.sessionId).toBe(first.body.sessionId);
    expect(retry.body.url).toBe(first.body.url);
    expect((await stripe().checkout.sessions.retrieve(first.body.sessionId)).status).toBe('open');
    expect(await listOpenReservationsOfUser(sub)).toHaveLength(1);
    expect((await getProduct(product.id))!.quantity).toBe(3);
    // the record: done, with a day's TTL
    const hash = createHash('sha256').update(key).digest('hex');
    const item = (await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.checkoutRequest(sub, hash) })))
      .Item!;
    expect(item.status).toBe('done');
    expect(Number(item.expires_at_epoch) - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    // without the key the shopper starts anew, as before (the first checkout is given up)
    const fresh = await post(sub, body);
    expect(fresh.status).toBe(201);
    expect(fresh.body.sessionId).not.toBe(first.body.sessionId);
    expect((await stripe().checkout.sessions.retrieve(first.body.sessionId)).status).toBe('expired');
  });

  it('refuses the key reused with another request (400 naming the header) and a malformed key (400)', async () => {
    const product = await testProduct(5);
    const sub = randomUUID();
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id } });
    const body = await shipTo(sub);
    const key = randomUUID();
    expect((await post(sub, body, key)).status).toBe(201);
    const reused = await post(sub, { ...body, digital_consent: false }, key);
    expect([reused.status, reused.body.field]).toEqual([400, 'Idempotency-Key']);
    for (const bad of ['', 'x'.repeat(256), 'con spazio'])
      expect((await post(sub, body, bad)).body.field).toBe('Idempotency-Key');
  });

  it('lets a retry run anew when the first request failed', async () => {
    const sub = randomUUID();
    const key = randomUUID();
    // an empty cart: the first request fails (400), nothing is remembered
    const failed = await post(sub, {}, key);
    expect(failed.status).toBe(400);
    const product = await testProduct(2);
    await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: product.id } });
    const body = await shipTo(sub);
    const retry = await post(sub, body, key);
    expect(retry.status).toBe(201);
  });
});
