/**
 * Stock sync persistence over the single table: the StockSyncStore of the engine
 * (functions/automations/stock-sync-engine.ts, whose docstring states the stock rule), the list of
 * supplier-linked variants, the "one run at a time" lock, and the run records.
 *
 * The stock is the variant's (docs/decisions/0018-product-variants.md). Attributes used:
 *   on the product item PRODUCT#{id}:
 *     supplier_id          the supplier the product is linked to (set by the import)
 *     supplier_product_url its page at the supplier
 *   on each variant item PRODUCT#{id} / VARIANT#{variantId}:
 *     supplier_sku         the supplier's SKU of the variant, when known
 *     supplier_level       the supplier's level at the last sync, lowered by sales since (fulfilment)
 *     supplier_synced_at   ISO time of the last sync; absent = never synced (first sync sets the baseline)
 *
 *   (absent or NULL supplier_synced_at = never synced; only a string counts)
 *
 * Access patterns and costs (access-patterns.md):
 *   AP85 linked variants    1 Query per 1 MB page on GSI1 PRODUCTS filtered on supplier_id, beside
 *                           1 Query per 1 MB page on the sparse GSI1 SUPPLIED_VARIANTS (the job, not a request path)
 *   AP90 open reservations  1 Query per 1 MB page on GSI1 RESERVATIONS (only open reservations carry GSI1 keys)
 *   AP91 read stock         1 GetItem of the variant (strongly consistent, projected)
 *   apply stock             1 TransactWriteItems (the variant, conditional, and its product's sum), only
 *                           for changed levels and first syncs
 *   AP86 synced variants    1 BatchGetItem (fulfilment's sale adjustment)
 *   AP87 lock               1 PutItem (conditional) / 1 DeleteItem (conditional)
 *   AP88/AP89 runs          1 PutItem; a page of runs 1 Query on GSI1 STOCK_SYNC_RUNS (newest first); one run 1 GetItem
 */
import { ddb, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { ifCondition, transactIf, type TransactItem } from './conditional';
import { keys, COLLECTION, indexKeys } from './keys';
import { queryAll, stripKeys } from './query';
import { batchGetItems } from './batch';
import { queryPage, type Page } from './page';
import {
  stockRefKey,
  type ProductOutcome,
  type ProductStockState,
  type StockRef,
  type StockSyncReport,
  type StockSyncStore,
  type StockWrite,
  type SyncProduct,
} from '../../shared/stock-sync';
import type { StockSyncRunDto, StockSyncTriggerDto } from '../../shared/api/admin-automations';
import { variantDisplayName } from '../../shared/variants';
import { unitKey, variantIdOf } from './variant-stock';

/** True when a stored item has been synced (a string supplier_synced_at; absent or NULL = never). */
const wasSynced = (item: Record<string, unknown>): boolean => typeof item.supplier_synced_at === 'string';

/**
 * AP85: every active variant of the products linked to a supplier (digital ones included; the
 * engine skips them), or only those of `supplierId`: the linked products (1 Query per 1 MB page on
 * GSI1 PRODUCTS with a filter on supplier_id) beside their variants (1 Query per 1 MB page on the
 * sparse GSI1 SUPPLIED_VARIANTS). The scheduled job's read, not a request path.
 */
export async function listLinkedProducts(supplierId?: string): Promise<SyncProduct[]> {
  const [products, variants] = await Promise.all([
    queryAll<Record<string, unknown>>({
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: supplierId ? 'supplier_id = :sid' : 'attribute_type(supplier_id, :str)',
      ProjectionExpression: 'id, #n, supplier_id, supplier_product_url, is_digital',
      ExpressionAttributeNames: { '#n': 'name' },
      ExpressionAttributeValues: {
        ':pk': COLLECTION.products,
        ...(supplierId ? { ':sid': supplierId } : { ':str': 'S' }),
      },
    }),
    queryAll<Record<string, unknown>>({
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: supplierId ? 'GSI1PK = :pk AND begins_with(GSI1SK, :sid)' : 'GSI1PK = :pk',
      ProjectionExpression:
        'id, product_id, option_values, #pos, #st, supplier_sku, quantity, supplier_level, supplier_synced_at',
      ExpressionAttributeNames: { '#st': 'status', '#pos': 'position' },
      ExpressionAttributeValues: {
        ':pk': COLLECTION.suppliedVariants,
        ...(supplierId ? { ':sid': `${supplierId}#` } : {}),
      },
    }),
  ]);
  const ofProduct = new Map<string, Record<string, unknown>[]>();
  for (const v of variants)
    if (v.status === 'active') ofProduct.set(String(v.product_id), [...(ofProduct.get(String(v.product_id)) ?? []), v]);
  // the products' order (created_at), each product's variants in their shop order
  return products.flatMap((p) =>
    (ofProduct.get(String(p.id)) ?? [])
      .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0))
      .map((v) => linkedVariant(p, v)),
  );
}

/** One linked variant as the sync lists it, from its product's and its own projected attributes. */
function linkedVariant(p: Record<string, unknown>, v: Record<string, unknown>): SyncProduct {
  return {
    id: String(p.id),
    variant_id: String(v.id),
    name: variantDisplayName(String(p.name ?? ''), (v.option_values as string[] | undefined) ?? []),
    supplier_id: String(p.supplier_id),
    supplier_sku: typeof v.supplier_sku === 'string' ? v.supplier_sku : null,
    supplier_product_url: typeof p.supplier_product_url === 'string' ? p.supplier_product_url : null,
    is_digital: p.is_digital === true,
    quantity: Number(v.quantity ?? 0),
    supplier_level: wasSynced(v) && typeof v.supplier_level === 'number' ? v.supplier_level : null,
  };
}

/** AP90: units held by open checkout reservations, per variant (stockRefKey). 1 Query per 1 MB page on GSI1 RESERVATIONS. */
async function heldUnits(): Promise<Map<string, number>> {
  const open = await queryAll<{ stock?: { product_id: string; variant_id?: string; quantity: number }[] }>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ProjectionExpression: 'stock',
    ExpressionAttributeValues: { ':pk': COLLECTION.reservations },
  });
  const held = new Map<string, number>();
  for (const r of open)
    for (const s of r.stock ?? []) {
      const key = stockRefKey({ id: s.product_id, variant_id: variantIdOf(s) });
      held.set(key, (held.get(key) ?? 0) + s.quantity);
    }
  return held;
}

/** AP91: a variant's stock fields, strongly consistent. 1 GetItem (projected). */
async function readStock(ref: StockRef): Promise<ProductStockState | null> {
  const out = await ddb.send(
    new GetCommand({
      TableName: env.tableName,
      Key: keys.variant(ref.id, ref.variant_id),
      ConsistentRead: true,
      ProjectionExpression: 'quantity, supplier_level, supplier_synced_at',
    }),
  );
  if (!out.Item) return null;
  return {
    quantity: Number(out.Item.quantity ?? 0),
    supplier_level: wasSynced(out.Item) && typeof out.Item.supplier_level === 'number' ? out.Item.supplier_level : null,
  };
}

/**
 * Applies a decided write to a variant and its product's sum, in one TransactWriteItems (+1 GetItem
 * when a condition failed, to tell a stale condition from a variant gone).
 * @returns 'applied', 'conflict' when its condition failed, 'missing' when the variant is gone
 */
async function applyStock(ref: StockRef, write: StockWrite): Promise<'applied' | 'conflict' | 'missing'> {
  const now = new Date().toISOString();
  const variant: TransactItem['Update'] =
    write.kind === 'delta'
      ? {
          TableName: env.tableName,
          Key: keys.variant(ref.id, ref.variant_id),
          UpdateExpression: 'ADD quantity :delta SET supplier_level = :level, supplier_synced_at = :now',
          ConditionExpression:
            'attribute_exists(PK) AND attribute_type(supplier_synced_at, :str) AND supplier_level = :expect',
          ExpressionAttributeValues: {
            ':delta': write.delta,
            ':level': write.level,
            ':now': now,
            ':expect': write.expectLevel,
            ':str': 'S',
          },
        }
      : {
          TableName: env.tableName,
          Key: keys.variant(ref.id, ref.variant_id),
          UpdateExpression: 'SET quantity = :q, supplier_level = :level, supplier_synced_at = :now',
          ConditionExpression:
            'attribute_exists(PK) AND NOT attribute_type(supplier_synced_at, :str) AND quantity = :expect',
          ExpressionAttributeValues: {
            ':q': write.quantity,
            ':level': write.level,
            ':now': now,
            ':expect': write.expectQuantity,
            ':str': 'S',
          },
        };
  const change = write.kind === 'delta' ? write.delta : write.quantity - write.expectQuantity;
  const result = await transactIf([
    { Update: variant },
    ...(change === 0
      ? []
      : [
          {
            Update: {
              TableName: env.tableName,
              Key: keys.product(ref.id),
              UpdateExpression: 'ADD quantity :d',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':d': change },
            },
          },
        ]),
  ]);
  if (result.ok) return 'applied';
  return (await readStock(ref)) ? 'conflict' : 'missing';
}

/** The DynamoDB StockSyncStore. */
export function createStockSyncStore(): StockSyncStore {
  return { heldUnits, readStock, applyStock };
}

/**
 * The fulfilment's part of the stock rule: a paid order lowers the variant's expected supplier
 * level by the units sold (the supplier will drop its level by them once it ships), otherwise the
 * next sync would subtract those units a second time.
 *
 * Only variants the sync maintains need it (synced at least once: a string `supplier_synced_at`
 * and a numeric `supplier_level`; a first sync sets the baseline from the level and the open
 * reservations instead), so `fulfil` first reads which of its variants those are
 * (`syncedUnits`), then adds one `saleLevelAdjustment` per such variant to its
 * TransactWriteItems, or, on the reclaim path that already updates the variant, merges
 * `SALE_LEVEL_ADD` into that update (one operation per item in a transaction).
 *
 * The adjustment has no condition on purpose: a failed condition would cancel the whole
 * transaction, i.e. the paid order. A sync that sets a variant's baseline between the read and the
 * transaction leaves that sale unadjusted: the next sync then lowers the stock by those units once
 * more (the safe direction: never stock that does not exist).
 */
export function saleLevelAdjustment(unit: { product_id: string; variant_id: string }, units: number): TransactItem {
  return {
    Update: {
      TableName: env.tableName,
      Key: keys.variant(unit.product_id, unit.variant_id),
      UpdateExpression: SALE_LEVEL_ADD,
      ExpressionAttributeValues: { ':sold': -Math.abs(units) },
    },
  };
}

/** Update clause lowering the expected supplier level by `:sold` (a negative number: -units). */
export const SALE_LEVEL_ADD = 'ADD supplier_level :sold';

/**
 * AP86: which of `units` (variants) the stock sync maintains (see saleLevelAdjustment), as
 * variant-stock.ts unitKey values. 1 BatchGetItem per 100 distinct variants; no request for none.
 */
export async function syncedUnits(units: readonly { product_id: string; variant_id: string }[]): Promise<Set<string>> {
  if (units.length === 0) return new Set();
  const items = await batchGetItems(units.map((u) => keys.variant(u.product_id, u.variant_id)));
  return new Set(
    items
      .filter((i) => wasSynced(i) && typeof i.supplier_level === 'number')
      .map((i) => unitKey({ product_id: String(i.product_id), variant_id: String(i.id) })),
  );
}

// ---- lock ---------------------------------------------------------------------------------------

/**
 * AP87: takes the "one stock sync at a time" lock for `owner` (a run id) until `now + ttlMs`.
 * An expired lock (its run died) is taken over; the owner may take it again (the job picking up a
 * run the API started, or a retried invocation). 1 PutItem (conditional).
 * @returns true when taken, false when another live run holds it
 */
export async function acquireStockSyncLock(owner: string, ttlMs: number, now = new Date()): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const result = await ifCondition(
    ddb.send(
      new PutCommand({
        TableName: env.tableName,
        Item: {
          ...keys.stockSyncLock(),
          entity: 'lock',
          owner,
          acquired_at: now.toISOString(),
          lock_expires_at: expiresAt.toISOString(),
          expires_at_epoch: Math.ceil(expiresAt.getTime() / 1000) + 3600,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR lock_expires_at < :now OR #o = :owner',
        ExpressionAttributeNames: { '#o': 'owner' },
        ExpressionAttributeValues: { ':now': now.toISOString(), ':owner': owner },
      }),
    ),
  );
  return result.ok;
}

/** Releases the lock if `owner` still holds it (a run that outlived its lock releases nothing). */
export async function releaseStockSyncLock(owner: string): Promise<void> {
  await ifCondition(
    ddb.send(
      new DeleteCommand({
        TableName: env.tableName,
        Key: keys.stockSyncLock(),
        ConditionExpression: '#o = :o',
        ExpressionAttributeNames: { '#o': 'owner' },
        ExpressionAttributeValues: { ':o': owner },
      }),
    ),
  );
}

// ---- runs ---------------------------------------------------------------------------------------

/** What started a run (the schedule, the 'Avvia Sincronizzazione' button, a supplier's 'Sincronizza ora'). */
export type StockSyncTrigger = StockSyncTriggerDto;

/**
 * A stored run: the API's StockSyncRunDto as it is (shared/api/admin-automations.ts). Outcomes
 * keep only changed and failed products (unchanged ones are counted); `outcomes_truncated` says
 * when more existed than MAX_STORED_OUTCOMES; `error` is the Italian reason a whole run failed.
 */
export type StockSyncRunRecord = StockSyncRunDto;

/** Changed/failed outcomes kept on a run item (keeps it far below DynamoDB's 400 KB). */
export const MAX_STORED_OUTCOMES = 500;

/** The run record of a finished report. */
export function runRecordFromReport(
  base: Pick<StockSyncRunRecord, 'id' | 'trigger' | 'supplier_id'>,
  report: StockSyncReport,
): StockSyncRunRecord {
  const notable = report.outcomes.filter(
    (o): o is Exclude<ProductOutcome, { status: 'unchanged' }> => o.status !== 'unchanged',
  );
  return {
    ...base,
    status: 'completed',
    started_at: report.started_at,
    finished_at: report.finished_at,
    progress: { done: report.checked, total: report.checked },
    checked: report.checked,
    changed: report.changed,
    failed: report.failed,
    outcomes: notable.slice(0, MAX_STORED_OUTCOMES),
    outcomes_truncated: notable.length > MAX_STORED_OUTCOMES,
    supplier_errors: report.supplier_errors,
    alerts: report.alerts.slice(0, MAX_STORED_OUTCOMES),
    error: null,
  };
}

/** Stores (creates or replaces) a run. */
export async function putStockSyncRun(run: StockSyncRunRecord): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: env.tableName,
      Item: { ...keys.stockSyncRun(run.id), ...indexKeys.stockSyncRun(run), entity: 'stock_sync_run', ...run },
    }),
  );
}

/** Records progress of a running run (the screen polls it). */
export async function updateStockSyncProgress(id: string, done: number, total: number): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.stockSyncRun(id),
      UpdateExpression: 'SET progress = :p',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':p': { done, total } },
    }),
  );
}

/** AP89: one run (strongly consistent: the screen polls a running one). 1 GetItem. */
export async function getStockSyncRun(id: string): Promise<StockSyncRunRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.stockSyncRun(id), ConsistentRead: true }),
  );
  return out.Item ? stripKeys<StockSyncRunRecord>(out.Item) : null;
}

/** A run in the list: everything but the per-product outcomes and alerts (a run item can be large). */
export type StockSyncRunSummary = Omit<
  StockSyncRunRecord,
  'outcomes' | 'outcomes_truncated' | 'supplier_errors' | 'alerts'
>;

/**
 * AP88: one page of runs, newest first, without outcomes. 1 Query on GSI1 STOCK_SYNC_RUNS.
 * @throws AppError 400 on a bad cursor
 */
export function listStockSyncRunsPage(page: {
  limit?: number;
  cursor?: string | null;
}): Promise<Page<StockSyncRunSummary>> {
  return queryPage<StockSyncRunSummary>(
    {
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ProjectionExpression: 'id, #t, supplier_id, #s, started_at, finished_at, progress, checked, changed, failed, #e',
      ExpressionAttributeNames: { '#t': 'trigger', '#s': 'status', '#e': 'error' },
      ExpressionAttributeValues: { ':pk': COLLECTION.stockSyncRuns },
      ScanIndexForward: false,
    },
    { name: 'GSI1PK', value: COLLECTION.stockSyncRuns },
    page,
  );
}

/** The last `limit` runs, newest first. 1 Query on GSI1. */
export async function listStockSyncRuns(limit = 20): Promise<StockSyncRunRecord[]> {
  const items = await queryAll<Record<string, unknown>>(
    {
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.stockSyncRuns },
      ScanIndexForward: false,
      Limit: limit,
    },
    limit,
  );
  return items.map((i) => stripKeys<StockSyncRunRecord>(i));
}
