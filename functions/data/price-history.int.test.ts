/**
 * The price history (AP97, AP98 of access-patterns.md) against DynamoDB Local: every writer of a
 * price records it in its own transaction, and a product's writer stores the reduction the new
 * price makes (the 30-day lowest price, art. 17-bis Codice del Consumo) on the item, with exactly
 * the documented requests. Fresh ids; the items are deleted in afterAll.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countDynamoRequests, useLocalEnv, type RecordedRequest, type RequestCounter } from '../../test/support/invoke';
import { ddb, QueryCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { batchDelete } from './batch';
import { keys, partition, type PricedItemKind, type TableKey } from './keys';
import { productItemKeys } from './items';
import type { BundleRecord, PlanRecord, ProductRecord } from './catalog-items';
import * as catalog from './catalog-repository';
import * as admin from './product-admin-repository';
import { createBundle, replaceBundle } from './catalog-admin-repository';
import { savePlan } from './plan-repository';
import { putPriceHistory, readRecentPrices, HISTORY_PAGE } from './price-history-repository';

useLocalEnv();
let counter: RequestCounter;
const written: TableKey[] = [];
const histories: [PricedItemKind, string][] = [];

const q = (): RecordedRequest => ({ command: 'QueryCommand' });
const GET: RecordedRequest = { command: 'GetItemCommand' };
const TRANSACT: RecordedRequest = { command: 'TransactWriteItemsCommand' };
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

function expectRequests(...expected: RecordedRequest[]): void {
  expect(counter.requests).toEqual(expected);
  counter.reset();
}

function newProduct(over: Partial<ProductRecord> = {}): ProductRecord {
  const p: ProductRecord = {
    id: randomUUID(),
    name: `!price ${randomUUID().slice(0, 6)}`,
    description: 'x',
    price_cents: 10000,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 0,
    reviews: 0,
    is_digital: true,
    digital_asset_id: null,
    quantity: 0,
    premium_tier: 'none',
    supplier_product_url: null,
    created_at: daysAgo(60),
    images: [],
    ...over,
  };
  written.push(...productItemKeys(p));
  histories.push(['product', p.id]);
  return p;
}

/** The stored changes of an item, oldest first, straight from the table. */
async function storedPrices(kind: PricedItemKind, id: string): Promise<number[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.priceHistory(kind, id) },
    }),
  );
  return (out.Items ?? []).map((i) => Number(i.price_cents));
}

beforeAll(() => {
  counter = countDynamoRequests();
});
beforeEach(() => counter.reset());
afterAll(async () => {
  for (const [kind, id] of histories) {
    const out = await ddb.send(
      new QueryCommand({
        TableName: env.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partition.priceHistory(kind, id) },
      }),
    );
    written.push(...(out.Items ?? []).map((i) => ({ PK: String(i.PK), SK: String(i.SK) })));
  }
  await batchDelete(written);
});

describe('price history', () => {
  it('[AP97] recent prices newest first: 1 Query when a raise ends the search, more pages only for a longer campaign', async () => {
    const p = newProduct();
    await putPriceHistory('product', p.id, [
      { price_cents: 8000, at: daysAgo(50), source: 'seed' },
      { price_cents: 12000, at: daysAgo(10), source: 'seed' },
    ]);
    counter.reset();
    const recent = await readRecentPrices('product', p.id);
    expectRequests(q());
    expect(recent.map((c) => c.price_cents)).toEqual([12000, 8000]);
    expect(recent[0]).toMatchObject({ price_cents: 12000, source: 'seed' });

    // a campaign of more than one page of ever lower prices: the next page is read, then no more
    const long = newProduct();
    const n = HISTORY_PAGE + 5;
    await putPriceHistory(
      'product',
      long.id,
      Array.from({ length: n }, (_, i) => ({
        price_cents: 100_000 - i * 100,
        at: new Date(Date.now() - (n - i) * 3_600_000).toISOString(),
        source: 'seed' as const,
      })),
    );
    counter.reset();
    const all = await readRecentPrices('product', long.id);
    expectRequests(q(), q());
    expect(all).toHaveLength(n);
  });

  it('[AP98] a back-office price change is recorded in the save transaction and stores the 30-day lowest price on the product', async () => {
    const created = newProduct();
    await admin.createProduct(created, null);
    expect(await storedPrices('product', created.id)).toEqual([10000]);

    // a product sold at 80 € from 40 days ago and at 120 € since 10 days ago
    const p = newProduct({ price_cents: 12000, created_at: daysAgo(40) });
    await catalog.putProduct(p);
    await putPriceHistory('product', p.id, [
      { price_cents: 8000, at: daysAgo(40), source: 'seed' },
      { price_cents: 12000, at: daysAgo(10), source: 'seed' },
    ]);
    const { id: _id, created_at: _c, images: _i, image_url: _u, quantity: _q, ...fields } = p;
    counter.reset();
    // lowered to 70 € today: the 30 days before saw 80 € (until 10 days ago) and 120 €
    const after = await admin.updateProduct(p, { ...fields, price_cents: 7000 }, null);
    expectRequests(q(), TRANSACT, GET);
    expect(after.price_reduction).toMatchObject({ reference_cents: 8000, full_window: true });
    expect(await storedPrices('product', p.id)).toEqual([8000, 12000, 7000]);

    // the same price again: no history read, nothing recorded, the reduction kept
    counter.reset();
    const same = await admin.updateProduct(after, { ...fields, price_cents: 7000, name: `${p.name} bis` }, null);
    expectRequests(TRANSACT, GET);
    expect(same.price_reduction).toEqual(after.price_reduction);
    expect(await storedPrices('product', p.id)).toHaveLength(3);

    // a raise ends the reduction
    const raised = await admin.updateProduct(same, { ...fields, price_cents: 9000 }, null);
    expect(raised.price_reduction).toBeNull();
  });

  it('[AP98] a save computed from a stale price is refused (the price changed meanwhile), nothing is recorded', async () => {
    const p = newProduct();
    await admin.createProduct(p, null);
    const { id: _id, created_at: _c, images: _i, image_url: _u, quantity: _q, ...fields } = p;
    await admin.updateProduct(p, { ...fields, price_cents: 9000 }, null);
    // a second editor still holds the product at 100 €
    await expect(admin.updateProduct(p, { ...fields, price_cents: 8000 }, null)).rejects.toMatchObject({
      part: 'price',
    });
    expect((await storedPrices('product', p.id)).sort()).toEqual([10000, 9000]);
  });

  it('[AP98] bundles and plans record their prices too (created, and changed)', async () => {
    const bundle: BundleRecord = {
      id: randomUUID(),
      name: '!price bundle',
      description: '',
      price_cents: 4990,
      image_url: null,
      category: 'Bundle Digitale',
      is_premium: false,
      product_ids: [],
      created_at: daysAgo(5),
    };
    written.push(keys.bundle(bundle.id));
    histories.push(['bundle', bundle.id]);
    counter.reset();
    expect(await createBundle(bundle)).toBe(true);
    expectRequests(TRANSACT);
    expect(await replaceBundle({ ...bundle, name: 'Rinominato' }, 4990, daysAgo(1))).toBe(true);
    expect(await replaceBundle({ ...bundle, price_cents: 3990 }, 4990, daysAgo(0))).toBe(true);
    expect(await storedPrices('bundle', bundle.id)).toEqual([4990, 3990]);

    const plan: PlanRecord = {
      id: randomUUID(),
      name: '!price plan',
      description: '',
      price_cents: 2900,
      duration_months: 1,
      subscription_tier: 'Advanced',
      discount_tier_id: null,
      discount_percentage: 0,
    };
    written.push(keys.plan(plan.id));
    histories.push(['plan', plan.id]);
    expect(await savePlan(plan)).toBe('ok');
    expect(await savePlan({ ...plan, name: 'Rinominato' }, null, { priceCents: 2900 })).toBe('ok');
    expect(await savePlan({ ...plan, price_cents: 3500 }, null, { priceCents: 2900 })).toBe('ok');
    expect((await storedPrices('plan', plan.id)).sort()).toEqual([2900, 3500]);
    expect((await catalog.getBundle(bundle.id))?.price_cents).toBe(3990);
  });
});
