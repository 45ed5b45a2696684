/**
 * Prerenders the public landing routes (shared/spa-documents.ts PRERENDERED_ROUTES) into the built
 * SPA: after `vite build` has written dist/web, this bundles web/src/prerender/render-route.tsx
 * with Vite's SSR build (into dist/.prerender, not deployed), renders each route as a signed-out
 * visitor sees it before any data arrives, and writes dist/web/prerendered/<name>.html: the built
 * index.html with that markup inside #root and its critical CSS in <head>; the app's scripts start
 * from a small boot module once that has painted (bootScript). The SPA then renders over it (same
 * theme, same layout: nothing shifts).
 *
 * Usage: `npx tsx scripts/prerender.ts` (part of `npm run build:web`).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { transform as transformCss } from 'lightningcss';
import { build } from 'vite';
import { legalTemplateDocument, PRERENDERED_ROUTES } from '../shared/spa-documents';
import { LEGAL_PAGES } from '../shared/constants';
import { productPath, productsPath } from '../web/src/api/query';
import { apiPath } from '../shared/api/route';
import { CATALOG_API } from '../shared/api/catalog';
import type { RenderedRoute } from '../web/src/prerender/render-route';
import { LANDING_PAGE_MODULES } from '../web/build/landing-chunks';
import { SERVED_SECTIONS_CSS_ID } from '../web/src/boot/served-sections-css';
import { chunkHolding } from './first-route-js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIR = path.join(REPO_ROOT, 'dist', 'web');
const SSR_DIR = path.join(REPO_ROOT, 'dist', '.prerender');

/** The app's entry script and module preloads as Vite wrote them into index.html. */
export interface AppScripts {
  /** Entry module, e.g. '/assets/index-abc.js'. */
  entry: string;
  /** Modules the entry imports statically, in index.html's order. */
  preloads: string[];
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** Reads the entry script and module preloads of the built index.html. */
export function appScripts(template: string): AppScripts {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  return { entry, preloads: [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]!) };
}

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json), the fields used here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The files each prerendered route's page needs beyond the entry's own preloads: the chunk that
 * holds the page module (LANDING_PAGE_MODULES; a group chunk of web/build/landing-chunks.ts) and every
 * chunk it imports statically, transitively (Vite's build manifest).
 * @param webDir the built SPA (its .vite/manifest.json and .vite/chunk-modules.json)
 * @param entryPreloads files already preloaded for the entry ('/assets/…')
 * @returns landing route pattern -> '/assets/…' files, the page's chunk first (the other
 *   prerendered routes have none)
 * @throws when no chunk holds the page module of a prerendered landing route
 */
export function routePreloads(webDir: string, entryPreloads: readonly string[]): Record<string, string[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const out: Record<string, string[]> = {};
  for (const { route } of PRERENDERED_ROUTES) {
    // The other prerendered pages (not landing routes) import their chunk once the app runs: the
    // boot module stays small, and their document has already painted.
    if (!(route in LANDING_PAGE_MODULES)) continue;
    const module = LANDING_PAGE_MODULES[route];
    const key = module ? keyOf.get(chunkHolding(webDir, module) ?? '') : undefined;
    if (!key) throw new Error(`no chunk of the build holds the page of the prerendered route ${route}`);
    const files: string[] = [];
    const visit = (k: string): void => {
      const chunk = manifest[k];
      if (!chunk || files.includes(`/${chunk.file}`)) return;
      files.push(`/${chunk.file}`);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    visit(key);
    out[route] = files.filter((f) => !entryPreloads.includes(f));
  }
  return out;
}

/** Placeholder of the product id in the product path handed to the boot module. */
const ID_TOKEN = 'PRODUCT_ID';
const BOOT_ENTRY = path.join(REPO_ROOT, 'web', 'src', 'boot', 'boot.ts');

/**
 * The boot module of a prerendered document (web/src/boot/boot.ts, bundled and minified): it
 * prefetches a visitor's landing-page data and, after the first paint, adds the app's module
 * preloads (the entry's, then the landing route's page chunk and its imports) and imports its
 * entry. The app's files, the API paths the app requests (web/src/api/query.ts) and the
 * prerendered routes' patterns (PRERENDERED_ROUTES, as the origin matches them) are written into it
 * here.
 * @param routes route pattern -> the page's own files (routePreloads)
 * @returns the module's source
 * @throws when the bundle fails
 */
export async function bootScript(scripts: AppScripts, routes: Record<string, string[]>): Promise<string> {
  const result = await esbuild({
    entryPoints: [BOOT_ENTRY],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    // The app's own files are imported at run time, never bundled into the boot module.
    external: ['/assets/*'],
    define: {
      __APP_ENTRY__: JSON.stringify(scripts.entry),
      __APP_PRELOADS__: JSON.stringify(scripts.preloads),
      __ROUTE_PRELOADS__: JSON.stringify(routes),
      __PRODUCTS_FIRST_PAGE__: JSON.stringify(productsPath({})),
      __CATEGORIES_PATH__: JSON.stringify(apiPath(CATALOG_API.categories)),
      __PRODUCT_PATH__: JSON.stringify(productPath(ID_TOKEN)),
      __BUNDLES_PATH__: JSON.stringify(apiPath(CATALOG_API.bundles)),
      __ID_TOKEN__: JSON.stringify(ID_TOKEN),
      __ROUTE_PATTERNS__: JSON.stringify(PRERENDERED_ROUTES.map((r) => [r.route, r.pattern.source])),
    },
    logLevel: 'warning',
  });
  return `// Aurum Fitness: boot module of the prerendered pages (web/src/boot/boot.ts, scripts/prerender.ts).\n${result.outputFiles[0]!.text}`;
}

/**
 * The browsers the SPA's CSS is built for, as lightningcss targets (major << 16 | minor << 8):
 * Vite's default build target, Baseline widely available (chrome111, edge111, firefox114,
 * safari16.4, ios16.4), with which Vite minifies the SPA's own stylesheet.
 */
const CSS_TARGETS = {
  chrome: 111 << 16,
  edge: 111 << 16,
  firefox: 114 << 16,
  safari: (16 << 16) | (4 << 8),
  ios_saf: (16 << 16) | (4 << 8),
};

/**
 * `css` minified as Vite minifies the SPA's stylesheet (lightningcss, CSS_TARGETS): the vendor
 * prefixes emotion adds for older browsers go, the rules stay in their order.
 * @throws when the CSS does not parse
 */
export function minifyCss(css: string): string {
  return transformCss({ filename: 'prerendered.css', code: Buffer.from(css), minify: true, targets: CSS_TARGETS })
    .code.toString()
    .trimEnd();
}

/** Each `<style …>` tag of emotion's critical CSS with its content minified (minifyCss); the tags and their ids stay. */
export function minifyStyleTags(styleTags: string): string {
  return styleTags.replace(
    /(<style[^>]*>)([\s\S]*?)(<\/style>)/g,
    (_, open: string, css: string, close: string) => `${open}${minifyCss(css)}${close}`,
  );
}

/**
 * Puts a rendered route into the built index.html: the markup inside `<div id="root">`, the style
 * tags at the end of <head>, the stylesheet of the served sections (`sectionsHref`, when the route
 * serves any) after #root in a `<noscript>` (the boot module adds it after the first paint:
 * web/src/boot/served-sections-css.ts), and the boot script `bootSrc` in place of the app's entry
 * script and module preloads.
 * @throws when the template has no empty #root, no </head> or no module entry script
 */
export function injectRendered(
  template: string,
  rendered: Pick<RenderedRoute, 'html' | 'styleTags'>,
  bootSrc: string,
  sectionsHref?: string,
): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>'))
    throw new Error('index.html has no empty <div id="root"> or no </head>');
  if (!ENTRY_SCRIPT.test(template)) throw new Error('index.html has no module entry script');
  const sections = sectionsHref
    ? `\n    <noscript id="${SERVED_SECTIONS_CSS_ID}"><link rel="stylesheet" crossorigin href="${sectionsHref}"></noscript>`
    : '';
  return (
    template
      .replace(ENTRY_SCRIPT, `<script type="module" fetchpriority="low" crossorigin src="${bootSrc}"></script>\n    `)
      .replace(MODULE_PRELOAD, '')
      .replace('</head>', () => `${rendered.styleTags}\n  </head>`)
      // inert until the app has hydrated it (web/src/app-providers.tsx): a tap or a keystroke on the
      // static page would otherwise be lost.
      .replace(root, () => `<div id="root" inert>${rendered.html}</div>${sections}`)
  );
}

/**
 * Writes the served sections' CSS (RenderedRoute.servedSectionsCss, minified) as an asset named
 * by its content, as Vite names the SPA's files (cached for a year at the edge).
 * @returns its path ('/assets/sections-<hash>.css'), or undefined when the route serves no section
 */
function writeSectionsStylesheet(webDir: string, css: string): string | undefined {
  if (css === '') return undefined;
  const minified = minifyCss(css);
  const href = `/assets/sections-${createHash('sha256').update(minified).digest('hex').slice(0, 10)}.css`;
  fs.writeFileSync(path.join(webDir, href), minified);
  return href;
}

/**
 * Builds the SSR bundle, renders every PRERENDERED_ROUTES entry and writes its document and the
 * boot module into the built SPA.
 * @param webDir the built SPA (default dist/web); ssrDir where the SSR bundle goes (default dist/.prerender)
 * @returns each written document (path under webDir) and its size in bytes
 * @throws when the build fails, a route renders without the site header (or a bare page's heading) or keeps a Suspense boundary
 */
export async function prerender(webDir = WEB_DIR, ssrDir = SSR_DIR): Promise<{ document: string; bytes: number }[]> {
  const template = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  await build({
    configFile: path.join(REPO_ROOT, 'web', 'vite.config.ts'),
    logLevel: 'warn',
    // Everything bundled: the render runs in Node without resolving MUI's browser-oriented packages.
    ssr: { noExternal: true },
    // Production React and emotion (Vite leaves process.env.NODE_ENV to the runtime in SSR builds):
    // the same class names as the browser's build, no development checks.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: path.join(REPO_ROOT, 'web', 'src', 'prerender', 'render-route.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'render-route.mjs' } },
    },
  });
  const { renderRoute } = (await import(pathToFileURL(path.join(ssrDir, 'render-route.mjs')).href)) as {
    renderRoute(url: string): Promise<RenderedRoute>;
  };
  const scripts = appScripts(template);
  const boot = await bootScript(scripts, routePreloads(webDir, [scripts.entry, ...scripts.preloads]));
  const bootSrc = `/assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 10)}.js`;
  fs.writeFileSync(path.join(webDir, bootSrc), boot);
  const written: { document: string; bytes: number }[] = [];
  for (const route of PRERENDERED_ROUTES) {
    const rendered = await renderRoute(route.renderUrl);
    // The shop's layout (its header), or a bare page's own heading (the sign-in has no header).
    if (!rendered.html.includes('data-testid="site-header"') && !/<h1[\s>]/.test(rendered.html))
      throw new Error(`prerender of ${route.renderUrl} has no site header and no heading`);
    const html = injectRendered(
      template,
      { html: rendered.html, styleTags: minifyStyleTags(rendered.styleTags) },
      bootSrc,
      writeSectionsStylesheet(webDir, rendered.servedSectionsCss),
    );
    const file = path.join(webDir, route.document);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
    written.push({ document: route.document, bytes: Buffer.byteLength(html) });
  }
  // The legal pages' templates: rendered as the others, with the prerender's seller (DEMO_SELLER),
  // never served as they are; the publish step writes each stage's page from them
  // (functions/publish/legal-pages.ts).
  for (const slug of LEGAL_PAGES) {
    const rendered = await renderRoute(`/legal/${slug}`);
    if (!/<h1[\s>]/.test(rendered.html)) throw new Error(`prerender of /legal/${slug} has no heading`);
    const document = legalTemplateDocument(slug);
    const file = path.join(webDir, document);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      injectRendered(
        template,
        { html: rendered.html, styleTags: minifyStyleTags(rendered.styleTags) },
        bootSrc,
        writeSectionsStylesheet(webDir, rendered.servedSectionsCss),
      ),
    );
    written.push({ document, bytes: fs.statSync(file).size });
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  prerender()
    .then((docs) => {
      for (const d of docs) console.log(`prerendered ${d.document.padEnd(28)} ${(d.bytes / 1024).toFixed(1)} KiB`);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
