/**
 * CDK entry point. It bundles stale or missing Lambda functions itself (createBundledApp), so
 * `npx cdk synth` / `npx cdk deploy` work from a fresh clone. Two ways in:
 *  - through the CDK CLI (cdk.json: `npx tsx infra/bin/app.ts`; `npm run synth`, `npm run deploy`
 *    and `npx cdk ...`), which passes context and the output folder in CDK_CONTEXT_JSON / CDK_OUTDIR;
 *  - directly (`npx tsx infra/bin/app.ts [-c key=value ...]`, a synth without the CLI), which reads
 *    the context of cdk.json itself, takes `-c key=value` arguments like the CLI and writes the
 *    cloud assembly to cdk.json's output folder (emptied first). Synthesis runs the same validations (cdk-nag,
 *    CloudFormation checks) either way and fails on unacknowledged errors.
 * The stage comes from `-c stage=` or the git branch; see infra/cdk-app.ts for stacks and context keys.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBundledApp } from '../cdk-app';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Parses CLI-style `-c key=value` / `--context key=value` arguments. */
export function parseContextArgs(argv: readonly string[]): Record<string, string> {
  const context: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    let pair: string | undefined;
    if (arg === '-c' || arg === '--context') pair = argv[++i];
    else if (arg.startsWith('--context=')) pair = arg.slice('--context='.length);
    if (!pair) continue;
    const eq = pair.indexOf('=');
    if (eq > 0) context[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return context;
}

const underCli = process.env.CDK_OUTDIR !== undefined || process.env.CDK_CONTEXT_JSON !== undefined;
if (underCli) {
  (await createBundledApp()).app.synth();
} else {
  const cdkJsonFile = join(REPO_ROOT, 'cdk.json');
  const cdkJson = (existsSync(cdkJsonFile) ? JSON.parse(readFileSync(cdkJsonFile, 'utf8')) : {}) as {
    output?: string;
    context?: Record<string, unknown>;
  };
  const outdir = resolve(REPO_ROOT, cdkJson.output ?? 'cdk.out');
  // A generated folder: start clean so no stack of another stage lingers in it.
  rmSync(outdir, { recursive: true, force: true });
  const { app, stage } = await createBundledApp({
    context: { ...cdkJson.context, ...parseContextArgs(process.argv.slice(2)) },
    outdir,
  });
  const assembly = app.synth();
  console.log(`Synthesised stage '${stage}' to ${outdir}: ${assembly.stacks.map((s) => s.stackName).join(', ')}`);
}
