/**
 * Which HTML document the shop's origin serves for a client-side route. The public landing routes
 * get a document prerendered at build time (scripts/prerender.ts: the page's layout, headings and
 * loading skeletons, with their critical CSS), so a phone paints the page before the JavaScript has
 * run; every other route gets the plain SPA shell, index.html. The CloudFront viewer-request
 * function (infra/stacks/web-stack.ts) and the local web server (infra/local/origin/web-server.ts) both
 * use this table, so the cloud and the local runtime answer alike.
 */

/** One prerendered landing route. */
export interface PrerenderedRoute {
  /** Route pattern of the SPA (web/src/app.tsx), e.g. '/product/:id'. */
  route: string;
  /** A concrete URL of the route that the build renders (parameters get a placeholder). */
  renderUrl: string;
  /** The document's path in the built SPA folder, e.g. '/prerendered/product.html'. */
  document: string;
  /** Matches the request paths (no query string) that get this document. */
  pattern: RegExp;
}

/** The plain SPA shell served for every other extension-less path. */
export const SPA_SHELL_DOCUMENT = '/index.html';

/**
 * The routes with a prerendered document: the landing routes (home, catalogue, product page) and
 * the other public pages whose first paint is the same for every visitor and every stage (the
 * Aurum Club's showcase, the bundles, the sign-in). The legal pages are not among them: they state
 * the stage's seller, which the build does not know (the publish step writes them per stage from
 * their templates, legalTemplateDocument).
 */
export const PRERENDERED_ROUTES: readonly PrerenderedRoute[] = [
  { route: '/', renderUrl: '/', document: '/prerendered/home.html', pattern: /^\/$/ },
  { route: '/products', renderUrl: '/products', document: '/prerendered/products.html', pattern: /^\/products\/?$/ },
  {
    route: '/product/:id',
    renderUrl: '/product/prerender',
    document: '/prerendered/product.html',
    pattern: /^\/product\/[^/.]+\/?$/,
  },
  { route: '/premium', renderUrl: '/premium', document: '/prerendered/premium.html', pattern: /^\/premium\/?$/ },
  { route: '/bundles', renderUrl: '/bundles', document: '/prerendered/bundles.html', pattern: /^\/bundles\/?$/ },
  { route: '/login', renderUrl: '/login', document: '/prerendered/login.html', pattern: /^\/login\/?$/ },
];

/**
 * The document for a request path that names no file (no '.' in its last segment).
 * @param pathname the URL path, e.g. '/product/4f2c…' (no query string)
 * @returns a path in the SPA folder: a PRERENDERED_ROUTES document or SPA_SHELL_DOCUMENT
 */
export function spaDocumentFor(pathname: string): string {
  return PRERENDERED_ROUTES.find((r) => r.pattern.test(pathname))?.document ?? SPA_SHELL_DOCUMENT;
}

/** The web bucket's folder of published documents (as a path). */
export const PUBLISHED_FOLDER = '/published';

/**
 * The pages the publish step may write a complete document for: the home page, a public
 * product's page, a category's page and a legal page. The path's id (or slug) is captured.
 */
export const PUBLISHED_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/product\/([^/.]+)\/?$/,
  /^\/category\/([^/.]+)\/?$/,
  /^\/legal\/([^/.]+)\/?$/,
];

/**
 * The build's prerendered template of a legal page (scripts/prerender.ts; never served as it is:
 * the publish step writes the stage's page from it), as a path in the built SPA folder.
 * @param slug a LEGAL_PAGES slug, e.g. 'faq'
 */
export function legalTemplateDocument(slug: string): string {
  return `/prerendered/legal/${slug}.html`;
}

/**
 * The published page a request path names, or null: its key (the path without a trailing slash,
 * '/product/{id}', the key of the CloudFront KeyValueStore of published pages) and its document in
 * the web bucket ('/published/product/{id}.html').
 * @param pathname the URL path (no query string)
 */
export function publishedPageFor(pathname: string): { key: string; document: string } | null {
  for (const pattern of PUBLISHED_PAGE_PATTERNS) {
    if (pattern.test(pathname)) {
      const key = pathname === '/' ? pathname : pathname.replace(/\/$/, '');
      return { key, document: publishedDocumentOf(key) };
    }
  }
  return null;
}

/** The published home page's document. */
export const PUBLISHED_HOME_DOCUMENT = `${PUBLISHED_FOLDER}/home.html`;

/** The document of a published page's key: '/product/{id}' -> '/published/product/{id}.html'; '/' -> the home's. */
export function publishedDocumentOf(key: string): string {
  return key === '/' ? PUBLISHED_HOME_DOCUMENT : `${PUBLISHED_FOLDER}${key}.html`;
}

/**
 * Where the publish step puts a product or category page's published document
 * (functions/publish/product-pages.ts), as a path in the web bucket; the origin serves it in place
 * of the generic page when it exists (a public product, a category), and the generic page otherwise.
 * @param pathname the URL path (no query string)
 * @returns '/published/product/{id}.html' for a product page; null for a path that is no published page
 */
export function publishedDocumentFor(pathname: string): string | null {
  return publishedPageFor(pathname)?.document ?? null;
}

/**
 * Files at the shop's root that the publish step writes into the web bucket (functions/publish/sitemap.ts),
 * not the build: the sitemap index, its sitemaps and robots.txt.
 */
export function isPublishedFile(pathname: string): boolean {
  return pathname === '/sitemap.xml' || pathname === '/robots.txt' || /^\/sitemaps\/sitemap-\d+\.xml$/.test(pathname);
}
