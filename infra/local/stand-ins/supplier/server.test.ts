/**
 * The fake supplier on a free port, read through the real safe-fetch and the real extractor:
 * every page shape yields its catalogue product, images are real PNGs, the stock API needs the
 * key and pages, and the control API changes what pages and feed say.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSupplier, FAKE_SUPPLIER_API_KEY, type FakeSupplier } from './server';
import { INITIAL_CATALOGUE } from './catalogue';
import { freePort } from '../../ports';
import { safeFetch } from '../../../../functions/automations/safe-fetch';
import { extractProduct } from '../../../../functions/automations/extract-product';
import { createStockReader } from '../../../../functions/automations/stock-source';

let supplier: FakeSupplier;
beforeAll(async () => {
  supplier = await startFakeSupplier({ port: await freePort() });
});
afterAll(() => supplier.stop());
beforeEach(() => supplier.reset());

const control = (path: string, init?: RequestInit) => fetch(`${supplier.url}/__control${path}`, init);

describe('fake supplier', () => {
  it('publishes every structured-data shape of the importer', () => {
    expect(new Set(INITIAL_CATALOGUE.map((p) => p.shape))).toEqual(
      new Set([
        'jsonld-graph',
        'jsonld-offers-array',
        'jsonld-aggregate',
        'jsonld-sale',
        'microdata',
        'opengraph',
        'jsonld-product-group',
      ]),
    );
    expect(INITIAL_CATALOGUE.length).toBeGreaterThanOrEqual(6);
  });

  it.each(INITIAL_CATALOGUE.map((p) => [p.shape, p.slug, p] as const))(
    '%s page (%s) reads back as its catalogue product',
    async (_shape, slug, p) => {
      const page = await safeFetch(supplier.pageUrl(slug), { profile: 'html', allowLoopback: true });
      const got = extractProduct(page.body, page.url, { charset: page.charset });
      expect(got.name).toBe(p.name);
      expect(got.description).toBe(p.description);
      expect(got.price_cents).toBe(p.price_cents);
      expect(got.original_price_cents).toBe(p.original_price_cents);
      expect(got.in_stock).toBe(p.stock > 0);
      expect(got.stock).toBe(p.shape === 'opengraph' ? null : p.stock);
      expect(got.sku).toBe(p.sku);
      expect(got.warnings).toEqual([]);
      expect(got.images).toHaveLength(p.images);
      for (const url of got.images) {
        expect(url.startsWith(`${supplier.url}/immagini/${slug}-`)).toBe(true);
        const img = await safeFetch(url, { profile: 'image', allowLoopback: true });
        expect(img.contentType).toBe('image/png');
        expect(img.body.length).toBeGreaterThan(1000);
      }
    },
  );

  it('stock API: 401 without the key, the feed with it (Bearer or X-Api-Key)', async () => {
    const anonymous = await fetch(supplier.apiUrl);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Chiave API mancante o non valida' });
    expect((await fetch(supplier.apiUrl, { headers: { authorization: 'Bearer sbagliata' } })).status).toBe(401);
    const res = await fetch(supplier.apiUrl, { headers: { 'x-api-key': FAKE_SUPPLIER_API_KEY } });
    const body = (await res.json()) as { items: { sku: string; url: string; quantity: number }[]; next: string | null };
    expect(body.next).toBeNull();
    expect(body.items).toContainEqual({
      sku: 'FSF-KB-16',
      url: supplier.pageUrl('kettlebell-oro-nero-16kg'),
      quantity: 14,
    });
    // one item per product, one per size of a product with variants
    expect(body.items).toHaveLength(INITIAL_CATALOGUE.reduce((n, p) => n + (p.variants?.length || 1), 0));
    expect(body.items).toContainEqual({ sku: 'FSF-TEE-M', url: supplier.pageUrl('maglia-tecnica-aurum'), quantity: 6 });
    expect(supplier.counters()).toMatchObject({ api: 1, unauthorized: 2 });
  });

  it('control API: a stock change shows on the page and in the feed', async () => {
    const patched = await control('/products/bilanciere-olimpico-20kg', {
      method: 'PATCH',
      body: JSON.stringify({ stock: 0, price_cents: 25900 }),
    });
    expect(await patched.json()).toMatchObject({ slug: 'bilanciere-olimpico-20kg', stock: 0, price_cents: 25900 });
    const page = await safeFetch(supplier.pageUrl('bilanciere-olimpico-20kg'), {
      profile: 'html',
      allowLoopback: true,
    });
    expect(extractProduct(page.body, page.url)).toMatchObject({ stock: 0, in_stock: false, price_cents: 25900 });
    const reader = createStockReader(
      { id: 's', name: 'Ferro Sud', api_url: supplier.apiUrl, api_key: supplier.apiKey },
      { allowLoopback: true },
    );
    expect(
      await reader.read({
        id: 'x',
        supplier_product_url: supplier.pageUrl('bilanciere-olimpico-20kg'),
        supplier_sku: null,
      }),
    ).toEqual({ kind: 'level', level: 0, source: 'api' });
    expect(
      (await control('/products/bilanciere-olimpico-20kg', { method: 'PATCH', body: JSON.stringify({ stock: -1 }) }))
        .status,
    ).toBe(400);
    expect((await control('/products/non-esiste', { method: 'PATCH', body: '{}' })).status).toBe(404);
  });

  it('pages the feed at 500 items after generated products are added', async () => {
    const added = await control('/products', { method: 'POST', body: JSON.stringify({ count: 600 }) });
    expect(await added.json()).toEqual({ total: INITIAL_CATALOGUE.length + 600 });
    const first = (await (
      await fetch(supplier.apiUrl, { headers: { authorization: `Bearer ${FAKE_SUPPLIER_API_KEY}` } })
    ).json()) as { items: unknown[]; next: string };
    expect(first.items).toHaveLength(500);
    expect(first.next).toBe(`${supplier.url}/api/stock?page=2`);
    const reader = createStockReader(
      { id: 's', name: 'Ferro Sud', api_url: supplier.apiUrl, api_key: supplier.apiKey },
      { allowLoopback: true },
    );
    expect(await reader.read({ id: 'x', supplier_product_url: null, supplier_sku: 'FSF-GEN-0607' })).toMatchObject({
      kind: 'level',
    });
  });

  it('injected failures answer the given status the given number of times', async () => {
    await control('/fail', { method: 'POST', body: JSON.stringify({ status: 503, times: 1 }) });
    expect((await fetch(supplier.pageUrl('tappetino-yoga-aurum'))).status).toBe(503);
    expect((await fetch(supplier.pageUrl('tappetino-yoga-aurum'))).status).toBe(200);
  });

  it('serves a browsable index and 404s', async () => {
    const index = await fetch(supplier.url);
    expect(await index.text()).toContain('href="/prodotti/kettlebell-oro-nero-16kg"');
    expect((await fetch(`${supplier.url}/prodotti/sconosciuto`)).status).toBe(404);
    expect((await fetch(`${supplier.url}/immagini/kettlebell-oro-nero-16kg-9.png`)).status).toBe(404);
  });
});
