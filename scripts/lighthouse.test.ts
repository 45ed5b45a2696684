import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { lighthouseTable, publicPages, seoCell, type LighthouseResult } from './lighthouse';

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

describe('publicPages', () => {
  it('lists every public page: home, listing, the first category and product, club, bundles, the five legal pages, sign-in', async () => {
    const server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/products') res.end(JSON.stringify({ items: [{ id: 'p-1' }, { id: 'p-2' }] }));
      else if (req.url === '/api/categories') res.end(JSON.stringify({ items: [{ id: 'c-1' }] }));
      else res.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const pages = await publicPages(base);
      expect(pages.map((p) => p.url.slice(base.length))).toEqual([
        '/',
        '/products',
        '/category/c-1',
        '/product/p-1',
        '/premium',
        '/bundles',
        '/legal/termini-e-condizioni',
        '/legal/privacy-policy',
        '/legal/politica-di-reso',
        '/legal/faq',
        '/legal/supporto',
        '/login',
      ]);
      expect(pages[2]!.page).toBe('/category/{id}');
    } finally {
      server.close();
    }
  });
});

/** A result whose SEO score and failed audits are these. */
const seoResult = (page: string, seo: number, failedAudits: string[]): LighthouseResult => ({
  ...result(page, [98], 98),
  seo,
  failedAudits,
});

describe('the SEO column', () => {
  it("names /login's is-crawlable failure as the single, intended one (robots.txt disallows /login)", () => {
    expect(seoCell(seoResult('/login', 66, ['seo:is-crawlable']))).toBe(
      '66 (only `is-crawlable`, intended: robots.txt disallows /login)',
    );
    expect(lighthouseTable([seoResult('/login', 66, ['seo:is-crawlable'])])).toContain(
      '| 66 (only `is-crawlable`, intended: robots.txt disallows /login) |',
    );
  });

  it('names any other failed SEO audit beside the intended one', () => {
    expect(seoCell(seoResult('/login', 58, ['seo:is-crawlable', 'seo:meta-description', 'accessibility:label']))).toBe(
      '58 (`is-crawlable`, intended: robots.txt disallows /login; also failed: `meta-description`)',
    );
  });

  it('shows the bare score elsewhere: a page blocked by mistake is no intended failure', () => {
    expect(seoCell(seoResult('/products', 66, ['seo:is-crawlable']))).toBe('66');
    expect(seoCell(seoResult('/login', 100, []))).toBe('100');
  });
});
