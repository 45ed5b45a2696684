import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The SPA's folder (web/): module paths below are relative to it. */
const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The landing routes whose page chunk main.tsx loads at boot (src/app.tsx PRELOADED_ROUTES), by
 * route pattern: module paths relative to web/, as in Vite's manifest. scripts/prerender.ts reads
 * it for the boot module's preloads.
 */
export const LANDING_PAGE_MODULES: Readonly<Record<string, string>> = {
  '/': 'src/catalog/home/home-page.tsx',
  '/products': 'src/catalog/products-page.tsx',
  '/category/:id': 'src/catalog/category-page.tsx',
  '/product/:id': 'src/catalog/product-page.tsx',
};

/** A plugin that also names code-splitting groups (see landingChunks). */
export type ChunkNamingPlugin = Plugin & {
  isInitial(id: string): boolean;
  landingChunk(id: string, pages: number): string | null;
};

/**
 * Few, larger chunks for a shopper's first load. Left to itself the bundler gives each module
 * shared by two lazy pages its own chunk: a landing page needed dozens of files, and each request
 * costs the phone's main thread (a module preload) and a connection slot. After the
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
export function landingChunks(): ChunkNamingPlugin {
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

/** The code-splitting groups of landingChunks: modules used by all landing pages first, one page's own last. */
export function landingChunkGroups(
  plugin: ChunkNamingPlugin,
): { name: (id: string) => string | null; debugName: string; priority: number }[] {
  const pages = Object.keys(LANDING_PAGE_MODULES).length;
  return Array.from({ length: pages }, (_, i) => pages - i).map((count) => ({
    name: (id: string) => plugin.landingChunk(id, count),
    debugName: `landing-${count}-pages`,
    priority: 5 + count / 10,
  }));
}
