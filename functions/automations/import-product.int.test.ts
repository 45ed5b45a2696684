/**
 * 'Automazioni' import over HTTP and through the real handler: a page of the local fake
 * supplier becomes a product with the page's name, prices and images stored in our bucket, linked
 * to the supplier whose domain matches; importing it again updates that product (no stand-in, no image
 * downloaded twice); the import URL messages; failures with the reason a shop owner can act on and
 * nothing written; and, with loopback NOT allowed (the cloud's setting), the refusals of
 * 127.0.0.1, 10.0.0.1, 169.254.169.254, [::1] and of a public page redirecting to each of them.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LEGAL_MSG } from '../../shared/messages/legal';
import { readRecentPrices } from '../data/price-history-repository';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { claimsOf } from '../../test/support/staff';
import { api, demo, signIn } from '../../test/support/auth';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { fakeCounters, fakeOrigin, fakePort } from '../../test/support/automations';
import { startTestServer } from '../../test/support/http-test-server';
import { rejection } from '../../test/support/caught';
import { getS3 } from '../lib/s3';
import { AppError } from '../lib/errors';
import { getProduct, listProducts } from '../data/catalog-repository';
import { findImportedProduct } from '../data/product-import-repository';
import { listAuditOfTarget } from '../data/audit-repository';
import { handler } from './index';
import { importProductFromUrl } from './import-product';
import type { ImportResultDto } from '../../shared/api/admin-automations';

useLocalEnv();
let admin: string;
let port: number;
const adminClaims = () => claimsOf('supporto');
const productCount = async () => (await listProducts()).length;
const objectsUnder = async (prefix: string) =>
  (
    await (await getS3()).send(new ListObjectsV2Command({ Bucket: inject('localEnv').IMAGES_BUCKET!, Prefix: prefix }))
  ).Contents?.map((o) => o.Key!) ?? [];

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  port = await fakePort(admin);
});

const importUrl = (url: unknown) =>
  api<ImportResultDto & { message: string; title: string; field: string }>('POST', '/api/admin/automations/import', {
    token: admin,
    body: { url },
  });

describe('import from a supplier page', () => {
  it('creates the product from JSON-LD @graph with its images in our bucket, linked to the matching supplier; a re-import updates it', async () => {
    const url = `${fakeOrigin(port)}/prodotti/kettlebell-oro-nero-16kg`;
    const before = await fakeCounters(port);
    const first = await importUrl(url);
    expect(first.status).toBe(201);
    const { product } = first.body;
    expect(first.body).toMatchObject({ created: true, source: 'json-ld', supplier: { name: 'Ferro Sud Forniture' } });
    expect(product).toMatchObject({
      name: 'Kettlebell Oro Nero 16 kg',
      price_cents: 8990,
      // the supplier's own struck-through price is never announced as ours (art. 17-bis Codice del Consumo)
      price_reduction: null,
      vat_rate: 22,
      is_digital: false,
      quantity: 14,
      supplier_product_url: url,
      supplier_sku: 'FSF-KB-16',
      premium_tier: 'none',
    });
    expect(product.description).toContain('Kettlebell in ghisa');
    // a supplier page carries no GPSR data: the admin is told to complete it (Reg. (EU) 2023/988 art. 19)
    expect(first.body.warnings).toContain(LEGAL_MSG.importNeedsSafety);
    // Two images, downloaded once each, stored under products/{id}/ and served from our origin.
    expect(product.images).toHaveLength(2);
    expect((await fakeCounters(port)).images - before.images).toBe(2);
    for (const img of product.images)
      expect(img.image_url).toMatch(new RegExp(`^/media/products/${product.id}/\\d+-[0-9a-f]{8}\\.png$`));
    expect(product.image_url).toBe(product.images[0]!.image_url);
    const served = await fetch(`${inject('localUrl')}${product.image_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await objectsUnder(`products/${product.id}/`)).sort()).toEqual(
      product.images.map((i) => i.image_url.replace('/media/', '')).sort(),
    );
    // The stock baseline comes from the page's inventory level.
    const stored = (await getProduct(product.id))!;
    expect(stored).toMatchObject({ quantity: 14, supplier_level: 14, supplier_synced_at: expect.any(String) });
    // In the shop with the page's name and price.
    const shop = await api<{ name: string; price_cents: number; images: { image_url: string }[] }>(
      'GET',
      `/api/products/${product.id}`,
    );
    expect(shop.body).toMatchObject({ name: 'Kettlebell Oro Nero 16 kg', price_cents: 8990 });
    expect(shop.body.images.map((i) => i.image_url)).toEqual(product.images.map((i) => i.image_url));

    // Again: the same product, nothing downloaded twice, no new product, stock untouched.
    const count = await productCount();
    const again = await importUrl(`${url}/`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      created: false,
      product: { id: product.id, name: 'Kettlebell Oro Nero 16 kg' },
    });
    expect(again.body.product.images.map((i) => i.image_url)).toEqual(product.images.map((i) => i.image_url));
    expect((await fakeCounters(port)).images - before.images).toBe(2);
    expect(await productCount()).toBe(count);
    expect((await listAuditOfTarget('product', product.id)).map((a) => a.action)).toEqual(['import', 'reimport']);
  });

  it("is found by the back office's name search (Prodotti, 'Cerca per nome') once imported", async () => {
    const res = await importUrl(`${fakeOrigin(port, '127.0.0.1')}/prodotti/corda-per-saltare-oro`);
    expect(res.status).toBeLessThan(300);
    const found = await api<{ items: { id: string; name: string }[] }>(
      'GET',
      `/api/admin/products?q=${encodeURIComponent('corda per saltare')}`,
      { token: admin },
    );
    expect(found.status).toBe(200);
    expect(found.body.items.map((p) => p.id)).toContain(res.body.product.id);
  });

  it.each([
    ['manubri-esagonali-2x10kg', 'json-ld', 'Coppia manubri esagonali 2 × 10 kg', 11900, 'Ferro Sud Forniture'],
    ['rack-multifunzione-aurum', 'json-ld', 'Rack multifunzione Aurum', 129900, 'Ferro Sud Forniture'],
    ['panca-regolabile-nera', 'json-ld', 'Panca regolabile Nera & Oro', 24900, 'Ferro Sud Forniture'],
    ['bilanciere-olimpico-20kg', 'microdata', 'Bilanciere olimpico 20 kg', 27900, 'Bottega Atletica'],
    ['corda-per-saltare-oro', 'opengraph', 'Corda per saltare con cuscinetti oro', 2990, 'Bottega Atletica'],
  ] as const)(
    'reads the %s page (%s): name, prices and the supplier of its host',
    async (slug, source, name, price, supplier) => {
      const host = supplier === 'Bottega Atletica' ? '127.0.0.1' : 'localhost';
      const res = await importUrl(`${fakeOrigin(port, host)}/prodotti/${slug}`);
      expect(res.status).toBeLessThan(300);
      expect(res.body).toMatchObject({
        source,
        supplier: { name: supplier },
        product: { name, price_cents: price, price_reduction: null },
      });
      expect(res.body.product.images.length).toBeGreaterThan(0);
    },
  );

  it('a price change at the supplier is taken by a re-import; the stock stays with the sync', async () => {
    const url = `${fakeOrigin(port)}/prodotti/fasce-elastiche-set-oro`;
    const first = await importUrl(url);
    const id = first.body.product.id;
    await fetch(`${fakeOrigin(port)}/__control/products/fasce-elastiche-set-oro`, {
      method: 'PATCH',
      body: JSON.stringify({ price_cents: 2490, stock: 12 }),
    });
    try {
      const again = await importUrl(url);
      expect(again.body).toMatchObject({
        created: false,
        product: { id, price_cents: 2490, quantity: first.body.product.quantity },
      });
      // the new price is recorded in the price history (art. 17-bis Codice del Consumo), newest first
      const prices = await readRecentPrices('product', id);
      expect(prices[0]).toMatchObject({ price_cents: 2490, source: 'import' });
      expect(prices.slice(1).map((p) => p.price_cents)).toContain(1990);
    } finally {
      await fetch(`${fakeOrigin(port)}/__control/products/fasce-elastiche-set-oro`, {
        method: 'PATCH',
        body: JSON.stringify({ price_cents: 1990, stock: 0 }),
      });
    }
  });

  it.each([
    ['', 'URL Mancante', 'Per favore, inserisci un URL del prodotto.'],
    [undefined, 'URL Mancante', 'Per favore, inserisci un URL del prodotto.'],
    [
      'fornitore.it/prodotto',
      'URL non valido',
      'Per favore, inserisci un URL valido (es. https://fornitore.it/prodotto)',
    ],
    [
      'javascript:alert(1)',
      'URL non valido',
      'Per favore, inserisci un URL valido (es. https://fornitore.it/prodotto)',
    ],
  ])('import URL rule: %j answers 400 %s naming url', async (url, title, message) => {
    const count = await productCount();
    const res = await importUrl(url);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ title, message, field: 'url' });
    expect(await productCount()).toBe(count);
  });

  it.each([
    ['/', 422, 'Nessun dato prodotto trovato nella pagina'],
    ['/prodotti/non-esiste', 502, 'Pagina non trovata (HTTP 404)'],
    ['/immagini/kettlebell-oro-nero-16kg-1.png', 422, 'Contenuto non valido: atteso una pagina HTML'],
  ])(
    'an unusable page (%s) answers %i "Errore Importazione" with the reason, writing nothing',
    async (pathname, status, reason) => {
      const count = await productCount();
      const res = await importUrl(`${fakeOrigin(port)}${pathname}`);
      expect(res.status).toBe(status);
      expect(res.body.title).toBe('Errore Importazione');
      expect(res.body.message).toContain(reason);
      expect(await productCount()).toBe(count);
    },
  );

  it('an unreachable host is "Pagina non raggiungibile"', async () => {
    const closed = await startTestServer((_req, res) => res.end());
    await closed.close();
    const res = await importUrl(`${closed.url}/prodotto`);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      title: 'Errore Importazione',
      message: expect.stringContaining('Pagina non raggiungibile'),
    });
  });
});

describe("the import's in-stock rule", () => {
  /** A product page as most shops publish it: schema.org Product, a price, and availability alone. */
  const page = (name: string, availability: string | null) => `<!doctype html><html><head><title>${name}</title>
<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    description: 'Prodotto di prova',
    offers: {
      '@type': 'Offer',
      price: '39.90',
      priceCurrency: 'EUR',
      ...(availability ? { availability } : {}),
    },
  })}</script></head><body><h1>${name}</h1></body></html>`;

  it('a page that says InStock without a count is on sale with the stated default of 5 units, and the result says so', async () => {
    const shop = await startTestServer((req, res) => {
      const inStock = req.url === '/disponibile';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        page(
          `Panca Piana ${inStock ? 'Disponibile' : 'Senza Scorta'} ${shop.port}`,
          inStock ? 'https://schema.org/InStock' : null,
        ),
      );
    });
    try {
      const res = await importUrl(`${shop.url}/disponibile`);
      expect(res.status).toBe(201);
      expect(res.body.product.quantity).toBe(5);
      expect(res.body.stock).toEqual({
        rule: 'in_stock_default',
        quantity: 5,
        note: expect.stringContaining('in vendita con 5 pezzi (valore predefinito)'),
      });
      const stored = await getProduct(res.body.product.id);
      expect(stored).toMatchObject({ quantity: 5 });
      // no supplier baseline: the first count the supplier publishes becomes it
      expect(stored!.supplier_level ?? null).toBeNull();

      // a page that says nothing about stock stays sold out, and the result says that too
      const silent = await importUrl(`${shop.url}/muta`);
      expect(silent.status).toBe(201);
      expect(silent.body.stock).toMatchObject({ rule: 'unknown', quantity: 0 });
      expect(silent.body.stock!.note).toContain('ESAURITO');
    } finally {
      await shop.close();
    }
  });
});

describe('import with loopback NOT allowed (the cloud setting)', () => {
  const withoutLoopback = async <T>(work: () => Promise<T>): Promise<T> => {
    const saved = process.env.IMPORT_ALLOW_LOOPBACK;
    delete process.env.IMPORT_ALLOW_LOOPBACK;
    try {
      return await work();
    } finally {
      if (saved !== undefined) process.env.IMPORT_ALLOW_LOOPBACK = saved;
    }
  };

  it.each([
    [
      'http://127.0.0.1:{port}/prodotti/kettlebell-oro-nero-16kg',
      '127.0.0.1 è un indirizzo loopback (questo server), non un sito pubblico.',
    ],
    ['http://10.0.0.1/prodotto', '10.0.0.1 è un indirizzo rete privata, non un sito pubblico.'],
    [
      'http://169.254.169.254/latest/meta-data/',
      "169.254.169.254 è l'indirizzo dei metadati del cloud (169.254.169.254).",
    ],
    [
      'http://[::1]:{port}/prodotti/kettlebell-oro-nero-16kg',
      '::1 è un indirizzo loopback (questo server), non un sito pubblico.',
    ],
  ])('refuses %s through the handler, saying why, writing and fetching nothing', async (template, why) => {
    const url = template.replace('{port}', String(port));
    const count = await productCount();
    const before = await fakeCounters(port);
    const res = await withoutLoopback(() =>
      invoke<{ message: string; title: string; field: string }>(handler, 'POST /api/admin/automations/import', {
        claims: adminClaims(),
        body: { url },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      title: 'Errore Importazione',
      message: `Indirizzo non consentito: ${why}`,
      field: 'url',
    });
    expect(await productCount()).toBe(count);
    expect((await fakeCounters(port)).pages).toBe(before.pages);
    expect((await findImportedProduct(url)).product).toBeNull();
  });

  it.each([
    ['http://127.0.0.1:{port}/prodotto', 'loopback'],
    ['http://10.0.0.1/prodotto', 'rete privata'],
    ['http://169.254.169.254/latest/meta-data/iam/', 'metadati del cloud'],
    ['http://[::1]:{port}/prodotto', 'loopback'],
  ])('refuses a public page that redirects to %s (%s), writing nothing', async (target, what) => {
    // A public shop (negozio.example, 93.184.216.34) played by a local server: DNS and the TCP
    // connection are injected into the real import; the address checks run on the real values.
    const shop = await startTestServer((req, res) => {
      res.writeHead(302, { location: target.replace('{port}', String(port)) }).end();
    });
    try {
      const count = await productCount();
      const e = await withoutLoopback(() =>
        rejection(
          importProductFromUrl('http://negozio.example/prodotto', {
            allowLoopback: false,
            resolve: async (host) => (host === 'negozio.example' ? [{ address: '93.184.216.34', family: 4 }] : []),
            connect: (pinned, p) =>
              pinned.address === '93.184.216.34'
                ? { host: '127.0.0.1', port: shop.port }
                : { host: pinned.address, port: p },
          }),
          AppError,
        ),
      );
      expect(shop.requests).toHaveLength(1);
      expect(e.statusCode).toBe(400);
      expect(e.title).toBe('Errore Importazione');
      expect(e.message).toMatch(/^Indirizzo non consentito: /);
      expect(e.message).toContain(what);
      expect(await productCount()).toBe(count);
    } finally {
      await shop.close();
    }
  });

  it('the same seams let a real public page through (the refusals above are the redirects, not the seams)', async () => {
    const shop = await startTestServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<html><head><meta property="og:type" content="product"><meta property="og:title" content="Prova"></head></html>',
        );
    });
    try {
      const e = await rejection(
        importProductFromUrl('http://negozio.example/prodotto', {
          allowLoopback: false,
          resolve: async () => [{ address: '93.184.216.34', family: 4 }],
          connect: () => ({ host: '127.0.0.1', port: shop.port }),
        }),
        AppError,
      );
      // Fetched and read: refused only for having no price.
      expect(e).toMatchObject({ statusCode: 422, message: expect.stringContaining('Prezzo in euro non trovato') });
    } finally {
      await shop.close();
    }
  });
});
