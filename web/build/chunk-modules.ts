import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Where the build writes which source modules each JS chunk holds (read by scripts/first-route-js.ts). */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Writes CHUNK_MODULES_FILE: `{ "assets/x-hash.js": ["web/src/...", "node_modules/@mui/..."] }`
 * (module ids relative to the repository root), so tests can check what a shopper's first load
 * contains without parsing minified code. Not deployed (the web stack skips `.vite/`).
 */
export function chunkModules(): Plugin {
  const repo = fileURLToPath(new URL('../..', import.meta.url));
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
