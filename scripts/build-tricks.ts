/**
 * What each build trick of infra/bundling saves, measured: the bundles are built as deployed and
 * once without each trick (BUILD_TRICKS), plus any build folders given on the command line (e.g. a
 * previous version's dist/functions), and for every bundle the cold-start JS, the module init over
 * bare node and a cold request against a local runtime (scripts/lambda-cold-request.ts) are
 * measured in the same turns, so a change of the machine's speed hits every build alike. A trick
 * stays in the build when it saves at least 10 ms of init or 10 KB of cold-start JS.
 *
 *   npx tsx scripts/build-tricks.ts [runs] [label=folder ...]
 *
 * The local runtime takes the ports of PORT, DYNAMODB_PORT, S3_PORT, COGNITO_PORT, STRIPE_PORT,
 * SUPPLIER_PORT and SNS_PORT when set, free ones otherwise.
 * Prints one table per measure and writes build-tricks.json (git-ignored).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_TRICKS, buildFunctions, bundleFiles, FUNCTIONS_DIST_DIR } from '../infra/bundling/build-functions';
import { startLocalStack } from '../infra/local/stack';
import { freePort } from '../infra/local/ports';
import { importOnly, lambdaEnv, measureTurns, type TurnsResult, type Variant } from './lambda-init';
import { measureColdRequests, type ColdRequestContext } from './lambda-cold-request';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 21);
const extra: Variant[] = process.argv.slice(3).map((arg) => {
  const [label, dir] = arg.includes('=') ? (arg.split('=') as [string, string]) : [arg, arg];
  return { label, distDir: path.resolve(dir) };
});

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-build-tricks-'));
const variants: Variant[] = [{ label: 'as deployed', distDir: FUNCTIONS_DIST_DIR }];
await buildFunctions({ quiet: true });
for (const trick of BUILD_TRICKS) {
  const distDir = path.join(work, trick);
  await buildFunctions({ outDir: distDir, quiet: true, without: [trick] });
  variants.push({ label: `without ${trick}`, distDir });
}
variants.push(...extra);

/** Minified bytes a cold start loads, per bundle and variant. */
const initBytes = (v: Variant, fn: string) =>
  bundleFiles(v.distDir, fn).init.reduce((sum, f) => sum + fs.statSync(path.join(v.distDir, fn, f)).size, 0);

const init = await measureTurns(runs, variants, importOnly, (fn) => lambdaEnv(fn));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-build-tricks-data-'));
/** The port in the environment variable `name`, else a free one. */
const port = async (name: string) => Number(process.env[name] ?? (await freePort()));
const ports = {
  web: await port('PORT'),
  dynamodb: await port('DYNAMODB_PORT'),
  s3: await port('S3_PORT'),
  cognito: await port('COGNITO_PORT'),
  stripe: await port('STRIPE_PORT'),
  supplier: await port('SUPPLIER_PORT'),
  sns: await port('SNS_PORT'),
};
const stack = await startLocalStack({ dataDir, ports });
let cold: TurnsResult[];
try {
  cold = await measureColdRequests(runs, variants, await coldRequestContext(stack));
} finally {
  await stack.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The accounts and secret the cold requests need, from a running local runtime. */
async function coldRequestContext(s: Awaited<ReturnType<typeof startLocalStack>>): Promise<ColdRequestContext> {
  const { getPaymentSecrets } = await import('../functions/lib/secrets');
  const account = (role: string) => {
    const a = s.accounts.find((x) => x.role === role);
    if (!a) throw new Error(`no demo account with role ${role}`);
    return { sub: a.sub, email: a.email };
  };
  return {
    env: s.env,
    customer: account('user'),
    collaborator: account('collaborator'),
    admin: account('admin'),
    userPoolId: s.pool.userPoolId,
    webhookSecret: (await getPaymentSecrets()).stripe_webhook_secret!,
  };
}

const fns = init.map((r) => r.fn);
const header = `| Function | ${variants.map((v) => v.label).join(' | ')} |\n|---|${variants.map(() => '---').join('|')}|`;
const table = (cell: (fn: string, v: Variant) => string) =>
  [header, ...fns.map((fn) => `| ${fn} | ${variants.map((v) => cell(fn, v)).join(' | ')} |`)].join('\n');
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const report = [
  `Cold-start JS (minified, index.mjs and its static chunks):\n\n${table((fn, v) => kib(initBytes(v, fn)))}`,
  `Module init over bare node, ms (median of ${runs} turns):\n\n${table((fn, v) => String(init.find((r) => r.fn === fn)!.variants[v.label]!.overBareMs))}`,
  `Cold request over bare node, ms (init + first request to the local runtime; median of ${runs} turns):\n\n${table((fn, v) => String(cold.find((r) => r.fn === fn)!.variants[v.label]!.overBareMs))}`,
  `Bare \`node -e 0\`, median ms: init turns ${init.map((r) => r.bareMedianMs).join(', ')}; request turns ${cold.map((r) => r.bareMedianMs).join(', ')}.`,
].join('\n\n');
console.log(report);
fs.writeFileSync(
  path.join(root, 'build-tricks.json'),
  JSON.stringify(
    {
      runs,
      variants,
      init,
      cold,
      bytes: fns.map((fn) => ({ fn, ...Object.fromEntries(variants.map((v) => [v.label, initBytes(v, fn)])) })),
    },
    null,
    2,
  ),
);
fs.rmSync(work, { recursive: true, force: true });
