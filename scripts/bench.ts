/**
 * `npm run bench`: the speed and size budgets, measured (not asserted in tests, which would flake
 * on a busy machine). Prints a table and writes bench-results.json (git-ignored).
 *  - SPA build time and the initial JS the browser loads for '/' (gzipped)
 *  - Lambda bundle sizes (raw and gzipped)
 *  - local runtime: cold start (empty data folder: table, pool, seed) and warm start to the first page
 *  - API latency through the adapter (p50/p95/max over N requests) and the runtime's RSS
 *  - the supplier stock sync of 2,000 linked products (scripts/bench-stock-sync.ts): time, DynamoDB
 *    requests by command (writes only for changed levels) and supplier requests, API feed and pages
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { startLocalStack } from '../infra/local/stack';
import { freePort } from '../infra/local/ports';
import { buildFunctions } from './build-functions';

const root = path.resolve(import.meta.dirname, '..');
const N = Number(process.env.BENCH_REQUESTS ?? 200);
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length };

function gz(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

// SPA
let t = Date.now();
const build = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'silent'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('SPA build failed');
results.spaBuildSeconds = (Date.now() - t) / 1000;
const webDir = path.join(root, 'dist/web');
const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
results.spaInitialJs = initial.map((f) => ({ file: f, gzipBytes: gz(path.join(webDir, f)) }));
results.spaInitialJsGzipKiB = Math.round(initial.reduce((s, f) => s + gz(path.join(webDir, f)), 0) / 102.4) / 10;
const allJs = fs.readdirSync(path.join(webDir, 'assets')).filter((f) => f.endsWith('.js'));
results.spaTotalJsGzipKiB = Math.round(allJs.reduce((s, f) => s + gz(path.join(webDir, 'assets', f)), 0) / 102.4) / 10;

// Lambda bundles
const built = await buildFunctions({ quiet: true });
results.lambdaBundles = built.sizes.map((b) => ({ fn: b.fn, bytes: b.bytes, gzipBytes: b.gzipBytes }));

// The same ports for both starts: the functions' SDK clients keep the endpoints they were created with.
const ports = { web: await freePort(), dynamodb: await freePort(), s3: await freePort(), cognito: await freePort(), stripe: await freePort(), supplier: await freePort(), sns: await freePort() };
async function startTimed(dataDir: string) {
  const t0 = Date.now();
  const stack = await startLocalStack({ dataDir, ports });
  const res = await fetch(`${stack.url}/`);
  if (res.status !== 200) throw new Error(`first page: ${res.status}`);
  await res.text();
  return { stack, seconds: (Date.now() - t0) / 1000 };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-bench-'));
const cold = await startTimed(dataDir);
results.runtimeColdStartSeconds = cold.seconds;
await cold.stack.stop();
const warm = await startTimed(dataDir);
results.runtimeWarmStartSeconds = warm.seconds;

async function latency(url: string, headers: Record<string, string> = {}): Promise<{ p50: number; p95: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < 10; i++) await (await fetch(url, { headers })).text(); // warm-up
  for (let i = 0; i < N; i++) {
    const t1 = performance.now();
    const r = await fetch(url, { headers });
    await r.text();
    times.push(performance.now() - t1);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 10) / 10;
  return { p50: q(0.5), p95: q(0.95), max: q(1) };
}
const base = warm.stack.url;
const products = (await (await fetch(`${base}/api/products`)).json()) as { items: { id: string; category_id: string }[] };
const first = products.items[0]!;
results.apiLatencyMs = {
  'GET /api/products': await latency(`${base}/api/products`),
  'GET /api/products?q=manubri': await latency(`${base}/api/products?q=manubri`),
  'GET /api/products/{id}': await latency(`${base}/api/products/${first.id}`),
  'GET /api/categories/{id}': await latency(`${base}/api/categories/${first.category_id}`),
  'GET /api/bundles': await latency(`${base}/api/bundles`),
};

// Back office at catalogue scale: the admin product list's first page and the inventory alerts,
// before and after the table holds BACKOFFICE_PRODUCTS products (none of them alerting). Every
// DynamoDB request the functions send is recorded (command, index, items scanned, read units).
const BACKOFFICE_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const { dynamoClient } = await import('../functions/lib/dynamo');
const { ddb } = await import('../functions/lib/dynamo');
const { productItem } = await import('../functions/data/catalog-repository');
const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
const { CognitoIdentityProviderClient, InitiateAuthCommand } = await import('@aws-sdk/client-cognito-identity-provider');
type Sent = { command: string; index?: string; scanned?: number; rcu?: number };
const sent: Sent[] = [];
dynamoClient.middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as { IndexName?: string; ReturnConsumedCapacity?: string };
    if (context.commandName === 'QueryCommand') input.ReturnConsumedCapacity = 'TOTAL';
    const out = await next(args);
    const output = out.output as { ScannedCount?: number; ConsumedCapacity?: { CapacityUnits?: number } };
    sent.push({ command: String(context.commandName), ...(input.IndexName ? { index: input.IndexName } : {}), ...(output.ScannedCount !== undefined ? { scanned: output.ScannedCount } : {}), ...(output.ConsumedCapacity?.CapacityUnits !== undefined ? { rcu: output.ConsumedCapacity.CapacityUnits } : {}) });
    return out;
  },
  { step: 'initialize', name: 'benchRequestRecorder' },
);
const collaborator = warm.stack.accounts.find((a) => a.role === 'collaborator')!;
const auth = await new CognitoIdentityProviderClient({ endpoint: warm.stack.cognitoEndpoint, region: 'eu-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } })
  .send(new InitiateAuthCommand({ ClientId: warm.stack.pool.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: collaborator.email, PASSWORD: collaborator.password } }));
const staff = { authorization: `Bearer ${auth.AuthenticationResult!.IdToken!}` };
async function cost(path: string): Promise<{ requests: Sent[]; items: number }> {
  sent.length = 0;
  const res = await fetch(`${base}${path}`, { headers: staff });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  const body = (await res.json()) as { items?: unknown[]; sold_out?: unknown[]; low_stock?: unknown[] };
  return { requests: [...sent], items: body.items?.length ?? (body.sold_out?.length ?? 0) + (body.low_stock?.length ?? 0) };
}
const alertsSeedOnly = await cost('/api/admin/inventory-alerts');
const { listProducts } = await import('../functions/data/catalog-repository');
const seeded = (await listProducts()).length;
const now = Date.now();
const bulk = Array.from({ length: BACKOFFICE_PRODUCTS }, (_, i) => productItem({
  id: crypto.randomUUID(), name: `Prodotto di carico ${String(i).padStart(5, '0')}`, description: 'Articolo generato dal benchmark.', price_cents: 1000 + i,
  original_price_cents: null, image_url: null, category_id: null, category_name: null, badge: null, rating: 4, reviews: 0, is_digital: i % 10 === 0,
  digital_asset_id: null, quantity: 50, premium_tier: 'none', supplier_product_url: null, created_at: new Date(now + i).toISOString(), images: [],
}));
for (let i = 0; i < bulk.length; i += 25) {
  let pending: Record<string, unknown>[] = bulk.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
  while (pending.length) {
    const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [warm.stack.env.TABLE_NAME!]: pending } }));
    pending = (out.UnprocessedItems?.[warm.stack.env.TABLE_NAME!] ?? []) as Record<string, unknown>[];
  }
}
const alertsAtScale = await cost('/api/admin/inventory-alerts');
const firstPage = await cost('/api/admin/products');
const filtered = await cost('/api/admin/products?q=manubri');
const summary = (c: { requests: Sent[]; items: number }) => ({
  requests: c.requests.length,
  calls: c.requests.map((r) => `${r.command.replace('Command', '')}${r.index ? `(${r.index})` : ''}`),
  itemsScanned: c.requests.reduce((n, r) => n + (r.scanned ?? 0), 0),
  readUnits: Math.round(c.requests.reduce((n, r) => n + (r.rcu ?? 0), 0) * 10) / 10,
  itemsAnswered: c.items,
});
results.backOffice = {
  productsInTable: seeded + BACKOFFICE_PRODUCTS,
  adminProductsFirstPage: { ...summary(firstPage), latencyMs: await latency(`${base}/api/admin/products`, staff) },
  adminProductsSearch: { ...summary(filtered), latencyMs: await latency(`${base}/api/admin/products?q=manubri`, staff) },
  inventoryAlerts: {
    [`${seeded} products`]: summary(alertsSeedOnly),
    [`${seeded + BACKOFFICE_PRODUCTS} products`]: { ...summary(alertsAtScale), latencyMs: await latency(`${base}/api/admin/inventory-alerts`, staff) },
  },
};

results.runtimeRssMiB = Math.round(process.memoryUsage().rss / 1048576);
await warm.stack.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

// Stock sync at scale (issue 9): 2,000 linked products, API feed and product pages, in a child
// process (its DynamoDB client must point at its own DynamoDB Local).
const sync = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench-stock-sync.ts', '2000', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
if (sync.status !== 0) throw new Error(`bench-stock-sync failed: ${sync.stderr}`);
results.stockSync2000 = JSON.parse(sync.stdout.trim().split('\n').at(-1)!) as unknown;

fs.writeFileSync(path.join(root, 'bench-results.json'), JSON.stringify(results, null, 2));
console.log(JSON.stringify(results, null, 2));
