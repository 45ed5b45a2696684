/**
 * `npm run bench -- --against <git ref>`: Lighthouse on the same pages of two builds side by side,
 * this working tree's and another commit's, in one sitting. The other commit is checked out in a
 * temporary git worktree (with hard links to this tree's node_modules when they hold every package
 * its package-lock.json names, else with its own `npm ci`), both are built with their own `npm run build:web`, and each is served
 * by its own local runtime (its own `infra/local/start.ts`: the same seed, its own publish step), on
 * free ports. Then rounds of one Lighthouse run a page and a build, the builds' order alternating
 * from one run to the next (this, other; other, this; ...), so a change of the machine's speed
 * hits both alike. Reported: each build's medians, the ratio of this build's to the other's, and
 * the load average before and after; the budget is a ratio (SIDE_BY_SIDE_BUDGET), since this
 * machine's absolute times vary 2-3x between days.
 *
 *   npm run bench -- --against main [--rounds 5] [--pages /,/products,/product/{id}] [--keep]
 *
 * --rounds: runs a page and a build (default 5); --pages: page labels of scripts/lighthouse.ts
 * publicPages (default the three landing routes); --keep: leave the temporary worktree and its
 * build (its path is printed). Writes bench-against.json (git-ignored); prints a Markdown table.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../infra/local/ports';
import { launchChromium, lighthouseRun, publicPages, type LighthouseRun } from './lighthouse';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The side-by-side budget of a page, this build against the other (normally main's): its median
 * LCP at most `lcpRatio` times the other's, its median performance score at most
 * `performanceDrop` points below.
 */
export const SIDE_BY_SIDE_BUDGET = { lcpRatio: 1.05, performanceDrop: 2 } as const;

/** The landing routes, measured when no --pages is given. */
const DEFAULT_PAGES = ['/', '/products', '/product/{id}'];

/** What `--against` was asked to do. */
export interface AgainstOptions {
  /** The other build's git ref (branch, tag, commit). */
  ref: string;
  /** Lighthouse runs a page and a build. */
  rounds: number;
  /** Page labels (scripts/lighthouse.ts publicPages). */
  pages: string[];
  /** Keep the temporary worktree. */
  keep: boolean;
}

/**
 * Reads `--against <ref> [--rounds N] [--pages a,b] [--keep]` from the command line.
 * @returns the options, or null without `--against`
 * @throws Error when `--against` has no ref or `--rounds` is not a positive integer
 */
export function parseAgainstArgs(argv: readonly string[]): AgainstOptions | null {
  const at = argv.indexOf('--against');
  if (at === -1) return null;
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  const ref = argv[at + 1];
  if (!ref || ref.startsWith('--')) throw new Error('--against needs a git ref, e.g. --against main');
  const rounds = Number(value('--rounds') ?? 5);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds needs a positive integer');
  return { ref, rounds, pages: value('--pages')?.split(',') ?? DEFAULT_PAGES, keep: argv.includes('--keep') };
}

/** The median of the numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One build's medians on one page over its runs. */
export interface BuildMedians {
  performance: number;
  performanceRange: [number, number];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  siMs: number;
  benchmarkIndex: number;
  runs: number;
}

/** Each metric's median over the runs (not the median run's metrics: each metric on its own). */
export function medians(runs: readonly LighthouseRun[]): BuildMedians {
  const of = (f: (r: LighthouseRun) => number) => median(runs.map(f));
  const scores = runs.map((r) => r.performance);
  return {
    performance: of((r) => r.performance),
    performanceRange: [Math.min(...scores), Math.max(...scores)],
    fcpMs: of((r) => r.fcpMs),
    lcpMs: of((r) => r.lcpMs),
    tbtMs: of((r) => r.tbtMs),
    siMs: of((r) => r.siMs),
    benchmarkIndex: Math.round(of((r) => r.benchmarkIndex)),
    runs: runs.length,
  };
}

/** Whether `mine` is within SIDE_BY_SIDE_BUDGET of `other`, and why not. */
export function sideBySideVerdict(mine: BuildMedians, other: BuildMedians): { within: boolean; misses: string[] } {
  const misses: string[] = [];
  const ratio = mine.lcpMs / other.lcpMs;
  if (ratio > SIDE_BY_SIDE_BUDGET.lcpRatio) misses.push(`LCP ×${ratio.toFixed(2)}`);
  const drop = other.performance - mine.performance;
  if (drop > SIDE_BY_SIDE_BUDGET.performanceDrop) misses.push(`performance −${drop}`);
  return { within: misses.length === 0, misses };
}

/** Runs a command to its end, its output on this terminal. @throws Error when it fails */
function run(command: string, args: string[], cwd: string): void {
  const done = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed`);
}

function git(args: string[], cwd = root): string {
  const done = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`git ${args.join(' ')}: ${done.stderr.trim()}`);
  return done.stdout.trim();
}

/** A local runtime started by a tree's own `infra/local/start.ts`, in a child process. */
interface Served {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/**
 * Starts `dir`'s local runtime (`tsx infra/local/start.ts`, this tree's tsx) on free ports, with a
 * fresh data folder, no stock sync at start and no per-client limits (every Lighthouse request
 * comes from 127.0.0.1).
 * @returns once it prints its URL ('pronto in … s: http://…')
 * @throws Error when it exits or has not started within 5 minutes
 */
async function serve(dir: string, label: string): Promise<Served> {
  const names = [
    'PORT',
    'DYNAMODB_PORT',
    'S3_PORT',
    'COGNITO_PORT',
    'STRIPE_PORT',
    'SUPPLIER_PORT',
    'SNS_PORT',
    'SECRETS_MANAGER_PORT',
    'MAIL_PORT',
    'MAIL_SMTP_PORT',
  ];
  const ports: Record<string, string> = {};
  for (const name of names) ports[name] = String(await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aurum-against-data-${label}-`));
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'infra/local/start.ts'], {
    cwd: dir,
    // Its own process group: stopped as a whole (DynamoDB Local's JVM is its child).
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...ports,
      AURUM_DATA_DIR: dataDir,
      STOCK_SYNC_ON_START: '0',
      CLIENT_RATE_LIMITS: '0',
    },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: not started within 5 minutes\n${output}`)), 300_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /pronto in [\d.]+ s: (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!.replace(/\/$/, ''));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label}: the local runtime exited (${code})\n${output.slice(-3000)}`));
    });
  });
  // Keep draining its output so it never blocks on a full pipe.
  child.stdout!.resume();
  child.stderr!.resume();
  return { url, child, dataDir };
}

/** Stops a runtime started by serve: SIGTERM (it stops its services), its group killed after 20 s. */
async function stop(served: Served): Promise<void> {
  const { child } = served;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000).unref());
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  fs.rmSync(served.dataDir, { recursive: true, force: true });
}

/** The installed packages of a package-lock.json (lockfile v2/v3 `packages`, the root excluded). */
type LockPackages = Record<string, { version?: string; integrity?: string }>;

/**
 * Whether a tree locked by `theirs` can use the node_modules installed from `ours`: every package
 * `theirs` installs is in `ours` at the same place, version and integrity (a commit that only
 * added packages since, or none, shares this tree's node_modules).
 */
export function lockSatisfiedBy(theirs: LockPackages, ours: LockPackages): boolean {
  return Object.entries(theirs).every(([where, pkg]) => {
    if (where === '') return true;
    const mine = ours[where];
    return mine !== undefined && mine.version === pkg.version && mine.integrity === pkg.integrity;
  });
}

/**
 * Checks out `sha` in a temporary worktree with node_modules: this tree's (hard links) when they
 * satisfy its lock file (lockSatisfiedBy), else its own `npm ci`.
 * @returns the worktree's folder
 */
function checkout(sha: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aurum-against-${sha.slice(0, 8)}-`));
  git(['worktree', 'add', '--detach', dir, sha]);
  const lock = (d: string) =>
    (JSON.parse(fs.readFileSync(path.join(d, 'package-lock.json'), 'utf8')) as { packages: LockPackages }).packages;
  // A copy of hard links, not a symlink: the build must find its packages inside its own tree (a
  // symlink resolves outside it, and path-matched build tricks then miss: MUI's theme without CSS
  // variables, 4.7 KB gzipped more on every route).
  if (lockSatisfiedBy(lock(dir), lock(root))) run('cp', ['-al', path.join(root, 'node_modules'), dir], root);
  else run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  return dir;
}

/** The side-by-side result of one page. */
export interface PageComparison {
  page: string;
  mine: BuildMedians;
  other: BuildMedians;
  /** This build's median over the other's (LCP, FCP, TBT, Speed Index), and the score difference. */
  ratio: { lcp: number; fcp: number; tbt: number; si: number };
  performanceDifference: number;
  verdict: { within: boolean; misses: string[] };
}

/** Compares two builds' runs of each page (medians, ratios, the budget's verdict). */
export function comparePages(pages: string[], runs: Record<'mine' | 'other', LighthouseRun[]>): PageComparison[] {
  return pages.map((page) => {
    const mine = medians(runs.mine.filter((r) => r.page === page));
    const other = medians(runs.other.filter((r) => r.page === page));
    const r = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    return {
      page,
      mine,
      other,
      ratio: {
        lcp: r(mine.lcpMs, other.lcpMs),
        fcp: r(mine.fcpMs, other.fcpMs),
        tbt: r(mine.tbtMs, other.tbtMs),
        si: r(mine.siMs, other.siMs),
      },
      performanceDifference: mine.performance - other.performance,
      verdict: sideBySideVerdict(mine, other),
    };
  });
}

/** The comparison as a Markdown table: each build's medians, then the ratio row with the verdict. */
export function comparisonTable(comparisons: PageComparison[], labels: { mine: string; other: string }): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const row = (page: string, label: string, m: BuildMedians) =>
    `| ${page} | ${label} | ${m.performance} (${m.performanceRange[0]}–${m.performanceRange[1]}) | ${s(m.fcpMs)} | ${s(m.lcpMs)} | ${Math.round(m.tbtMs)} ms | ${s(m.siMs)} | ${m.benchmarkIndex} | ${m.runs} |`;
  const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
  return [
    '| Page | Build | Performance (range) | FCP | LCP | TBT | Speed Index | benchmarkIndex | runs |',
    '|---|---|---|---|---|---|---|---|---|',
    ...comparisons.flatMap((c) => [
      row(c.page, labels.mine, c.mine),
      row(c.page, labels.other, c.other),
      `| ${c.page} | ratio ${c.verdict.within ? '(within budget)' : `(misses: ${c.verdict.misses.join(', ')})`} | ${signed(c.performanceDifference)} | ×${c.ratio.fcp.toFixed(2)} | ×${c.ratio.lcp.toFixed(2)} | ×${c.ratio.tbt.toFixed(2)} | ×${c.ratio.si.toFixed(2)} | | |`,
    ]),
  ].join('\n');
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/**
 * Builds and serves this tree and `options.ref` side by side and runs Lighthouse on both in
 * alternating order (see the file's doc).
 * @returns the comparison of each page
 * @throws Error when the ref is unknown, a build or a runtime fails, or a page label is unknown
 */
export async function benchAgainst(options: AgainstOptions): Promise<PageComparison[]> {
  const sha = git(['rev-parse', '--verify', `${options.ref}^{commit}`]);
  const head = git(['rev-parse', '--short=8', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  const labels = {
    mine: `this tree (${head}${dirty ? ' + changes' : ''})`,
    other: `${options.ref} (${sha.slice(0, 8)})`,
  };
  const started = new Date();
  const loadBefore = load();
  console.log(`Side by side: ${labels.mine} against ${labels.other}; load average ${loadBefore}`);

  const otherDir = checkout(sha);
  const served: Served[] = [];
  try {
    run('npm', ['run', 'build:web'], root);
    run('npm', ['run', 'build:web'], otherDir);
    const mine = await serve(root, 'this');
    served.push(mine);
    const other = await serve(otherDir, 'other');
    served.push(other);

    // The same pages of each build (product and category ids come from each runtime's own seed).
    const pagesOf = async (url: string) => {
      const all = await publicPages(url);
      return options.pages.map((label) => {
        const page = all.find((p) => p.page === label);
        if (!page) throw new Error(`no page '${label}'; the pages: ${all.map((p) => p.page).join(', ')}`);
        return page;
      });
    };
    const targets = { mine: await pagesOf(mine.url), other: await pagesOf(other.url) };
    // A warm origin (its compressed-file cache filled, as a CDN edge's would be) for both.
    for (const p of [...targets.mine, ...targets.other]) await (await fetch(p.url)).text();

    const runs: Record<'mine' | 'other', LighthouseRun[]> = { mine: [], other: [] };
    const chrome = await launchChromium();
    try {
      let turn = 0;
      for (let round = 1; round <= options.rounds; round++) {
        for (let i = 0; i < options.pages.length; i++) {
          const order: ('mine' | 'other')[] = turn++ % 2 === 0 ? ['mine', 'other'] : ['other', 'mine'];
          for (const build of order) {
            const { page, url } = targets[build][i]!;
            const result = await lighthouseRun(page, url, chrome.port);
            runs[build].push(result);
            console.log(
              `round ${round}, ${page}, ${build === 'mine' ? 'this' : options.ref}: performance ${result.performance}, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, benchmarkIndex ${result.benchmarkIndex}`,
            );
          }
        }
      }
    } finally {
      chrome.kill();
    }

    const comparisons = comparePages(options.pages, runs);
    const loadAfter = load();
    const table = comparisonTable(comparisons, labels);
    console.log(
      `\nRun of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} CPUs, load average ${loadBefore} before and ${loadAfter} after; Lighthouse mobile (simulated throttling), ${options.rounds} interleaved rounds, medians; budget: LCP ≤ ×${SIDE_BY_SIDE_BUDGET.lcpRatio} and performance ≥ −${SIDE_BY_SIDE_BUDGET.performanceDrop} against ${options.ref}.\n\n${table}\n`,
    );
    fs.writeFileSync(
      path.join(root, 'bench-against.json'),
      JSON.stringify({ date: started.toISOString(), labels, sha, loadBefore, loadAfter, comparisons, runs }, null, 2),
    );
    return comparisons;
  } finally {
    for (const s of served) await stop(s);
    if (options.keep) console.log(`kept: ${otherDir}`);
    else {
      git(['worktree', 'remove', '--force', otherDir]);
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  }
}
