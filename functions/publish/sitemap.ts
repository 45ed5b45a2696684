/**
 * The publish step's sitemap and robots.txt, in the web bucket (served at the shop's root by the
 * cloud's default behaviour and by the local origin):
 *  - `sitemap.xml`: a sitemap index naming `sitemaps/sitemap-{n}.xml`, each at most
 *    SITEMAP_MAX_URLS URLs (the sitemaps protocol's limit: "no more than 50,000 URLs"), with
 *    `lastmod` where known: the public pages, the category pages and every public product (never
 *    a tier-restricted one);
 *  - `robots.txt`: the private areas disallowed, the sitemap named by its absolute URL (the
 *    protocol asks for a fully qualified one).
 * The list behind it (`products/pages.json` in the search bucket: public product id -> lastmod,
 * and how many sitemap files were written) is kept by applying each batch's changes, so a change
 * does not read the catalogue.
 */
import { LEGAL_PAGES } from '../../shared/constants';
import { absoluteUrl } from '../../shared/structured-data';
import { listCategories, listProducts } from '../data/catalog-repository';
import type { ProductRecord } from '../data/catalog-items';
import { shopOrigin } from '../lib/shop-url';
import { env } from '../lib/env';
import { deleteObjects, getObjectText, putObject } from '../lib/s3';
import { isPublishedProduct } from './product-pages';
import { escapeHtml } from './product-document';
import type { ProductChange } from './search-indexes';

/** The sitemaps protocol's limit of URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Object key of the public products' list (id -> lastmod) in the search bucket. */
export const SITEMAP_PRODUCTS_KEY = 'products/pages.json';

/** Paths the shop keeps out of search engines (private areas, forms, the back office). */
export const DISALLOWED_PATHS = ['/admin', '/cart', '/checkout', '/profile', '/wishlist', '/login'] as const;

/** The public pages every sitemap lists first. */
export const PUBLIC_PAGES: readonly string[] = [
  '/',
  '/products',
  '/premium',
  '/bundles',
  ...LEGAL_PAGES.map((p) => `/legal/${p}`),
];

/** One URL of a sitemap: a path on the shop and, when known, its last change (ISO date-time). */
export interface SitemapEntry {
  path: string;
  lastmod?: string | null;
}

/** A file to write into the web bucket. */
export interface SiteFile {
  key: string;
  body: string;
  contentType: string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The last change of a product: its last back-office save, else its creation. */
export function lastmodOf(p: Pick<ProductRecord, 'updated_at' | 'created_at'>): string {
  return p.updated_at ?? p.created_at;
}

/**
 * The sitemap index and its sitemaps for `entries` (in order), split every SITEMAP_MAX_URLS URLs.
 * Pure.
 * @param origin the shop origin ('https://shop.example.com')
 * @param now the index's lastmod of each sitemap (ISO)
 */
export function sitemapFiles(origin: string, entries: readonly SitemapEntry[], now: string): SiteFile[] {
  const parts: SitemapEntry[][] = [];
  for (let i = 0; i < entries.length; i += SITEMAP_MAX_URLS) parts.push(entries.slice(i, i + SITEMAP_MAX_URLS));
  if (parts.length === 0) parts.push([]);
  const files = parts.map((part, i) => ({
    key: `sitemaps/sitemap-${i + 1}.xml`,
    contentType: 'application/xml; charset=utf-8',
    body: [
      XML_HEAD,
      `<urlset xmlns="${NS}">`,
      ...part.map(
        (e) =>
          `<url><loc>${escapeHtml(absoluteUrl(origin, e.path))}</loc>${e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n'),
  }));
  const index = {
    key: 'sitemap.xml',
    contentType: 'application/xml; charset=utf-8',
    body: [
      XML_HEAD,
      `<sitemapindex xmlns="${NS}">`,
      ...files.map(
        (f) => `<sitemap><loc>${escapeHtml(absoluteUrl(origin, `/${f.key}`))}</loc><lastmod>${now}</lastmod></sitemap>`,
      ),
      '</sitemapindex>',
      '',
    ].join('\n'),
  };
  return [index, ...files];
}

/** robots.txt: every crawler, the private areas disallowed, the sitemap named. Pure. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/**
 * The stored list: public product id -> lastmod, the number of sitemap files last written and the
 * origin robots.txt was last written for (it changes only with the origin).
 */
interface SitemapState {
  products: Record<string, string>;
  files: number;
  robotsOrigin?: string;
}

async function readState(): Promise<SitemapState | null> {
  const found = await getObjectText(env.searchBucket, SITEMAP_PRODUCTS_KEY);
  return found === null || found === 'unchanged' ? null : (JSON.parse(found.body) as SitemapState);
}

function productsOf(all: readonly ProductRecord[]): Record<string, string> {
  return Object.fromEntries(all.filter(isPublishedProduct).map((p) => [p.id, lastmodOf(p)]));
}

/**
 * Writes the sitemap files (and robots.txt when the origin is new), deletes the files past the new
 * count, stores the list.
 */
async function writeSite(products: Record<string, string>, previous: SitemapState | null): Promise<number> {
  const [origin, categories] = await Promise.all([shopOrigin(), listCategories()]);
  const entries: SitemapEntry[] = [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...categories.map((c) => ({ path: `/category/${c.id}` })),
    ...Object.entries(products).map(([id, lastmod]) => ({ path: `/product/${id}`, lastmod })),
  ];
  const files = sitemapFiles(origin, entries, new Date().toISOString());
  // Sitemaps first, then the index that names them, so the index never names a missing file.
  for (const f of [...files.slice(1), files[0]!])
    await putObject(env.webBucket, f.key, f.body, f.contentType, 'no-cache');
  if (previous?.robotsOrigin !== origin)
    await putObject(env.webBucket, 'robots.txt', robotsTxt(origin), 'text/plain; charset=utf-8', 'no-cache');
  const count = files.length - 1;
  const previousFiles = previous?.files ?? 0;
  if (previousFiles > count)
    await deleteObjects(
      env.webBucket,
      Array.from({ length: previousFiles - count }, (_, i) => `sitemaps/sitemap-${count + i + 1}.xml`),
    );
  const state: SitemapState = { products, files: count, robotsOrigin: origin };
  await putObject(env.searchBucket, SITEMAP_PRODUCTS_KEY, JSON.stringify(state), 'application/json; charset=utf-8');
  return entries.length;
}

/**
 * Applies product writes to the sitemap: the public products' list updated (rebuilt from the
 * catalogue when missing), the sitemap files and robots.txt written when it changed.
 * DynamoDB: 1 Query (the categories), AP1 only when the list is missing; S3: 1 GetObject and
 * 1 PutObject of the list, 1 PutObject per sitemap file + 1 (the index).
 * @returns URLs listed; 0 when no change touched the list (nothing written)
 */
export async function applySitemapChanges(changes: readonly ProductChange[]): Promise<number> {
  const stored = await readState();
  const products = stored?.products ?? productsOf(await listProducts());
  let changed = stored === null;
  for (const { before, after } of changes) {
    const id = (after ?? before)!.id;
    const next = after && isPublishedProduct(after) ? lastmodOf(after) : null;
    if ((products[id] ?? null) === next) continue;
    changed = true;
    if (next) products[id] = next;
    else delete products[id];
  }
  if (!changed) return 0;
  return writeSite(products, stored);
}

/**
 * The sitemap and robots.txt from the whole catalogue (AP1), for a new stage (npm run
 * publish-site, the local runtime's start).
 * @returns URLs listed
 */
export async function rebuildSitemap(): Promise<number> {
  const previous = await readState();
  // robots.txt too: a rebuild is also how a changed robots.txt reaches a stage.
  return writeSite(productsOf(await listProducts()), previous && { ...previous, robotsOrigin: undefined });
}
