/**
 * The catalogue at scale: the local runtime with its seeded products, then with N more (50,000
 * by default, copied from the seed's texts: scripts/catalog-scale.ts; one in VARIANT_PRODUCT_EVERY
 * with options, from 1 to MAX_VARIANTS variants), measured the same way:
 *  - every shopper read of the catalogue through the local API: DynamoDB requests (counted on the
 *    functions' client) and latency (p50/p95/max over sequential warm requests), at both sizes;
 *  - the search (GET /api/products?q=) among them, warm;
 *  - the cold start of the searching function (the catalog bundle in a fresh process answering
 *    a search: module init, the index's GetObject and parse, the BatchGetItem), over bare node;
 *  - the seeding (BatchWriteItem by 25) and the publish step's full rebuild (both search indexes,
 *    every product page, the sitemap), timed;
 *  - one product change (a back-office style Put of a new name and price) until the served
 *    product page, the served sitemap and the search index in S3 all show it, and until the
 *    search through the API finds it (which adds the warm function's index refresh).
 * The relay (the publish consumer's event source mapping) is stopped while the N products are
 * written, as a bulk import would be followed by a full rebuild rather than N stream batches, and
 * started again (at the stream's LATEST position) for the single change.
 *
 * `npx tsx scripts/bench-catalog-scale.ts [N] [--json]` after `npm run build:web` and
 * `npm run build:functions`; `npm run bench` runs it in a child process (its functions' clients
 * must point at its own local runtime). Env BENCH_SCALE_REQUESTS: requests per read (default 100).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freeLocalPorts, startLocalStack } from '../infra/local/stack';
import { ensureTable } from '../infra/local/bootstrap';
import { startStreamRelay } from '../infra/local/stand-ins/dynamodb-streams';
import { runAsFunction } from '../infra/local/gateway/iam-guard';
import { STREAM_CONSUMERS } from '../functions/triggers';
import {
  latencyOf,
  syntheticProducts,
  VARIANT_COUNTS,
  VARIANT_PRODUCT_EVERY,
  withSyntheticVariants,
  type CatalogScaleResult,
  type Latency,
} from './catalog-scale';
import { MAX_VARIANTS } from '../shared/variants';
import { STAGE_THROTTLE } from '../infra/rate-limits';
import { lambdaEnv, measureTurns } from './lambda-init';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { acceptedValues, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV } from '../functions/lib/origin-verify';

const root = path.resolve(import.meta.dirname, '..');

/** A request sent by the functions to DynamoDB: command name. */
const sent: string[] = [];

/**
 * The least time between the starts of two requests, ms: every search is one route (GET
 * /api/products), and the local gateway enforces the stage's route throttle (STAGE_THROTTLE, 100 a
 * second with a burst of 200) as API Gateway does; back to back, a fast read would be answered
 * 429 and timed as a failure.
 */
const REQUEST_SPACING_MS = 1000 / STAGE_THROTTLE.rateLimit;

/**
 * Requests per read and how long each read may be sampled: at least 20 requests, then stop once
 * `budgetMs` have passed (an unbounded read at 50,000 products takes seconds a request). Requests
 * start at least REQUEST_SPACING_MS apart.
 */
async function timeRoute(url: string, count: number, budgetMs = 30_000): Promise<Latency> {
  const start = performance.now();
  let last = 0;
  const spaced = async () => {
    const wait = last + REQUEST_SPACING_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    last = performance.now();
  };
  for (let i = 0; i < 5 && performance.now() - start < budgetMs; i++) {
    await spaced();
    await (await fetch(url)).text(); // warm-up
  }
  const times: number[] = [];
  let failed = 0;
  const timed = performance.now();
  for (let i = 0; i < count; i++) {
    await spaced();
    const t = performance.now();
    const res = await fetch(url);
    await res.text();
    // A failed answer (the function's timeout: an unbounded read) is timed and counted, not fatal:
    // the run goes on to the other measures.
    if (res.status !== 200) failed++;
    times.push(performance.now() - t);
    if (i >= 19 && performance.now() - timed > budgetMs) break;
    if (i >= 4 && performance.now() - timed > 4 * budgetMs) break;
  }
  return { ...latencyOf(times), failed };
}

/** DynamoDB requests the functions send to answer one request of `url` (its status beside them). */
async function requestsOf(url: string): Promise<number> {
  sent.length = 0;
  const res = await fetch(url);
  await res.text();
  return sent.length;
}

/** A shopper read: its route, its path, and another path for the large catalogue when it reads another item. */
interface ShopperRead {
  route: string;
  path: string;
  largePath?: string;
}

/**
 * The shopper reads of the catalogue, as paths of the local API. The product page of a product with
 * options reads the seeded one with the most variants, then a synthetic one with MAX_VARIANTS.
 */
async function shopperReads(base: string, withOptions: { id: string } | undefined): Promise<ShopperRead[]> {
  const { items } = (await (await fetch(`${base}/api/products`)).json()) as {
    items: { id: string; category_id: string }[];
  };
  const product = items.find((p) => p.category_id) ?? items[0]!;
  return [
    ...(withOptions
      ? [
          {
            route: `GET /api/products/{id} with options (seeded; then ${MAX_VARIANTS} variants)`,
            path: `/api/products/${withOptions.id}`,
          },
        ]
      : []),
    { route: 'GET /api/products', path: '/api/products' },
    { route: 'GET /api/products?category_id={id}', path: `/api/products?category_id=${product.category_id}` },
    { route: 'GET /api/products/{id}', path: `/api/products/${product.id}` },
    { route: 'GET /api/products/{id}/comments', path: `/api/products/${product.id}/comments` },
    { route: 'GET /api/categories', path: '/api/categories' },
    { route: 'GET /api/categories/{id}', path: `/api/categories/${product.category_id}` },
    { route: 'GET /api/premium-products', path: '/api/premium-products' },
    { route: 'GET /api/bundles', path: '/api/bundles' },
    { route: 'GET /api/products?q=kettlebel', path: '/api/products?q=kettlebel' },
    { route: 'GET /api/products?q=manubrio', path: '/api/products?q=manubrio' },
    { route: 'GET /api/products?q=tappetino yoga', path: '/api/products?q=tappetino%20yoga' },
    // a variant named by its option value ('16 kg', a one-letter size)
    { route: 'GET /api/products?q=kettlebell 16 kg', path: '/api/products?q=kettlebell%2016%20kg' },
    { route: 'GET /api/products?q=cintura L', path: '/api/products?q=cintura%20L' },
  ];
}

/**
 * The origin-verify header the distribution adds to every request (the secret's current value):
 * without it the function refuses the event as not coming through the shop's site.
 */
async function distributionHeaders(env: Record<string, string>): Promise<Record<string, string>> {
  const id = env[ORIGIN_VERIFY_SECRET_ENV];
  if (!id) return {};
  const client = new SecretsManagerClient({});
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: id }));
    const value = acceptedValues(SecretString ?? null)[0];
    return value ? { [ORIGIN_VERIFY_HEADER]: value } : {};
  } finally {
    client.destroy();
  }
}

/** A payload-v2 API event of a visitor's search, as API Gateway hands it to the catalog function. */
function searchEvent(q: string, headers: Record<string, string>) {
  const now = new Date();
  return {
    version: '2.0',
    routeKey: 'GET /api/products',
    rawPath: '/api/products',
    rawQueryString: `q=${encodeURIComponent(q)}`,
    queryStringParameters: { q },
    headers,
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'GET', path: '/api/products', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: crypto.randomUUID(),
      routeKey: 'GET /api/products',
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
}

/**
 * The searching function's cold start: a fresh process imports the catalog bundle and answers
 * one visitor search (the index read from the search bucket and parsed), over a bare node; the
 * median of `runs` turns.
 */
async function searchColdStart(env: Record<string, string>, runs: number): Promise<{ ms: number; bareMs: number }> {
  const { POWERTOOLS_DEV: _dev, ...fnEnv } = env;
  const event = searchEvent('manubrio', await distributionHeaders(env));
  const script = (bundleUrl: string) => `
    const { handler } = await import(${JSON.stringify(bundleUrl)});
    const r = await handler(${JSON.stringify(event)}, {
      functionName: 'aurum-catalog-bench', awsRequestId: crypto.randomUUID(), getRemainingTimeInMillis: () => 10000,
    });
    if (r.statusCode !== 200 || JSON.parse(r.body).items.length === 0) {
      console.error('unexpected answer', JSON.stringify(r).slice(0, 800)); process.exit(1);
    }`;
  const [turns] = await measureTurns(
    runs,
    [{ label: 'build', distDir: path.join(root, 'dist/functions') }],
    script,
    (fn) => lambdaEnv(fn, { ...fnEnv, LOG_LEVEL: 'WARN' }),
    ['catalog'],
  );
  return { ms: Math.round(turns!.variants.build!.overBareMs), bareMs: Math.round(turns!.bareMedianMs) };
}

/** Polls `check` every 100 ms until it holds; seconds since `since` (performance.now()). */
async function secondsUntil(since: number, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<number> {
  while (!(await check())) {
    if (performance.now() - since > timeoutMs) throw new Error('the change was not published in time');
    await new Promise((r) => setTimeout(r, 100));
  }
  return Math.round((performance.now() - since) / 100) / 10;
}

/**
 * Runs the bench in a throwaway local runtime (its own data folder and free ports).
 * @param count products added to the seeded ones
 * @param log progress lines
 */
export async function benchCatalogScale(
  count = 50_000,
  log: (m: string) => void = () => {},
): Promise<CatalogScaleResult> {
  const started = performance.now();
  const requestsPerRead = Number(process.env.BENCH_SCALE_REQUESTS ?? 100);
  const coldRuns = Number(process.env.BENCH_SCALE_COLD_RUNS ?? 7);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-scale-'));
  const ports = await freeLocalPorts();
  const stack = await startLocalStack({ dataDir, ports, clientRateLimits: false });
  let relay: Awaited<ReturnType<typeof startStreamRelay>> | null = null;
  try {
    const base = stack.url;
    const { ddb } = await import('../functions/lib/dynamo');
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'scaleBenchRecorder' },
    );
    const { listProducts, listCategories } = await import('../functions/data/catalog-repository');
    const seeded = await listProducts();
    const seededWithOptions = seeded
      .filter((p) => p.options?.length && p.premium_tier === 'none')
      .sort((a, b) => (b.variant_count ?? 0) - (a.variant_count ?? 0))[0];
    const reads = await shopperReads(base, seededWithOptions);
    const measure = async (large: boolean) => {
      const out: { requests: number; latency: Latency }[] = [];
      for (const r of reads) {
        const url = `${base}${large ? (r.largePath ?? r.path) : r.path}`;
        out.push({ requests: await requestsOf(url), latency: await timeRoute(url, requestsPerRead) });
        log(`${r.route}: ${out.at(-1)!.requests} requests, p95 ${out.at(-1)!.latency.p95} ms`);
      }
      return out;
    };
    log(`${seeded.length} products: shopper reads`);
    const small = await measure(false);
    const smallCold = await searchColdStart(stack.env, coldRuns);
    log(`search cold start at ${seeded.length}: ${smallCold.ms} ms over bare node`);

    // The N products, written with the relay stopped (a bulk load, published by the full rebuild).
    await stack.relay.stop();
    const categories = new Map((await listCategories()).map((c) => [c.id, c.name]));
    const templates = seeded
      .filter((p) => p.category_id && categories.has(p.category_id))
      .map((p) => ({
        name: p.name,
        description: p.description,
        category_id: p.category_id!,
        category_name: categories.get(p.category_id!)!,
        price_cents: p.price_cents,
        is_digital: p.is_digital,
        premium_tier: p.premium_tier,
      }));
    const { batchWrite } = await import('../functions/data/batch');
    const { productItems } = await import('../functions/data/items');
    let t = performance.now();
    // One product in VARIANT_PRODUCT_EVERY has options, its variant count cycling through
    // VARIANT_COUNTS (1 to MAX_VARIANTS); a physical, non-premium one for the product page's read.
    const bulk = syntheticProducts(count, templates, '2026-01-01T00:00:00.000Z').map((p, i) =>
      i % VARIANT_PRODUCT_EVERY === 0 && !p.is_digital
        ? withSyntheticVariants(p, VARIANT_COUNTS[(i / VARIANT_PRODUCT_EVERY) % VARIANT_COUNTS.length]!)
        : { product: p, variants: undefined },
    );
    const largest = bulk.find((b) => b.variants?.length === MAX_VARIANTS && b.product.premium_tier === 'none');
    const optionsRead = reads.find((r) => r.route.includes('with options'));
    if (optionsRead && largest) optionsRead.largePath = `/api/products/${largest.product.id}`;
    for (let i = 0; i < bulk.length; i += 5_000)
      await Promise.all(
        // Four writers at a time (DynamoDB Local serialises the rest).
        [0, 1, 2, 3].map((k) => {
          const slice = bulk.slice(i + (k * 5_000) / 4, i + ((k + 1) * 5_000) / 4);
          return batchWrite(slice.flatMap((b) => productItems(b.product, b.variants).map((put) => ({ put }))));
        }),
      );
    const seedSeconds = Math.round((performance.now() - t) / 100) / 10;
    const variantItems = bulk.reduce((n, b) => n + (b.variants?.length ?? 1), 0);
    log(`${count} products (${variantItems} variants) written in ${seedSeconds} s`);

    // The publish step's full rebuild, as `npm run publish-site` and the runtime's start run it.
    const [{ rebuildSearchIndexes }, { publishAllProductPages }, { rebuildSitemap }, { headObject }] =
      await Promise.all([
        import('../functions/publish/search-indexes'),
        import('../functions/publish/product-pages'),
        import('../functions/publish/sitemap'),
        import('../functions/lib/s3'),
      ]);
    t = performance.now();
    await runAsFunction('publish', () => rebuildSearchIndexes());
    const indexSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    const pages = await runAsFunction('publish', () => publishAllProductPages());
    const pagesSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    await runAsFunction('publish', () => rebuildSitemap());
    const sitemapSeconds = (performance.now() - t) / 1000;
    const s = (x: number) => Math.round(x * 10) / 10;
    const rebuild = {
      seconds: s(indexSeconds + pagesSeconds + sitemapSeconds),
      indexSeconds: s(indexSeconds),
      pagesSeconds: s(pagesSeconds),
      sitemapSeconds: s(sitemapSeconds),
      pages: pages.written,
    };
    log(`full rebuild: ${JSON.stringify(rebuild)}`);
    const searchBucket = stack.env.SEARCH_BUCKET!;
    const indexHead = (name: string) =>
      runAsFunction('catalog', () => headObject(searchBucket, `products/${name}.json`));
    const indexBytes = { public: (await indexHead('public'))?.size ?? 0, all: (await indexHead('all'))?.size ?? 0 };

    // Let the warm catalog function pick the new index up (its background refresh) before timing.
    await fetch(`${base}/api/products?q=manubrio`);
    await new Promise((r) => setTimeout(r, 6_000));
    for (let i = 0; i < 3; i++) await (await fetch(`${base}/api/products?q=manubrio`)).text();
    log(`${seeded.length + count} products: shopper reads`);
    const large = await measure(true);
    const largeCold = await searchColdStart(stack.env, coldRuns);
    log(`search cold start at ${seeded.length + count}: ${largeCold.ms} ms over bare node`);

    // One product change through the stream, until everything shows it.
    const { streamArn } = await ensureTable(stack.dynamodbEndpoint, stack.env.TABLE_NAME!);
    relay = await startStreamRelay({ endpoint: stack.dynamodbEndpoint, streamArn, consumers: STREAM_CONSUMERS });
    const { putProduct } = await import('../functions/data/catalog-repository');
    const target = bulk.find((b) => b.product.premium_tier === 'none' && !b.variants)!.product;
    const word = `Zefiro${Date.now() % 100_000}`;
    const updatedAt = new Date().toISOString();
    const indexBefore = (await indexHead('public'))!.etag;
    const t0 = performance.now();
    await putProduct({
      ...target,
      name: `${target.name} ${word}`,
      price_cents: target.price_cents + 500,
      updated_at: updatedAt,
    });
    const since = t0;
    const sitemapHas = async () => {
      const index = await (await fetch(`${base}/sitemap.xml`)).text();
      for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
        const file = await (await fetch(`${base}${new URL(loc!).pathname}`)).text();
        const at = file.indexOf(`/product/${target.id}</loc>`);
        if (at >= 0)
          return (
            file.slice(at, at + 200).includes(updatedAt.slice(0, 10)) && file.slice(at, at + 200).includes('lastmod')
          );
      }
      return false;
    };
    const [pageSeconds, indexSecondsOne, searchSeconds] = await Promise.all([
      secondsUntil(since, async () => (await (await fetch(`${base}/product/${target.id}`)).text()).includes(word)),
      secondsUntil(since, async () => (await indexHead('public'))?.etag !== indexBefore),
      secondsUntil(since, async () => {
        const found = (await (await fetch(`${base}/api/products?q=${word}`)).json()) as { items?: { id: string }[] };
        return found.items?.some((p) => p.id === target.id) ?? false;
      }),
    ]);
    // The sitemap's lastmod is the day of the change: checked once the page is out (the same batch writes both).
    const sitemapSeconds1 = await secondsUntil(since, sitemapHas);
    const publishOne = { pageSeconds, sitemapSeconds: sitemapSeconds1, indexSeconds: indexSecondsOne, searchSeconds };
    log(`one change published: ${JSON.stringify(publishOne)}`);

    return {
      smallCatalogue: seeded.length,
      largeCatalogue: seeded.length + count,
      reads: reads.map((r, i) => ({ route: r.route, small: small[i]!, large: large[i]! })),
      seedSeconds,
      rebuild,
      indexBytes,
      searchColdStart: { smallMs: smallCold.ms, largeMs: largeCold.ms, bareMs: largeCold.bareMs, runs: coldRuns },
      publishOne,
      totalSeconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    // Bounded: after a large run the runtime's stop took over a minute on a loaded machine, and
    // the result must come out regardless (the CLI then exits, which ends the children).
    const cleanup = async () => {
      await relay?.stop();
      await stack.stop();
    };
    await Promise.race([cleanup(), new Promise((settle) => setTimeout(settle, 30_000).unref())]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 50_000);
  const json = process.argv.includes('--json');
  const result = await benchCatalogScale(count, (m) => console.error(m));
  console.log(json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
  process.exit(0);
}
