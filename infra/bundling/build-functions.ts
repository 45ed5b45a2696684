/**
 * Bundles every Lambda function with esbuild: the API contexts of the route table
 * (FUNCTION_NAMES, functions/<fn>/index.ts), the Cognito triggers (TRIGGER_FUNCTIONS,
 * functions/triggers/<name>.ts), the scheduled jobs (functions/jobs/<name>.ts) and the stream
 * consumers (STREAM_CONSUMERS, functions/streams/<name>.ts), each into dist/functions/<name>/index.mjs (ESM, Node 24,
 * minified, tree-shaken, AWS SDK v3 bundled, linked source map) plus chunks/ for code behind
 * dynamic import() (loaded on first use) and meta.json (which files a cold start loads). Prints
 * each bundle's size (what a cold start loads, raw and gzipped; and all chunks) and writes
 * dist/functions/sizes.json. The CDK stacks deploy these folders as they are.
 *
 * Usage: `npx tsx infra/bundling/build-functions.ts` (or `npm run build:functions`).
 */
import { createHash } from 'node:crypto';
import { isBuiltin } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type Plugin } from 'esbuild';
import { FUNCTION_NAMES } from '../../shared/api/routes';
import { EVENT_CONSUMERS, SCHEDULED_JOBS, STREAM_CONSUMERS, TRIGGER_FUNCTIONS } from '../../functions/triggers';

/** Repository root (this file lives in infra/bundling/). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Default output folder of the bundles, one sub-folder per function. */
export const FUNCTIONS_DIST_DIR = join(REPO_ROOT, 'dist', 'functions');

/**
 * Lets CommonJS dependencies that call `require` (of Node built-ins) work inside the ESM bundle:
 * esbuild's recipe, a `require` made with `createRequire` at the top of every output file. The
 * aliases avoid clashing with bundled names.
 */
const REQUIRE_BANNER =
  "import { createRequire as __aurumCreateRequire } from 'node:module'; const require = __aurumCreateRequire(import.meta.url);";

/** Export names a generated module can declare as `export { local as "name" }` (every builtin's, in practice). */
const EXPORT_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * Source of the module that stands in for the Node built-in `id` (e.g. 'node:crypto'): the module
 * object from `process.getBuiltinModule` as the default export, and each of its properties (names
 * read from the building Node) as a named export read with a side-effect-free (PURE) call, so that
 * esbuild drops every property the bundle does not import.
 */
export function builtinStandInSource(id: string): string {
  const names = Object.keys(process.getBuiltinModule(id) as object).filter(
    (n) => n !== 'default' && EXPORT_NAME.test(n),
  );
  const exports = names.map((n, i) => `const e${i} = /* @__PURE__ */ get(${JSON.stringify(n)});`).join('\n');
  const list = names.map((n, i) => `e${i} as ${JSON.stringify(n)}`).join(', ');
  return `const m = process.getBuiltinModule(${JSON.stringify(id)});\nconst get = (name) => m[name];\nexport default m;\n${exports}\nexport { ${list} };\n`;
}

/**
 * Takes the Node built-ins that the bundled code imports as ES modules (`import { randomInt } from
 * 'node:crypto'`, our code and its dependencies alike, the AWS SDK's HTTP handler included) from
 * `process.getBuiltinModule` instead. Linking an ES module import of a built-in builds the
 * built-in's whole ESM namespace, which reads every export, lazy getters included (node:crypto's
 * `webcrypto` and key classes, node:stream's; node:http's loads Node's bundled undici for its
 * WebSocket and fetch exports). Reading only the properties a bundle imports keeps undici out of
 * the init of every bundle that imports node:http at its top (the stock-sync job, through the
 * supplier fetch) and trims the others' (scripts/build-tricks.ts measures it). The bindings are
 * read once, when the stand-in is evaluated, as the ESM facade's are; a namespace (`import * as x`)
 * that escapes as a whole still reads every property. Dynamic `import()` and `require()` of
 * built-ins are left as they are.
 */
export const BUILTINS_WITHOUT_ESM_NAMESPACE: Plugin = {
  name: 'builtins-without-esm-namespace',
  setup(b) {
    b.onResolve({ filter: /^(node:)?[a-z0-9_]+(\/[a-z0-9_]+)?$/ }, (args) => {
      // isBuiltin of the path as written: a bare 'test' is an npm package, 'node:test' the built-in.
      if (args.kind !== 'import-statement' || !isBuiltin(args.path)) return undefined;
      const id = args.path.startsWith('node:') ? args.path : `node:${args.path}`;
      // One stand-in per importing file: it lands in that file's chunk, so sharing it adds no chunk
      // file. The file is named by a hash of its repository path (no build machine's path in the maps).
      const importer = createHash('sha256').update(relative(REPO_ROOT, args.importer)).digest('hex').slice(0, 12);
      return { path: `${id}|${importer}`, namespace: 'node-builtin', sideEffects: false };
    });
    b.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (args) => ({
      contents: builtinStandInSource(args.path.split('|')[0]!),
      loader: 'js',
    }));
  },
};

/** One bundle: its name (output folder) and entry file (relative to the repository root). */
export interface BundleEntry {
  name: string;
  entry: string;
}

/** Every bundle the stacks deploy: API context functions, then Cognito triggers. */
export function bundleEntries(): BundleEntry[] {
  const entries: BundleEntry[] = [
    ...FUNCTION_NAMES.map((name) => ({ name, entry: `functions/${name}/index.ts` })),
    ...TRIGGER_FUNCTIONS.map((name) => ({ name, entry: `functions/triggers/${name}.ts` })),
    ...SCHEDULED_JOBS.map(({ name }) => ({ name, entry: `functions/jobs/${name}.ts` })),
    ...STREAM_CONSUMERS.map(({ name }: { name: string }) => ({ name, entry: `functions/streams/${name}.ts` })),
    ...EVENT_CONSUMERS.map(({ name }) => ({ name, entry: `functions/events/${name}.ts` })),
  ];
  const names = entries.map((e) => e.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`Bundle name '${duplicate}' is both an API function and a trigger`);
  return entries;
}

/** Size of one bundle. */
export interface BundleSize {
  /** Function name (FUNCTION_NAMES entry). */
  fn: string;
  /** Path of index.mjs relative to the repository root. */
  file: string;
  /** Minified bytes a cold start loads: index.mjs and the chunks it imports statically. */
  bytes: number;
  /** Those bytes once gzipped. */
  gzipBytes: number;
  /** Minified bytes of every .mjs file of the bundle, lazily loaded chunks included. */
  totalBytes: number;
}

/** Which files of a bundle folder a cold start loads, and all its JS files (relative paths). */
export interface BundleFiles {
  init: string[];
  all: string[];
  /** npm packages with code in the init files (e.g. '@aws-sdk/client-dynamodb', 'zod'). */
  initPackages: string[];
}

/**
 * The files of a split bundle (esbuild metafile) that module initialisation loads: the entry
 * output and, transitively, the chunks it imports with static `import` statements (not dynamic
 * `import()`), as paths relative to the bundle folder `fnOut`.
 */
export function initFiles(metafile: Metafile, fnOut: string): BundleFiles {
  const rel = (p: string) => relative(fnOut, resolve(REPO_ROOT, p)).split(sep).join('/');
  const js = Object.keys(metafile.outputs).filter((o) => o.endsWith('.mjs'));
  // Dynamic import() targets are entry points too: the bundle's own entry is index.mjs.
  const entry = js.find((o) => resolve(REPO_ROOT, o) === join(fnOut, 'index.mjs'));
  if (!entry) throw new Error(`no entry output in the metafile of ${fnOut}`);
  const seen = new Set<string>();
  const visit = (o: string) => {
    if (seen.has(o)) return;
    seen.add(o);
    for (const i of metafile.outputs[o]!.imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entry);
  const packages = new Set<string>();
  for (const o of seen) {
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[o]!.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      if (pkg && bytesInOutput > 0) packages.add(pkg);
    }
  }
  return { init: [...seen].map(rel), all: js.map(rel), initPackages: [...packages].sort() };
}

/** Options of buildFunctions(). */
export interface BuildFunctionsOptions {
  /** Bundles to build, by name; default every bundleEntries() entry. */
  functions?: readonly string[];
  /** Output folder; default dist/functions. */
  outDir?: string;
  /**
   * Build only the bundles that are missing or older than the sources (functions/, shared/,
   * package-lock.json); nothing when all are fresh. Used by the CDK app and the tests. Default false.
   */
  skipIfFresh?: boolean;
  /** Do not print the size table. Default false. */
  quiet?: boolean;
  /** Build tricks to leave out (to measure what each saves; scripts/build-tricks.ts). Default: none. */
  without?: readonly BuildTrick[];
}

/**
 * The cold-start tricks of the build, each kept because it measured a saving of at least 10 ms of
 * init or 10 KB of cold-start JS (scripts/build-tricks.ts builds without each and measures):
 *  - 'builtin-shims': BUILTINS_WITHOUT_ESM_NAMESPACE
 */
export const BUILD_TRICKS = ['builtin-shims'] as const;
export type BuildTrick = (typeof BUILD_TRICKS)[number];

/** Result of buildFunctions(). */
export interface BuildFunctionsResult {
  /** True when the bundles were up to date and nothing was built. */
  skipped: boolean;
  /** Names of the bundles built by this call. */
  built: string[];
  sizes: BundleSize[];
  /** Milliseconds spent. */
  durationMs: number;
}

/** Newest modification time (ms) of the files under `path` (recursive), 0 when absent. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function bundleFile(outDir: string, fn: string): string {
  return join(outDir, fn, 'index.mjs');
}

/** The bundles of `fns` that are missing or older than a source they may include. */
function staleBundles(outDir: string, fns: readonly string[]): string[] {
  const sources = Math.max(
    newestMtime(join(REPO_ROOT, 'functions')),
    newestMtime(join(REPO_ROOT, 'shared')),
    newestMtime(join(REPO_ROOT, 'package-lock.json')),
    newestMtime(fileURLToPath(import.meta.url)),
  );
  return fns.filter((fn) => {
    const file = bundleFile(outDir, fn);
    return !existsSync(file) || statSync(file).mtimeMs <= sources;
  });
}

/** The files of a built bundle (written next to it by buildFunctions as meta.json). */
export function bundleFiles(outDir: string, fn: string): BundleFiles {
  const meta = join(outDir, fn, 'meta.json');
  return existsSync(meta)
    ? (JSON.parse(readFileSync(meta, 'utf8')) as BundleFiles)
    : { init: ['index.mjs'], all: ['index.mjs'], initPackages: [] };
}

function sizeOf(outDir: string, fn: string): BundleSize {
  const file = bundleFile(outDir, fn);
  const files = bundleFiles(outDir, fn);
  const init = Buffer.concat(files.init.map((f) => readFileSync(join(outDir, fn, f))));
  return {
    fn,
    file: file.startsWith(REPO_ROOT) ? file.slice(REPO_ROOT.length + 1) : file,
    bytes: init.length,
    gzipBytes: gzipSync(init, { level: 9 }).length,
    totalBytes: files.all.reduce((sum, f) => sum + statSync(join(outDir, fn, f)).size, 0),
  };
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MiB` : `${(n / 1024).toFixed(1)} KiB`;
}

function printSizes(sizes: BundleSize[], skipped: boolean, durationMs: number): void {
  const head = skipped ? 'Function bundles up to date' : `Built function bundle(s) in ${durationMs} ms`;
  console.log(head);
  const width = Math.max(8, ...sizes.map((s) => s.fn.length));
  for (const s of sizes) {
    console.log(
      `  ${s.fn.padEnd(width)}  init ${String(s.bytes).padStart(9)} B (${formatBytes(s.bytes).padStart(10)})  gzip ${String(s.gzipBytes).padStart(8)} B (${formatBytes(s.gzipBytes).padStart(10)})  all chunks ${formatBytes(s.totalBytes).padStart(10)}`,
    );
  }
}

/**
 * Bundles the Lambda functions with esbuild and writes dist/functions/sizes.json.
 * @param opts which functions, where, and whether fresh bundles may be reused
 * @returns the bundle sizes and whether the build was skipped
 */
export async function buildFunctions(opts: BuildFunctionsOptions = {}): Promise<BuildFunctionsResult> {
  const started = Date.now();
  const outDir = opts.outDir ?? FUNCTIONS_DIST_DIR;
  const all = bundleEntries();
  const selected = opts.functions ? all.filter((e) => opts.functions!.includes(e.name)) : all;
  const unknown = (opts.functions ?? []).filter((n) => !all.some((e) => e.name === n));
  if (unknown.length > 0) throw new Error(`Unknown function bundle(s): ${unknown.join(', ')}`);
  for (const { name, entry } of selected) {
    if (!existsSync(join(REPO_ROOT, entry))) throw new Error(`Function '${name}' has no entry point at ${entry}`);
  }
  const fns = selected.map((e) => e.name);

  const without = new Set(opts.without ?? []);
  const plugins = without.has('builtin-shims') ? [] : [BUILTINS_WITHOUT_ESM_NAMESPACE];
  const stale = opts.skipIfFresh ? new Set(staleBundles(outDir, fns)) : new Set(fns);
  if (stale.size === 0) {
    const sizes = fns.map((fn) => sizeOf(outDir, fn));
    const result = { skipped: true, built: [], sizes, durationMs: Date.now() - started };
    if (!opts.quiet) printSizes(sizes, true, result.durationMs);
    return result;
  }

  await Promise.all(
    selected
      .filter((e) => stale.has(e.name))
      .map(async ({ name: fn, entry }) => {
        const fnOut = join(outDir, fn);
        rmSync(fnOut, { recursive: true, force: true });
        mkdirSync(fnOut, { recursive: true });
        const result = await build({
          entryPoints: { index: join(REPO_ROOT, entry) },
          outdir: fnOut,
          // Code behind a dynamic import() (rarely used clients: Stripe, Cognito admin, S3 presigning,
          // SSM; the SDK's credential providers that Lambda's environment credentials never need)
          // goes to chunk files next to index.mjs, loaded on first use, not at cold start.
          splitting: true,
          chunkNames: 'chunks/[name]-[hash]',
          outExtension: { '.js': '.mjs' },
          metafile: true,
          absWorkingDir: REPO_ROOT,
          bundle: true,
          platform: 'node',
          target: 'node24',
          format: 'esm',
          // Prefer the ESM builds of dependencies (AWS SDK v3 ships them) so tree-shaking works.
          mainFields: ['module', 'main'],
          banner: { js: REQUIRE_BANNER },
          minify: true,
          treeShaking: true,
          sourcemap: 'linked',
          sourcesContent: false,
          legalComments: 'none',
          // The AWS SDK v3 is bundled on purpose (pinned version, smaller cold start after
          // tree-shaking); nothing is external except Node built-ins (implicit for platform node).
          external: [],
          plugins,
          logLevel: 'warning',
        });
        writeFileSync(join(fnOut, 'meta.json'), JSON.stringify(initFiles(result.metafile, fnOut)));
      }),
  );

  const sizes = fns.map((fn) => sizeOf(outDir, fn));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, 'sizes.json'),
    `${JSON.stringify({ builtAt: new Date().toISOString(), bundles: sizes }, null, 2)}\n`,
  );
  const result = { skipped: false, built: [...stale], sizes, durationMs: Date.now() - started };
  if (!opts.quiet) printSizes(sizes, false, result.durationMs);
  return result;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  buildFunctions().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
