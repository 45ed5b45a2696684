import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapFiles, SITEMAP_MAX_URLS } from './sitemap';

const ORIGIN = 'https://shop.example.com';
const NOW = '2026-11-26T00:00:00.000Z';

describe('sitemapFiles', () => {
  it('writes an index naming one sitemap with absolute URLs, lastmod where known, text escaped', () => {
    const [index, part, ...rest] = sitemapFiles(
      ORIGIN,
      [{ path: '/' }, { path: '/product/a&b', lastmod: '2026-01-10T10:00:00.000Z' }],
      NOW,
    );
    expect(rest).toEqual([]);
    expect(index!.key).toBe('sitemap.xml');
    expect(index!.body).toContain(
      `<sitemap><loc>${ORIGIN}/sitemaps/sitemap-1.xml</loc><lastmod>${NOW}</lastmod></sitemap>`,
    );
    expect(part!.key).toBe('sitemaps/sitemap-1.xml');
    expect(part!.body).toContain(`<url><loc>${ORIGIN}/</loc></url>`);
    expect(part!.body).toContain(
      `<url><loc>${ORIGIN}/product/a&amp;b</loc><lastmod>2026-01-10T10:00:00.000Z</lastmod></url>`,
    );
    expect(
      part!.body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
  });

  it('splits at 50,000 URLs per sitemap, as the protocol requires', () => {
    const entries = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ path: `/product/${i}` }));
    const [index, first, second, ...rest] = sitemapFiles(ORIGIN, entries, NOW);
    expect(rest).toEqual([]);
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(first!.body.match(/<url>/g)).toHaveLength(50_000);
    expect(second!.body.match(/<url>/g)).toHaveLength(1);
    expect(second!.body).toContain(`${ORIGIN}/product/50000<`);
    expect(index!.body.match(/<sitemap>/g)).toHaveLength(2);
  });
});

describe('robotsTxt', () => {
  it('disallows the private areas and names the sitemap by its absolute URL', () => {
    const text = robotsTxt(ORIGIN);
    for (const path of ['/admin', '/cart', '/checkout', '/profile', '/wishlist', '/login'])
      expect(text).toContain(`\nDisallow: ${path}\n`);
    expect(text.startsWith('User-agent: *\n')).toBe(true);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(text).not.toMatch(/Disallow: \/\s*$/m);
  });
});
