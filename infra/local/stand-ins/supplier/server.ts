/**
 * A fake supplier for the local runtime and the tests (its own port, like the fake Stripe): a
 * small wholesale catalogue of gold-and-black fitness products whose pages carry the structured
 * data shapes real shops publish (catalogue.ts, pages.ts beside this file), real PNG product
 * images, a JSON stock API that needs the API key, and a control API for tests.
 *
 * Public routes:
 *   GET /                          catalogue index (links to every page)
 *   GET /prodotti/{slug}           product page (HTML with the product's structured-data shape)
 *   GET /immagini/{slug}-{n}.png   product image n (480x480 PNG)
 *   GET /api/stock[?page=N]        stock feed, 500 items a page:
 *                                  { items: [{ sku, url, quantity }], next: url | null }
 *                                  needs `Authorization: Bearer {key}` or `X-Api-Key: {key}`, else 401
 * Control routes (tests, the seed, the benchmark):
 *   GET  /__control/products                 the catalogue with stock and prices
 *   PATCH /__control/products/{slug}         JSON { stock?, price_cents?, original_price_cents?, variants?: { [sku]: { stock?, price_cents? } } } -> the product
 *   POST /__control/products                 JSON { count } adds generated products (bench) -> { total }
 *   POST /__control/reset                    back to the initial catalogue, counters to 0
 *   GET  /__control/requests                 requests served: { pages, images, api, unauthorized }
 *   POST /__control/fail                     JSON { status, times } the next `times` page/API requests answer `status` (retry tests)
 */
import http from 'node:http';
import { INITIAL_CATALOGUE, type Motif, type PageShape, type SupplierProduct } from './catalogue';
import { indexPage, productImage, productPage } from './pages';
import { takeFault } from '../../faults/fault-switch';
import { answerHttpFault } from '../../faults/service-errors';

/** API key of the local fake supplier (not a secret: local runtime only). */
export const FAKE_SUPPLIER_API_KEY = 'fornitore-locale-chiave-2026';
const PAGE_SIZE = 500;

export interface FakeSupplierOptions {
  port: number;
  /** Host to listen on. Default '127.0.0.1'. */
  host?: string;
  /** Public origin used in page URLs and the feed, e.g. 'http://localhost:14130'. Default http://127.0.0.1:{port}. */
  publicUrl?: string;
  /** Accepted API key. Default FAKE_SUPPLIER_API_KEY. */
  apiKey?: string;
  /**
   * Also listen on ::1 (same port), so `localhost` reaches the fake whichever loopback address it
   * resolves to first. Skipped silently where IPv6 is off.
   */
  ipv6Loopback?: boolean;
  /** The runtime's faults file (infra/local/faults/fault-switch.ts, service 'supplier': an HTTP status or 'timeout'). */
  faultsFile?: string;
  log?: (message: string) => void;
}

export interface FakeSupplierCounters {
  pages: number;
  images: number;
  api: number;
  unauthorized: number;
}

export interface FakeSupplier {
  /** Public origin, e.g. 'http://127.0.0.1:14130'. */
  url: string;
  /** The stock API endpoint (`api_url` of the supplier). */
  apiUrl: string;
  apiKey: string;
  /** Page URL of a product. */
  pageUrl(slug: string): string;
  /** The live catalogue (tests may read it; change it through `update`). */
  products(): SupplierProduct[];
  /** Changes a product's stock or prices, as PATCH /__control/products/{slug} does. */
  update(
    slug: string,
    change: Partial<Pick<SupplierProduct, 'stock' | 'price_cents' | 'original_price_cents'>> & {
      /** Stock and price of one size of a product with variants, by its SKU (the product's stock follows as their sum, its price as their lowest). */
      variants?: Record<string, { stock?: number; price_cents?: number }>;
    },
  ): SupplierProduct;
  counters(): FakeSupplierCounters;
  reset(): void;
  stop(): Promise<void>;
}

const SHAPES: PageShape[] = [
  'jsonld-graph',
  'jsonld-offers-array',
  'jsonld-aggregate',
  'jsonld-sale',
  'microdata',
  'opengraph',
];
const MOTIFS: Motif[] = ['kettlebell', 'dumbbell', 'barbell', 'bench', 'rope', 'mat', 'band', 'rack'];

function generated(i: number): SupplierProduct {
  const n = String(i).padStart(4, '0');
  return {
    slug: `articolo-${n}`,
    sku: `FSF-GEN-${n}`,
    name: `Articolo da palestra Oro ${n}`,
    description: `Articolo generato numero ${n} del catalogo all'ingrosso, nero e oro.`,
    price_cents: 990 + (i % 50) * 100,
    original_price_cents: null,
    stock: (i * 7) % 30,
    shape: SHAPES[i % SHAPES.length]!,
    motif: MOTIFS[i % MOTIFS.length]!,
    images: 1,
  };
}

function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      raw += c;
      if (raw.length > 100_000) req.destroy();
    });
    req.on('end', () => {
      try {
        resolve(raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
      } catch (e) {
        reject(e as Error);
      }
    });
    req.on('error', reject);
  });
}

const nonNegativeInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Starts the fake supplier on `port`. */
export async function startFakeSupplier(opts: FakeSupplierOptions): Promise<FakeSupplier> {
  const host = opts.host ?? '127.0.0.1';
  const base = (opts.publicUrl ?? `http://127.0.0.1:${opts.port}`).replace(/\/$/, '');
  const apiKey = opts.apiKey ?? FAKE_SUPPLIER_API_KEY;
  const log = opts.log ?? (() => undefined);
  let catalogue = new Map<string, SupplierProduct>();
  let counters: FakeSupplierCounters = { pages: 0, images: 0, api: 0, unauthorized: 0 };
  let failures: { status: number; times: number } = { status: 0, times: 0 };
  const images = new Map<string, Buffer>();
  const reset = () => {
    catalogue = new Map(
      INITIAL_CATALOGUE.map((p) => [
        p.slug,
        { ...p, ...(p.variants ? { variants: p.variants.map((v) => ({ ...v })) } : {}) },
      ]),
    );
    counters = { pages: 0, images: 0, api: 0, unauthorized: 0 };
    failures = { status: 0, times: 0 };
  };
  reset();

  const update: FakeSupplier['update'] = (slug, change) => {
    const p = catalogue.get(slug);
    if (!p) throw new Error(`prodotto sconosciuto: ${slug}`);
    if (change.stock !== undefined) p.stock = change.stock;
    if (change.price_cents !== undefined) p.price_cents = change.price_cents;
    if (change.original_price_cents !== undefined) p.original_price_cents = change.original_price_cents;
    for (const [sku, v] of Object.entries(change.variants ?? {})) {
      const variant = p.variants?.find((x) => x.sku === sku);
      if (!variant) throw new Error(`variante sconosciuta: ${sku}`);
      if (v.stock !== undefined) variant.stock = v.stock;
      if (v.price_cents !== undefined) variant.price_cents = v.price_cents;
    }
    if (p.variants?.length) {
      p.stock = p.variants.reduce((n, v) => n + v.stock, 0);
      p.price_cents = Math.min(...p.variants.map((v) => v.price_cents));
    }
    log(`fornitore: ${slug} -> scorta ${p.stock}, prezzo ${p.price_cents}`);
    return { ...p };
  };

  const send = (
    res: http.ServerResponse,
    status: number,
    type: string,
    body: string | Buffer,
    extra: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...extra });
    res.end(body);
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
  const injectedFailure = (res: http.ServerResponse) => {
    if (failures.times <= 0) return false;
    failures.times--;
    json(res, failures.status, { error: 'errore simulato' });
    return true;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (path.startsWith('/__control/')) {
      if (method === 'GET' && path === '/__control/products') return json(res, 200, [...catalogue.values()]);
      if (method === 'GET' && path === '/__control/requests') return json(res, 200, counters);
      if (method === 'POST' && path === '/__control/reset') {
        reset();
        return json(res, 200, { ok: true });
      }
      if (method === 'POST' && path === '/__control/fail') {
        const body = await readJson(req);
        if (!nonNegativeInt(body.status) || !nonNegativeInt(body.times))
          return json(res, 400, { error: 'status e times devono essere interi non negativi' });
        failures = { status: body.status as number, times: body.times as number };
        return json(res, 200, failures);
      }
      if (method === 'POST' && path === '/__control/products') {
        const body = await readJson(req);
        if (!nonNegativeInt(body.count) || (body.count as number) > 10_000)
          return json(res, 400, { error: 'count deve essere un intero tra 0 e 10000' });
        const start = catalogue.size;
        for (let i = 0; i < (body.count as number); i++) {
          const p = generated(start + i);
          catalogue.set(p.slug, p);
        }
        return json(res, 200, { total: catalogue.size });
      }
      const m = /^\/__control\/products\/([\w-]+)$/.exec(path);
      if (method === 'PATCH' && m) {
        if (!catalogue.has(m[1]!)) return json(res, 404, { error: 'prodotto sconosciuto' });
        const body = await readJson(req);
        for (const field of ['stock', 'price_cents'] as const) {
          if (body[field] !== undefined && !nonNegativeInt(body[field]))
            return json(res, 400, { error: `${field} deve essere un intero non negativo` });
        }
        if (
          body.original_price_cents !== undefined &&
          body.original_price_cents !== null &&
          !nonNegativeInt(body.original_price_cents)
        )
          return json(res, 400, { error: 'original_price_cents deve essere un intero o null' });
        const variants = (body.variants ?? {}) as Record<string, { stock?: unknown; price_cents?: unknown }>;
        const known = catalogue.get(m[1]!)!.variants ?? [];
        for (const [sku, v] of Object.entries(variants)) {
          if (!known.some((k) => k.sku === sku)) return json(res, 404, { error: `variante sconosciuta: ${sku}` });
          for (const field of ['stock', 'price_cents'] as const)
            if (v[field] !== undefined && !nonNegativeInt(v[field]))
              return json(res, 400, { error: `variants.${field} deve essere un intero non negativo` });
        }
        return json(res, 200, update(m[1]!, body as Parameters<FakeSupplier['update']>[1]));
      }
      return json(res, 404, { error: 'controllo sconosciuto' });
    }

    if (method !== 'GET' && method !== 'HEAD') return json(res, 405, { error: 'metodo non consentito' });
    if (path === '/') return send(res, 200, 'text/html; charset=utf-8', indexPage([...catalogue.values()]));

    if (path === '/api/stock') {
      const auth = req.headers.authorization ?? '';
      const given = auth.startsWith('Bearer ') ? auth.slice(7) : req.headers['x-api-key'];
      if (given !== apiKey) {
        counters.unauthorized++;
        return json(res, 401, { error: 'Chiave API mancante o non valida' });
      }
      counters.api++;
      if (injectedFailure(res)) return;
      const page = Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1);
      // one item per product, one per size of a product with variants
      const all = [...catalogue.values()].flatMap((p) =>
        p.variants?.length
          ? p.variants.map((v) => ({ sku: v.sku, url: `${base}/prodotti/${p.slug}`, quantity: v.stock }))
          : [{ sku: p.sku, url: `${base}/prodotti/${p.slug}`, quantity: p.stock }],
      );
      const items = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      const next = page * PAGE_SIZE < all.length ? `${base}/api/stock?page=${page + 1}` : null;
      return json(res, 200, { items, next });
    }

    const product = /^\/prodotti\/([\w-]+)\/?$/.exec(path);
    if (product) {
      const p = catalogue.get(product[1]!);
      if (!p)
        return send(
          res,
          404,
          'text/html; charset=utf-8',
          '<!doctype html><title>Non trovato</title><h1>Prodotto non trovato</h1>',
        );
      counters.pages++;
      if (injectedFailure(res)) return;
      return send(res, 200, 'text/html; charset=utf-8', productPage(p, base));
    }

    const image = /^\/immagini\/([\w-]+)-(\d)\.png$/.exec(path);
    if (image) {
      const p = catalogue.get(image[1]!);
      const n = Number(image[2]);
      if (!p || n < 1 || n > p.images) return send(res, 404, 'text/plain', 'immagine non trovata');
      counters.images++;
      const key = `${p.motif}-${n}`;
      let png = images.get(key);
      if (!png) {
        png = productImage(p, n);
        images.set(key, png);
      }
      return send(res, 200, 'image/png', png, { 'cache-control': 'public, max-age=3600' });
    }
    return send(
      res,
      404,
      'text/html; charset=utf-8',
      '<!doctype html><title>Non trovato</title><h1>Pagina non trovata</h1>',
    );
  };

  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const fault = path.startsWith('/__control/')
      ? null
      : takeFault(opts.faultsFile, 'supplier', `${req.method ?? 'GET'} ${path}`, path);
    if (fault) {
      answerHttpFault(req, res, fault);
      return;
    }
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) json(res, 400, { error: `richiesta non valida: ${(e as Error).message}` });
      else res.destroy();
    });
  };
  const listen = (server: http.Server, on: string) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, on, () => resolve());
    });
  const server = http.createServer(listener);
  await listen(server, host);
  const servers = [server];
  if (opts.ipv6Loopback) {
    const v6 = http.createServer(listener);
    try {
      await listen(v6, '::1');
      servers.push(v6);
    } catch {
      // No IPv6 loopback here: localhost resolves to 127.0.0.1 only.
    }
  }
  const close = (srv: http.Server) =>
    new Promise<void>((resolve) => {
      srv.closeAllConnections();
      srv.close(() => resolve());
    });

  return {
    url: base,
    apiUrl: `${base}/api/stock`,
    apiKey,
    pageUrl: (slug) => `${base}/prodotti/${slug}`,
    products: () => [...catalogue.values()].map((p) => ({ ...p })),
    update,
    counters: () => ({ ...counters }),
    reset,
    stop: async () => {
      await Promise.all(servers.map(close));
    },
  };
}
