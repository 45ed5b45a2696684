import { describe, expect, it } from 'vitest';
import {
  comparePages,
  comparisonTable,
  lockSatisfiedBy,
  median,
  parseAgainstArgs,
  SIDE_BY_SIDE_BUDGET,
} from './bench-against';
import type { LighthouseRun } from './lighthouse';

const run = (page: string, performance: number, lcpMs: number, benchmarkIndex = 2000): LighthouseRun => ({
  page,
  url: `http://127.0.0.1:3000${page}`,
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: lcpMs - 500,
  lcpMs,
  tbtMs: 100,
  cls: 0,
  siMs: lcpMs - 400,
  failedAudits: [],
  benchmarkIndex,
});

describe('parseAgainstArgs', () => {
  it('reads the ref, the rounds, the pages and --keep; without --against the bench runs as before', () => {
    expect(parseAgainstArgs(['--against', 'main', '--rounds', '7', '--pages', '/,/products', '--keep'])).toEqual({
      ref: 'main',
      rounds: 7,
      pages: ['/', '/products'],
      keep: true,
    });
    expect(parseAgainstArgs(['--against', 'abc123'])).toEqual({
      ref: 'abc123',
      rounds: 5,
      pages: ['/', '/products', '/product/{id}'],
      keep: false,
    });
    expect(parseAgainstArgs([])).toBeNull();
  });

  it('refuses a missing ref and rounds that are not a positive integer', () => {
    expect(() => parseAgainstArgs(['--against'])).toThrow(/git ref/);
    expect(() => parseAgainstArgs(['--against', '--rounds', '3'])).toThrow(/git ref/);
    expect(() => parseAgainstArgs(['--against', 'main', '--rounds', '0'])).toThrow(/positive integer/);
    expect(() => parseAgainstArgs(['--against', 'main', '--rounds', '2.5'])).toThrow(/positive integer/);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('comparePages', () => {
  it("takes each build's medians over its own runs, metric by metric, and their ratio", () => {
    const [home] = comparePages(['/'], {
      mine: [run('/', 90, 2000), run('/', 80, 3000), run('/', 95, 2100), run('/products', 50, 9000)],
      other: [run('/', 85, 2400), run('/', 88, 2500), run('/', 70, 4000)],
    });
    expect(home!.mine).toMatchObject({ performance: 90, performanceRange: [80, 95], lcpMs: 2100, runs: 3 });
    expect(home!.other).toMatchObject({ performance: 85, performanceRange: [70, 88], lcpMs: 2500, runs: 3 });
    expect(home!.ratio.lcp).toBe(0.84);
    expect(home!.performanceDifference).toBe(5);
    expect(home!.verdict).toEqual({ within: true, misses: [] });
  });

  it('names what misses the side-by-side budget: a slower LCP or a lower score than it allows', () => {
    const slower = SIDE_BY_SIDE_BUDGET.lcpRatio + 0.05;
    const [page] = comparePages(['/'], {
      mine: [run('/', 80 - SIDE_BY_SIDE_BUDGET.performanceDrop - 1, 2000 * slower)],
      other: [run('/', 80, 2000)],
    });
    expect(page!.verdict.within).toBe(false);
    expect(page!.verdict.misses).toEqual([
      `LCP ×${slower.toFixed(2)}`,
      `performance −${SIDE_BY_SIDE_BUDGET.performanceDrop + 1}`,
    ]);
  });
});

describe('comparisonTable', () => {
  it("shows both builds' medians and the ratio row with the verdict", () => {
    const table = comparisonTable(
      comparePages(['/'], { mine: [run('/', 96, 2200, 2500)], other: [run('/', 93, 2400, 2300)] }),
      { mine: 'this tree', other: 'main' },
    ).split('\n');
    expect(table[2]).toBe('| / | this tree | 96 (96–96) | 1.70 s | 2.20 s | 100 ms | 1.80 s | 2500 | 1 |');
    expect(table[3]).toBe('| / | main | 93 (93–93) | 1.90 s | 2.40 s | 100 ms | 2.00 s | 2300 | 1 |');
    expect(table[4]).toBe('| / | ratio (within budget) | +3 | ×0.89 | ×0.92 | ×1.00 | ×0.90 | | |');
  });
});

describe('lockSatisfiedBy', () => {
  const ours = {
    '': { version: '0.1.0' },
    'node_modules/react': { version: '19.3.0', integrity: 'sha512-r' },
    'node_modules/lightningcss': { version: '1.33.0', integrity: 'sha512-l' },
  };

  it("shares this tree's node_modules with a commit whose packages are all installed alike", () => {
    expect(lockSatisfiedBy({ '': { version: '0.0.9' }, 'node_modules/react': ours['node_modules/react'] }, ours)).toBe(
      true,
    );
  });

  it('does not when a package is missing or installed at another version', () => {
    expect(lockSatisfiedBy({ 'node_modules/zod': { version: '4.0.0', integrity: 'sha512-z' } }, ours)).toBe(false);
    expect(lockSatisfiedBy({ 'node_modules/react': { version: '19.2.0', integrity: 'sha512-o' } }, ours)).toBe(false);
  });
});
