/**
 * Pure parts of the catalogue-at-scale bench (scripts/bench-catalog-scale.ts): the synthetic
 * catalogue it loads, the latency summary of a route and the Markdown table of the results.
 */
import type { ProductRecord, VariantRecord } from '../functions/data/catalog-items';
import { defaultVariant, variantSummary } from '../functions/data/items';
import { combinations, defaultSku, MAX_VARIANTS, type ProductOption } from '../shared/variants';
import type { PremiumTier } from '../shared/tiers';

/** A seeded product the synthetic ones are copied from: its texts, category and tier. */
export interface ProductTemplate {
  name: string;
  description: string;
  category_id: string;
  category_name: string;
  price_cents: number;
  is_digital: boolean;
  premium_tier: PremiumTier;
}

/**
 * `count` synthetic products made from the seeded ones' texts, so the search indexes, the
 * categories and the tiers hold what a real catalogue would: product i copies template
 * i % templates.length, its name suffixed with a model number ('Manubri esagonali · modello 00045'),
 * its price a few cents apart, with no image, no reviews and 50 in stock.
 * @param createdFrom ISO instant of product 0's created_at; product i is i ms later
 * @returns the records, ids random UUIDs
 * @throws Error when there is no template
 */
export function syntheticProducts(
  count: number,
  templates: readonly ProductTemplate[],
  createdFrom: string,
): ProductRecord[] {
  if (templates.length === 0) throw new Error('no product to copy the synthetic catalogue from');
  const start = Date.parse(createdFrom);
  return Array.from({ length: count }, (_, i) => {
    const t = templates[i % templates.length]!;
    return {
      id: crypto.randomUUID(),
      name: `${t.name} · modello ${String(i).padStart(5, '0')}`,
      description: t.description,
      price_cents: t.price_cents + (i % 100),
      image_url: null,
      category_id: t.category_id,
      category_name: t.category_name,
      badge: null,
      rating: 4,
      reviews: 0,
      is_digital: t.is_digital,
      digital_asset_id: null,
      quantity: 50,
      premium_tier: t.premium_tier,
      supplier_product_url: null,
      created_at: new Date(start + i).toISOString(),
      images: [],
    };
  });
}

/** Every how many synthetic products one has options (1 in 25: 2,000 of 50,000). */
export const VARIANT_PRODUCT_EVERY = 25;
/** The variant counts the products with options cycle through: from one to the most a product may have. */
export const VARIANT_COUNTS = [1, 2, 5, 10, 25, 50, MAX_VARIANTS] as const;

/**
 * The options a synthetic product with `count` variants has: 'Taglia' alone up to 10 values, else
 * 'Peso' by 'Colore' (10 weights by as many colours as needed), so the first `count` combinations
 * are its variants.
 */
export function syntheticOptions(count: number): ProductOption[] {
  const values = (name: string, n: number, label: (i: number) => string): ProductOption => ({
    name,
    values: Array.from({ length: n }, (_, i) => label(i)),
  });
  if (count <= 10) return [values('Taglia', count, (i) => `T${i + 1}`)];
  return [
    values('Peso', 10, (i) => `${(i + 1) * 2} kg`),
    values('Colore', Math.ceil(count / 10), (i) => `Colore ${i + 1}`),
  ];
}

/**
 * A synthetic product with `count` variants (pure): its options (syntheticOptions), the variants of
 * its first `count` combinations (the first keeps the product's id, as a default variant becomes the
 * first combination; prices a euro apart, 10 in stock each) and the product's summary of them.
 * `count` 1 gives the product without options and its default variant.
 * @throws Error when count is not 1..MAX_VARIANTS
 */
export function withSyntheticVariants(
  p: ProductRecord,
  count: number,
): { product: ProductRecord; variants: VariantRecord[] } {
  if (!Number.isInteger(count) || count < 1 || count > MAX_VARIANTS)
    throw new Error(`variant count ${count} out of 1..${MAX_VARIANTS}`);
  if (count === 1) return { product: p, variants: [defaultVariant(p)] };
  const options = syntheticOptions(count);
  const variants = combinations(options)
    .slice(0, count)
    .map((values, i) => ({
      ...defaultVariant({ ...p, price_cents: p.price_cents + i * 100, quantity: 10 }),
      ...(i === 0 ? {} : { id: crypto.randomUUID() }),
      sku: defaultSku(p.id, i),
      option_values: values,
      position: i,
    }));
  const { announce_reduction: _announce, ...summary } = variantSummary(variants);
  return { product: { ...p, options, ...summary }, variants };
}

/** Latency of a route over sequential requests, ms rounded to 0.1. */
export interface Latency {
  p50: number;
  p95: number;
  max: number;
  /** Requests timed. */
  samples: number;
  /** Of those, answers other than 200 (e.g. the function's timeout); absent when none. */
  failed?: number;
}

/**
 * The p50, p95 and maximum of `times` (nearest rank: the value at floor(p × n) of the sorted list).
 * @param times request durations, ms (at least one)
 */
export function latencyOf(times: readonly number[]): Latency {
  if (times.length === 0) throw new Error('no request was timed');
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), max: at(1), samples: sorted.length };
}

/** One shopper read measured at both catalogue sizes. */
export interface ScaledRead {
  /** The route as a shopper calls it, e.g. 'GET /api/products?q=kettlebel'. */
  route: string;
  small: { requests: number; latency: Latency };
  large: { requests: number; latency: Latency };
}

/** The most DynamoDB requests a shopper read may send. */
export const MAX_READ_REQUESTS = 2;
/** How much slower (p95) a shopper read may be with the large catalogue than with the small one. */
export const MAX_P95_GROWTH = 0.2;

/**
 * Whether a read holds its budgets: at most MAX_READ_REQUESTS DynamoDB requests at both sizes, and
 * its p95 at the large size within MAX_P95_GROWTH of the small size's p95.
 */
export function readWithinBudget(r: ScaledRead): { requests: boolean; p95: boolean } {
  return {
    requests: r.small.requests <= MAX_READ_REQUESTS && r.large.requests <= MAX_READ_REQUESTS,
    p95:
      r.large.latency.p95 <= r.small.latency.p95 * (1 + MAX_P95_GROWTH) &&
      !r.large.latency.failed &&
      !r.small.latency.failed,
  };
}

/**
 * The Markdown table of the shopper reads: DynamoDB requests and p50/p95 at both sizes, the p95's
 * growth in percent, and whether the read holds its two budgets ('yes', or what it misses).
 */
export function scaledReadsTable(reads: readonly ScaledRead[], small: number, large: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const growth = (r: ScaledRead) => Math.round((r.large.latency.p95 / r.small.latency.p95 - 1) * 100);
  return [
    `| Read | requests (${n(small)}) | p50 / p95 (${n(small)}) | requests (${n(large)}) | p50 / p95 (${n(large)}) | p95 growth | within budget |`,
    '|---|---|---|---|---|---|---|',
    ...reads.map((r) => {
      const ok = readWithinBudget(r);
      const failed = (r.small.latency.failed ?? 0) + (r.large.latency.failed ?? 0);
      const misses = [
        ...(ok.requests ? [] : ['requests']),
        ...(ok.p95 ? [] : ['p95']),
        ...(failed ? [`${failed} failed answers`] : []),
      ];
      return `| ${r.route} | ${r.small.requests} | ${r.small.latency.p50} / ${r.small.latency.p95} ms | ${r.large.requests} | ${r.large.latency.p50} / ${r.large.latency.p95} ms | ${growth(r) >= 0 ? '+' : ''}${growth(r)} % | ${misses.length ? `no: ${misses.join(', ')}` : 'yes'} |`;
    }),
  ].join('\n');
}

/**
 * What the catalogue-at-scale bench measured: catalogue sizes; the shopper reads; seeding and the
 * full rebuild in seconds; the serialised indexes in bytes; the searching function's cold start
 * over bare node in ms (median of `runs` turns); one change's publication in seconds from the write.
 */
export interface CatalogScaleResult {
  smallCatalogue: number;
  largeCatalogue: number;
  reads: ScaledRead[];
  seedSeconds: number;
  rebuild: { seconds: number; indexSeconds: number; pagesSeconds: number; sitemapSeconds: number; pages: number };
  indexBytes: { public: number; all: number };
  searchColdStart: { smallMs: number; largeMs: number; bareMs: number; runs: number };
  publishOne: { pageSeconds: number; sitemapSeconds: number; indexSeconds: number; searchSeconds: number };
  totalSeconds: number;
}

/**
 * The Markdown of a run: the shopper reads' table (scaledReadsTable), then one table of the
 * other measures (search cold start, seeding, full rebuild, one change published, index sizes).
 */
export function scaleReport(r: CatalogScaleResult): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
  return [
    `Shopper reads through the local API, warm, sequential (p50 / p95 over up to the run's requests per read; DynamoDB requests counted on the functions' client), with ${n(r.smallCatalogue)} and ${n(r.largeCatalogue)} products (budgets: at most 2 requests, p95 within 20 %):`,
    '',
    scaledReadsTable(r.reads, r.smallCatalogue, r.largeCatalogue),
    '',
    '| Measure | Result |',
    '|---|---|',
    `| Search function cold start, index loaded (catalog bundle, fresh process, one visitor search), over bare node, median of ${r.searchColdStart.runs} | ${r.searchColdStart.smallMs} ms at ${n(r.smallCatalogue)}; ${r.searchColdStart.largeMs} ms at ${n(r.largeCatalogue)} (bare node ${r.searchColdStart.bareMs} ms) |`,
    `| Seeding ${n(r.largeCatalogue - r.smallCatalogue)} products (BatchWriteItem by 25, 4 writers) | ${r.seedSeconds} s |`,
    `| Full rebuild (npm run publish-site's work): both search indexes, ${n(r.rebuild.pages)} product pages, the sitemap | ${r.rebuild.seconds} s (indexes ${r.rebuild.indexSeconds} s, pages ${r.rebuild.pagesSeconds} s, sitemap ${r.rebuild.sitemapSeconds} s) |`,
    `| Serialised search indexes (public, all) | ${mb(r.indexBytes.public)}, ${mb(r.indexBytes.all)} |`,
    `| One product change (new name and price) until served: search index in S3, product page, sitemap | ${r.publishOne.indexSeconds} s, ${r.publishOne.pageSeconds} s, ${r.publishOne.sitemapSeconds} s |`,
    `| The same change found by the search through the API (adds the warm function's index refresh, at most 5 s) | ${r.publishOne.searchSeconds} s |`,
    `| Whole bench | ${Math.round(r.totalSeconds / 60)} min |`,
  ].join('\n');
}
