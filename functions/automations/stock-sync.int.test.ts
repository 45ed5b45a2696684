/**
 * The stock sync end to end: 'Sincronizza ora' and 'Avvia Sincronizzazione'
 * over HTTP start the job asynchronously (202, the local Lambda-invoke stand-in runs it), the run is
 * recorded with its outcomes, stock changes reach the shop, stock alerts and failures go to the SNS
 * stand-in's outbox (a supplier's email only gets its own stock alerts), a failing supplier does not
 * stop the run, one run at a time, the scheduled entry point (the scheduler's async invoke), paging
 * of the runs, and the stock rule with a real sale: fulfilment lowers supplier_level so the
 * supplier shipping our units changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipToCaller } from '../../test/support/checkout';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { api, demo, signIn } from '../../test/support/auth';
import { useLocalEnv } from '../../test/support/invoke';
import {
  fakeOrigin,
  fakePort,
  linkedProduct,
  finishedRun,
  outboxMark,
  outboxSince,
  setSupplierStock,
} from '../../test/support/automations';
import { getProduct, getProductWithVariants } from '../data/catalog-repository';
import { acquireStockSyncLock, releaseStockSyncLock } from '../data/stock-sync-repository';
import { listAuditOfTarget } from '../data/audit-repository';
import { executeStockSync, startStockSyncRun } from './stock-sync-run';
import type { PageResponse } from '../../shared/api/route';
import type { StockSyncRunDto, StockSyncRunSummaryDto, SupplierDto } from '../../shared/api/admin-automations';

useLocalEnv();
let admin: string;
let customer: string;
let port: number;
let supplier: SupplierDto;
const products = { kettlebell: '', rack: '', manubri: '' };

async function createSupplier(body: Record<string, unknown>): Promise<SupplierDto> {
  const res = await api<SupplierDto>('POST', '/api/admin/suppliers', { token: admin, body });
  expect(res.status).toBe(201);
  return res.body;
}

/** A shop product linked to `supplierId` and to the fake's page `slug` (never synced yet). */
const linked = (
  slug: string,
  sku: string,
  supplierId: string,
  quantity = 1,
  host: 'localhost' | '127.0.0.1' = 'localhost',
): Promise<string> => linkedProduct(port, { slug, sku, supplierId, quantity, host, label: 'Sincronizzato' });

/** A product's stock (the sum of its variants') and its default variant's supplier level. */
async function stockOf(id: string): Promise<{ quantity: number; supplier_level: number | null | undefined }> {
  const found = (await getProductWithVariants(id))!;
  return { quantity: found.product.quantity, supplier_level: found.variants[0]!.supplier_level };
}

const start = (body?: unknown) =>
  api<StockSyncRunSummaryDto & { message: string; title: string; field: string }>(
    'POST',
    '/api/admin/automations/stock-sync',
    { token: admin, ...(body === undefined ? {} : { body }) },
  );
const quantity = async (id: string) => (await getProduct(id))!.quantity;
const runs = async (query = '') =>
  (
    await api<PageResponse<StockSyncRunSummaryDto>>('GET', `/api/admin/automations/stock-sync/runs${query}`, {
      token: admin,
    })
  ).body;

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  customer = await signIn(demo('cliente').email, demo('cliente').password);
  port = await fakePort(admin);
  await fetch(`${fakeOrigin(port)}/__control/reset`, { method: 'POST' });
  supplier = await createSupplier({
    name: `Sync Prova ${randomUUID().slice(0, 6)}`,
    api_url: `${fakeOrigin(port)}/api/stock`,
    api_key: 'fornitore-locale-chiave-2026',
    notification_email: 'scorte-prova@fornitore.example',
  });
  products.kettlebell = await linked('kettlebell-oro-nero-16kg', 'FSF-KB-16', supplier.id, 30);
  products.rack = await linked('rack-multifunzione-aurum', 'FSF-RACK-01', supplier.id, 0);
  products.manubri = await linked('manubri-esagonali-2x10kg', 'FSF-HEX-10', supplier.id, 9);
});
afterAll(async () => {
  await fetch(`${fakeOrigin(port)}/__control/reset`, { method: 'POST' });
});

describe('stock sync runs', () => {
  it("'Sincronizza ora' runs the job for one supplier: baselines, then only changes, alerts to the outbox", async () => {
    const started = await start({ supplier_id: supplier.id });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      id: expect.any(String),
      trigger: 'supplier',
      supplier_id: supplier.id,
      status: 'running',
      finished_at: null,
    });
    const first = await finishedRun(admin, started.body.id);
    expect(first).toMatchObject({
      status: 'completed',
      checked: 3,
      changed: 2,
      failed: 0,
      error: null,
      progress: { done: 3, total: 3 },
    });
    expect(first.outcomes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          product_id: products.kettlebell,
          status: 'changed',
          from: 30,
          to: 14,
          supplier_level: 14,
        }),
        expect.objectContaining({ product_id: products.rack, status: 'changed', from: 0, to: 3, supplier_level: 3 }),
      ]),
    );
    expect([
      await quantity(products.kettlebell),
      await quantity(products.rack),
      await quantity(products.manubri),
    ]).toEqual([14, 3, 9]);
    expect((await listAuditOfTarget('stock_sync_run', started.body.id)).map((a) => a.action)).toEqual(['start']);

    // The supplier's levels change: the kettlebell runs out, the dumbbells get low.
    await setSupplierStock(port, 'kettlebell-oro-nero-16kg', { stock: 0 });
    await setSupplierStock(port, 'manubri-esagonali-2x10kg', { stock: 4 });
    const mark = outboxMark();
    const second = await finishedRun(admin, (await start({ supplier_id: supplier.id })).body.id);
    expect(second).toMatchObject({ status: 'completed', checked: 3, changed: 2, failed: 0 });
    expect(second.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_id: products.kettlebell, state: 'sold_out', quantity: 0 }),
        expect.objectContaining({ product_id: products.manubri, state: 'low_stock', quantity: 4 }),
      ]),
    );
    const shop = await api<{ quantity: number }>('GET', `/api/products/${products.kettlebell}`);
    expect(shop.body.quantity).toBe(0);
    const lines = outboxSince(mark).filter((l) => l.includes('[SNS aurum-notifications-local]'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('email:supporto@aurumfitness.example');
    expect(lines[0]).toContain('email:scorte-prova@fornitore.example');
    expect(lines[0]).toContain('ESAURITO (0 disponibili)');
    expect(lines[0]).toContain('scorta bassa (4 disponibili)');

    // Nothing changed at the supplier: nothing written, nothing notified.
    const mark2 = outboxMark();
    const third = await finishedRun(admin, (await start({ supplier_id: supplier.id })).body.id);
    expect(third).toMatchObject({ checked: 3, changed: 0, failed: 0, outcomes: [] });
    expect(outboxSince(mark2).filter((l) => l.includes('[SNS'))).toEqual([]);
  });

  it('a failing supplier or product does not stop the run; failures go to the admin only', async () => {
    const wrongKey = await createSupplier({
      name: `Chiave Sbagliata ${randomUUID().slice(0, 6)}`,
      api_url: `${fakeOrigin(port)}/api/stock`,
      api_key: 'sbagliata',
      notification_email: 'sbagliata@fornitore.example',
    });
    const refused = await linked('tappetino-yoga-aurum', 'FSF-MAT-06', wrongKey.id, 5);
    const missingPage = await linked('non-esiste-piu', 'NOPE', supplier.id, 5, '127.0.0.1');
    await setSupplierStock(port, 'rack-multifunzione-aurum', { stock: 7 });
    const mark = outboxMark();
    const started = await start();
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ trigger: 'button', supplier_id: null });
    const run = await finishedRun(admin, started.body.id);
    expect(run.status).toBe('completed');
    expect(run.failed).toBeGreaterThanOrEqual(2);
    expect(run.outcomes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          product_id: refused,
          status: 'failed',
          reason: expect.stringContaining('Accesso negato'),
        }),
        expect.objectContaining({
          product_id: missingPage,
          status: 'failed',
          reason: "Prodotto non presente nell'API di " + supplier.name + ' (nessuna voce con il suo URL o SKU).',
        }),
        expect.objectContaining({ product_id: products.rack, status: 'changed', from: 3, to: 7 }),
      ]),
    );
    expect(run.supplier_errors).toContainEqual(
      expect.objectContaining({ supplier_id: wrongKey.id, reason: expect.stringContaining('Accesso negato') }),
    );
    const failures = outboxSince(mark).filter((l) => l.includes('errori') || l.includes('errore'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('email:supporto@aurumfitness.example');
    expect(failures[0]).not.toContain('sbagliata@fornitore.example');
    expect(await quantity(refused)).toBe(5);
    await api('DELETE', `/api/admin/suppliers/${wrongKey.id}`, { token: admin });
  });

  it('one run at a time: a start while another run holds the lock answers 409, recording nothing', async () => {
    const other = randomUUID();
    expect(await acquireStockSyncLock(other, 60_000)).toBe(true);
    try {
      const before = await runs();
      const res = await start();
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        title: 'Errore Sincronizzazione',
        message: 'Una sincronizzazione è già in corso: attendi che finisca.',
      });
      expect((await runs()).items[0]).toEqual(before.items[0]);
    } finally {
      await releaseStockSyncLock(other);
    }
  });

  it.each([
    [{ supplier_id: 'abc' }, 400, 'supplier_id'],
    [{ supplier_id: randomUUID() }, 404, undefined],
    [{ tutti: true }, 400, 'tutti'],
  ])('refuses %j (%i), starting nothing', async (body, status, field) => {
    const before = await runs();
    const res = await start(body);
    expect(res.status).toBe(status);
    if (field) expect(res.body.field).toBe(field);
    expect((await runs()).items[0]).toEqual(before.items[0]);
  });

  it("the scheduled entry point (the scheduler's async invoke of the job) runs over every supplier", async () => {
    await setSupplierStock(port, 'rack-multifunzione-aurum', { stock: 1 });
    const before = new Set((await runs()).items.map((r) => r.id));
    const lambda = new LambdaClient({});
    const out = await lambda.send(
      new InvokeCommand({
        FunctionName: 'aurum-stock-sync-local',
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify({ trigger: 'schedule' })),
      }),
    );
    lambda.destroy();
    expect(out.StatusCode).toBe(202);
    let scheduled: StockSyncRunSummaryDto | undefined;
    await expect
      .poll(
        async () => {
          scheduled = (await runs()).items.find(
            (r) => !before.has(r.id) && r.trigger === 'schedule' && r.status !== 'running',
          );
          return scheduled?.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe('completed');
    const run = (
      await api<StockSyncRunDto>('GET', `/api/admin/automations/stock-sync/runs/${scheduled!.id}`, { token: admin })
    ).body;
    expect(run.outcomes).toContainEqual(
      expect.objectContaining({ product_id: products.rack, status: 'changed', to: 1 }),
    );
    expect(await quantity(products.rack)).toBe(1);
  });

  it('pages the runs newest first and refuses a forged cursor', async () => {
    const first = await runs('?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await runs(`?limit=1&cursor=${first.next_cursor}`);
    expect(second.items[0]!.started_at <= first.items[0]!.started_at).toBe(true);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    expect(second.items[0]).not.toHaveProperty('outcomes');
    const forged = await api<{ field: string }>('GET', '/api/admin/automations/stock-sync/runs?cursor=eyJQSyI6IngifQ', {
      token: admin,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.field).toBe('cursor');
    expect((await api('GET', `/api/admin/automations/stock-sync/runs/${randomUUID()}`, { token: admin })).status).toBe(
      404,
    );
  });
});

describe('the job with odd events (in process)', () => {
  it('a repeated delivery of a finished run, or an unknown run, does nothing; a run whose supplier was deleted fails without retrying', async () => {
    const done = await finishedRun(admin, (await start({ supplier_id: supplier.id })).body.id);
    expect(await executeStockSync({ trigger: 'supplier', run_id: done.id, supplier_id: supplier.id })).toBeNull();
    expect(await executeStockSync({ trigger: 'button', run_id: randomUUID() })).toBeNull();

    const doomed = await createSupplier({ name: `Da eliminare ${randomUUID().slice(0, 6)}` });
    const queued: unknown[] = [];
    const run = await startStockSyncRun(doomed.id, async (event) => {
      queued.push(event);
    });
    expect(queued).toEqual([{ trigger: 'supplier', run_id: run.id, supplier_id: doomed.id }]);
    expect((await api('DELETE', `/api/admin/suppliers/${doomed.id}`, { token: admin })).status).toBe(200);
    const failed = await executeStockSync(queued[0] as { run_id: string });
    expect(failed).toMatchObject({ id: run.id, status: 'failed', error: 'Fornitore non trovato.' });
    // The lock is free again: a new run starts.
    const next = await start({ supplier_id: supplier.id });
    expect(next.status).toBe(202);
    await finishedRun(admin, next.body.id);
  });

  it('a job that cannot be queued is recorded failed, frees the lock and answers 502', async () => {
    const since = new Date().toISOString();
    const e = await startStockSyncRun(null, async () => {
      throw new Error('Lambda throttled');
    }).catch((x: unknown) => x as { statusCode: number; title: string });
    expect(e).toMatchObject({ statusCode: 502, title: 'Errore Sincronizzazione' });
    // (other test files may start runs meanwhile: find ours among the runs started since)
    const recent = (await runs()).items.filter((r) => r.started_at >= since);
    expect(recent).toContainEqual(
      expect.objectContaining({
        trigger: 'button',
        status: 'failed',
        error: 'Impossibile avviare la sincronizzazione: riprova più tardi.',
      }),
    );
    const next = await start({ supplier_id: supplier.id });
    expect(next.status).toBe(202);
    await finishedRun(admin, next.body.id);
  });
});

describe('stock rule with a real sale', () => {
  it('fulfilment lowers supplier_level by the units sold: the supplier shipping them changes nothing', async () => {
    const id = await linked('panca-regolabile-nera', 'FSF-PANCA-07', supplier.id, 0);
    await finishedRun(admin, (await start({ supplier_id: supplier.id })).body.id);
    expect(await stockOf(id)).toEqual({ quantity: 6, supplier_level: 6 });

    await api('DELETE', '/api/cart', { token: customer });
    expect(
      (await api('POST', '/api/cart/items', { token: customer, body: { product_id: id, quantity: 2 } })).status,
    ).toBe(200);
    const session = await api<{ url: string }>('POST', '/api/checkout/session', {
      token: customer,
      body: await shipToCaller(customer),
    });
    expect(session.status).toBe(201);
    expect(await quantity(id)).toBe(4);
    await fetch(`${session.body.url}/complete`, { method: 'POST', redirect: 'manual' });
    await expect.poll(async () => (await stockOf(id)).supplier_level, { timeout: 30_000 }).toBe(4);
    expect(await quantity(id)).toBe(4);

    // The supplier ships our two units: its level drops from 6 to 4, which is what we expect.
    await setSupplierStock(port, 'panca-regolabile-nera', { stock: 4 });
    const run = await finishedRun(admin, (await start({ supplier_id: supplier.id })).body.id);
    expect(run.outcomes.filter((o) => o.product_id === id)).toEqual([]);
    expect(await stockOf(id)).toEqual({ quantity: 4, supplier_level: 4 });
  });
});
