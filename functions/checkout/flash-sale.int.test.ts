/**
 * A flash sale on one item held to DynamoDB's per-partition limits (decision 0017), in slow motion:
 * the shoppers are admitted by API Gateway's token bucket for checkout creation and the product's
 * partition serves DynamoDB's per-partition throughput, both divided by the same SLOW_MOTION
 * factor (the local runtime does in a second a fraction of what the cloud does). The local
 * DynamoDB path throttles the item beyond that capacity (the 'partition_limits' fault,
 * infra/local/faults/dynamodb-faults.ts), as DynamoDB would: a request over it would reach the
 * shopper as 503.
 *
 * What the design must show: exactly the stock sold, every other shopper told 'Prodotto Esaurito'
 * (409) or, while the bucket is empty, 429 (pressed again after a second, as the SPA invites), no
 * 5xx, and a sold-out product costs no more writes: its item is written by the checkouts that sold
 * and by those already racing for the last units when it sold out, never by the shoppers after.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { claimsOf, shipTo, testProduct } from '../../test/support/checkout';
import { clearFaults, DYNAMODB_PARTITION_LIMITS, fault, TokenBucket } from '../../test/support/faults';
import type { ApiHandler } from '../lib/context-handler';
import type { CartDto } from '../../shared/api/cart';
import { CHECKOUT_CREATION_THROTTLE } from '../../shared/api/checkout';
import { ddb, GetCommand } from '../lib/dynamo';
import { getProduct } from '../data/catalog-repository';
import { keys } from '../data/keys';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
});
afterEach(() => clearFaults());

/** How much slower than the cloud the sale runs: admission and partition capacity both divided by it. */
const SLOW_MOTION = 10;
const SHOPPERS = 40;
const UNITS = 8;

type Answer = { sessionId?: string; message?: string; title?: string };

/** Writes (TransactWriteItems, UpdateItem, PutItem) that address an item, counted as sent. */
function countWritesTo(pk: string): { writes: number } {
  const counter = { writes: 0 };
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName ?? '');
      if (/^(TransactWriteItems|UpdateItem|PutItem)Command$/.test(command) && JSON.stringify(args.input).includes(pk))
        counter.writes += 1;
      return next(args);
    },
    { step: 'initialize', name: `writesTo-${pk}` },
  );
  return counter;
}

describe('a flash sale holds at DynamoDB per-partition limits', () => {
  it(`${SHOPPERS} shoppers, ${UNITS} units: exactly ${UNITS} sold, the others told 'Esaurito', no 5xx, no write once sold out`, async () => {
    const product = await testProduct(UNITS);
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async () => {
        const sub = randomUUID();
        const added = await invoke<CartDto>(cart, 'POST /api/cart/items', {
          claims: claimsOf(sub),
          body: { product_id: product.id },
        });
        expect(added.status).toBe(200);
        return { sub, body: await shipTo(sub) };
      }),
    );
    const pk = keys.product(product.id).PK;
    // The item as stored, for its size (a write costs 1 unit per KB, a read 1 per 4 KB).
    const stored = await ddb.send(
      new GetCommand({ TableName: process.env.TABLE_NAME!, Key: keys.product(product.id) }),
    );
    fault({
      service: 'dynamodb',
      key: pk,
      error: 'partition_limits',
      capacity: {
        writeUnitsPerSecond: DYNAMODB_PARTITION_LIMITS.writeUnitsPerSecond / SLOW_MOTION,
        readUnitsPerSecond: DYNAMODB_PARTITION_LIMITS.readUnitsPerSecond / SLOW_MOTION,
        itemBytes: Buffer.byteLength(JSON.stringify(stored.Item)),
      },
    });
    const admission = new TokenBucket({
      rateLimit: CHECKOUT_CREATION_THROTTLE.rateLimit / SLOW_MOTION,
      burstLimit: CHECKOUT_CREATION_THROTTLE.burstLimit / SLOW_MOTION,
    });
    const counter = countWritesTo(pk);

    const finals: { status: number; body: Answer }[] = [];
    const statuses: number[] = [];
    await Promise.all(
      shoppers.map(async ({ sub, body }) => {
        for (;;) {
          if (!admission.take()) {
            statuses.push(429);
            await new Promise((r) => setTimeout(r, 1000 + Math.random() * 500));
            continue;
          }
          const answer = await invoke<Answer>(checkout, 'POST /api/checkout/session', { claims: claimsOf(sub), body });
          statuses.push(answer.status);
          finals.push(answer);
          return;
        }
      }),
    );

    const summary = JSON.stringify(finals.map((a) => [a.status, a.body.title ?? a.body.message]));
    expect(
      statuses.filter((s) => s >= 500),
      summary,
    ).toEqual([]);
    expect(
      finals.filter((a) => a.status === 201),
      summary,
    ).toHaveLength(UNITS);
    const refused = finals.filter((a) => a.status === 409);
    expect(refused, summary).toHaveLength(SHOPPERS - UNITS);
    for (const r of refused) expect(r.body.title).toBe('Prodotto Esaurito');
    expect((await getProduct(product.id))!.quantity).toBe(0);
    // The item's writes: one reservation per unit sold, plus the checkouts admitted while the last
    // units went (at most one bucket's burst racing), plus their retries on a transaction conflict.
    // Without the answer from the read every one of the SHOPPERS would write it.
    const burst = CHECKOUT_CREATION_THROTTLE.burstLimit / SLOW_MOTION;
    expect(counter.writes, `writes on the item: ${counter.writes}`).toBeGreaterThanOrEqual(UNITS);
    expect(counter.writes, `writes on the item: ${counter.writes}`).toBeLessThanOrEqual(UNITS + 2 * burst);
  }, 120_000);
});
