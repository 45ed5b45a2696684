/**
 * `npm test`: every test, with one summary line at the end.
 *  - typecheck (tsc --noEmit, strict)
 *  - lint: Prettier's check, ESLint, and the dependency rules between layers (dependency-cruiser)
 *  - the builds: the SPA with its prerendered landing pages (what the local runtimes serve), the
 *    Lambda bundles (what the CDK app deploys)
 *  - vitest unit: shared rules, SPA helpers, CDK template assertions
 *  - vitest integration: handlers against DynamoDB Local, s3rver and cognito-local, started once
 *    on free ports (infra/local/test-global-setup.ts)
 *  - Playwright end-to-end tests in Debian's Chromium, in two lanes (E2E_LANE, see
 *    e2e/playwright.config.ts), each against a local runtime of its own on free ports in a
 *    throwaway data folder
 *
 * Steps run side by side: most of a test's time is spent waiting on a server or a browser, so
 * one step's wait is another's CPU. The builds go first, on their own; every other step starts
 * when the build it reads is done (the runtimes serve dist/web, the CDK app deploys dist/web and
 * dist/functions): typecheck, lint, the integration tests and both end-to-end lanes after the
 * SPA, the unit tests after both builds. Each output line starts with its step's name.
 * Exits non-zero when anything fails. Prints 'N passed, N failed' as its last line.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { ephemeralPortStart, freePort } from '../infra/local/ports';

const root = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-test-'));
const started = Date.now();
const npx = (bin: string) => path.join(root, 'node_modules/.bin', bin);

/**
 * Free ports (infra/local/ports.ts) come from a range per process: the end-to-end lanes' ports,
 * picked here long before their runtimes listen, and those the integration runtime and the unit
 * tests pick while those lanes start, can never be the same.
 */
const portRanges = (() => {
  const from = 15_000;
  const size = ephemeralPortStart() - from;
  const cut = (share: number) => from + Math.floor(size * share);
  const range = (a: number, b: number) => `${a}-${b - 1}`;
  return { lanes: range(from, cut(0.2)), integration: range(cut(0.2), cut(0.5)), unit: range(cut(0.5), from + size) };
})();
process.env.AURUM_FREE_PORTS = portRanges.lanes;

/** Passed and failed tests (a check counts as one test) as a finished step reports them. */
interface Counts {
  passed: number;
  failed: number;
}

interface Step {
  /** Prefix of the step's output lines and its name in the summary. */
  name: string;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
  /** The counts of a finished step (default: one check, passed when it exited 0). */
  counts?: (ok: boolean) => Counts;
}

const summary: { name: string; ok: boolean; seconds: number }[] = [];
/** How many of a step's last output lines are printed again, before the summary, when it fails. */
const TAIL_LINES = 60;
/** Each step's last output lines: a failure's cause is printed again where a log's tail shows it. */
const tails = new Map<string, string[]>();
let passed = 0;
let failed = 0;
const width = 12;

/**
 * Copies a child's output stream to ours, each line prefixed with the step's name, and keeps the
 * step's last TAIL_LINES lines (both streams, in arrival order) in `tails`.
 */
function relay(stream: NodeJS.ReadableStream, name: string, to: NodeJS.WriteStream): void {
  const prefix = `${name.padEnd(width)}│ `;
  const tail = tails.get(name) ?? [];
  tails.set(name, tail);
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    to.write(prefix + line + '\n');
    tail.push(stripVTControlCharacters(line));
    if (tail.length > TAIL_LINES) tail.shift();
  });
}

/** Runs a step to its end, adds its counts; resolves whether it succeeded. */
function run(step: Step): Promise<boolean> {
  const t0 = Date.now();
  console.log(`▶ ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    relay(child.stdout, step.name, process.stdout);
    relay(child.stderr, step.name, process.stderr);
    const done = (ok: boolean) => {
      const seconds = (Date.now() - t0) / 1000;
      summary.push({ name: step.name, ok, seconds });
      const counts = step.counts ? step.counts(ok) : { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
      passed += counts.passed;
      failed += counts.failed;
      console.log(`${ok ? '✓' : '✗'} ${step.name} (${seconds.toFixed(1)} s)`);
      resolve(ok);
    };
    child.on('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/** Counts of a vitest JSON report; a missing or unreadable report is one failure. */
function vitestCounts(file: string): () => Counts {
  return () => {
    try {
      const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        success: boolean;
      };
      return {
        passed: report.numPassedTests,
        failed: report.numFailedTests + (report.success || report.numFailedTests > 0 ? 0 : 1),
      };
    } catch {
      return { passed: 0, failed: 1 };
    }
  };
}

/** Counts of a Playwright JSON report; a missing report or a run-level error is one failure. */
function playwrightCounts(file: string): () => Counts {
  return () => {
    try {
      const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        stats: { expected: number; unexpected: number; flaky: number };
        errors?: unknown[];
      };
      return {
        passed: report.stats.expected + report.stats.flaky,
        failed: report.stats.unexpected + (report.errors?.length ? 1 : 0),
      };
    } catch {
      return { passed: 0, failed: 1 };
    }
  };
}

function vitest(project: 'unit' | 'integration'): Step {
  const json = path.join(outDir, `vitest-${project}.json`);
  return {
    name: project,
    cmd: npx('vitest'),
    args: ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    env: { AURUM_FREE_PORTS: portRanges[project] },
    counts: vitestCounts(json),
  };
}

/** An end-to-end lane: its own runtime on free ports, in a throwaway data folder. */
async function e2eLane(lane: 'a' | 'b'): Promise<Step & { dataDir: string }> {
  const json = path.join(outDir, `e2e-${lane}.json`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aurum-e2e-${lane}-`));
  return {
    name: `e2e ${lane}`,
    cmd: npx('playwright'),
    args: ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    env: {
      E2E_LANE: lane,
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
      PLAYWRIGHT_JSON_OUTPUT_NAME: json,
    },
    counts: playwrightCounts(json),
    dataDir,
  };
}

/** A build: a failure counts once, a success is no test. */
function build(name: string, cmd: string, args: string[]): Promise<boolean> {
  return run({ name, cmd, args, counts: (ok) => ({ passed: 0, failed: ok ? 0 : 1 }) });
}

/** The SPA build, then its prerendered landing pages. */
async function buildSpa(): Promise<boolean> {
  return (
    (await build('build SPA', npx('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])) &&
    (await build('prerender', npx('tsx'), ['scripts/prerender.ts']))
  );
}

const lanes = [await e2eLane('a'), await e2eLane('b')];
const spa = buildSpa();
// The Lambda bundles the CDK app deploys, built outside the unit tests' timed hooks.
const functions = build('build functions', npx('tsx'), ['infra/bundling/build-functions.ts']);
const steps: Promise<boolean>[] = [
  spa.then(() => run({ name: 'typecheck', cmd: npx('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] })),
  spa.then(() => run({ name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] })),
  spa.then(() => run(vitest('integration'))),
  Promise.all([spa, functions]).then(() => run(vitest('unit'))),
  // The end-to-end lanes need the SPA (its failure is counted already).
  spa.then(async (built) => built && (await Promise.all(lanes.map((lane) => run(lane)))).every(Boolean)),
];
await Promise.all(steps);
for (const lane of lanes) fs.rmSync(lane.dataDir, { recursive: true, force: true });
fs.rmSync(outDir, { recursive: true, force: true });

// A failed step's last lines again, next to the summary: a log read from its end (as CI shows it)
// then names the cause even when the other steps went on printing long after.
for (const s of summary.filter((step) => !step.ok)) {
  console.log(`\n✗ ${s.name}: its last ${TAIL_LINES} lines`);
  for (const line of tails.get(s.name) ?? []) console.log(`  ${line}`);
}

console.log('\nSummary:');
for (const s of summary) console.log(`  ${s.ok ? '✓' : '✗'} ${s.name} (${s.seconds.toFixed(1)} s)`);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && summary.every((s) => s.ok) ? 0 : 1);
