/**
 * Module initialisation time of each Lambda bundle (<dist>/<name>/index.mjs): fresh processes of
 * `node -e "await import(bundle)"` and of a bare `node -e 0`, run in turns (bare, bundle, bare,
 * bundle...); a bundle's init is the median of the differences within each turn, so a change of
 * the machine's speed between turns hits both members alike. Several builds (variants) can be
 * measured in the same turns, in a rotating order, to compare them side by side. The environment
 * is a Lambda's (region, function name, execution env, Powertools), so code that reads it at init
 * behaves as in the cloud. Used by `npm run bench` and scripts/build-tricks.ts; runnable alone:
 *   npx tsx scripts/lambda-init.ts [runs] [dist folder...]
 */
import { spawn } from 'node:child_process';
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
  /** Median of (bundle - bare) over the turns of the run, ms. */
  initMs: number;
}

/**
 * Lambda-like environment for the measurement: what infra/stacks/bundled-function.ts gives every
 * function, and no NODE_OPTIONS, as deployed (infra/test/cdk-app.test.ts keeps it out). `extra`
 * adds the endpoints and names of a local runtime for runs that reach DynamoDB Local.
 */
export function lambdaEnv(fn: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
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
    ...extra,
    NODE_OPTIONS: '',
  };
}

/** The median of `values` (mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Wall time of one fresh `node <args>`, ms, from the spawn to the exit. Asynchronous, so this
 * process keeps serving what runs in it meanwhile (the local runtime's in-process stand-ins).
 * @throws Error with the end of the child's stderr when it exits with a non-zero status
 */
export function timeRun(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-1500);
    });
    child.on('error', reject);
    child.on('close', (status) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (status === 0) resolve(ms);
      else reject(new Error(`node ${args.join(' ').slice(0, 300)} failed (${status}): ${stderr}`));
    });
  });
}

/** What the turns of one bundle measured: the bare node's median and each variant's timing. */
export interface TurnsResult {
  fn: string;
  bareMedianMs: number;
  variants: Record<string, VariantTiming>;
}

/** One build to measure: a label and the folder holding <name>/index.mjs per bundle. */
export interface Variant {
  label: string;
  distDir: string;
}

/** What one variant measured for one bundle, ms. */
export interface VariantTiming {
  /** Median wall time of the variant's process. */
  medianMs: number;
  /** Median of (variant - bare node) over the turns. */
  overBareMs: number;
}

/**
 * Runs `runs` turns per bundle: a bare `node -e 0`, then one fresh process per variant (in an
 * order rotated each turn) running `script(bundleUrl)` as an ES module.
 * @param script the code a process runs, given the bundle's file URL (e.g. an import)
 * @param envFor the environment of the bundle's processes
 * @returns per bundle, the bare node's median and each variant's timing, ms rounded to 0.1
 */
export async function measureTurns(
  runs: number,
  variants: Variant[],
  script: (bundleUrl: string, fn: string) => string,
  envFor: (fn: string) => NodeJS.ProcessEnv,
  fns: readonly string[] = bundleEntries().map((e) => e.name),
): Promise<TurnsResult[]> {
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const results: TurnsResult[] = [];
  for (const fn of fns) {
    const env = envFor(fn);
    const args = variants.map((v) => [
      '--input-type=module',
      '-e',
      script(pathToFileURL(path.join(v.distDir, fn, 'index.mjs')).href, fn),
    ]);
    for (const a of args) await timeRun(a, env); // warm the file cache
    const bare: number[] = [];
    const times = variants.map((): number[] => []);
    for (let i = 0; i < runs; i++) {
      bare.push(await timeRun(['-e', '0'], env));
      for (let k = 0; k < variants.length; k++) {
        const v = (i + k) % variants.length;
        times[v]!.push(await timeRun(args[v]!, env));
      }
    }
    results.push({
      fn,
      bareMedianMs: round(median(bare)),
      variants: Object.fromEntries(
        variants.map((v, k) => [
          v.label,
          { medianMs: round(median(times[k]!)), overBareMs: round(median(times[k]!.map((ms, i) => ms - bare[i]!))) },
        ]),
      ),
    });
  }
  return results;
}

/** The script that only loads a bundle: module initialisation. */
export const importOnly = (bundleUrl: string) => `await import(${JSON.stringify(bundleUrl)});`;

/**
 * Measures each built bundle's init over bare node.
 * @param runs turns of fresh processes per bundle, default 21
 * @param distDir folder of the bundles, default dist/functions
 */
export async function measureLambdaInit(runs = 21, distDir = FUNCTIONS_DIST_DIR): Promise<LambdaInit[]> {
  const turns = await measureTurns(runs, [{ label: 'build', distDir }], importOnly, (fn) => lambdaEnv(fn));
  return turns.map((r) => ({
    fn: r.fn,
    medianMs: Math.round(r.variants.build!.medianMs),
    bareMedianMs: Math.round(r.bareMedianMs),
    initMs: Math.round(r.variants.build!.overBareMs),
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = Number(process.argv[2] ?? 21);
  const dirs = process.argv.slice(3);
  const variants = (dirs.length ? dirs : [FUNCTIONS_DIST_DIR]).map((d) => ({ label: d, distDir: path.resolve(d) }));
  for (const r of await measureTurns(runs, variants, importOnly, (fn) => lambdaEnv(fn))) {
    const cells = variants.map((v) => `${String(r.variants[v.label]!.overBareMs).padStart(6)} ms`).join('  ');
    console.log(`${r.fn.padEnd(22)} init over bare node: ${cells}   (bare ${r.bareMedianMs} ms)`);
  }
}
