/**
 * `npm test`: every test, in order, with one summary line at the end.
 *  1. typecheck (tsc --noEmit, strict)
 *  2. lint: Prettier's check, ESLint, and the dependency rules between layers (dependency-cruiser)
 *  3. vitest: unit (shared rules, SPA helpers, CDK template assertions) and integration
 *     (handlers against DynamoDB Local, s3rver and cognito-local on free ports)
 *  4. SPA build, then Playwright end-to-end tests in Debian's Chromium against the local
 *     runtime started on free ports in a throwaway data folder
 * Exits non-zero when anything fails. Prints 'N passed, N failed' as its last line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../infra/local/ports';

const root = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-test-'));
const started = Date.now();
let passed = 0;
let failed = 0;
const steps: { name: string; ok: boolean; seconds: number }[] = [];

function run(name: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  steps.push({ name, ok, seconds: (Date.now() - t0) / 1000 });
  return ok;
}

const npx = (bin: string) => path.join(root, 'node_modules/.bin', bin);

// 1. typecheck
if (run('typecheck', npx('tsc'), ['-p', 'tsconfig.json', '--noEmit'])) passed += 1;
else failed += 1;

// 2. formatting, lint and the dependency rules between layers
if (run('lint (prettier, eslint, dependency rules)', 'npm', ['run', '--silent', 'lint'])) passed += 1;
else failed += 1;

// 3. vitest
const vitestJson = path.join(outDir, 'vitest.json');
run('vitest (unit + integration)', npx('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
try {
  const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    success: boolean;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.success || report.numFailedTests > 0 ? 0 : 1);
} catch {
  failed += 1;
}

// 4. e2e
if (
  run('build SPA', npx('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']) &&
  run('prerender landing pages', npx('tsx'), ['scripts/prerender.ts'])
) {
  const e2eJson = path.join(outDir, 'e2e.json');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-e2e-'));
  const env = {
    PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    S3_PORT: String(await freePort()),
    COGNITO_PORT: String(await freePort()),
    STRIPE_PORT: String(await freePort()),
    SUPPLIER_PORT: String(await freePort()),
    SNS_PORT: String(await freePort()),
    SECRETS_MANAGER_PORT: String(await freePort()),
    MAIL_PORT: String(await freePort()),
    MAIL_SMTP_PORT: String(await freePort()),
    // No fixed code: the browser tests read every emailed/SMS code from the runtime's outbox.log.
    COGNITO_FIXED_CODE: '',
    AURUM_DATA_DIR: dataDir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
  };
  run(
    'playwright e2e (Chromium)',
    npx('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    env,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const report = JSON.parse(fs.readFileSync(e2eJson, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
      errors?: unknown[];
    };
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected + (report.errors?.length ? 1 : 0);
  } catch {
    failed += 1;
  }
} else {
  failed += 1;
}

fs.rmSync(outDir, { recursive: true, force: true });
console.log('\nSummary:');
for (const s of steps) console.log(`  ${s.ok ? '✓' : '✗'} ${s.name} (${s.seconds.toFixed(1)} s)`);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && steps.every((s) => s.ok) ? 0 : 1);
