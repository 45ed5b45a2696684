import { describe, expect, it } from 'vitest';
import {
  latencyOf,
  readWithinBudget,
  scaledReadsTable,
  scaleReport,
  syntheticProducts,
  withSyntheticVariants,
  type ScaledRead,
} from './catalog-scale';

const kettlebell = {
  name: 'Kettlebell in ghisa',
  description: 'Ghisa verniciata a polvere.',
  category_id: 'cat-attrezzi',
  category_name: 'Attrezzi',
  price_cents: 4990,
  is_digital: false,
  premium_tier: 'none' as const,
};
const planner = {
  name: 'Workout planner',
  description: 'Dodici settimane di allenamento.',
  category_id: 'cat-digitali',
  category_name: 'Digitali',
  price_cents: 1900,
  is_digital: true,
  premium_tier: 'Premium' as const,
};

describe('syntheticProducts', () => {
  it('copies the templates in turn, each name numbered, ids distinct and created a millisecond apart', () => {
    const products = syntheticProducts(5, [kettlebell, planner], '2026-01-01T00:00:00.000Z');
    expect(products.map((p) => p.name)).toEqual([
      'Kettlebell in ghisa · modello 00000',
      'Workout planner · modello 00001',
      'Kettlebell in ghisa · modello 00002',
      'Workout planner · modello 00003',
      'Kettlebell in ghisa · modello 00004',
    ]);
    expect(products[1]).toMatchObject({
      description: 'Dodici settimane di allenamento.',
      category_id: 'cat-digitali',
      category_name: 'Digitali',
      price_cents: 1901,
      is_digital: true,
      premium_tier: 'Premium',
      quantity: 50,
      images: [],
    });
    expect(products[4]!.created_at).toBe('2026-01-01T00:00:00.004Z');
    expect(new Set(products.map((p) => p.id)).size).toBe(5);
  });

  it('refuses to build from no template', () => {
    expect(() => syntheticProducts(1, [], '2026-01-01T00:00:00.000Z')).toThrow(/no product/);
  });
});

describe('withSyntheticVariants', () => {
  const [base] = syntheticProducts(1, [kettlebell], '2026-01-01T00:00:00.000Z');

  it('a hundred variants: Peso by Colore, the first 100 combinations, SKUs distinct, the product summarising them', () => {
    const { product, variants } = withSyntheticVariants(base!, 100);
    expect(variants).toHaveLength(100);
    expect(product.options).toEqual([
      { name: 'Peso', values: ['2 kg', '4 kg', '6 kg', '8 kg', '10 kg', '12 kg', '14 kg', '16 kg', '18 kg', '20 kg'] },
      { name: 'Colore', values: Array.from({ length: 10 }, (_, i) => `Colore ${i + 1}`) },
    ]);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(100);
    expect(new Set(variants.map((v) => v.option_values.join('/'))).size).toBe(100);
    // the first variant keeps the product's id; prices 49,90 € up to 148,90 €, 10 pieces each
    expect(variants[0]!.id).toBe(base!.id);
    expect(product).toMatchObject({ price_cents: 4990, price_max_cents: 14890, quantity: 1000, variant_count: 100 });
  });

  it('five variants: one option, Taglia', () => {
    const { product, variants } = withSyntheticVariants(base!, 5);
    expect(product.options).toEqual([{ name: 'Taglia', values: ['T1', 'T2', 'T3', 'T4', 'T5'] }]);
    expect(variants.map((v) => v.option_values)).toEqual([['T1'], ['T2'], ['T3'], ['T4'], ['T5']]);
  });

  it('one variant: the product as it was, with its default variant', () => {
    const { product, variants } = withSyntheticVariants(base!, 1);
    expect(product).toBe(base);
    expect(variants).toMatchObject([{ id: base!.id, option_values: [], quantity: 50 }]);
  });

  it('refuses more variants than a product may have', () => {
    expect(() => withSyntheticVariants(base!, 101)).toThrow(/out of 1..100/);
  });
});

describe('latencyOf', () => {
  it('takes the nearest-rank p50 and p95 and the maximum, whatever the order', () => {
    const times = Array.from({ length: 20 }, (_, i) => 20 - i); // 20, 19, ..., 1
    expect(latencyOf(times)).toEqual({ p50: 11, p95: 20, max: 20, samples: 20 });
    expect(latencyOf([3.14159])).toEqual({ p50: 3.1, p95: 3.1, max: 3.1, samples: 1 });
  });

  it('refuses an empty sample', () => {
    expect(() => latencyOf([])).toThrow(/no request/);
  });
});

const read = (requests: [number, number], p95: [number, number]): ScaledRead => ({
  route: 'GET /api/products',
  small: { requests: requests[0], latency: { p50: 5, p95: p95[0], max: 30, samples: 100 } },
  large: { requests: requests[1], latency: { p50: 6, p95: p95[1], max: 40, samples: 100 } },
});

describe('readWithinBudget', () => {
  it('allows 2 DynamoDB requests and a p95 up to 20 % slower, no more', () => {
    expect(readWithinBudget(read([2, 2], [10, 12]))).toEqual({ requests: true, p95: true });
    expect(readWithinBudget(read([1, 3], [10, 12.1]))).toEqual({ requests: false, p95: false });
    const timedOut = read([1, 1], [10, 10]);
    timedOut.large.latency.failed = 3;
    expect(readWithinBudget(timedOut)).toEqual({ requests: true, p95: false });
    expect(scaledReadsTable([timedOut], 44, 50044).split('\n')[2]).toContain('| no: p95, 3 failed answers |');
  });
});

describe('scaledReadsTable', () => {
  it('shows both sizes, the growth of the p95 and what a read misses', () => {
    const table = scaledReadsTable([read([1, 1], [10, 11]), read([1, 4], [10, 25])], 44, 50044).split('\n');
    expect(table[0]).toBe(
      '| Read | requests (44) | p50 / p95 (44) | requests (50,044) | p50 / p95 (50,044) | p95 growth | within budget |',
    );
    expect(table[2]).toBe('| GET /api/products | 1 | 5 / 10 ms | 1 | 6 / 11 ms | +10 % | yes |');
    expect(table[3]).toBe('| GET /api/products | 1 | 5 / 10 ms | 4 | 6 / 25 ms | +150 % | no: requests, p95 |');
  });
});

describe('scaleReport', () => {
  it('states every measure of the run with its unit', () => {
    const report = scaleReport({
      smallCatalogue: 44,
      largeCatalogue: 50044,
      reads: [read([1, 1], [10, 11])],
      seedSeconds: 312.4,
      rebuild: { seconds: 400.5, indexSeconds: 9.1, pagesSeconds: 380.2, sitemapSeconds: 11.2, pages: 37000 },
      indexBytes: { public: 14_680_064, all: 19_608_371 },
      searchColdStart: { smallMs: 120, largeMs: 980, bareMs: 40, runs: 7 },
      publishOne: { pageSeconds: 2.5, sitemapSeconds: 2.9, indexSeconds: 2.1, searchSeconds: 6.4 },
      totalSeconds: 1850,
    });
    expect(report).toContain('| GET /api/products | 1 | 5 / 10 ms | 1 | 6 / 11 ms | +10 % | yes |');
    expect(report).toContain('| 120 ms at 44; 980 ms at 50,044 (bare node 40 ms) |');
    expect(report).toContain('| Seeding 50,000 products (BatchWriteItem by 25, 4 writers) | 312.4 s |');
    expect(report).toContain(
      '37,000 product pages, the sitemap | 400.5 s (indexes 9.1 s, pages 380.2 s, sitemap 11.2 s) |',
    );
    expect(report).toContain('| 14.0 MB, 18.7 MB |');
    expect(report).toContain('| 2.1 s, 2.5 s, 2.9 s |');
    expect(report).toContain('| 6.4 s |');
    expect(report).toContain('| Whole bench | 31 min |');
  });
});
