/**
 * Reads a supplier's stock level for our products, for the scheduled stock sync.
 *
 * Two sources, by supplier:
 *  - the supplier's stock API, when the supplier has an `api_url`: ONE feed per supplier and run,
 *    shared by all its products. Contract (what the local fake supplier serves, and what a
 *    supplier is asked to expose):
 *      GET {api_url}            headers  Authorization: Bearer {api_key}   X-Api-Key: {api_key}
 *      200 application/json     { "items": [ { "sku": "AUR-KB-16", "url": "https://…/kettlebell", "quantity": 12 } ],
 *                                 "next": "https://…?page=2" | null }      (or a bare array of items)
 *    Items are matched to a variant by its supplier SKU, else by its product's supplier page URL
 *    (host case, trailing slash and fragment ignored); `next` pages are followed (at most 20), each
 *    through safe-fetch (so a `next` pointing at a private address is refused too);
 *  - otherwise the product's supplier page, downloaded once per run for all its variants: its
 *    structured data (see extract-product.ts) gives the inventory level (on a page listing
 *    variants, that of the variant with our supplier SKU), or only the availability (OutOfStock and friends -> level 0; InStock
 *    without a level -> "available, count not published"). The extractor and its HTML parser are
 *    loaded on the first page read, so a sync of API-feed suppliers never loads them.
 *
 * Transient failures (timeouts, unreachable hosts, HTTP 5xx and 429) are retried with
 * exponential backoff and jitter; permanent ones (address not allowed, other 4xx, wrong content,
 * no stock data) are not.
 */
import { safeFetch, SafeFetchError, type HostResolver, type SafeFetchErrorCode } from './safe-fetch';
import type { StockProductRef, StockSupplier, SupplierStock } from '../../shared/stock-sync';
import { urlKey } from '../../shared/stock-sync';
import { loadProductExtractor, ProductExtractionError, type ExtractedProduct } from './product-extraction';

export type StockReadErrorCode =
  SafeFetchErrorCode | 'no_stock_data' | 'not_in_feed' | 'not_in_page' | 'bad_feed' | 'no_source';

/** A stock that could not be read, with an Italian `reason` for the run report. */
export class StockReadError extends Error {
  override readonly name = 'StockReadError';
  constructor(
    readonly code: StockReadErrorCode,
    readonly reason: string,
    readonly transient = false,
  ) {
    super(reason);
  }
}

export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** First backoff delay; doubles each retry (with jitter 50-100%). Default 300 ms. */
  baseDelayMs?: number;
  /** Waits `ms` (tests pass a recorder instead of a real timer). */
  sleep?: (ms: number) => Promise<void>;
}

export interface StockSourceOptions extends RetryOptions {
  /** Local runtime only (IMPORT_ALLOW_LOOPBACK=1), see safe-fetch. */
  allowLoopback?: boolean;
  /** DNS resolver override (tests). */
  resolve?: HostResolver;
  /** Per request deadline. Default 5000 ms. */
  timeoutMs?: number;
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** True for a failure a retry may fix. */
function isTransient(e: unknown): boolean {
  if (e instanceof SafeFetchError) return e.transient;
  if (e instanceof StockReadError) return e.transient;
  return false;
}

/**
 * Runs `fn`, retrying transient failures with exponential backoff (base, 2x base, 4x base...,
 * each scaled by a random 50-100%).
 * @returns fn's result
 * @throws the last error, or at once a permanent one
 */
export async function withRetry<T>(fn: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const retries = opts.retries ?? 3;
  const base = opts.baseDelayMs ?? 300;
  const sleep = opts.sleep ?? realSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (attempt >= retries || !isTransient(e)) throw e;
      await sleep(Math.round(base * 2 ** attempt * (0.5 + Math.random() / 2)));
    }
  }
}

/** Turns any failure into a StockReadError with an Italian reason. */
function asStockError(e: unknown): StockReadError {
  if (e instanceof StockReadError) return e;
  if (e instanceof SafeFetchError) return new StockReadError(e.code, e.reason, e.transient);
  if (e instanceof ProductExtractionError) return new StockReadError('no_stock_data', e.reason);
  return new StockReadError('unreachable', `Errore inatteso: ${(e as Error).message ?? String(e)}`);
}

interface FeedIndex {
  byUrl: Map<string, number>;
  bySku: Map<string, number>;
}

const MAX_FEED_PAGES = 20;

/** Reads a non-negative integer quantity from a feed item field. */
function feedQuantity(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** Downloads and indexes a supplier's whole stock feed (all pages). */
async function loadFeed(supplier: StockSupplier, opts: StockSourceOptions): Promise<FeedIndex> {
  const index: FeedIndex = { byUrl: new Map(), bySku: new Map() };
  const headers: Record<string, string> = supplier.api_key
    ? { authorization: `Bearer ${supplier.api_key}`, 'x-api-key': supplier.api_key }
    : {};
  let next: string | null = supplier.api_url;
  for (let page = 0; next && page < MAX_FEED_PAGES; page++) {
    const url: string = next;
    const res = await withRetry(
      () =>
        safeFetch(url, {
          profile: 'json',
          headers,
          allowLoopback: opts.allowLoopback,
          resolve: opts.resolve,
          timeoutMs: opts.timeoutMs,
        }),
      opts,
    );
    let body: unknown;
    try {
      body = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new StockReadError('bad_feed', `Risposta dell'API di ${supplier.name} non valida: non è JSON.`);
    }
    const items = Array.isArray(body) ? body : (body as { items?: unknown }).items;
    if (!Array.isArray(items))
      throw new StockReadError('bad_feed', `Risposta dell'API di ${supplier.name} non valida: manca l'elenco "items".`);
    for (const raw of items) {
      if (typeof raw !== 'object' || raw === null) continue;
      const item = raw as { sku?: unknown; url?: unknown; quantity?: unknown; stock?: unknown };
      const quantity = feedQuantity(item.quantity ?? item.stock);
      if (quantity === null) continue;
      const key = typeof item.url === 'string' ? urlKey(new URL(item.url, res.url).href) : null;
      if (key) index.byUrl.set(key, quantity);
      if (typeof item.sku === 'string' && item.sku.trim()) index.bySku.set(item.sku.trim().toLowerCase(), quantity);
    }
    const nextRaw = Array.isArray(body) ? null : (body as { next?: unknown }).next;
    next = typeof nextRaw === 'string' && nextRaw ? new URL(nextRaw, res.url).href : null;
  }
  return index;
}

/**
 * Reads one variant's stock from its supplier page: on a page listing variants, the variant whose
 * SKU is the one we keep (its own offer); a page without variants, or a SKU that is the page's own
 * product SKU, gives the product's level.
 */
async function readFromPage(page: Promise<ExtractedProduct>, supplierSku: string | null): Promise<SupplierStock> {
  const product = await page;
  const sku = supplierSku?.trim().toUpperCase() || null;
  const variant = sku ? product.variants.find((v) => v.sku?.toUpperCase() === sku) : undefined;
  if (product.variants.length > 0 && !variant && sku !== product.sku?.toUpperCase())
    throw new StockReadError(
      'not_in_page',
      sku
        ? `La pagina del fornitore non elenca più la variante con SKU ${supplierSku}.`
        : 'La pagina del fornitore elenca più varianti e questa non ha lo SKU del fornitore.',
    );
  const { stock, in_stock } = variant ?? product;
  if (stock !== null) return { kind: 'level', level: stock, source: 'page' };
  if (in_stock === false) return { kind: 'level', level: 0, source: 'page' };
  if (in_stock === true) return { kind: 'available', source: 'page' };
  throw new StockReadError('no_stock_data', 'La pagina del prodotto non indica né la disponibilità né la quantità.');
}

/** Downloads and reads one supplier page. */
async function loadPage(url: string, opts: StockSourceOptions): Promise<ExtractedProduct> {
  const res = await withRetry(
    () =>
      safeFetch(url, {
        profile: 'html',
        allowLoopback: opts.allowLoopback,
        resolve: opts.resolve,
        timeoutMs: opts.timeoutMs,
      }),
    opts,
  );
  const extractProduct = await loadProductExtractor();
  return extractProduct(res.body, res.url, { charset: res.charset });
}

/** Reads the stock of one supplier's products. */
export interface StockReader {
  /**
   * The supplier's stock for a product.
   * @throws StockReadError with an Italian reason (never another error type)
   */
  read(product: StockProductRef): Promise<SupplierStock>;
}

/**
 * A reader for one supplier and one run. With an API, the feed is downloaded once (on the first
 * read) and every product is looked up in it; a feed failure fails each product with the same
 * reason. Without an API, each read fetches the product's page.
 */
export function createStockReader(supplier: StockSupplier, opts: StockSourceOptions = {}): StockReader {
  const apiUrl = supplier.api_url?.trim() || null;
  let feed: Promise<FeedIndex> | null = null;
  // one download per page and run: the variants of a product share their page
  const pages = new Map<string, Promise<ExtractedProduct>>();
  return {
    async read(product) {
      try {
        if (apiUrl) {
          feed ??= loadFeed({ ...supplier, api_url: apiUrl }, opts);
          const index = await feed;
          const byUrl = product.supplier_product_url ? urlKey(product.supplier_product_url) : null;
          // the SKU first: the variants of a product share its page URL
          const level =
            (product.supplier_sku ? index.bySku.get(product.supplier_sku.trim().toLowerCase()) : undefined) ??
            (byUrl !== null ? index.byUrl.get(byUrl) : undefined);
          if (level === undefined)
            throw new StockReadError(
              'not_in_feed',
              `Prodotto non presente nell'API di ${supplier.name} (nessuna voce con il suo URL o SKU).`,
            );
          return { kind: 'level', level, source: 'api' };
        }
        if (!product.supplier_product_url)
          throw new StockReadError(
            'no_source',
            `Il prodotto non ha l'URL della pagina del fornitore e ${supplier.name} non ha un'API delle scorte.`,
          );
        const url = product.supplier_product_url;
        let page = pages.get(url);
        if (!page) {
          page = loadPage(url, opts);
          pages.set(url, page);
        }
        return await readFromPage(page, product.supplier_sku);
      } catch (e) {
        throw asStockError(e);
      }
    },
  };
}
