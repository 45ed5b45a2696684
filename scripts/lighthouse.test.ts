import { describe, expect, it } from 'vitest';
import { lighthouseTable, type LighthouseResult } from './lighthouse';

const result = (page: string, performanceRuns: number[], performance: number): LighthouseResult => ({
  page,
  url: `http://127.0.0.1:3000${page}`,
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 1049,
  lcpMs: 2251,
  tbtMs: 141.6,
  cls: 0.009,
  siMs: 1100,
  failedAudits: [],
  performanceRuns,
  benchmarkIndex: 1866,
});

describe('lighthouseTable', () => {
  it("shows the median run's figures, the spread of the runs' scores and the machine's benchmarkIndex", () => {
    const table = lighthouseTable([result('/products', [96, 91, 99, 95, 97], 96), result('/', [98], 98)]).split('\n');
    expect(table[0]).toBe(
      '| Page | Performance | FCP | LCP | TBT | CLS | Accessibility | Best Practices | SEO | Performance, all runs | benchmarkIndex |',
    );
    expect(table[2]).toBe('| /products | 96 | 1.0 s | 2.3 s | 142 ms | 0.009 | 100 | 100 | 100 | 91–99 | 1866 |');
    expect(table[3]).toBe('| / | 98 | 1.0 s | 2.3 s | 142 ms | 0.009 | 100 | 100 | 100 | 98 | 1866 |');
  });
});
