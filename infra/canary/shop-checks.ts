/**
 * The checks a visitor's first minute makes of a stage, over plain HTTP against its shop origin
 * (CloudFront in the cloud, the local origin on a laptop): the home page, the product list of the
 * API and a published product page. The canary (canary-handler.ts, every few minutes on each stage)
 * runs them as its steps; the smoke test (scripts/smoke.ts, after each deploy and in `npm test`)
 * runs them and more. No dependency beyond Node's fetch: the canary's runtime bundles this file.
 */

/** A check that did not pass: its message says what was expected and what came. */
export class CheckFailed extends Error {
  override name = 'CheckFailed';
}

/** A product as GET /api/products lists it (only what the checks read). */
export interface ListedProduct {
  id: string;
  name: string;
  quantity?: number;
  is_digital?: boolean;
  price_cents?: number;
}

/** One HTTP answer, read whole. */
export interface Fetched {
  status: number;
  contentType: string;
  body: string;
  /** Milliseconds from the request to the last byte. */
  ms: number;
}

/** Timeout of one request of a check (milliseconds). */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * GETs `path` on `base` (redirects followed), reading the whole body.
 * @throws CheckFailed when the request fails or times out
 */
export async function get(base: URL, path: string, init: RequestInit = {}): Promise<Fetched> {
  const url = new URL(path, base);
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, redirect: 'follow', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = await res.text();
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body, ms: Date.now() - started };
  } catch (error) {
    throw new CheckFailed(`GET ${url.pathname}: ${(error as Error).message}`);
  }
}

/** Throws CheckFailed unless the answer has `status` and a content type starting with `type`. */
export function expectAnswer(what: string, answer: Fetched, status: number, type: string): void {
  if (answer.status !== status)
    throw new CheckFailed(`${what}: expected HTTP ${status}, got ${answer.status} (${answer.body.slice(0, 120)})`);
  if (!answer.contentType.startsWith(type))
    throw new CheckFailed(`${what}: expected ${type}, got '${answer.contentType}'`);
}

/** HTML escaping of a text as the shop's documents write it (title and headings). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The home page: 200, HTML, the shop's title and the SPA's module script.
 * @returns a one-line summary
 */
export async function checkHomePage(base: URL): Promise<string> {
  const home = await get(base, '/');
  expectAnswer('home page', home, 200, 'text/html');
  if (!/<title>[^<]*Aurum Fitness[^<]*<\/title>/.test(home.body))
    throw new CheckFailed("home page: no <title> naming 'Aurum Fitness'");
  if (!/<script type="module"[^>]*src="\/assets\//.test(home.body))
    throw new CheckFailed('home page: no module script under /assets/ (is the SPA build deployed?)');
  return `home page 200 in ${home.ms} ms`;
}

/**
 * GET /api/products: 200, JSON `{ items: [...] }`, each item with an id and a name.
 * @returns the summary and the listed products (possibly none on a new stage)
 */
export async function checkProductsApi(base: URL): Promise<{ summary: string; products: ListedProduct[] }> {
  const answer = await get(base, '/api/products', { headers: { accept: 'application/json' } });
  expectAnswer('GET /api/products', answer, 200, 'application/json');
  let items: unknown;
  try {
    items = (JSON.parse(answer.body) as { items?: unknown }).items;
  } catch {
    throw new CheckFailed('GET /api/products: the body is not JSON');
  }
  if (!Array.isArray(items)) throw new CheckFailed('GET /api/products: no items array');
  for (const item of items as ListedProduct[]) {
    if (typeof item?.id !== 'string' || typeof item?.name !== 'string')
      throw new CheckFailed('GET /api/products: an item without id or name');
  }
  return {
    summary: `GET /api/products 200 in ${answer.ms} ms, ${items.length} product(s)`,
    products: items as ListedProduct[],
  };
}

/**
 * A product's published page (/product/{id}): 200, HTML, the product's name in the title (the
 * generic document a page without a published version falls back to has the shop's title only).
 * @returns a one-line summary
 */
export async function checkProductPage(base: URL, product: ListedProduct): Promise<string> {
  const page = await get(base, `/product/${encodeURIComponent(product.id)}`);
  expectAnswer(`product page ${product.id}`, page, 200, 'text/html');
  const title = /<title>([^<]*)<\/title>/.exec(page.body)?.[1] ?? '';
  if (!title.includes(escapeHtml(product.name)))
    throw new CheckFailed(
      `product page ${product.id}: the title '${title}' does not name '${product.name}' (page not published?)`,
    );
  return `product page /product/${product.id} 200 in ${page.ms} ms`;
}
