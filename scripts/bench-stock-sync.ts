/**
 * Stock sync at scale: N supplier-linked products (2,000 by default) against
 * the fake supplier and DynamoDB Local, through the real engine, stock readers, safe-fetch and
 * DynamoDB store. Measures, for the API feed and for product pages:
 *  - the first run (baselines: one conditional write per product),
 *  - a run where nothing changed (no writes),
 *  - a run after 5% of the supplier's levels changed (writes only for those),
 * with wall time, DynamoDB requests by command and the requests the supplier served.
 *
 * `npx tsx scripts/bench-stock-sync.ts [N] [--json]`; `npm run bench` runs it in a child process (its
 * DynamoDB client must be created against its own DynamoDB Local).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startDynamoDbLocal } from '../infra/local/stand-ins/dynamodb';
import { ensureTable } from '../infra/local/bootstrap';
import { freePort } from '../infra/local/ports';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../infra/local/local-aws';
import { startFakeSupplier } from '../infra/local/stand-ins/supplier/server';
import { tableName } from '../functions/data/table-definition';

export interface StockSyncBenchRun {
  label: string;
  seconds: number;
  checked: number;
  changed: number;
  failed: number;
  dynamo: Record<string, number>;
  supplier: { pages: number; api: number };
}

/**
 * Runs the measurement in a throwaway DynamoDB Local and fake supplier.
 * @param count linked products per mode
 */
export async function benchStockSync(count = 2000): Promise<StockSyncBenchRun[]> {
  const dynamo = await startDynamoDbLocal(await freePort(), null);
  const supplier = await startFakeSupplier({ port: await freePort() });
  try {
    const table = tableName('bench');
    await ensureTable(dynamo.endpoint, table);
    Object.assign(process.env, {
      TABLE_NAME: table,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    });
    // Imported after the environment is set: the clients read the endpoint when created.
    const { ddb } = await import('../functions/lib/dynamo');
    const { productItem } = await import('../functions/data/items');
    const { batchWrite } = await import('../functions/data/batch');
    const { createStockSyncStore, listLinkedProducts } = await import('../functions/data/stock-sync-repository');
    const { runStockSync } = await import('../functions/automations/stock-sync-engine');

    const commands: Record<string, number> = {};
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
        commands[name] = (commands[name] ?? 0) + 1;
        return next(args);
      },
      { step: 'initialize', name: 'benchCounter' },
    );

    await fetch(`${supplier.url}/__control/products`, { method: 'POST', body: JSON.stringify({ count }) });
    const generated = supplier.products().filter((p) => p.slug.startsWith('articolo-'));
    const suppliers = [
      { id: 'bench-api', name: 'Fornitore con API', api_url: supplier.apiUrl, api_key: supplier.apiKey },
      { id: 'bench-pages', name: 'Fornitore senza API', api_url: null, api_key: null },
    ];
    const created = '2026-01-01T00:00:00.000Z';
    const items = suppliers.flatMap((s) =>
      generated.map((p, i) => {
        const id = `${s.id}-${p.slug}`;
        return productItem({
          id,
          name: p.name,
          description: p.description,
          price_cents: p.price_cents,
          image_url: null,
          category_id: null,
          category_name: null,
          badge: null,
          rating: 0,
          reviews: 0,
          is_digital: false,
          digital_asset_id: null,
          quantity: i % 10,
          premium_tier: 'none',
          supplier_product_url: supplier.pageUrl(p.slug),
          created_at: created,
          images: [],
          supplier_id: s.id,
          supplier_sku: p.sku,
        });
      }),
    );
    await batchWrite(items.map((item) => ({ put: item })));

    const store = createStockSyncStore();
    const results: StockSyncBenchRun[] = [];
    const measure = async (label: string, supplierId: string) => {
      for (const k of Object.keys(commands)) delete commands[k];
      const before = supplier.counters();
      const t0 = performance.now();
      const products = (await listLinkedProducts()).filter((p) => p.supplier_id === supplierId);
      const report = await runStockSync({ suppliers: suppliers.filter((s) => s.id === supplierId), products }, store, {
        stock: { allowLoopback: true },
      });
      const seconds = (performance.now() - t0) / 1000;
      const after = supplier.counters();
      results.push({
        label,
        seconds: Math.round(seconds * 100) / 100,
        checked: report.checked,
        changed: report.changed,
        failed: report.failed,
        dynamo: { ...commands },
        supplier: { pages: after.pages - before.pages, api: after.api - before.api },
      });
    };
    const changeFivePercent = () => {
      const now = new Map(supplier.products().map((p) => [p.slug, p.stock]));
      for (const [i, p] of generated.entries())
        if (i % 20 === 0) supplier.update(p.slug, { stock: (now.get(p.slug)! + 3) % 30 });
    };
    for (const s of suppliers) {
      const mode = s.api_url ? 'API' : 'pagine';
      await measure(`${mode}: prima esecuzione (baseline)`, s.id);
      await measure(`${mode}: nessun cambiamento`, s.id);
      changeFivePercent();
      await measure(`${mode}: 5% delle scorte cambiate`, s.id);
    }
    return results;
  } finally {
    await supplier.stop();
    await dynamo.stop();
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const json = process.argv.includes('--json');
  const count = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 2000);
  const runs = await benchStockSync(count);
  if (json) console.log(JSON.stringify(runs));
  else
    console.table(
      runs.map((r) => ({
        run: r.label,
        s: r.seconds,
        checked: r.checked,
        changed: r.changed,
        failed: r.failed,
        dynamo: JSON.stringify(r.dynamo),
        supplier: JSON.stringify(r.supplier),
      })),
    );
}
