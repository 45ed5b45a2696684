/**
 * What each Lambda's cold start loads, checked on a fresh build of the bundles (temporary folder):
 * DynamoDB through the AWS SDK's document client (@aws-sdk/lib-dynamodb) in every bundle that
 * reads or writes the table; the rarely used clients (Stripe, Cognito admin, S3 and its presigner,
 * Secrets Manager, SSM, jose, the X-Ray SDK) and the automations' rare work (supplier page parser,
 * image sniffing, Lambda invoke, SNS) in chunks loaded on first use, never in the files module
 * initialisation imports; classic zod in no file (the schemas use zod/mini); the init size under a
 * regression ceiling per bundle; no file importing a Node built-in as an ES module
 * (infra/bundling's built-in shims), and importing a bundle not loading Node's undici (checked
 * in a fresh node). Init time (<= 120 ms over bare node) and a cold request's time are benchmarks
 * (`npm run bench`), not asserted here.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions, bundleFiles, REPO_ROOT, type BundleSize } from '../infra/bundling/build-functions';

/**
 * The init sizes (minified bytes a cold start loads) plus a small margin: a regression fails
 * here. Each bundle that touches DynamoDB carries the SDK's client core and document client.
 */
const INIT_CEILING_BYTES: Record<string, number> = {
  // Every function: the AWS SDK clients' policy reads the local runtime's longer answer timeout
  // (functions/lib/aws-client-config.ts), under 0.1 KB; three ceilings had less room than that.
  // Product variants (docs/decisions/0018-product-variants.md) raised the bundles that read or write
  // stock, prices or cart lines by 1-12 KB: the variant items and SKU claims (items.ts, keys.ts), the
  // per-variant stock writes (variant-stock.ts), the variant rules (shared/variants.ts); the variant
  // grid itself is a chunk admin-catalog loads on its first request.
  // Every API function maps a dependency's failure (throttled, timed out, failing on its side) to
  // 503 'riprova tra poco' (functions/lib/dependency-errors.ts): about a kilobyte each.
  // The search engine (MiniSearch, the Italian stemmer) and the index loader are a chunk loaded on
  // the first search, not at init. The category page and the showcase read pages (cursor, limit).
  catalog: 383_000,
  // Every API function checks the origin-verify header (Secrets Manager read at init's first request).
  // account: the billing data's check digits, the erased-profile check, sign-up (with the shop's own
  // codes: create, confirm, resend), newsletter and Termini routes; the receipt (pdfkit), the data
  // export and the erasure (Stripe, Cognito) are chunks loaded on first use. checkout: the
  // customer's withdrawal and the digital-content consent; the club's express request at checkout,
  // its texts and the membership's withdrawal fields (the club withdrawal itself is a chunk loaded
  // on first use); the flash sale's sold-out answer from reads (decision 0017).
  account: 418_000,
  cart: 366_500,
  checkout: 419_000,
  // webhooks: the order's use cases and the club's subscription sync are chunks loaded on the
  // first event that needs them (the orders module's entry, checkout's public entry)
  webhooks: 337_000,
  // admin: refunds, email jobs of status changes and security alerts; admin-catalog: price history and GPSR
  // admin also: 'Messaggi', the suppression list, the newsletter export (csv-stringify) and the club withdrawals' list
  admin: 420_500,
  // admin-catalog also reads the admin contract's route table (the payment methods' route)
  'admin-catalog': 433_500,
  // automations: the supplier import writes the showcase index's keys of premium-tier products
  automations: 403_500,
  'stock-sync': 325_000,
  'post-confirmation': 285_000,
  'pre-token-generation': 46_000,
  'release-reservations': 308_000,
  'lift-expired-bans': 300_000,
  // the erasure (Stripe) is a chunk loaded on the first orphan profile
  'erase-orphan-profiles': 300_000,
  // the payments reconciliation: Stripe and the orders module's use cases are chunks loaded when it runs;
  // about 5 KB more with product variants, whose order and stock code it shares with the orders module
  'reconcile-payments': 319_000,
  // the email functions: the job's table access at init; React Email, Nodemailer and SES on first send
  // custom-message renders its email with React Email loaded on first use (the email module's entry)
  'custom-message': 50_000,
  // email-worker and email-retry: the table keys' module (the club withdrawals' collection, the
  // showcase index, the sign-up codes) grew past the ceilings by bytes
  // (rendering, React Email, is loaded on the first send)
  'email-worker': 296_000,
  'email-retry': 296_000,
  // The publish consumer: DynamoDB and the search engine at init (every batch uses them), S3 on first use;
  // SSM, the KeyValueStore and CloudFront clients on first use in the cloud (never locally); the
  // product and category page templates; the search index's packed postings (packed when written,
  // unpacked term by term when loaded). Product variants: the ProductGroup JSON-LD, the variants
  // read per product with options and indexed for the search (about 4 KB).
  publish: 358_500,
  // SES bounce and complaint events (EventBridge) into the suppression list: the table client only
  'ses-events': 281_000,
};

/**
 * The bundles that do not load the table client at init: pre-token-generation asks Cognito for the
 * user's MFA settings (the profile write of a changed factor imports the table client on first use),
 * custom-message renders the account email.
 */
const WITHOUT_TABLE = ['pre-token-generation', 'custom-message'];
/** The bundles that never touch the table, not even lazily: no DynamoDB code in them at all. */
const NEVER_TABLE = ['custom-message'];

/** The DynamoDB client every other bundle loads at init: the SDK's document client and its DynamoDBClient. */
const DYNAMODB_PACKAGES = ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'];

/** Packages only some requests need: loaded on first use. */
const LAZY_PACKAGES = [
  'stripe',
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-ssm',
  '@aws-lambda-powertools/parameters',
  'jose',
  'aws-xray-sdk-core',
  // the SDK's credential providers other than the environment's (Lambda passes credentials in env vars)
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/nested-clients',
  // the automations' rare work: image type sniffing (import), job invoke ('Sincronizza ora'), SNS
  // notifications and subscriptions, and the supplier page parser (import, stock read from a page)
  'file-type',
  '@aws-sdk/client-lambda',
  '@aws-sdk/client-sns',
  'cheerio',
  'htmlparser2',
  'css-select',
  'parse5',
  'undici',
  'encoding-sniffer',
  'iconv-lite',
  'whatwg-encoding',
  // the receipt PDF (account)
  'pdfkit',
];

/**
 * Packages no bundle may contain at all, not even in a lazy chunk: cheerio's full build (parse5,
 * undici for fromURL, the encoding tables of loadBuffer). The extractor uses cheerio/slim and
 * decodes bytes with TextDecoder (functions/automations/decode-html.ts).
 */
const EXCLUDED_PACKAGES = [
  'parse5',
  'parse5-htmlparser2-tree-adapter',
  'undici',
  'encoding-sniffer',
  'iconv-lite',
  'whatwg-encoding',
  'whatwg-mimetype',
];

/** The sources of every JS file of a bundle (from the linked source maps; paths relative to the bundle's folder). */
function bundledSources(fn: string): string[] {
  const sources = new Set<string>();
  for (const f of bundleFiles(outDir, fn).all) {
    const map = JSON.parse(fs.readFileSync(path.join(outDir, fn, `${f}.map`), 'utf8')) as { sources: string[] };
    for (const source of map.sources) sources.add(source);
  }
  return [...sources];
}

/** npm packages with sources in any JS file of a bundle (from the linked source maps). */
function bundledPackages(fn: string): Set<string> {
  const packages = new Set<string>();
  for (const f of bundleFiles(outDir, fn).all) {
    const map = JSON.parse(fs.readFileSync(path.join(outDir, fn, `${f}.map`), 'utf8')) as { sources: string[] };
    for (const source of map.sources) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
      if (pkg) packages.add(pkg);
    }
  }
  return packages;
}

/**
 * Runs an ES module script in a fresh node with a Lambda's environment as deployed (no
 * NODE_OPTIONS: no --enable-source-maps), as a cold start would.
 */
function runInFreshNode(script: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'eu-south-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      TABLE_NAME: 'test',
      NODE_OPTIONS: '',
      ...env,
    },
    encoding: 'utf8',
  });
}

let outDir = '';
let sizes: BundleSize[] = [];

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-lambda-bundles-'));
  sizes = (await buildFunctions({ outDir, quiet: true })).sizes;
}, 900_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

describe('Lambda cold starts', () => {
  it('covers every bundle', () => {
    expect(sizes.map((s) => s.fn).sort()).toEqual(Object.keys(INIT_CEILING_BYTES).sort());
  });

  it('load the rarely used clients on first use, not at init', () => {
    for (const { fn } of sizes) {
      const files = bundleFiles(outDir, fn);
      expect(files.init).toContain('index.mjs');
      expect(files.initPackages.length, fn).toBeGreaterThan(3);
      expect(
        files.initPackages.filter((p) => LAZY_PACKAGES.includes(p)),
        fn,
      ).toEqual([]);
    }
  });

  it("keep the automations' supplier fetch (address checks) and product import out of the API function's init", () => {
    const automations = bundleFiles(outDir, 'automations');
    expect(automations.initPackages.filter((p) => ['ipaddr.js', 'p-limit'].includes(p))).toEqual([]);
    expect(bundledPackages('automations').has('ipaddr.js')).toBe(true);
  });

  it('keep the lazily loaded chunks next to index.mjs (deployed with it)', () => {
    const checkout = bundleFiles(outDir, 'checkout');
    expect(checkout.all.length).toBeGreaterThan(checkout.init.length);
    for (const f of checkout.all) expect(fs.existsSync(path.join(outDir, 'checkout', f)), f).toBe(true);
  });

  it('leave classic zod out: the schemas use zod/mini (no classic API, no locale tables)', () => {
    // initPackages only says 'zod'; the linked source maps name every file each output holds
    for (const { fn } of sizes) {
      for (const f of bundleFiles(outDir, fn).all) {
        const { sources } = JSON.parse(fs.readFileSync(path.join(outDir, fn, `${f}.map`), 'utf8')) as {
          sources: string[];
        };
        expect(
          sources.filter((s) => /node_modules\/zod\/(v4\/classic|v4\/locales|v3)\//.test(s)),
          `${fn}/${f}`,
        ).toEqual([]);
      }
    }
  });

  it("parse supplier pages with cheerio/slim in a lazily loaded chunk, without cheerio's full build", () => {
    for (const fn of ['automations', 'stock-sync']) {
      const packages = bundledPackages(fn);
      expect(packages.has('cheerio') && packages.has('htmlparser2'), fn).toBe(true);
      expect(
        bundleFiles(outDir, fn).initPackages.filter((p) => ['cheerio', 'htmlparser2'].includes(p)),
        fn,
      ).toEqual([]);
    }
    for (const { fn } of sizes)
      expect(
        [...bundledPackages(fn)].filter((p) => EXCLUDED_PACKAGES.includes(p)),
        fn,
      ).toEqual([]);
  });

  it('stay under the init-size regression ceiling', () => {
    // every bundle over its ceiling named at once, with its size and ceiling (bytes)
    const over = sizes
      .filter((s) => !(s.bytes <= INIT_CEILING_BYTES[s.fn]!))
      .map((s) => `${s.fn}: ${s.bytes} > ${INIT_CEILING_BYTES[s.fn]}`);
    expect(over).toEqual([]);
  });

  it("talk to DynamoDB through the AWS SDK's document client, loaded at init, and no hand-made protocol client", () => {
    for (const { fn } of sizes) {
      const { initPackages } = bundleFiles(outDir, fn);
      if (WITHOUT_TABLE.includes(fn))
        expect(
          initPackages.filter((p) => DYNAMODB_PACKAGES.includes(p)),
          fn,
        ).toEqual([]);
      else
        expect(
          initPackages.filter((p) => DYNAMODB_PACKAGES.includes(p)),
          fn,
        ).toEqual(DYNAMODB_PACKAGES);
      // the functions' own DynamoDB code is the client's configuration, nothing more
      expect(
        bundledSources(fn).flatMap((f) => /(?:^|\/)(functions\/lib\/dynamo[^/]*\.ts)$/.exec(f)?.[1] ?? []),
        fn,
      ).toEqual(NEVER_TABLE.includes(fn) ? [] : ['functions/lib/dynamo.ts']);
    }
  });

  it('import no Node built-in as an ES module, in any file (its namespace reads every export); only the banner takes node:module', () => {
    for (const { fn } of sizes) {
      for (const f of bundleFiles(outDir, fn).all) {
        const code = fs.readFileSync(path.join(outDir, fn, f), 'utf8');
        const imports = code.match(/(from|import)\s*["']node:[a-z0-9_/]+["']/g) ?? [];
        expect(
          imports.filter((i) => !/node:module/.test(i)),
          `${fn}/${f}`,
        ).toEqual([]);
      }
    }
  });

  it("do not load Node's undici (the fetch and WebSocket behind node:http's lazy exports) at init", () => {
    const urls = sizes.map(({ fn }) => pathToFileURL(path.join(outDir, fn, 'index.mjs')).href);
    const script = `const loaded = {}; for (const url of ${JSON.stringify(urls)}) { await import(url); loaded[url] = process.moduleLoadList.filter((m) => /undici/.test(m)); } process.stdout.write(JSON.stringify(loaded));`;
    const run = runInFreshNode(script);
    expect(run.status, run.stderr.slice(0, 2000)).toBe(0);
    const loaded = JSON.parse(run.stdout) as Record<string, string[]>;
    for (const url of urls) expect(loaded[url], url).toEqual([]);
  });

  it('evaluate every file of every bundle, lazily loaded chunks included (the require banner, the built-in shims)', () => {
    const files = sizes.flatMap(({ fn }) =>
      bundleFiles(outDir, fn).all.map((f) => pathToFileURL(path.join(outDir, fn, f)).href),
    );
    const script = `let failed = 0; for (const url of ${JSON.stringify(files)}) { try { await import(url); } catch (e) { failed++; console.error(url, e); } } process.exit(failed ? 1 : 0);`;
    const run = runInFreshNode(script);
    expect(files.length).toBeGreaterThan(sizes.length * 5);
    expect(run.status, run.stderr.slice(0, 2000)).toBe(0);
  });

  it('print error stacks in the TypeScript sources without --enable-source-maps (maps read on the first stack)', () => {
    // The Cognito trigger reads event.request: a null event fails inside functions/triggers/pre-token-generation.ts.
    const stackOf = (bundle: string) => {
      const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)}); try { await handler(null); } catch (e) { process.stdout.write(e.stack); }`;
      const run = runInFreshNode(script);
      expect(run.status, run.stderr).toBe(0);
      return run.stdout;
    };
    const mapped = stackOf(path.join(outDir, 'pre-token-generation', 'index.mjs'));
    expect(mapped).toMatch(/^TypeError: Cannot read properties of null \(reading 'request'\)\n/);
    // Source paths are the map's, relative to the bundle's folder ('../../' stripped): 'functions/...'
    // in dist/functions, the repository's path below / in this test's temporary folder.
    const source = fs
      .readFileSync(path.join(REPO_ROOT, 'functions', 'triggers', 'pre-token-generation.ts'), 'utf8')
      .split('\n');
    const failingLine = source.findIndex((l) => l.includes('event.request.')) + 1;
    expect(failingLine).toBeGreaterThan(0);
    expect(mapped).toMatch(
      new RegExp(`\\n {4}at \\S+ \\((\\S+/)?functions/triggers/pre-token-generation\\.ts:${failingLine}:\\d+\\)`),
    );
    expect(mapped).toMatch(/node_modules\/@middy\/core\/index\.js:\d+:\d+/);
    expect(mapped).not.toMatch(/index\.mjs:\d+:\d+/);
    // What an operator reads: Powertools' log line of an unhandled error names the source file.
    const event = JSON.stringify({ routeKey: 'GET /api/products', headers: {} }); // no requestContext: caller.ts fails
    const logScript = `const { handler } = await import(${JSON.stringify(pathToFileURL(path.join(outDir, 'catalog', 'index.mjs')).href)}); await handler(${event}, { awsRequestId: 'r', functionName: 'f', getRemainingTimeInMillis: () => 3000 });`;
    const logged = runInFreshNode(logScript, { AWS_LAMBDA_FUNCTION_NAME: 'aurum-catalog-test' });
    // ERROR lines go to stderr (Powertools' console.error)
    const line = `${logged.stdout}\n${logged.stderr}`.split('\n').find((l) => l.includes('"unhandled error"'));
    expect(line, logged.stdout + logged.stderr).toBeDefined();
    const { error } = JSON.parse(line!) as { error: { location: string; stack: string } };
    expect(error.location).toMatch(/^(\S+\/)?functions\/lib\/caller\.ts:\d+$/);
    expect(error.stack).toMatch(/\n {4}at \S+ \((\S+\/)?functions\/lib\/caller\.ts:\d+:\d+\)/);
    // Without its map, the bundle's frames keep their own location.
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-no-map-'));
    try {
      for (const f of bundleFiles(outDir, 'pre-token-generation').all) {
        fs.mkdirSync(path.dirname(path.join(bare, f)), { recursive: true });
        fs.copyFileSync(path.join(outDir, 'pre-token-generation', f), path.join(bare, f));
      }
      const unmapped = stackOf(path.join(bare, 'index.mjs'));
      expect(unmapped).toMatch(/\n {4}at \S+ \(file:\/\/\S+\/index\.mjs:\d+:\d+\)/);
      expect(unmapped).not.toMatch(/pre-token-generation\.ts/);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
