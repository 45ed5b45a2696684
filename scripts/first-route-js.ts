/**
 * The JavaScript a shopper's browser downloads before a route can render, measured on a built SPA
 * (dist/web): the scripts and module preloads of index.html plus, for a lazily loaded route, the
 * route module's chunk and its static imports (Vite manifest). Sizes are gzip level 9 (what the
 * budget counts; CloudFront answers Brotli to browsers that accept it, a little smaller).
 * Used by `npm run bench` and by scripts/first-route-js.test.ts (budget and "no admin or profile
 * code in a shopper's first load").
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PRERENDERED_ROUTES } from '../shared/spa-documents';

/** The shopper routes whose first load is budgeted, with the source module that renders each. */
export const FIRST_ROUTES = [
  { route: '/', module: 'src/catalog/home/home-page.tsx' },
  { route: '/products', module: 'src/catalog/products-page.tsx' },
  { route: '/product/:id', module: 'src/catalog/product-page.tsx' },
] as const;

/**
 * Budget of a landing route's first-load JavaScript, gzipped, in bytes (160 KiB): React, react-router
 * and SWR, the shell with MUI's styling engine, and the page's own chunks.
 */
export const FIRST_ROUTE_BUDGET_BYTES = 160 * 1024;

/** One entry of Vite's .vite/manifest.json. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The first load of one route. */
export interface FirstRouteJs {
  route: string;
  /** JS files (paths under the SPA folder, e.g. 'assets/index-abc.js'), in load order. */
  files: string[];
  /** Sum of the files' gzip sizes (level 9), bytes. */
  gzipBytes: number;
  /** Sum of the files' raw (minified) sizes, bytes. */
  rawBytes: number;
}

/** Gzip size (level 9) of a file, bytes. */
export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The JS files index.html loads itself: module scripts and modulepreload links, in document order. */
export function htmlScripts(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = m[0];
    const isScript = m[1] === 'script' && /type="module"/.test(tag);
    const isPreload = m[1] === 'link' && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && url) found.push(url);
  }
  return found;
}

/**
 * Measures the first-load JS of each of FIRST_ROUTES in the built SPA at `webDir`.
 * @throws when the build or its manifest is missing, or a route module is not in the manifest
 */
export function measureFirstRoutes(webDir: string): FirstRouteJs[] {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} not found: run \`npm run build:web\` first`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const shell = htmlScripts(fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'));
  const byFile = new Map(Object.entries(manifest).map(([key, c]) => [c.file, key]));
  const bySrc = new Map(Object.entries(manifest).map(([key, c]) => [c.src ?? key, key]));

  /** A chunk and its static imports, depth first. */
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };

  return FIRST_ROUTES.map(({ route, module }) => {
    const files = new Set<string>();
    // A prerendered landing document (scripts/prerender.ts) loads its boot module, which then loads
    // the same entry and preloads as index.html.
    const prerendered = PRERENDERED_ROUTES.find((r) => r.route === route);
    const documentFile = prerendered && path.join(webDir, prerendered.document);
    if (documentFile && fs.existsSync(documentFile))
      for (const file of htmlScripts(fs.readFileSync(documentFile, 'utf8'))) files.add(file);
    for (const file of shell) {
      const key = byFile.get(file);
      if (key) closure(key, files);
      else files.add(file);
    }
    // A page module is a chunk of its own, or inside a group chunk (web/build/landing-chunks.ts), or in the shell.
    const routeKey = bySrc.get(module) ?? byFile.get(chunkHolding(webDir, module) ?? '');
    if (routeKey) closure(routeKey, files);
    else if (!isBundledInto(webDir, module, [...files]))
      throw new Error(`${module} is neither a chunk of the manifest nor in the shell's chunks`);
    const list = [...files];
    return {
      route,
      files: list,
      gzipBytes: list.reduce((s, f) => s + gzipSize(path.join(webDir, f)), 0),
      rawBytes: list.reduce((s, f) => s + fs.statSync(path.join(webDir, f)).size, 0),
    };
  });
}

/**
 * The source modules (repository-relative ids such as 'web/src/admin/admin-app.tsx' or
 * 'node_modules/@mui/material/Dialog/Dialog.js') bundled into the given JS files, read from the
 * map the build writes (web/build/chunk-modules.ts).
 */
export function modulesOf(webDir: string, files: string[]): string[] {
  const map = JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'chunk-modules.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  return files.flatMap((f) => map[f] ?? []);
}

/**
 * The JS file (e.g. 'assets/landing-products-abc.js') whose modules include `module` (relative to
 * web/, e.g. 'src/catalog/products-page.tsx'), from the build's chunk-modules map.
 * @returns the file, or undefined when no chunk holds it
 */
export function chunkHolding(webDir: string, module: string): string | undefined {
  const map = JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'chunk-modules.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  return Object.keys(map).find((file) => map[file]!.includes(`web/${module}`));
}

function isBundledInto(webDir: string, module: string, files: string[]): boolean {
  return modulesOf(webDir, files).includes(`web/${module}`);
}

/** Kibibytes with one decimal, for tables. */
export function kib(bytes: number): number {
  return Math.round(bytes / 102.4) / 10;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const webDir = path.resolve(import.meta.dirname, '..', 'dist', 'web');
  for (const r of measureFirstRoutes(webDir)) {
    console.log(
      `${r.route.padEnd(14)} ${String(kib(r.gzipBytes)).padStart(7)} KiB gzip  ${String(kib(r.rawBytes)).padStart(7)} KiB raw  ${r.files.length} files`,
    );
  }
}
