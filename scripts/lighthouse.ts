/**
 * Lighthouse (mobile, default simulated throttling) on every public page of the shop, driving Debian's
 * Chromium (/usr/bin/chromium, or CHROME_PATH). Used by `npm run bench` against the local runtime
 * serving the production build; runnable alone against any running shop:
 *   npx tsx scripts/lighthouse.ts http://127.0.0.1:3000 [runs] [pages, e.g. premium,login]
 * Each page is measured `runs` times (default 1) and the run with the median performance score is
 * kept (Lighthouse's own advice for variance).
 */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { LEGAL_PAGES } from '../shared/constants';

/** One page's Lighthouse result: category scores 0-100 and the lab metrics. */
export interface LighthouseResult {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** First Contentful Paint, ms. */
  fcpMs: number;
  /** Largest Contentful Paint, ms. */
  lcpMs: number;
  /** Total Blocking Time, ms. */
  tbtMs: number;
  /** Cumulative Layout Shift (unitless). */
  cls: number;
  /** Speed Index, ms. */
  siMs: number;
  /** Audits that scored below 1 in accessibility, best practices or SEO (ids), to fix. */
  failedAudits: string[];
  /** Performance score of every run of the page, in run order (the result is the median run). */
  performanceRuns: number[];
  /**
   * Lighthouse's own measure of the machine's speed during the kept run (`environment.benchmarkIndex`,
   * higher is faster): this VM's speed varies, and the scores with it.
   */
  benchmarkIndex: number;
}

/**
 * Every public page the Lighthouse budget covers: home, the listing, the first category, the first
 * product of the catalogue, /premium, /bundles, each legal page (shared/constants.ts LEGAL_PAGES)
 * and /login.
 * @param baseUrl the shop's origin, e.g. 'http://127.0.0.1:3000' (no trailing slash)
 * @returns page labels ('/category/{id}') and absolute URLs, in that order
 * @throws when the catalogue has no product or no category
 */
export async function publicPages(baseUrl: string): Promise<{ page: string; url: string }[]> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const { items } = await get<{ items: { id: string }[] }>('/api/products');
  if (!items[0]) throw new Error('the catalogue is empty: no product page to measure');
  const { items: categories } = await get<{ items: { id: string }[] }>('/api/categories');
  if (!categories[0]) throw new Error('the catalogue has no category: no category page to measure');
  return [
    { page: '/', url: `${baseUrl}/` },
    { page: '/products', url: `${baseUrl}/products` },
    { page: '/category/{id}', url: `${baseUrl}/category/${categories[0].id}` },
    { page: '/product/{id}', url: `${baseUrl}/product/${items[0].id}` },
    { page: '/premium', url: `${baseUrl}/premium` },
    { page: '/bundles', url: `${baseUrl}/bundles` },
    ...LEGAL_PAGES.map((slug) => ({ page: `/legal/${slug}`, url: `${baseUrl}/legal/${slug}` })),
    { page: '/login', url: `${baseUrl}/login` },
  ];
}

const score = (v: number | null | undefined) => Math.round((v ?? 0) * 100);

/**
 * Audits a page fails by design ('category:audit-id' -> why), named in the table as the intended
 * failure instead of read as a miss. /login: robots.txt disallows it (sign-in pages stay out of
 * search engines, functions/publish/sitemap.ts), and Lighthouse's `is-crawlable` fails every page
 * robots.txt blocks, so its SEO score cannot reach 100.
 */
export const INTENDED_FAILURES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/login': { 'seo:is-crawlable': 'robots.txt disallows /login' },
};

/**
 * The SEO cell of a page's row: the score, and when the page fails an audit by design
 * (INTENDED_FAILURES), that audit named as intended and any other failed SEO audit named beside it.
 * @example seoCell({ page: '/login', seo: 66, failedAudits: ['seo:is-crawlable'] }) // '66 (only `is-crawlable`, intended: robots.txt disallows /login)'
 */
export function seoCell(r: Pick<LighthouseResult, 'page' | 'seo' | 'failedAudits'>): string {
  const intended = INTENDED_FAILURES[r.page] ?? {};
  const failed = r.failedAudits.filter((a) => a.startsWith('seo:'));
  const named = failed.filter((a) => a in intended);
  if (named.length === 0) return String(r.seo);
  const others = failed.filter((a) => !(a in intended));
  const audit = (a: string) => `\`${a.slice('seo:'.length)}\``;
  const why = named.map((a) => `${audit(a)}, intended: ${intended[a]}`).join('; ');
  return others.length === 0
    ? `${r.seo} (only ${why})`
    : `${r.seo} (${why}; also failed: ${others.map(audit).join(', ')})`;
}

/** One Lighthouse run of one page: LighthouseResult without the runs' scores. */
export type LighthouseRun = Omit<LighthouseResult, 'performanceRuns'>;

/**
 * Starts the headless Chromium the runs drive (CHROME_PATH, else Debian's /usr/bin/chromium).
 * @returns its debugging port and a function that ends it
 * @throws when Chromium cannot start
 */
export async function launchChromium(): Promise<{ port: number; kill: () => void }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  return { port: chrome.port, kill: () => chrome.kill() };
}

/**
 * One Lighthouse run (mobile, simulated throttling; performance, accessibility, best practices,
 * SEO) of one page in the Chromium listening on `port` (launchChromium). LH_DEBUG=1 prints the
 * audits that explain a score (LCP element, long tasks, render-blocking requests...) to stderr;
 * LH_SAVE_DIR=<folder> keeps each run's whole report there (JSON, one file a run).
 * @throws when Lighthouse returns nothing or reports a runtime error
 */
export async function lighthouseRun(page: string, url: string, port: number): Promise<LighthouseRun> {
  const out = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!out) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = out;
  if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.message}`);
  if (process.env.LH_SAVE_DIR) {
    fs.mkdirSync(process.env.LH_SAVE_DIR, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${page.replace(/[^a-z0-9]+/gi, '_')}.json`;
    fs.writeFileSync(path.join(process.env.LH_SAVE_DIR, name), JSON.stringify(lhr));
  }
  if (process.env.LH_DEBUG) {
    for (const id of [
      'layout-shifts',
      'largest-contentful-paint-element',
      'lcp-breakdown-insight',
      'bootup-time',
      'long-tasks',
      'render-blocking-insight',
      'network-dependency-tree-insight',
      'heading-order',
      'aria-allowed-role',
      'color-contrast',
    ]) {
      const a = lhr.audits[id];
      if (a) console.error(page, id, a.displayValue ?? '', JSON.stringify(a.details ?? {}).slice(0, 1500));
    }
  }
  const metric = (id: string) =>
    Math.round((lhr.audits[id]?.numericValue ?? NaN) * (id === 'cumulative-layout-shift' ? 1000 : 1)) /
    (id === 'cumulative-layout-shift' ? 1000 : 1);
  const failed = ['accessibility', 'best-practices', 'seo'].flatMap((c) =>
    lhr.categories[c]!.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map(
      (r) => `${c}:${r.id}`,
    ),
  );
  return {
    page,
    url,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    seo: score(lhr.categories.seo?.score),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    siMs: metric('speed-index'),
    failedAudits: failed,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * Runs Lighthouse on each page (`runs` times each, median performance kept) in one headless
 * Chromium.
 * @throws when Chromium cannot start or a run fails
 */
export async function runLighthouse(pages: { page: string; url: string }[], runs = 1): Promise<LighthouseResult[]> {
  const chrome = await launchChromium();
  try {
    const results: LighthouseResult[] = [];
    for (const { page, url } of pages) {
      const attempts: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) attempts.push(await lighthouseRun(page, url, chrome.port));
      const performanceRuns = attempts.map((a) => a.performance);
      const byScore = [...attempts].sort((a, b) => a.performance - b.performance);
      results.push({ ...byScore[Math.floor(byScore.length / 2)]!, performanceRuns });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/**
 * A Markdown table of the results (seconds with one decimal for FCP/LCP): the median run's
 * scores and metrics (SEO with its intended failures named: seoCell), the lowest and highest
 * performance score of the runs, and the median run's benchmarkIndex.
 */
export function lighthouseTable(results: LighthouseResult[]): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const range = (runs: number[]) =>
    runs.length > 1 ? `${Math.min(...runs)}–${Math.max(...runs)}` : String(runs[0] ?? '');
  return [
    '| Page | Performance | FCP | LCP | TBT | CLS | Accessibility | Best Practices | SEO | Performance, all runs | benchmarkIndex |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.page} | ${r.performance} | ${s(r.fcpMs)} | ${s(r.lcpMs)} | ${Math.round(r.tbtMs)} ms | ${r.cls} | ${r.accessibility} | ${r.bestPractices} | ${seoCell(r)} | ${range(r.performanceRuns)} | ${r.benchmarkIndex} |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const runs = Number(process.argv[3] ?? 1);
  // Optional: only the pages whose label contains one of these words, e.g. 'premium,login'.
  const only = process.argv[4]?.split(',');
  const pages = (await publicPages(base)).filter((p) => !only || only.some((w) => p.page.includes(w)));
  const results = await runLighthouse(pages, runs);
  console.log(lighthouseTable(results));
  for (const r of results) if (r.failedAudits.length) console.log(`${r.page}: ${r.failedAudits.join(', ')}`);
}
