/**
 * The stock sync against DynamoDB Local and the fake supplier (free port), through the real
 * engine, stock readers, safe-fetch and extractor: baselines and deltas, no write for unchanged
 * levels, failures that do not stop the run, open checkout reservations kept safe (the real
 * reserve/release), concurrent runs, the lock and the run records.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ddb, TransactWriteCommand } from '../lib/dynamo';
import { countDynamoRequests, useLocalEnv } from '../../test/support/invoke';
import { getProduct, putProduct } from '../data/catalog-repository';
import { release, reserve } from '../data/reservation-repository';
import type { ProductRecord, VariantRecord } from '../data/catalog-items';
import { defaultVariant } from '../data/items';
import {
  acquireStockSyncLock,
  createStockSyncStore,
  getStockSyncRun,
  listLinkedProducts,
  listStockSyncRuns,
  putStockSyncRun,
  releaseStockSyncLock,
  runRecordFromReport,
  saleLevelAdjustment,
  updateStockSyncProgress,
} from '../data/stock-sync-repository';
import { runStockSync } from './stock-sync-engine';
import type { SyncSupplier } from '../../shared/stock-sync';
import { startFakeSupplier, type FakeSupplier } from '../../test/support/local-runtime';
import { freePort } from '../../test/support/local-runtime';

useLocalEnv();
let fake: FakeSupplier;
let apiSupplier: SyncSupplier;
let pageSupplier: SyncSupplier;
const store = createStockSyncStore();
const stock = { allowLoopback: true, retries: 1, baseDelayMs: 5 };

beforeAll(async () => {
  fake = await startFakeSupplier({ port: await freePort() });
  apiSupplier = {
    id: `sup-api-${randomUUID()}`,
    name: 'Ferro Sud Forniture',
    api_url: fake.apiUrl,
    api_key: fake.apiKey,
  };
  pageSupplier = { id: `sup-page-${randomUUID()}`, name: 'Ferro Sud (pagine)', api_url: null, api_key: null };
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

/** A shop product linked to the fake supplier's `slug` (extra supplier attributes on its default variant). */
async function linkedProduct(
  slug: string,
  supplierId: string,
  quantity: number,
  extra: Partial<VariantRecord> & Partial<Pick<ProductRecord, 'supplier_product_url' | 'is_digital'>> = {},
): Promise<string> {
  const id = randomUUID();
  const { supplier_product_url, is_digital, ...variantExtra } = extra;
  const record: ProductRecord = {
    id,
    name: `Prodotto collegato ${slug}`,
    description: 'prova',
    price_cents: 1000,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 0,
    reviews: 0,
    is_digital: is_digital ?? false,
    digital_asset_id: null,
    quantity,
    premium_tier: 'none',
    supplier_product_url: supplier_product_url ?? fake.pageUrl(slug),
    created_at: new Date().toISOString(),
    images: [],
    supplier_id: supplierId,
  };
  // the supplier's SKU and level are the default variant's
  await putProduct(record, [{ ...defaultVariant(record), supplier_sku: null, ...variantExtra }]);
  return id;
}

/** The default variant of a product, as the store takes it. */
const ref = (id: string) => ({ id, variant_id: id });

/** The linked products of `ids`, as the run would list them. */
async function listed(ids: string[]) {
  return (await listLinkedProducts()).filter((p) => ids.includes(p.id));
}

const quantityOf = async (id: string) => (await getProduct(id))!.quantity;

/** Reserves `n` units of a product as checkout does. */
async function hold(productId: string, n: number): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await reserve({
    id,
    user_id: randomUUID(),
    user_email: 'prova@example.com',
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
    stock: [{ product_id: productId, name: 'prova', quantity: n }],
    lines: [],
    cart_line_ids: [],
    total_cents: 1000 * n,
  });
  return id;
}

describe('stock sync run', () => {
  it('first run sets baselines, an unchanged run writes nothing, a supplier change is applied as a delta with alerts', async () => {
    const kettlebell = await linkedProduct('kettlebell-oro-nero-16kg', apiSupplier.id, 10); // supplier: 14
    const barbell = await linkedProduct('bilanciere-olimpico-20kg', apiSupplier.id, 5); // supplier: 5
    const mat = await linkedProduct('tappetino-yoga-aurum', pageSupplier.id, 0); // microdata page: 22
    const ids = [kettlebell, barbell, mat];
    const suppliers = [apiSupplier, pageSupplier];

    const first = await runStockSync({ suppliers, products: await listed(ids) }, store, { stock });
    expect(first).toMatchObject({ checked: 3, changed: 2, failed: 0, supplier_errors: [], alerts: [] });
    expect(first.outcomes.find((o) => o.product_id === kettlebell)).toMatchObject({
      status: 'changed',
      from: 10,
      to: 14,
      supplier_level: 14,
    });
    expect(first.outcomes.find((o) => o.product_id === barbell)).toMatchObject({ status: 'unchanged', quantity: 5 });
    expect(first.outcomes.find((o) => o.product_id === mat)).toMatchObject({ status: 'changed', from: 0, to: 22 });
    expect([await quantityOf(kettlebell), await quantityOf(barbell), await quantityOf(mat)]).toEqual([14, 5, 22]);

    const counter = countDynamoRequests();
    const again = await runStockSync({ suppliers, products: await listed(ids) }, store, { stock });
    expect(again).toMatchObject({ checked: 3, changed: 0, failed: 0 });
    expect(counter.commands.filter((c) => c !== 'QueryCommand')).toEqual([]);
    expect(fake.counters().api).toBe(2); // one feed per run for the API supplier

    fake.update('kettlebell-oro-nero-16kg', { stock: 3 });
    fake.update('bilanciere-olimpico-20kg', { stock: 0 });
    counter.reset();
    const changed = await runStockSync({ suppliers, products: await listed(ids) }, store, { stock });
    expect(changed).toMatchObject({ checked: 3, changed: 2, failed: 0 });
    // one transaction per changed variant: the variant and its product's sum
    expect(counter.commands.filter((c) => c === 'TransactWriteItemsCommand')).toHaveLength(2);
    expect(changed.alerts).toEqual([
      {
        product_id: kettlebell,
        name: 'Prodotto collegato kettlebell-oro-nero-16kg',
        supplier_id: apiSupplier.id,
        state: 'low_stock',
        quantity: 3,
      },
      {
        product_id: barbell,
        name: 'Prodotto collegato bilanciere-olimpico-20kg',
        supplier_id: apiSupplier.id,
        state: 'sold_out',
        quantity: 0,
      },
    ]);
    expect([await quantityOf(kettlebell), await quantityOf(barbell)]).toEqual([3, 0]);
  });

  it('failing products and suppliers do not stop the run; each failure has its reason', async () => {
    const good = await linkedProduct('panca-regolabile-nera', pageSupplier.id, 1); // page: 6
    const gone = await linkedProduct('non-esiste-piu', pageSupplier.id, 4);
    const privateUrl = await linkedProduct('x', pageSupplier.id, 4, {
      supplier_product_url: 'http://10.0.0.1/prodotti/x',
    });
    const noCount = await linkedProduct('corda-per-saltare-oro', pageSupplier.id, 7); // OpenGraph: in stock, no count
    const badKeySupplier: SyncSupplier = {
      id: `sup-bad-${randomUUID()}`,
      name: 'Fornitore chiave errata',
      api_url: fake.apiUrl,
      api_key: 'sbagliata',
    };
    const wrongKey1 = await linkedProduct('kettlebell-oro-nero-16kg', badKeySupplier.id, 2);
    const wrongKey2 = await linkedProduct('bilanciere-olimpico-20kg', badKeySupplier.id, 2);
    const orphan = await linkedProduct('kettlebell-oro-nero-16kg', 'fornitore-eliminato', 2);
    const digital = await linkedProduct('kettlebell-oro-nero-16kg', pageSupplier.id, 0, { is_digital: true });
    const ids = [good, gone, privateUrl, noCount, wrongKey1, wrongKey2, orphan, digital];

    const report = await runStockSync(
      { suppliers: [pageSupplier, badKeySupplier], products: await listed(ids) },
      store,
      { stock },
    );
    expect(report).toMatchObject({ checked: 7, changed: 1, failed: 5 });
    const byId = new Map(report.outcomes.map((o) => [o.product_id, o]));
    expect(byId.get(good)).toMatchObject({ status: 'changed', from: 1, to: 6 });
    expect(byId.get(gone)).toMatchObject({ status: 'failed', code: 'http_status' });
    expect(byId.get(gone)).toHaveProperty('reason', expect.stringMatching(/^Pagina non trovata \(HTTP 404\)/));
    expect(byId.get(privateUrl)).toMatchObject({ status: 'failed', code: 'not_allowed' });
    expect(byId.get(noCount)).toMatchObject({ status: 'unchanged', quantity: 7 });
    expect(byId.get(wrongKey1)).toMatchObject({ status: 'failed', code: 'http_status' });
    expect(byId.get(orphan)).toMatchObject({ status: 'failed', reason: 'Fornitore del prodotto non trovato.' });
    expect(byId.has(digital)).toBe(false);
    expect(report.supplier_errors).toEqual([
      {
        supplier_id: badKeySupplier.id,
        name: 'Fornitore chiave errata',
        reason: expect.stringMatching(/HTTP 401.*chiave API/),
      },
    ]);
    expect(await quantityOf(wrongKey1)).toBe(2);
    expect(fake.counters().unauthorized).toBe(1);
  });

  it('retries a transient supplier error and still syncs', async () => {
    const id = await linkedProduct('manubri-esagonali-2x10kg', pageSupplier.id, 0); // page: 9
    await fetch(`${fake.url}/__control/fail`, { method: 'POST', body: JSON.stringify({ status: 503, times: 1 }) });
    const report = await runStockSync({ suppliers: [pageSupplier], products: await listed([id]) }, store, { stock });
    expect(report.outcomes[0]).toMatchObject({ status: 'changed', from: 0, to: 9 });
    expect(fake.counters().pages).toBe(2);
  });
});

describe('stock held by open checkout reservations', () => {
  it('a supplier drop while units are held: quantity follows the change, release gives back exactly the held units', async () => {
    const id = await linkedProduct('rack-multifunzione-aurum', apiSupplier.id, 0); // supplier: 3
    fake.update('rack-multifunzione-aurum', { stock: 10 });
    await runStockSync({ suppliers: [apiSupplier], products: await listed([id]) }, store, { stock });
    expect(await quantityOf(id)).toBe(10);

    const reservation = await hold(id, 3);
    expect(await quantityOf(id)).toBe(7);
    fake.update('rack-multifunzione-aurum', { stock: 4 });
    const report = await runStockSync({ suppliers: [apiSupplier], products: await listed([id]) }, store, { stock });
    expect(report.outcomes[0]).toMatchObject({ status: 'changed', from: 7, to: 1 });
    expect(await quantityOf(id)).toBe(1);

    expect(await release(reservation)).toBe('released');
    expect(await quantityOf(id)).toBe(4);
  });

  it('a supplier drop below what is held makes the quantity negative (sold out), and it returns to the supplier level on release', async () => {
    const id = await linkedProduct('rack-multifunzione-aurum', apiSupplier.id, 0);
    fake.update('rack-multifunzione-aurum', { stock: 5 });
    await runStockSync({ suppliers: [apiSupplier], products: await listed([id]) }, store, { stock });
    const reservation = await hold(id, 4);
    fake.update('rack-multifunzione-aurum', { stock: 0 });
    const report = await runStockSync({ suppliers: [apiSupplier], products: await listed([id]) }, store, { stock });
    expect(report.outcomes[0]).toMatchObject({ status: 'changed', from: 1, to: -4 });
    expect(report.alerts[0]).toMatchObject({ product_id: id, state: 'sold_out' });
    await release(reservation);
    expect(await quantityOf(id)).toBe(0);
  });

  it('first sync of a product with units already held subtracts them from the supplier level', async () => {
    const id = await linkedProduct('rack-multifunzione-aurum', apiSupplier.id, 10);
    const reservation = await hold(id, 2); // quantity 8, 2 held
    fake.update('rack-multifunzione-aurum', { stock: 12 });
    const report = await runStockSync({ suppliers: [apiSupplier], products: await listed([id]) }, store, { stock });
    expect(report.outcomes[0]).toMatchObject({ status: 'changed', from: 8, to: 10 });
    await release(reservation);
    expect(await quantityOf(id)).toBe(12);
  });

  it('reservations made while a run writes are never lost (ADD commutes with reserve)', async () => {
    const id = await linkedProduct('rack-multifunzione-aurum', apiSupplier.id, 0);
    fake.update('rack-multifunzione-aurum', { stock: 30 });
    await runStockSync({ suppliers: [apiSupplier], products: await listed([id]) }, store, { stock });
    fake.update('rack-multifunzione-aurum', { stock: 20 });
    const products = await listed([id]);
    await Promise.all([
      runStockSync({ suppliers: [apiSupplier], products }, store, { stock }),
      ...Array.from({ length: 8 }, () => hold(id, 1)),
    ]);
    expect(await quantityOf(id)).toBe(20 - 8);
  });

  it('two runs at once apply a change once (the loser re-reads and finds nothing to do)', async () => {
    const id = await linkedProduct('rack-multifunzione-aurum', apiSupplier.id, 0);
    fake.update('rack-multifunzione-aurum', { stock: 9 });
    await runStockSync({ suppliers: [apiSupplier], products: await listed([id]) }, store, { stock });
    fake.update('rack-multifunzione-aurum', { stock: 2 });
    const products = await listed([id]);
    const [a, b] = await Promise.all([
      runStockSync({ suppliers: [apiSupplier], products }, store, { stock }),
      runStockSync({ suppliers: [apiSupplier], products }, store, { stock }),
    ]);
    expect(await quantityOf(id)).toBe(2);
    expect([a.changed, b.changed].sort()).toEqual([0, 1]);
  });

  it('a sale lowers the expected supplier level, so the supplier shipping it is not subtracted twice', async () => {
    const id = await linkedProduct('rack-multifunzione-aurum', apiSupplier.id, 0);
    fake.update('rack-multifunzione-aurum', { stock: 10 });
    await runStockSync({ suppliers: [apiSupplier], products: await listed([id]) }, store, { stock });
    await hold(id, 2); // paid below: the units stay subtracted
    await ddb.send(
      new TransactWriteCommand({ TransactItems: [saleLevelAdjustment({ product_id: id, variant_id: id }, 2)] }),
    );
    fake.update('rack-multifunzione-aurum', { stock: 8 }); // the supplier shipped our 2
    const report = await runStockSync({ suppliers: [apiSupplier], products: await listed([id]) }, store, { stock });
    expect(report.outcomes[0]).toMatchObject({ status: 'unchanged', quantity: 8 });
    expect(await quantityOf(id)).toBe(8);
  });
});

describe('store', () => {
  it('applyStock reports missing for a deleted product and conflict for a stale condition', async () => {
    expect(await store.applyStock(ref(randomUUID()), { kind: 'delta', delta: 1, expectLevel: 1, level: 2 })).toBe(
      'missing',
    );
    const id = await linkedProduct('rack-multifunzione-aurum', apiSupplier.id, 5);
    expect(await store.applyStock(ref(id), { kind: 'baseline', expectQuantity: 4, quantity: 9, level: 9 })).toBe(
      'conflict',
    );
    expect(await store.applyStock(ref(id), { kind: 'baseline', expectQuantity: 5, quantity: 9, level: 9 })).toBe(
      'applied',
    );
    expect(await store.applyStock(ref(id), { kind: 'baseline', expectQuantity: 9, quantity: 1, level: 1 })).toBe(
      'conflict',
    );
    expect(await store.readStock(ref(id))).toEqual({ quantity: 9, supplier_level: 9 });
    expect(await store.applyStock(ref(id), { kind: 'delta', delta: -2, expectLevel: 8, level: 7 })).toBe('conflict');
    expect(await store.applyStock(ref(id), { kind: 'delta', delta: -2, expectLevel: 9, level: 7 })).toBe('applied');
    expect(await store.readStock(ref(id))).toEqual({ quantity: 7, supplier_level: 7 });
  });

  it('lists linked products with their supplier fields; unsynced ones have no level', async () => {
    const id = await linkedProduct('rack-multifunzione-aurum', apiSupplier.id, 5, {
      supplier_sku: 'FSF-RACK-01',
      supplier_level: -3,
    });
    expect(await listed([id])).toEqual([
      {
        id,
        variant_id: id,
        name: 'Prodotto collegato rack-multifunzione-aurum',
        supplier_id: apiSupplier.id,
        supplier_sku: 'FSF-RACK-01',
        supplier_product_url: fake.pageUrl('rack-multifunzione-aurum'),
        is_digital: false,
        quantity: 5,
        supplier_level: null,
      },
    ]);
  });
});

describe('lock and run records', () => {
  it('one run at a time; an expired lock is taken over; only the owner releases', async () => {
    const t0 = new Date('2030-01-01T00:00:00Z');
    await releaseStockSyncLock('qualcuno'); // no-op when free or held by another
    const a = `run-${randomUUID()}`;
    const b = `run-${randomUUID()}`;
    expect(await acquireStockSyncLock(a, 60_000, t0)).toBe(true);
    expect(await acquireStockSyncLock(b, 60_000, new Date(t0.getTime() + 30_000))).toBe(false);
    await releaseStockSyncLock(b);
    expect(await acquireStockSyncLock(b, 60_000, new Date(t0.getTime() + 59_000))).toBe(false);
    expect(await acquireStockSyncLock(b, 60_000, new Date(t0.getTime() + 61_000))).toBe(true);
    await releaseStockSyncLock(a);
    expect(await acquireStockSyncLock(a, 60_000, new Date(t0.getTime() + 62_000))).toBe(false);
    await releaseStockSyncLock(b);
    expect(await acquireStockSyncLock(a, 60_000, new Date(t0.getTime() + 63_000))).toBe(true);
    await releaseStockSyncLock(a);
  });

  it('stores runs with changed and failed outcomes only, lists them newest first, records progress', async () => {
    const id = await linkedProduct('kettlebell-oro-nero-16kg', apiSupplier.id, 1);
    const other = await linkedProduct('non-esiste', pageSupplier.id, 1);
    const same = await linkedProduct('bilanciere-olimpico-20kg', apiSupplier.id, 5);
    const report = await runStockSync(
      { suppliers: [apiSupplier, pageSupplier], products: await listed([id, other, same]) },
      store,
      { stock },
    );
    const older = {
      ...runRecordFromReport({ id: randomUUID(), trigger: 'schedule', supplier_id: null }, report),
      started_at: '2031-01-01T00:00:00.000Z',
    };
    const newer = {
      ...runRecordFromReport({ id: randomUUID(), trigger: 'supplier', supplier_id: apiSupplier.id }, report),
      started_at: '2031-01-01T01:00:00.000Z',
    };
    await putStockSyncRun(older);
    await putStockSyncRun(newer);
    const stored = await getStockSyncRun(newer.id);
    expect(stored).toMatchObject({
      trigger: 'supplier',
      supplier_id: apiSupplier.id,
      status: 'completed',
      checked: 3,
      changed: 1,
      failed: 1,
      outcomes_truncated: false,
    });
    expect(stored!.outcomes.map((o) => o.status).sort()).toEqual(['changed', 'failed']);
    const recent = await listStockSyncRuns(2);
    expect(recent.map((r) => r.id)).toEqual([newer.id, older.id]);
    await updateStockSyncProgress(newer.id, 2, 3);
    expect((await getStockSyncRun(newer.id))!.progress).toEqual({ done: 2, total: 3 });
    expect(await getStockSyncRun(randomUUID())).toBeNull();
  });
});
