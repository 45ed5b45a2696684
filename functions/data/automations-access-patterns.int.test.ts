/**
 * The automations' access patterns (AP80-AP91 of access-patterns.md) against DynamoDB Local, one
 * test per id: the repository function returns what was written, in the documented order, with
 * exactly the documented requests (command and index, counted by an SDK middleware). Fixtures use
 * fresh ids and are deleted in afterAll.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, ddb, PutCommand } from '../lib/dynamo';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countDynamoRequests, useLocalEnv, type RecordedRequest, type RequestCounter } from '../../test/support/invoke';
import { env } from '../lib/env';
import { COLLECTION, keys, sortKey, type TableKey } from './keys';
import { defaultVariant, productItemKeys } from './items';
import type { ProductRecord, VariantRecord } from './catalog-items';
import { putProduct } from './catalog-repository';
import * as suppliers from './supplier-repository';
import * as imports from './product-import-repository';
import * as sync from './stock-sync-repository';
import { reserve } from './reservation-repository';

useLocalEnv();
let counter: RequestCounter;
const written: TableKey[] = [];

const GSI1_QUERY: RecordedRequest = { command: 'QueryCommand', index: 'GSI1' };
const QUERY: RecordedRequest = { command: 'QueryCommand' };
const GET: RecordedRequest = { command: 'GetItemCommand' };
const PUT: RecordedRequest = { command: 'PutItemCommand' };
const DELETE: RecordedRequest = { command: 'DeleteItemCommand' };
const BATCH_GET: RecordedRequest = { command: 'BatchGetItemCommand' };

function expectRequests(...expected: RecordedRequest[]): void {
  expect(counter.requests).toEqual(expected);
  counter.reset();
}

const now = new Date().toISOString();

async function supplier(name: string, over: Partial<suppliers.SupplierRecord> = {}): Promise<suppliers.SupplierRecord> {
  const s: suppliers.SupplierRecord = {
    id: randomUUID(),
    name,
    api_url: null,
    has_api_key: false,
    notification_email: null,
    domain_name: null,
    default_shipping_method_id: null,
    notification_subscription_arn: null,
    created_at: now,
    updated_at: now,
    ...over,
  };
  expect(await suppliers.createSupplier(s)).toBe(true);
  written.push(keys.supplier(s.id));
  return s;
}

const productRecord = (over: Partial<ProductRecord> = {}): ProductRecord => ({
  id: randomUUID(),
  name: 'Prodotto AP automazioni',
  description: 'x',
  price_cents: 1000,
  image_url: null,
  category_id: null,
  category_name: null,
  badge: null,
  rating: 0,
  reviews: 0,
  is_digital: false,
  digital_asset_id: null,
  quantity: 4,
  premium_tier: 'none',
  supplier_product_url: null,
  created_at: '1991-01-01T00:00:00.000Z',
  images: [],
  ...over,
});

/** A product and its default variant (`variant`: the variant's supplier fields). */
async function product(
  over: Partial<ProductRecord> = {},
  variant: Partial<VariantRecord> = {},
): Promise<ProductRecord> {
  const p = productRecord(over);
  const variants = [{ ...defaultVariant(p), ...variant }];
  await putProduct(p, variants);
  written.push(...productItemKeys(p, variants));
  return p;
}

async function shippingMethod(name: string): Promise<string> {
  const id = randomUUID();
  await ddb.send(
    new PutCommand({
      TableName: env.tableName,
      Item: {
        ...keys.shippingMethod(id),
        entity: 'shipping_method',
        GSI1PK: COLLECTION.shippingMethods,
        GSI1SK: sortKey.byName(name, id),
        id,
        name,
        cost_cents: 500,
      },
    }),
  );
  written.push(keys.shippingMethod(id));
  return id;
}

beforeAll(() => {
  counter = countDynamoRequests();
});
beforeEach(() => counter.reset());
afterAll(async () => {
  for (let i = 0; i < written.length; i += 25) {
    await ddb.send(
      new BatchWriteCommand({
        RequestItems: { [env.tableName]: written.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })) },
      }),
    );
  }
});

describe('automations access patterns', () => {
  it('[AP80] suppliers by name, case-insensitive: 1 Query on GSI1', async () => {
    const b = await supplier('!AP fornitore beta');
    const a = await supplier('!ap Fornitore alfa');
    counter.reset();
    const list = await suppliers.listSuppliers();
    expectRequests(GSI1_QUERY);
    const mine = list.filter((s) => [a.id, b.id].includes(s.id));
    expect(mine.map((s) => s.id)).toEqual([a.id, b.id]);
    expect(mine[0]).toEqual(a);
  });

  it('[AP81] a supplier by id: 1 GetItem; unknown gives null', async () => {
    const s = await supplier('AP fornitore singolo', { domain_name: 'singolo.example', has_api_key: true });
    counter.reset();
    expect(await suppliers.getSupplier(s.id)).toEqual(s);
    expect(await suppliers.getSupplier(randomUUID())).toBeNull();
    expectRequests(GET, GET);
  });

  it('[AP82] shipping method names in index order: 1 Query on GSI1 (projected)', async () => {
    const b = await shippingMethod('!AP Spedizione B');
    const a = await shippingMethod('!AP Spedizione A');
    counter.reset();
    const names = (await suppliers.listShippingMethodNames()).filter((m) => [a, b].includes(m.id));
    expectRequests(GSI1_QUERY);
    expect(names).toEqual([
      { id: a, name: '!AP Spedizione A' },
      { id: b, name: '!AP Spedizione B' },
    ]);
  });

  it('[AP83] a shipping method name by id: 1 GetItem; unknown gives null', async () => {
    const id = await shippingMethod('AP Corriere');
    counter.reset();
    expect(await suppliers.getShippingMethodName(id)).toBe('AP Corriere');
    expect(await suppliers.getShippingMethodName(randomUUID())).toBeNull();
    expectRequests(GET, GET);
  });

  it('[AP84] the product imported from a supplier page: link GetItem + the product and its variants (1 Query); same page whatever the trailing slash or host case', async () => {
    const url = `https://fornitore-ap.example/prodotti/${randomUUID()}`;
    const p = productRecord({ supplier_product_url: url });
    await imports.createImportedProduct({ ...p, supplier_product_url: url, supplier_sku: 'AP-8' }, null);
    written.push(...productItemKeys(p), keys.supplierPage(imports.supplierPageHash(url)));
    counter.reset();
    expect(await imports.findImportedProduct(`https://fornitore-ap.example/prodotti/${randomUUID()}`)).toEqual({
      product: null,
      supplierSku: null,
      variants: [],
      linkedProductId: null,
    });
    expectRequests(GET);
    const found = await imports.findImportedProduct(`${url.replace('fornitore-ap', 'FORNITORE-AP')}/`);
    expectRequests(GET, QUERY);
    // the write stores the reduction its first price makes (none), like every price writer, and the
    // product's summary of its one variant
    expect(found).toEqual({
      product: { ...p, price_reduction: null, variant_count: 1, price_max_cents: p.price_cents },
      supplierSku: 'AP-8',
      // its one variant, the default (the product's id), carries the supplier's SKU
      variants: [expect.objectContaining({ id: p.id, option_values: [], supplier_sku: 'AP-8' })],
      linkedProductId: p.id,
    });
    // A second create of the same page is refused (no stand-in), a re-import updates the product.
    await expect(
      imports.createImportedProduct({ ...productRecord(), supplier_product_url: url }, null),
    ).rejects.toBeInstanceOf(imports.ImportConflictError);
    await imports.updateImportedProduct(p, {
      name: 'Nuovo nome',
      description: 'y',
      price_cents: 1200,
      image_url: null,
      images: [],
      supplier_product_url: url,
      supplier_id: null,
      supplier_sku: 'AP-9',
    });
    const reimported = await imports.findImportedProduct(url);
    expect(reimported.product).toMatchObject({
      id: p.id,
      name: 'Nuovo nome',
      price_cents: 1200,
      quantity: p.quantity,
    });
    expect(reimported.supplierSku).toBe('AP-9');
  });

  it('[AP85] the variants of supplier-linked products, all or of one supplier: 1 Query on GSI1 PRODUCTS with a filter beside 1 Query on GSI1 SUPPLIED_VARIANTS', async () => {
    const s = await supplier('AP fornitore collegato');
    const linked = await product(
      { supplier_product_url: 'https://ap.example/p/1', supplier_id: s.id, quantity: 2 },
      { supplier_sku: 'AP-1', supplier_level: 3, supplier_synced_at: now, quantity: 2 },
    );
    const unsynced = await product(
      { supplier_product_url: 'https://ap.example/p/2', supplier_id: s.id },
      { supplier_sku: null, supplier_level: null, supplier_synced_at: null },
    );
    const unlinked = await product({ supplier_id: null });
    counter.reset();
    const ofSupplier = await sync.listLinkedProducts(s.id);
    expect(counter.requests).toEqual([GSI1_QUERY, GSI1_QUERY]);
    counter.reset();
    expect(ofSupplier.map((p) => p.id).sort()).toEqual([linked.id, unsynced.id].sort());
    expect(ofSupplier.find((p) => p.id === linked.id)).toEqual({
      id: linked.id,
      variant_id: linked.id,
      name: linked.name,
      supplier_id: s.id,
      supplier_sku: 'AP-1',
      supplier_product_url: 'https://ap.example/p/1',
      is_digital: false,
      quantity: 2,
      supplier_level: 3,
    });
    expect(ofSupplier.find((p) => p.id === unsynced.id)?.supplier_level).toBeNull();
    const all = await sync.listLinkedProducts();
    expect(counter.requests.every((r) => r.command === 'QueryCommand' && r.index === 'GSI1')).toBe(true);
    counter.reset();
    expect(all.some((p) => p.id === linked.id)).toBe(true);
    expect(all.some((p) => p.id === unlinked.id)).toBe(false);
  });

  it('[AP86] which variants the sync maintains (synced, numeric level): 1 BatchGetItem; none for no variants', async () => {
    const synced = await product({ supplier_id: randomUUID() }, { supplier_level: 5, supplier_synced_at: now });
    const never = await product({ supplier_id: randomUUID() });
    const nulls = await product({ supplier_id: randomUUID() }, { supplier_level: null, supplier_synced_at: null });
    const unit = (id: string) => ({ product_id: id, variant_id: id });
    counter.reset();
    expect(await sync.syncedUnits([])).toEqual(new Set());
    expectRequests();
    expect(await sync.syncedUnits([synced, never, nulls, { id: randomUUID() }].map((p) => unit(p.id)))).toEqual(
      new Set([`${synced.id}/${synced.id}`]),
    );
    expectRequests(BATCH_GET);
  });

  it('[AP87] the one-run lock: conditional PutItem to take (again by its owner, or when expired), conditional DeleteItem to release', async () => {
    const a = `ap-${randomUUID()}`;
    const b = `ap-${randomUUID()}`;
    try {
      expect(await sync.acquireStockSyncLock(a, 60_000)).toBe(true);
      expect(await sync.acquireStockSyncLock(b, 60_000)).toBe(false);
      expect(await sync.acquireStockSyncLock(a, 60_000)).toBe(true);
      expectRequests(PUT, PUT, PUT);
      await sync.releaseStockSyncLock(b); // not the owner: nothing released
      expect(await sync.acquireStockSyncLock(b, 60_000)).toBe(false);
      await sync.releaseStockSyncLock(a);
      expectRequests(DELETE, PUT, DELETE);
      expect(await sync.acquireStockSyncLock(b, 1, new Date(Date.now() - 10_000))).toBe(true); // expired at once
      expect(await sync.acquireStockSyncLock(a, 60_000)).toBe(true);
      expectRequests(PUT, PUT);
    } finally {
      await sync.releaseStockSyncLock(a);
      await sync.releaseStockSyncLock(b);
    }
  });

  it('[AP88] a page of runs, newest first, without outcomes: 1 Query on GSI1', async () => {
    const base = {
      trigger: 'button' as const,
      supplier_id: null,
      status: 'completed' as const,
      finished_at: '2999-01-01T01:00:00.000Z',
      progress: { done: 1, total: 1 },
      checked: 1,
      changed: 1,
      failed: 0,
      outcomes: [
        { product_id: 'p', name: 'x', supplier_id: 's', status: 'changed' as const, from: 1, to: 2, supplier_level: 2 },
      ],
      outcomes_truncated: false,
      supplier_errors: [],
      alerts: [],
      error: null,
    };
    const older = { ...base, id: randomUUID(), started_at: '2999-01-01T00:00:00.000Z' };
    const newer = { ...base, id: randomUUID(), started_at: '2999-01-02T00:00:00.000Z' };
    await sync.putStockSyncRun(older);
    await sync.putStockSyncRun(newer);
    written.push(keys.stockSyncRun(older.id), keys.stockSyncRun(newer.id));
    counter.reset();
    const page = await sync.listStockSyncRunsPage({ limit: 1 });
    expectRequests(GSI1_QUERY);
    expect(page.items).toEqual([
      {
        id: newer.id,
        trigger: 'button',
        supplier_id: null,
        status: 'completed',
        started_at: newer.started_at,
        finished_at: base.finished_at,
        progress: base.progress,
        checked: 1,
        changed: 1,
        failed: 0,
        error: null,
      },
    ]);
    const next = await sync.listStockSyncRunsPage({ limit: 1, cursor: page.next_cursor });
    expect(next.items[0]!.id).toBe(older.id);
  });

  it('[AP89] one run with its outcomes: 1 GetItem (strongly consistent); unknown gives null', async () => {
    const run: sync.StockSyncRunRecord = {
      id: randomUUID(),
      trigger: 'schedule',
      supplier_id: null,
      status: 'running',
      started_at: '1992-01-01T00:00:00.000Z',
      finished_at: null,
      progress: { done: 0, total: 4 },
      checked: 0,
      changed: 0,
      failed: 0,
      outcomes: [],
      outcomes_truncated: false,
      supplier_errors: [],
      alerts: [],
      error: null,
    };
    await sync.putStockSyncRun(run);
    written.push(keys.stockSyncRun(run.id));
    await sync.updateStockSyncProgress(run.id, 2, 4);
    counter.reset();
    expect(await sync.getStockSyncRun(run.id)).toEqual({ ...run, progress: { done: 2, total: 4 } });
    expect(await sync.getStockSyncRun(randomUUID())).toBeNull();
    expectRequests(GET, GET);
  });

  it('[AP90] units held by open checkout reservations, per product: 1 Query on GSI1 RESERVATIONS', async () => {
    const p = await product({ quantity: 10 });
    const id = randomUUID();
    await reserve({
      id,
      user_id: randomUUID(),
      user_email: 'ap@example.com',
      created_at: now,
      expires_at: '2998-01-01T00:00:00.000Z',
      stock: [{ product_id: p.id, name: p.name, quantity: 3 }],
      lines: [],
      cart_line_ids: [],
      total_cents: 3000,
    });
    written.push(keys.reservation(id));
    counter.reset();
    const held = await sync.createStockSyncStore().heldUnits();
    expect(counter.requests.every((r) => r.command === 'QueryCommand' && r.index === 'GSI1')).toBe(true);
    counter.reset();
    expect(held.get(`${p.id}/${p.id}`)).toBe(3);
  });

  it("[AP91] a variant's stock fields, strongly consistent: 1 GetItem; never synced = no level", async () => {
    const synced = await product(
      { quantity: 6, supplier_id: randomUUID() },
      { supplier_level: 8, supplier_synced_at: now },
    );
    const never = await product({ quantity: 2, supplier_id: randomUUID() }, { supplier_level: 9 });
    const ref = (id: string) => ({ id, variant_id: id });
    counter.reset();
    const store = sync.createStockSyncStore();
    expect(await store.readStock(ref(synced.id))).toEqual({ quantity: 6, supplier_level: 8 });
    expect(await store.readStock(ref(never.id))).toEqual({ quantity: 2, supplier_level: null });
    expect(await store.readStock(ref(randomUUID()))).toBeNull();
    expectRequests(GET, GET, GET);
  });
});
