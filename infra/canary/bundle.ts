/**
 * Bundles the canary's handler (canary-handler.ts) with esbuild into the layout CloudWatch
 * Synthetics' Node.js runtimes load: `<dir>/nodejs/node_modules/index.js` (CommonJS, handler
 * `index.handler`), leaving out `Synthetics`, which the runtime provides. Fast (one small file):
 * the operations stack calls it at every synth.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Folder of the canary's asset (Code.fromAsset). */
export const CANARY_BUNDLE_DIR = join(REPO_ROOT, 'dist', 'canary');

/** The bundle's file inside CANARY_BUNDLE_DIR. */
export const CANARY_BUNDLE_FILE = join(CANARY_BUNDLE_DIR, 'nodejs', 'node_modules', 'index.js');

/**
 * Writes the bundle.
 * @returns the bundle's path
 * @throws Error when esbuild fails
 */
export function buildCanaryBundle(): string {
  buildSync({
    entryPoints: [join(REPO_ROOT, 'infra', 'canary', 'canary-handler.ts')],
    outfile: CANARY_BUNDLE_FILE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    // syn-nodejs-puppeteer-13.0 runs on Node.js 22
    target: 'node22',
    external: ['Synthetics'],
    logLevel: 'silent',
    legalComments: 'none',
  });
  return CANARY_BUNDLE_FILE;
}
