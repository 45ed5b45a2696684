/**
 * The stock sync while what it depends on fails (faults switched on, test/support/faults.ts): the
 * supplier's API answering 503, DynamoDB throttling one product's stock write, DynamoDB failing the
 * read of the linked products. What the owner sees: the run in Automazioni with its outcome and the
 * reason per product, one notification to the shop's address (never to the supplier), the stock
 * of every product either written whole or left as it was, and the lock free for the next run.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { clearFaults, fault } from '../../test/support/faults';
import { getProduct, getProductWithVariants } from '../data/catalog-repository';
import { acquireStockSyncLock, releaseStockSyncLock } from '../data/stock-sync-repository';
import type { StockSyncRunSummaryDto, SupplierDto } from '../../shared/api/admin-automations';

useLocalEnv();
let admin: string;
let port: number;

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  port = await fakePort(admin);
  await fetch(`${fakeOrigin(port)}/__control/reset`, { method: 'POST' });
});
afterEach(() => clearFaults());
afterAll(async () => {
  await fetch(`${fakeOrigin(port)}/__control/reset`, { method: 'POST' });
});

/** A supplier of its own (the run is started for it alone), with its notification address. */
async function newSupplier(): Promise<SupplierDto> {
  const res = await api<SupplierDto>('POST', '/api/admin/suppliers', {
    token: admin,
    body: {
      name: `Guasti ${randomUUID().slice(0, 6)}`,
      api_url: `${fakeOrigin(port)}/api/stock`,
      api_key: 'fornitore-locale-chiave-2026',
      notification_email: 'guasti@fornitore.example',
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** A shop product linked to the fake supplier's page `slug`, with `quantity` units, never synced. */
const linked = (slug: string, sku: string, supplierId: string, quantity: number): Promise<string> =>
  linkedProduct(port, { slug, sku, supplierId, quantity, label: 'Guasto' });

const runFor = async (supplierId: string) => {
  const started = await api<StockSyncRunSummaryDto>('POST', '/api/admin/automations/stock-sync', {
    token: admin,
    body: { supplier_id: supplierId },
  });
  expect(started.status).toBe(202);
  return finishedRun(admin, started.body.id);
};
const quantity = async (id: string) => (await getProduct(id))!.quantity;
/** The SNS notifications published since `mark` (the SNS stand-in's outbox lines). */
const notifications = (mark: number) => outboxSince(mark).filter((l) => l.includes('[SNS aurum-notifications-local]'));

/** The lock is free: a new owner takes it (and gives it back). */
async function lockIsFree(): Promise<boolean> {
  const owner = randomUUID();
  const taken = await acquireStockSyncLock(owner, 60_000);
  if (taken) await releaseStockSyncLock(owner);
  return taken;
}

describe('the stock sync while the supplier fails', () => {
  it("the supplier's API answering 503: every product failed with the reason, no stock touched, the shop told, the supplier not", async () => {
    const supplier = await newSupplier();
    const kettlebell = await linked('kettlebell-oro-nero-16kg', 'FSF-KB-16', supplier.id, 30);
    const rack = await linked('rack-multifunzione-aurum', 'FSF-RACK-01', supplier.id, 2);
    fault({ service: 'supplier', error: '503', forMs: 60_000 });
    const mark = outboxMark();
    const run = await runFor(supplier.id);

    expect(run).toMatchObject({ status: 'completed', checked: 2, changed: 0, failed: 2 });
    for (const id of [kettlebell, rack])
      expect(run.outcomes).toContainEqual(expect.objectContaining({ product_id: id, status: 'failed' }));
    expect([await quantity(kettlebell), await quantity(rack)]).toEqual([30, 2]);
    const sent = notifications(mark);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('email:supporto@aurumfitness.example');
    expect(sent[0]).toContain('sincronizzazione scorte con 2 errori');
    expect(sent[0]).not.toContain('guasti@fornitore.example');
    expect(await lockIsFree()).toBe(true);

    // the supplier back: the next run applies both
    clearFaults();
    expect(await runFor(supplier.id)).toMatchObject({ status: 'completed', changed: 2, failed: 0 });
    expect([await quantity(kettlebell), await quantity(rack)]).toEqual([14, 3]);
  });
});

describe('the stock sync while DynamoDB fails', () => {
  it("one product's stock write throttled: that product failed and unchanged, the others written, the shop told", async () => {
    const supplier = await newSupplier();
    await setSupplierStock(port, 'manubri-esagonali-2x10kg', { stock: 4 });
    const throttled = await linked('kettlebell-oro-nero-16kg', 'FSF-KB-16', supplier.id, 30);
    const written = await linked('manubri-esagonali-2x10kg', 'FSF-HEX-10', supplier.id, 9);
    fault({
      service: 'dynamodb',
      // the variant's stock and its product's sum are written in one transaction
      operation: 'TransactWriteItems',
      key: throttled,
      error: 'ProvisionedThroughputExceededException',
      forMs: 60_000,
    });
    const mark = outboxMark();
    const run = await runFor(supplier.id);

    expect(run).toMatchObject({ status: 'completed', checked: 2, changed: 1, failed: 1 });
    expect(run.outcomes).toContainEqual(
      expect.objectContaining({
        product_id: throttled,
        status: 'failed',
        reason: expect.stringContaining('scrittura'),
      }),
    );
    expect(run.outcomes).toContainEqual(expect.objectContaining({ product_id: written, status: 'changed', to: 4 }));
    expect([await quantity(throttled), await quantity(written)]).toEqual([30, 4]);
    // the throttled product keeps no half of the write: it was never synced, so the next run sets its baseline
    expect((await getProductWithVariants(throttled))!.variants[0]!.supplier_synced_at ?? null).toBeNull();
    expect(notifications(mark).join('\n')).toContain('sincronizzazione scorte con 1 errore');

    clearFaults();
    expect(await runFor(supplier.id)).toMatchObject({ status: 'completed', changed: 1, failed: 0 });
    expect(await quantity(throttled)).toBe(14);
  });

  it('the linked products cannot be read: the run is marked failed with the reason, the shop told, no stock touched, the lock free', async () => {
    const supplier = await newSupplier();
    const product = await linked('kettlebell-oro-nero-16kg', 'FSF-KB-16', supplier.id, 30);
    // the two Queries of the supplier's linked products and their variants, each of the SDK's 3
    // attempts (times: the job's own retries by Lambda find a finished run and do nothing)
    fault({ service: 'dynamodb', operation: 'Query', key: supplier.id, error: 'ThrottlingException', times: 6 });
    const mark = outboxMark();
    const run = await runFor(supplier.id);

    expect(run.status).toBe('failed');
    expect(run.error).toEqual(expect.any(String));
    expect(run.checked).toBe(0);
    expect(await quantity(product)).toBe(30);
    const sent = notifications(mark);
    expect(sent.join('\n')).toContain('sincronizzazione scorte fallita');
    expect(sent.join('\n')).not.toContain('guasti@fornitore.example');
    expect(await lockIsFree()).toBe(true);
  });
});
