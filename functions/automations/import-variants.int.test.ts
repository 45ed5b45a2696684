/**
 * A supplier page with sizes, through the real import endpoint and the real stock sync, against
 * the local fake supplier (its ProductGroup page 'maglia-tecnica-aurum': S, M, L): one product with
 * its options and one variant per size (supplier SKU, price, stock), and a sync after the supplier's
 * 'M' changes moves that variant's stock only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, demo, signIn } from '../../test/support/auth';
import { useLocalEnv } from '../../test/support/invoke';
import { fakeOrigin, fakePort, finishedRun } from '../../test/support/automations';
import { getProductWithVariants, listProducts } from '../data/catalog-repository';
import { startTestServer } from '../../test/support/http-test-server';
import type { ImportResultDto, StockSyncRunSummaryDto } from '../../shared/api/admin-automations';

useLocalEnv();
let admin: string;
let port: number;

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  port = await fakePort(admin);
  await fetch(`${fakeOrigin(port)}/__control/reset`, { method: 'POST' });
});
afterAll(async () => {
  await fetch(`${fakeOrigin(port)}/__control/reset`, { method: 'POST' });
});

const importUrl = (url: string) =>
  api<ImportResultDto>('POST', '/api/admin/automations/import', { token: admin, body: { url } });
const sizes = async (id: string) =>
  (await getProductWithVariants(id))!.variants
    .sort((a, b) => a.position - b.position)
    .map((v) => ({
      size: v.option_values[0],
      supplier_sku: v.supplier_sku,
      price_cents: v.price_cents,
      quantity: v.quantity,
    }));

describe('import of a page with sizes', () => {
  it('creates one product with its sizes; the stock sync then changes only the M variant; a re-import updates the same product', async () => {
    // the page-only supplier (its domain is 127.0.0.1): the sync reads this page
    const url = `${fakeOrigin(port, '127.0.0.1')}/prodotti/maglia-tecnica-aurum`;
    const first = await importUrl(url);
    expect(first.status).toBe(201);
    expect(first.body.created).toBe(true);
    const { product, supplier } = first.body;
    expect(product).toMatchObject({
      name: 'Maglia tecnica Aurum',
      price_cents: 2490,
      quantity: 15,
      supplier_sku: 'FSF-TEE-S',
    });
    const stored = (await getProductWithVariants(product.id))!;
    expect(stored.product.options).toEqual([{ name: 'Taglia', values: ['S', 'M', 'L'] }]);
    expect(stored.product).toMatchObject({ price_cents: 2490, price_max_cents: 2690, variant_count: 3, quantity: 15 });
    expect(await sizes(product.id)).toEqual([
      { size: 'S', supplier_sku: 'FSF-TEE-S', price_cents: 2490, quantity: 4 },
      { size: 'M', supplier_sku: 'FSF-TEE-M', price_cents: 2490, quantity: 6 },
      { size: 'L', supplier_sku: 'FSF-TEE-L', price_cents: 2690, quantity: 5 },
    ]);
    // each variant has its own shop SKU, claimed (unique); the first keeps the product's id
    const skus = stored.variants.map((v) => v.sku);
    expect(new Set(skus).size).toBe(3);
    expect(stored.variants.some((v) => v.id === product.id)).toBe(true);

    // the public product page offers the sizes
    const detail = await api<{ options?: unknown; variants?: { option_values: string[]; price_cents: number }[] }>(
      'GET',
      `/api/products/${product.id}`,
    );
    expect(detail.body.variants?.map((v) => [v.option_values[0], v.price_cents])).toEqual([
      ['S', 2490],
      ['M', 2490],
      ['L', 2690],
    ]);

    const patched = await fetch(`${fakeOrigin(port)}/__control/products/maglia-tecnica-aurum`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variants: { 'FSF-TEE-M': { stock: 2 } } }),
    });
    expect(patched.status).toBe(200);
    const started = await api<StockSyncRunSummaryDto>('POST', '/api/admin/automations/stock-sync', {
      token: admin,
      body: { supplier_id: supplier!.id },
    });
    expect(started.status).toBe(202);
    const run = await finishedRun(admin, started.body.id);
    expect(run.status).toBe('completed');
    expect(await sizes(product.id)).toEqual([
      { size: 'S', supplier_sku: 'FSF-TEE-S', price_cents: 2490, quantity: 4 },
      { size: 'M', supplier_sku: 'FSF-TEE-M', price_cents: 2490, quantity: 2 },
      { size: 'L', supplier_sku: 'FSF-TEE-L', price_cents: 2690, quantity: 5 },
    ]);
    expect((await getProductWithVariants(product.id))!.product.quantity).toBe(11);

    // the supplier raises M's price: a re-import reprices that variant only, stock untouched
    await fetch(`${fakeOrigin(port)}/__control/products/maglia-tecnica-aurum`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variants: { 'FSF-TEE-M': { price_cents: 2890 } } }),
    });
    const again = await importUrl(url);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect(again.body.product.id).toBe(product.id);
    expect(await sizes(product.id)).toEqual([
      { size: 'S', supplier_sku: 'FSF-TEE-S', price_cents: 2490, quantity: 4 },
      { size: 'M', supplier_sku: 'FSF-TEE-M', price_cents: 2890, quantity: 2 },
      { size: 'L', supplier_sku: 'FSF-TEE-L', price_cents: 2690, quantity: 5 },
    ]);
    expect((await getProductWithVariants(product.id))!.product).toMatchObject({
      price_cents: 2490,
      price_max_cents: 2890,
      quantity: 11,
    });
  });

  it('a page with more sizes than one import holds (33) is refused with the reason, nothing written', async () => {
    const shop = await startTestServer((_req, res) => {
      const group = {
        '@context': 'https://schema.org/',
        '@type': 'ProductGroup',
        name: `Scarpa da allenamento ${shop.port}`,
        variesBy: ['https://schema.org/size'],
        hasVariant: Array.from({ length: 33 }, (_, i) => ({
          '@type': 'Product',
          sku: `SC-${i}`,
          size: `${20 + i}`,
          offers: { '@type': 'Offer', price: 79, priceCurrency: 'EUR', inventoryLevel: 2 },
        })),
      };
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(group)}</script></head></html>`,
      );
    });
    try {
      const count = (await listProducts()).length;
      const res = await api<{ title: string; message: string }>('POST', '/api/admin/automations/import', {
        token: admin,
        body: { url: `${shop.url}/scarpa` },
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        title: 'Errore Importazione',
        message: expect.stringContaining('La pagina ha 33 varianti'),
      });
      expect((await listProducts()).length).toBe(count);
    } finally {
      await shop.close();
    }
  });
});
