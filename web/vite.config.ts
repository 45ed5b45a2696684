import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://localhost:3000';
/** Paths the dev and preview servers forward to the local API runtime. */
const proxy = {
  '/api': { target: backend, changeOrigin: true },
  '/media': { target: backend, changeOrigin: true },
  '/config.json': { target: backend, changeOrigin: true },
};

/** Where the build writes which source modules each JS chunk holds (read by scripts/first-route-js.ts). */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Writes CHUNK_MODULES_FILE: `{ "assets/x-hash.js": ["web/src/...", "node_modules/@mui/..."] }`
 * (module ids relative to the repository root), so tests can check what a shopper's first load
 * contains without parsing minified code. Not deployed (the web stack skips `.vite/`).
 */
function chunkModules(): Plugin {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  return {
    name: 'aurum-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        map[file] = Object.keys(output.modules).map((id) =>
          path.relative(repo, id.replace(/^\0/, '').split('?')[0]!).split(path.sep).join('/'),
        );
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(map) });
    },
  };
}

/**
 * The landing routes whose page chunk main.tsx loads at boot (src/app.tsx PRELOADED_ROUTES), by
 * route pattern: module paths relative to web/, as in Vite's manifest. scripts/prerender.ts reads
 * it for the boot module's preloads.
 */
export const LANDING_PAGE_MODULES: Readonly<Record<string, string>> = {
  '/': 'src/pages/home-page.tsx',
  '/products': 'src/catalog/products-page.tsx',
  '/category/:id': 'src/catalog/category-page.tsx',
  '/product/:id': 'src/catalog/product-page.tsx',
};

/** A plugin that also names code-splitting groups (see landingChunks). */
type ChunkNamingPlugin = Plugin & {
  isInitial(id: string): boolean;
  landingChunk(id: string, pages: number): string | null;
};

/**
 * Few, larger chunks for a shopper's first load. Left to itself the bundler gives each module
 * shared by two lazy pages its own chunk: a landing page needed ~50 files, and each request costs
 * the phone's main thread (~1 ms per module preload in Chromium) and a connection slot. After the
 * module graph is built, this sorts the app's modules:
 * - statically imported by the entry (the shell every route runs): one 'app' chunk (the bundler
 *   merges it into the entry's);
 * - reachable from landing pages and not from the entry: a chunk per set of pages that use the
 *   module ('landing-products', 'landing-home-products', ...), so a page loads none of another
 *   page's own modules.
 * A group takes its modules' imports with it, and a module's imports are used by at least the same
 * pages: the groups of larger sets come first (landingChunkGroups), else a page's own chunk would
 * take what it shares with the others.
 * Modules only lazy routes use (cart, profile, back office...) are left to the bundler. The SSR
 * build of scripts/prerender.ts is not split.
 */
function landingChunks(): ChunkNamingPlugin {
  let ssr = false;
  const initialIds = new Set<string>();
  /** Module id -> labels of the landing pages that reach it (in LANDING_PAGE_MODULES order). */
  const pagesOf = new Map<string, string[]>();
  return {
    name: 'aurum-landing-chunks',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildEnd() {
      initialIds.clear();
      pagesOf.clear();
      if (ssr) return;
      const closure = (starts: readonly string[]): Set<string> => {
        const seen = new Set<string>(starts);
        const queue = [...starts];
        while (queue.length > 0) {
          for (const dep of this.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
            if (!seen.has(dep)) {
              seen.add(dep);
              queue.push(dep);
            }
          }
        }
        return seen;
      };
      const initial = closure([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      const users = new Map<string, string[]>();
      for (const [route, module] of Object.entries(LANDING_PAGE_MODULES)) {
        const label = route.split('/')[1] || 'home';
        for (const id of closure([path.join(root, module)])) {
          if (!initial.has(id)) users.set(id, [...(users.get(id) ?? []), label]);
        }
      }
      for (const id of initial) initialIds.add(id);
      for (const [id, labels] of users) pagesOf.set(id, labels);
    },
    isInitial(id) {
      return initialIds.has(id) && !/\.css($|\?)/.test(id);
    },
    landingChunk(id, pages) {
      const labels = pagesOf.get(id);
      return labels?.length === pages ? `landing-${labels.join('-')}` : null;
    },
  };
}

const MUI_STYLES_DIR = path.join(root, '..', 'node_modules', '@mui', 'material', 'styles');
const NO_CSS_VARIABLES_CREATE_THEME = '\0aurum:mui-create-theme-without-css-variables';

/**
 * The shop's theme is a plain light/dark palette (src/theme/theme.ts), never MUI's CSS-variables
 * theme. MUI's `createTheme` still imports the CSS-variables builder statically (every component
 * reaches it through the default theme), which put ~8 KiB gzipped into every first load. This
 * resolves MUI's own `./createTheme.mjs` to a module that calls `createThemeNoVars` — exactly what
 * `createTheme` does for options without `cssVariables` or `colorSchemes` — and refuses the other
 * kind loudly. src/theme/theme.test.ts checks that both give the same theme for our options.
 */
function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'aurum-mui-theme-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './createTheme.mjs' && importer && path.dirname(importer.split('?')[0]!) === MUI_STYLES_DIR)
        return NO_CSS_VARIABLES_CREATE_THEME;
      return null;
    },
    load(id) {
      if (id !== NO_CSS_VARIABLES_CREATE_THEME) return null;
      const noVars = JSON.stringify(path.join(MUI_STYLES_DIR, 'createThemeNoVars.mjs'));
      return [
        `import createThemeNoVars from ${noVars};`,
        'export default function createTheme(options = {}, ...args) {',
        "  if (options.cssVariables || 'colorSchemes' in options) throw new Error('MUI CSS-variables themes are not bundled (web/vite.config.ts)');",
        '  return createThemeNoVars(options, ...args);',
        '}',
      ].join('\n');
    },
  };
}

/** Web fonts the first paint uses (Latin subsets): preloaded so text does not re-flow late. */
const FIRST_PAINT_FONTS = [
  /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/,
  /^assets\/playfair-display-latin-700-normal-[\w-]+\.woff2$/,
];

/**
 * Adds to index.html, before the scripts: a preload of /config.json (the app waits for it before
 * rendering; fetched in parallel with the JavaScript instead of after it) and preloads of the
 * first paint's fonts.
 */
function criticalPreloads(): Plugin {
  return {
    name: 'aurum-critical-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((f) => FIRST_PAINT_FONTS.some((re) => re.test(f)));
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: '/config.json', as: 'fetch', crossorigin: 'anonymous' },
            injectTo: 'head',
          },
          ...fonts.map((f) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${f}`, as: 'font', type: 'font/woff2', crossorigin: 'anonymous' },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/** The code-splitting groups of landingChunks: modules used by all landing pages first, one page's own last. */
function landingChunkGroups(
  plugin: ChunkNamingPlugin,
): { name: (id: string) => string | null; debugName: string; priority: number }[] {
  const pages = Object.keys(LANDING_PAGE_MODULES).length;
  return Array.from({ length: pages }, (_, i) => pages - i).map((count) => ({
    name: (id: string) => plugin.landingChunk(id, count),
    debugName: `landing-${count}-pages`,
    priority: 5 + count / 10,
  }));
}

const landing = landingChunks();

/**
 * Vite config of the SPA: root is web/, output goes to dist/web at the repository root.
 * Every route page is lazy-loaded (see src/app.tsx; landing pages are preloaded at boot),
 * below-the-fold parts load as they near the viewport (src/ui/deferred.tsx); React, the router
 * (react-router) and SWR form one stable, cacheable chunk. scripts/first-route-js.ts measures the result.
 */
export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [muiThemeWithoutCssVariables(), react(), chunkModules(), criticalPreloads(), landing],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    // Every browser the shop supports has <link rel="modulepreload">.
    // index.html keeps its module preloads; a lazy import gets none (Vite's helper appended a link per
    // dependency when the import ran, ~1 ms of main thread each; see landingChunks): it fetches its
    // chunk, then that chunk's imports. The landing pages' chunks are preloaded by the boot module.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // swr/infinite (the back office's paged lists) stays with its lazy importers, out of the shopper's first load.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|swr(?![\\/]dist[\\/]infinite)|use-sync-external-store|dequal)[\\/]/,
              priority: 30,
            },
            // MUI is not forced into one vendor chunk: each component lands with the pages that use it, so
            // the back office's tables, drawers and dialogs never reach a shopper's first load.
            // The app's own modules are not grouped: a group also captures everything its members import
            // (an 'app' group brought zod, the checkout and discount rules into every first load), so
            // each module lands with the pages that import it.
            // auth/amplify.ts stays out: Amplify loads only for stored sessions and sign-in (auth/session.tsx).
            {
              name: 'amplify',
              test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)[\\/]/,
              priority: 10,
            },
            // The landing pages in a few files (see landingChunks); the shell stays in the entry chunk.
            { name: 'app', test: (id) => landing.isInitial(id), priority: 7 },
            ...landingChunkGroups(landing),
          ],
        },
      },
    },
  },
});
