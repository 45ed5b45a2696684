/**
 * Test support for the automations: the local runtime's fake supplier (found, as an
 * admin would, from the seeded supplier's API URL), its control API, the run records and the
 * runtime's outbox (SNS stand-in lines).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { api } from './auth';
import { readStoredSecret } from './secrets';
import { putProduct } from '../../functions/data/catalog-repository';
import type { ProductRecord } from '../../functions/data/catalog-items';
import { defaultVariant } from '../../functions/data/items';
import type { StockSyncRunDto, SupplierListDto } from '../../shared/api/admin-automations';

/** The runtime's data folder (outbox, SNS stand-in state). */
export const dataDir = (): string => inject('localDataDir');

/** The suppliers' API keys as stored in the supplier secret (read through the SDK). */
export const storedSupplierKeys = () => readStoredSecret<Record<string, string>>('SUPPLIER_SECRET_ID');

/** The outbox lines appended since `mark` (outboxMark()). */
export function outboxSince(mark: number): string[] {
  const text = fs.readFileSync(path.join(dataDir(), 'outbox.log'), 'utf8');
  return text.slice(mark).split('\n').filter(Boolean);
}

/** The outbox's current length (characters), to read only what comes after. */
export function outboxMark(): number {
  const file = path.join(dataDir(), 'outbox.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').length : 0;
}

/** The fake supplier's port, from the seeded API supplier's api_url. */
export async function fakePort(adminToken: string): Promise<number> {
  const list = await api<SupplierListDto>('GET', '/api/admin/suppliers', { token: adminToken });
  const seeded = list.body.items.find((s) => s.name === 'Ferro Sud Forniture');
  if (!seeded?.api_url) throw new Error('seeded supplier missing');
  return Number(new URL(seeded.api_url).port);
}

/** The fake supplier seen as `host` (the API supplier's domain is 'localhost', the page-only one's '127.0.0.1'). */
export function fakeOrigin(port: number, host: 'localhost' | '127.0.0.1' = 'localhost'): string {
  return `http://${host}:${port}`;
}

/**
 * Writes a shop product linked to the fake supplier's page `slug` and its SKU, never synced yet
 * (physical, 15,00 €, no category or images).
 * @param p.label the start of its name; p.host the supplier seen as that host (fakeOrigin)
 * @returns the product's id
 */
export async function linkedProduct(
  port: number,
  p: {
    slug: string;
    sku: string;
    supplierId: string;
    quantity: number;
    label: string;
    host?: 'localhost' | '127.0.0.1';
  },
): Promise<string> {
  const id = randomUUID();
  const product = {
    id,
    name: `${p.label} ${p.slug} ${id.slice(0, 4)}`,
    description: 'prova',
    price_cents: 1500,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 0,
    reviews: 0,
    is_digital: false,
    digital_asset_id: null,
    quantity: p.quantity,
    premium_tier: 'none',
    supplier_product_url: `${fakeOrigin(port, p.host)}/prodotti/${p.slug}`,
    created_at: new Date().toISOString(),
    images: [],
    supplier_id: p.supplierId,
  } satisfies ProductRecord;
  // the supplier's SKU is the default variant's (docs/decisions/0018-product-variants.md)
  await putProduct(product, [{ ...defaultVariant(product), supplier_sku: p.sku }]);
  return id;
}

/** Changes a product at the fake supplier (control API). */
export async function setSupplierStock(
  port: number,
  slug: string,
  change: { stock?: number; price_cents?: number },
): Promise<void> {
  const res = await fetch(`${fakeOrigin(port, '127.0.0.1')}/__control/products/${slug}`, {
    method: 'PATCH',
    body: JSON.stringify(change),
  });
  expect(res.status).toBe(200);
}

/** The fake supplier's request counters. */
export async function fakeCounters(
  port: number,
): Promise<{ pages: number; images: number; api: number; unauthorized: number }> {
  return (await fetch(`${fakeOrigin(port, '127.0.0.1')}/__control/requests`)).json() as Promise<{
    pages: number;
    images: number;
    api: number;
    unauthorized: number;
  }>;
}

/** Polls a run until it is no longer running; returns it. */
export async function finishedRun(adminToken: string, id: string): Promise<StockSyncRunDto> {
  let run: StockSyncRunDto | null = null;
  await expect
    .poll(
      async () => {
        run = (await api<StockSyncRunDto>('GET', `/api/admin/automations/stock-sync/runs/${id}`, { token: adminToken }))
          .body;
        return run.status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .not.toBe('running');
  return run!;
}
