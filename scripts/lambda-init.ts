/**
 * Module initialisation time of each Lambda bundle (dist/functions/<name>/index.mjs): fresh
 * processes of `node -e "await import(bundle)"` and of a bare `node -e 0`, run in pairs (bare,
 * bundle, bare, bundle...); a bundle's init is the median of the pairs' differences, so a change
 * of the machine's speed between pairs (this VM's bare node moves between ~33 and ~58 ms from
 * minute to minute) hits both members of a pair alike. The environment is a Lambda's (region,
 * function name, execution env, Powertools), so code that reads it at init behaves as in the cloud. Used by `npm run bench`; runnable alone:
 *   npx tsx scripts/lambda-init.ts [runs]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleEntries, FUNCTIONS_DIST_DIR } from '../infra/bundling/build-functions';

/** One bundle's init time over bare node, milliseconds (medians of `runs` fresh processes). */
export interface LambdaInit {
  fn: string;
  /** Median wall time of importing the bundle in a fresh node, ms. */
  medianMs: number;
  /** Median wall time of a bare `node -e 0`, ms (same run). */
  bareMedianMs: number;
  /** Median of (bundle - bare) over the pairs of the run, ms. */
  initMs: number;
}

/**
 * Lambda-like environment for the measurement (no AWS call happens at init): what
 * infra/stacks/bundled-function.ts gives every function, and no NODE_OPTIONS, as deployed (its
 * --enable-source-maps cost 11-17 ms of an init; infra/test/cdk-app.test.ts keeps it out).
 */
function lambdaEnv(fn: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    AWS_REGION: 'eu-south-1',
    AWS_DEFAULT_REGION: 'eu-south-1',
    AWS_LAMBDA_FUNCTION_NAME: `aurum-${fn}-bench`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    POWERTOOLS_SERVICE_NAME: 'aurum-shop',
    POWERTOOLS_METRICS_NAMESPACE: 'AurumFitness',
    TABLE_NAME: 'aurum-bench',
    NODE_OPTIONS: '',
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function timeRun(args: string[], env: NodeJS.ProcessEnv): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${r.stderr.toString().slice(0, 500)}`);
  return ms;
}

/**
 * Measures each built bundle's init over bare node.
 * @param runs pairs of fresh processes per bundle, default 21
 * @param distDir folder of the bundles, default dist/functions
 */
export function measureLambdaInit(runs = 21, distDir = FUNCTIONS_DIST_DIR): LambdaInit[] {
  return bundleEntries().map(({ name }) => {
    const url = pathToFileURL(path.join(distDir, name, 'index.mjs')).href;
    const env = lambdaEnv(name);
    const bare: number[] = [];
    const loaded: number[] = [];
    timeRun(['--input-type=module', '-e', `await import(${JSON.stringify(url)})`], env); // warm the file cache
    for (let i = 0; i < runs; i++) {
      bare.push(timeRun(['-e', '0'], env));
      loaded.push(timeRun(['--input-type=module', '-e', `await import(${JSON.stringify(url)})`], env));
    }
    return {
      fn: name,
      medianMs: Math.round(median(loaded)),
      bareMedianMs: Math.round(median(bare)),
      initMs: Math.round(median(loaded.map((ms, i) => ms - bare[i]!))),
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const r of measureLambdaInit(Number(process.argv[2] ?? 21))) {
    console.log(
      `${r.fn.padEnd(22)} init ${String(r.initMs).padStart(4)} ms over bare node (${r.medianMs} vs ${r.bareMedianMs} ms)`,
    );
  }
}
