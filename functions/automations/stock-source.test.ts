/**
 * Stock reading from a supplier's API feed and from product pages, against throwaway servers on
 * 127.0.0.1: feed once per run, key required, matching by URL or SKU, pagination, retries with
 * backoff for transient failures only.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStockReader, StockReadError, withRetry } from './stock-source';
import { urlKey } from '../../shared/stock-sync';
import { SafeFetchError } from './safe-fetch';
import { startTestServer, type TestServer } from '../../test/support/http-test-server';
import { rejection } from '../../test/support/caught';

const KEY = 'chiave-segreta-123';

const readError = (p: Promise<unknown>) => rejection(p, StockReadError);

const productPage = (offer: Record<string, unknown>) =>
  `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Kettlebell 16 kg',
    offers: { '@type': 'Offer', price: '59.90', priceCurrency: 'EUR', ...offer },
  })}</script></head><body></body></html>`;

describe('stock source', () => {
  let server: TestServer;
  let flaky = 0;
  let sizesPageHits = 0;
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };

  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const html = (body: string) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(body);
      };
      switch (url.pathname) {
        case '/api/stock':
          if (req.headers.authorization !== `Bearer ${KEY}`)
            return json(401, { error: 'chiave API mancante o errata' });
          if (url.searchParams.get('page') === '2')
            return json(200, { items: [{ sku: 'AUR-DB-20', quantity: 0 }], next: null });
          return json(200, {
            items: [
              { sku: 'AUR-KB-16', url: `${server.url}/prodotti/kettlebell-16/`, quantity: 12 },
              { sku: 'AUR-BAR-20', url: '/prodotti/bilanciere', quantity: '3' },
              { sku: 'ROTTO', quantity: -4 },
            ],
            next: '/api/stock?page=2',
          });
        case '/api/flaky':
          flaky++;
          if (flaky <= 2) return json(503, { error: 'manutenzione' });
          return json(200, [{ sku: 'X-1', quantity: 5 }]);
        case '/api/forbidden':
          return json(403, { error: 'no' });
        case '/api/not-json':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('<html>');
          return;
        case '/api/private-next':
          return json(200, { items: [], next: 'http://10.0.0.7/stock' });
        case '/pagine/livello':
          return html(
            productPage({
              availability: 'https://schema.org/InStock',
              inventoryLevel: { '@type': 'QuantitativeValue', value: 8 },
            }),
          );
        case '/pagine/esaurito':
          return html(productPage({ availability: 'https://schema.org/OutOfStock' }));
        case '/pagine/disponibile':
          return html(productPage({ availability: 'https://schema.org/InStock' }));
        case '/pagine/muta':
          return html(productPage({}));
        case '/pagine/articolo':
          return html('<html><head><title>Blog</title></head></html>');
        case '/pagine/taglie':
          sizesPageHits++;
          return html(
            `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({
              '@context': 'https://schema.org',
              '@type': 'ProductGroup',
              name: 'Maglia',
              productGroupID: 'MA',
              variesBy: 'https://schema.org/size',
              hasVariant: [
                {
                  '@type': 'Product',
                  sku: 'MA-S',
                  size: 'S',
                  offers: { '@type': 'Offer', price: 20, priceCurrency: 'EUR', inventoryLevel: 3 },
                },
                {
                  '@type': 'Product',
                  sku: 'MA-M',
                  size: 'M',
                  offers: {
                    '@type': 'Offer',
                    price: 20,
                    priceCurrency: 'EUR',
                    availability: 'https://schema.org/InStock',
                  },
                },
                {
                  '@type': 'Product',
                  sku: 'MA-L',
                  size: 'L',
                  offers: {
                    '@type': 'Offer',
                    price: 22,
                    priceCurrency: 'EUR',
                    availability: 'https://schema.org/OutOfStock',
                  },
                },
              ],
            })}</script></head><body></body></html>`,
          );
        case '/pagine/lenta':
          return; // never answers
        default:
          res.writeHead(404);
          res.end();
      }
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    sleeps.length = 0;
  });

  const supplier = (api: string | null, key: string | null = KEY) => ({
    id: 's1',
    name: 'Ferro Sud',
    api_url: api ? `${server.url}${api}` : null,
    api_key: key,
  });
  const opts = { allowLoopback: true, sleep };

  it('reads levels from the API feed once for many products, by URL or by SKU, following next pages', async () => {
    const before = server.requests.filter((r) => r.url.startsWith('/api/stock')).length;
    const reader = createStockReader(supplier('/api/stock'), opts);
    const [byUrl, byRelativeUrl, bySku, fromPage2] = await Promise.all([
      reader.read({
        id: 'p1',
        supplier_product_url: `${server.url}/prodotti/kettlebell-16#recensioni`,
        supplier_sku: null,
      }),
      reader.read({
        id: 'p2',
        supplier_product_url: `${server.url.toUpperCase().replace('HTTP', 'http')}/prodotti/bilanciere/`,
        supplier_sku: null,
      }),
      reader.read({ id: 'p3', supplier_product_url: null, supplier_sku: 'aur-kb-16' }),
      reader.read({ id: 'p4', supplier_product_url: 'https://altrove.example/x', supplier_sku: 'AUR-DB-20' }),
    ]);
    expect(byUrl).toEqual({ kind: 'level', level: 12, source: 'api' });
    expect(byRelativeUrl).toEqual({ kind: 'level', level: 3, source: 'api' });
    expect(bySku).toEqual({ kind: 'level', level: 12, source: 'api' });
    expect(fromPage2).toEqual({ kind: 'level', level: 0, source: 'api' });
    const calls = server.requests.filter((r) => r.url.startsWith('/api/stock')).slice(before);
    expect(calls.map((r) => r.url)).toEqual(['/api/stock', '/api/stock?page=2']);
    expect(calls[0]!.headers['x-api-key']).toBe(KEY);
  });

  it('a product missing from the feed fails on its own with not_in_feed', async () => {
    const e = await readError(
      createStockReader(supplier('/api/stock'), opts).read({
        id: 'p9',
        supplier_product_url: null,
        supplier_sku: 'NON-ESISTE',
      }),
    );
    expect(e.code).toBe('not_in_feed');
    expect(e.reason).toBe("Prodotto non presente nell'API di Ferro Sud (nessuna voce con il suo URL o SKU).");
  });

  it('a wrong API key is a permanent failure (401, no retry) with a reason naming the key', async () => {
    const before = server.requests.length;
    const e = await readError(
      createStockReader(supplier('/api/stock', 'sbagliata'), opts).read({
        id: 'p1',
        supplier_product_url: null,
        supplier_sku: 'AUR-KB-16',
      }),
    );
    expect(e.code).toBe('http_status');
    expect(e.reason).toMatch(/HTTP 401.*chiave API/);
    expect(server.requests.length - before).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('retries 5xx with exponential backoff and then succeeds', async () => {
    flaky = 0;
    const level = await createStockReader(supplier('/api/flaky'), opts).read({
      id: 'p',
      supplier_product_url: null,
      supplier_sku: 'X-1',
    });
    expect(level).toEqual({ kind: 'level', level: 5, source: 'api' });
    expect(flaky).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(150);
    expect(sleeps[0]).toBeLessThanOrEqual(300);
    expect(sleeps[1]).toBeGreaterThanOrEqual(300);
    expect(sleeps[1]).toBeLessThanOrEqual(600);
  });

  it('gives up after the retries on a persistent 5xx', async () => {
    flaky = -100;
    const e = await readError(
      createStockReader(supplier('/api/flaky'), { ...opts, retries: 2 }).read({
        id: 'p',
        supplier_product_url: null,
        supplier_sku: 'X-1',
      }),
    );
    expect(e).toMatchObject({ code: 'http_status', transient: true });
    expect(sleeps).toHaveLength(2);
  });

  it('does not retry 403, a refused address, or a feed that is not JSON', async () => {
    expect(
      (
        await readError(
          createStockReader(supplier('/api/forbidden'), opts).read({
            id: 'p',
            supplier_product_url: null,
            supplier_sku: 'A',
          }),
        )
      ).code,
    ).toBe('http_status');
    const refused = await readError(
      createStockReader({ id: 's', name: 'Interno', api_url: 'http://10.0.0.8/stock', api_key: KEY }, opts).read({
        id: 'p',
        supplier_product_url: null,
        supplier_sku: 'A',
      }),
    );
    expect(refused.code).toBe('not_allowed');
    const nextRefused = await readError(
      createStockReader(supplier('/api/private-next'), opts).read({
        id: 'p',
        supplier_product_url: null,
        supplier_sku: 'A',
      }),
    );
    expect(nextRefused.code).toBe('not_allowed');
    expect(
      (
        await readError(
          createStockReader(supplier('/api/not-json'), opts).read({
            id: 'p',
            supplier_product_url: null,
            supplier_sku: 'A',
          }),
        )
      ).code,
    ).toBe('bad_feed');
    expect(sleeps).toEqual([]);
  });

  it('without an API reads the product page: level, out of stock as 0, in stock without a count', async () => {
    const reader = createStockReader(supplier(null, null), opts);
    const at = (p: string) => reader.read({ id: p, supplier_product_url: `${server.url}${p}`, supplier_sku: null });
    expect(await at('/pagine/livello')).toEqual({ kind: 'level', level: 8, source: 'page' });
    expect(await at('/pagine/esaurito')).toEqual({ kind: 'level', level: 0, source: 'page' });
    expect(await at('/pagine/disponibile')).toEqual({ kind: 'available', source: 'page' });
    expect((await readError(at('/pagine/muta'))).code).toBe('no_stock_data');
    expect((await readError(at('/pagine/articolo'))).reason).toMatch(/^Nessun dato prodotto trovato/);
    expect((await readError(at('/pagine/sparita'))).reason).toMatch(/HTTP 404/);
  });

  it("a page listing sizes: each variant takes its own offer's level by supplier SKU, the page read once per run", async () => {
    const reader = createStockReader(supplier(null, null), opts);
    const at = (sku: string | null) =>
      reader.read({ id: 'p', supplier_product_url: `${server.url}/pagine/taglie`, supplier_sku: sku });
    expect(await at('MA-S')).toEqual({ kind: 'level', level: 3, source: 'page' });
    expect(await at('ma-m')).toEqual({ kind: 'available', source: 'page' });
    expect(await at('MA-L')).toEqual({ kind: 'level', level: 0, source: 'page' });
    // a SKU the page no longer lists, or none, cannot take another size's level
    expect((await readError(at('MA-XL'))).code).toBe('not_in_page');
    expect((await readError(at(null))).code).toBe('not_in_page');
    expect(sizesPageHits).toBe(1);
  });

  it('retries a page that times out, then reports the timeout', async () => {
    const before = server.requests.filter((r) => r.url === '/pagine/lenta').length;
    const e = await readError(
      createStockReader(supplier(null, null), { ...opts, retries: 1, timeoutMs: 200 }).read({
        id: 'p',
        supplier_product_url: `${server.url}/pagine/lenta`,
        supplier_sku: null,
      }),
    );
    expect(e.code).toBe('timeout');
    expect(server.requests.filter((r) => r.url === '/pagine/lenta').length - before).toBe(2);
    expect(sleeps).toHaveLength(1);
  });

  it('a product with neither page nor API has no source', async () => {
    expect(
      (
        await readError(
          createStockReader(supplier(null, null), opts).read({
            id: 'p',
            supplier_product_url: null,
            supplier_sku: 'A',
          }),
        )
      ).code,
    ).toBe('no_source');
  });
});

describe('withRetry', () => {
  it('retries only transient errors', async () => {
    let calls = 0;
    const sleeps: number[] = [];
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new SafeFetchError('not_allowed', 'x', 'http://a');
        },
        {
          sleep: async (ms) => {
            sleeps.push(ms);
          },
        },
      ),
    ).rejects.toThrow('x');
    expect(calls).toBe(1);
    calls = 0;
    const v = await withRetry(
      async () => {
        if (++calls < 3) throw new SafeFetchError('timeout', 't', 'http://a');
        return 'ok';
      },
      {
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      },
    );
    expect(v).toBe('ok');
    expect(sleeps).toHaveLength(2);
  });

  it('matches URLs ignoring host case, fragment and trailing slash', () => {
    expect(urlKey('https://Shop.Example/p/kettlebell/#foto')).toBe(urlKey('https://shop.example/p/kettlebell'));
    expect(urlKey('https://shop.example/p?id=1')).not.toBe(urlKey('https://shop.example/p?id=2'));
    expect(urlKey('non un url')).toBeNull();
  });
});
