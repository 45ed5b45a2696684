/**
 * What a shopper's first page load contains, checked on a fresh production build of the SPA (in a
 * temporary folder): the router is react-router; never back-office or profile code, never the
 * heavy libraries only other pages need; and the first-route JavaScript stays within its budget
 * (FIRST_ROUTE_BUDGET_BYTES, also reported by `npm run bench`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import {
  FIRST_ROUTE_BUDGET_BYTES,
  FIRST_ROUTES,
  htmlScripts,
  measureFirstRoutes,
  modulesOf,
  type FirstRouteJs,
} from './first-route-js';
import { prerender } from './prerender';

/**
 * Gzipped first-load JavaScript each landing route may reach: the budget of 160 KiB with
 * react-router (React, react-router and SWR make up much of the shell). /products, with the
 * category filter and the search field, is the heaviest, then the product page and home
 * (`npm run bench` reports each).
 */
const FIRST_ROUTE_CEILING_BYTES: Record<string, number> = {
  '/': FIRST_ROUTE_BUDGET_BYTES,
  '/product/:id': FIRST_ROUTE_BUDGET_BYTES,
  '/products': FIRST_ROUTE_BUDGET_BYTES,
};

/**
 * Files a landing route's first load may take (boot module, the entry with React and the shell, the
 * page's chunks: 5-7). Each costs the phone's main thread a module preload and a connection slot;
 * without the landing chunks (web/build/landing-chunks.ts) a product listing took dozens.
 */
const FIRST_ROUTE_MAX_FILES = 8;

const root = path.resolve(import.meta.dirname, '..');
let outDir = '';
let ssrDir = '';
let routes: FirstRouteJs[] = [];

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-first-route-'));
  // A production build whatever the test runner's NODE_ENV (React's development build is 3x larger).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(root, 'web/vite.config.ts'),
      logLevel: 'silent',
      mode: 'production',
      build: { outDir, emptyOutDir: true },
    });
    ssrDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-prerender-'));
    await prerender(outDir, ssrDir);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  routes = measureFirstRoutes(outDir);
}, 900_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  if (ssrDir) fs.rmSync(ssrDir, { recursive: true, force: true });
});

describe('the prerendered landing documents', () => {
  const documents = {
    '/': 'prerendered/home.html',
    '/products': 'prerendered/products.html',
    '/product/:id': 'prerendered/product.html',
    '/premium': 'prerendered/premium.html',
    '/bundles': 'prerendered/bundles.html',
    '/login': 'prerendered/login.html',
  };
  const read = (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8');

  it("hold the page itself: header, the route's own heading or loading state, and its CSS", () => {
    const home = read(documents['/']);
    expect(home).toContain('data-testid="site-header"');
    expect(home).toContain('Forgia il tuo corpo');
    expect(home).toMatch(/<style data-emotion="css [^"]+">/);
    expect(read(documents['/products'])).toMatch(/<h1[^>]*>I Nostri </);
    expect(read(documents['/product/:id'])).toContain('Caricamento...');
    expect(read(documents['/premium'])).toContain('Entra nel club riservato agli atleti più esigenti');
    expect(read(documents['/bundles'])).toMatch(/<h1[^>]*>I nostri /);
    expect(read(documents['/login'])).toMatch(/<h1[^>]*>Area Riservata</);
    // the plain shell stays empty for every other route
    expect(read('index.html')).toContain('<div id="root"></div>');
  });

  it("run no inline script (the CSP allows only the shop's own files) and start the app from one boot module", () => {
    const index = read('index.html');
    const entry = /<script type="module" crossorigin src="([^"]+)">/.exec(index)![1]!;
    for (const [route, file] of Object.entries(documents)) {
      const html = read(file);
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts, route).toHaveLength(1);
      const boot = /src="(\/assets\/boot-[0-9a-f]{10}\.js)"/.exec(scripts[0]!)?.[1];
      expect(boot, route).toBeDefined();
      expect(html, route).not.toContain('rel="modulepreload"');
      expect(read(boot!.slice(1)), route).toContain(`import(${JSON.stringify(entry)})`);
    }
  });

  it('serve the home page whole, its sections below the fold skipped off screen and styled by a stylesheet of their own', () => {
    const home = read(documents['/']);
    const head = home.slice(0, home.indexOf('</head>'));
    for (const text of ['Chi Siamo', '2019', 'Parliamo del tuo', 'Iscriviti', 'P.IVA']) expect(home).toContain(text);
    // Each served section sits in a marked wrapper, and a style in the head (needed at the first
    // paint) skips the rendering of what the wrappers hold while it is off screen.
    for (const id of ['about', 'reviews', 'contact', 'site-footer-content'])
      expect(home, id).toMatch(new RegExp(`<div [^>]*data-served-section=""[^>]*><[a-z]+ [^>]*id="${id}"`));
    expect(head).toMatch(/\[data-served-section\]>\*\{content-visibility:auto;contain-intrinsic-size:auto \d+px\}/);
    // The contact section's own rules are not in the head, but in the stylesheet after the markup.
    const contactClass = /<section class="[^"]*css-([\w-]+)" id="contact"/.exec(home)![1]!;
    expect(head).not.toContain(`.css-${contactClass}`);
    const sheet =
      /<noscript id="served-sections-css"><link rel="stylesheet" crossorigin href="\/(assets\/sections-[0-9a-f]{10}\.css)"><\/noscript>\s*<\/body>/.exec(
        home,
      )?.[1];
    expect(sheet).toBeDefined();
    expect(read(sheet!)).toContain(`.css-${contactClass}{`);
    // The boot module adds it after the first paint.
    expect(read(/src="\/(assets\/boot-[0-9a-f]{10}\.js)"/.exec(home)![1]!)).toContain('served-sections-css');
    // No other landing document serves sections, nor carries the stylesheet.
    for (const [route, file] of Object.entries(documents))
      if (route !== '/') expect(read(file), route).not.toContain('served-sections-css');
  });

  it("have the boot module preload each landing page's own chunks, so the app's lazy import adds no links", () => {
    const boot = read(/src="\/(assets\/boot-[0-9a-f]{10}\.js)"/.exec(read(documents['/']))![1]!);
    for (const r of routes) {
      const shell = new Set(htmlScripts(read('index.html')));
      for (const file of r.files.filter((f) => !f.startsWith('assets/boot-') && !shell.has(f)))
        expect(boot, `${r.route}: ${file}`).toContain(`"/${file}"`);
    }
  });
});

describe("a shopper's first load", () => {
  it('is measured for every landing route', () => {
    expect(routes.map((r) => r.route)).toEqual(FIRST_ROUTES.map((r) => r.route));
    for (const r of routes) expect(r.files.length, r.route).toBeGreaterThan(1);
    for (const r of routes)
      expect(
        r.files.some((f) => /^assets\/boot-/.test(f)),
        r.route,
      ).toBe(true);
  });

  it('routes with react-router, and nothing of wouter', () => {
    for (const r of routes) {
      const modules = modulesOf(outDir, r.files);
      expect(
        modules.some((m) => m.startsWith('node_modules/react-router/')),
        r.route,
      ).toBe(true);
      expect(
        modules.filter((m) => /^node_modules\/(wouter|regexparam)\//.test(m)),
        r.route,
      ).toEqual([]);
    }
  });

  it('never contains back-office or profile code', () => {
    for (const r of routes) {
      const modules = modulesOf(outDir, r.files);
      expect(modules.length, r.route).toBeGreaterThan(20);
      // The features' public entries are in the router's chunk: admin/index.ts and profile/index.ts
      // hold only their lazy page (a dynamic import), none of its code.
      const leaked = modules.filter(
        (m) => /^web\/src\/(admin|profile)\/(?!index\.ts$)/.test(m) || /^shared\/(api|messages|schemas)\/admin/.test(m),
      );
      expect(leaked, r.route).toEqual([]);
    }
  });

  it('leaves out what only other pages need: Amplify, zod, charts, dialogs, menus, text fields, tooltips', () => {
    // A component's own module (its small *Classes helpers may be shared with lighter inputs).
    const heavy =
      /node_modules\/(aws-amplify|@aws-amplify|zod|@mui\/x-charts|qrcode|@popperjs)\/|node_modules\/@mui\/material\/(TextField|Select|Menu|Popover|Modal|Dialog|Drawer|Tooltip|Snackbar|Rating|Tabs)\/\2\.m?js$/;
    for (const r of routes) {
      const found = [
        ...new Set(
          modulesOf(outDir, r.files)
            .filter((m) => heavy.test(m))
            .map((m) => m.split('/').slice(0, 4).join('/')),
        ),
      ];
      expect(found, r.route).toEqual([]);
    }
  });

  it("leaves out MUI's CSS-variables theme machinery (the shop's theme does not use it)", () => {
    const cssVariables =
      /node_modules\/@mui\/(material\/styles\/(createThemeWithVars|ThemeProviderWithVars)|system\/(cssVars|InitColorSchemeScript)\/)/;
    for (const r of routes)
      expect(
        modulesOf(outDir, r.files).filter((m) => cssVariables.test(m)),
        r.route,
      ).toEqual([]);
  });

  it("takes a few files, and none of another landing page's own code", () => {
    const pages = Object.fromEntries(FIRST_ROUTES.map((r) => [r.route, `web/${r.module}`]));
    for (const r of routes) {
      expect(r.files.length, r.route).toBeLessThanOrEqual(FIRST_ROUTE_MAX_FILES);
      const modules = modulesOf(outDir, r.files);
      for (const [route, page] of Object.entries(pages))
        expect(modules.includes(page), `${r.route} holds ${page}`).toBe(route === r.route);
    }
  });

  it('stays within the budget: 160 KiB gzipped on every landing route', () => {
    for (const r of routes) expect(r.gzipBytes, r.route).toBeLessThanOrEqual(FIRST_ROUTE_CEILING_BYTES[r.route] ?? 0);
  });
});
