/**
 * Stock sync persistence over the single table: the StockSyncStore of the engine
 * (functions/automations/stock-sync-engine.ts, whose docstring states the stock rule), the list of
 * supplier-linked products, the "one run at a time" lock, and the run records.
 *
 * Product attributes used (on the product item PRODUCT#{id}):
 *   supplier_id          the supplier the product is linked to (set by the import / the product form)
 *   supplier_sku         the supplier's SKU, when known
 *   supplier_level       the supplier's level at the last sync, lowered by sales since (fulfilment)
 *   supplier_synced_at   ISO time of the last sync; absent = never synced (first sync sets the baseline)
 *
 * Access patterns and costs:
 *   linked products        1 Query per 1 MB page on GSI1 PRODUCTS, FilterExpression attribute_exists(supplier_id)
 *   open reservations      1 Query per 1 MB page on GSI1 RESERVATIONS (only open reservations carry GSI1 keys)
 *   read stock             1 GetItem (strongly consistent, projected)
 *   apply stock            1 UpdateItem (conditional), only for changed quantities and first syncs
 *   lock                   1 PutItem (conditional) / 1 DeleteItem (conditional)
 *   run                    1 PutItem; last runs 1 Query on GSI1 STOCK_SYNC_RUNS (newest first); one run 1 GetItem
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ddb } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys, COLLECTION, indexKeys } from './keys';
import { queryAll, stripKeys } from './query';
import type { ProductOutcome, ProductStockState, StockAlert, StockSyncReport, StockSyncStore, StockWrite, SyncProduct } from '../automations/stock-sync-engine';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Every product linked to a supplier (digital ones included; the engine skips them). */
export async function listLinkedProducts(): Promise<SyncProduct[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'attribute_exists(supplier_id)',
    ProjectionExpression: 'id, #n, supplier_id, supplier_sku, supplier_product_url, is_digital, quantity, supplier_level, supplier_synced_at',
    ExpressionAttributeNames: { '#n': 'name' },
    ExpressionAttributeValues: { ':pk': COLLECTION.products },
  });
  return items.map((i) => ({
    id: String(i.id),
    name: String(i.name ?? ''),
    supplier_id: String(i.supplier_id),
    supplier_sku: typeof i.supplier_sku === 'string' ? i.supplier_sku : null,
    supplier_product_url: typeof i.supplier_product_url === 'string' ? i.supplier_product_url : null,
    is_digital: i.is_digital === true,
    quantity: Number(i.quantity ?? 0),
    supplier_level: i.supplier_synced_at !== undefined && typeof i.supplier_level === 'number' ? i.supplier_level : null,
  }));
}

/** Units held by open checkout reservations, per product. */
async function heldUnits(): Promise<Map<string, number>> {
  const open = await queryAll<{ stock?: { product_id: string; quantity: number }[] }>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ProjectionExpression: 'stock',
    ExpressionAttributeValues: { ':pk': COLLECTION.reservations },
  });
  const held = new Map<string, number>();
  for (const r of open) for (const s of r.stock ?? []) held.set(s.product_id, (held.get(s.product_id) ?? 0) + s.quantity);
  return held;
}

async function readStock(productId: string): Promise<ProductStockState | null> {
  const out = await ddb.send(new GetCommand({
    TableName: env.tableName,
    Key: keys.product(productId),
    ConsistentRead: true,
    ProjectionExpression: 'quantity, supplier_level, supplier_synced_at',
  }));
  if (!out.Item) return null;
  return {
    quantity: Number(out.Item.quantity ?? 0),
    supplier_level: out.Item.supplier_synced_at !== undefined && typeof out.Item.supplier_level === 'number' ? out.Item.supplier_level : null,
  };
}

async function applyStock(productId: string, write: StockWrite): Promise<'applied' | 'conflict' | 'missing'> {
  const now = new Date().toISOString();
  const input = write.kind === 'delta'
    ? {
      UpdateExpression: 'ADD quantity :delta SET supplier_level = :level, supplier_synced_at = :now',
      ConditionExpression: 'attribute_exists(PK) AND attribute_exists(supplier_synced_at) AND supplier_level = :expect',
      ExpressionAttributeValues: { ':delta': write.delta, ':level': write.level, ':now': now, ':expect': write.expectLevel },
    }
    : {
      UpdateExpression: 'SET quantity = :q, supplier_level = :level, supplier_synced_at = :now',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(supplier_synced_at) AND quantity = :expect',
      ExpressionAttributeValues: { ':q': write.quantity, ':level': write.level, ':now': now, ':expect': write.expectQuantity },
    };
  try {
    await ddb.send(new UpdateCommand({ TableName: env.tableName, Key: keys.product(productId), ReturnValuesOnConditionCheckFailure: 'ALL_OLD', ...input }));
    return 'applied';
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return e.Item ? 'conflict' : 'missing';
    throw e;
  }
}

/** The DynamoDB StockSyncStore. */
export function createStockSyncStore(): StockSyncStore {
  return { heldUnits, readStock, applyStock };
}

/**
 * The fulfilment's part of the stock rule: a paid order lowers the product's expected supplier
 * level by the units sold (the supplier will drop its level by them once it ships). One
 * TransactWriteItems item for `fulfil` (reservation-repository.ts) per physical product line;
 * ADD is valid on any product (a product never synced just gets a value the first sync replaces).
 * When the same transaction already updates the product (the reclaim path), merge
 * `ADD supplier_level :sold` into that update instead: one item per key in a transaction.
 */
export function saleLevelAdjustment(productId: string, units: number): TransactItem {
  return {
    Update: {
      TableName: env.tableName,
      Key: keys.product(productId),
      UpdateExpression: 'ADD supplier_level :sold',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':sold': -Math.abs(units) },
    },
  };
}

// ---- lock ---------------------------------------------------------------------------------------

/**
 * Takes the "one stock sync at a time" lock for `owner` (a run id) until `now + ttlMs`.
 * An expired lock (its run died) is taken over.
 * @returns true when taken, false when another live run holds it
 */
export async function acquireStockSyncLock(owner: string, ttlMs: number, now = new Date()): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  try {
    await ddb.send(new PutCommand({
      TableName: env.tableName,
      Item: { ...keys.stockSyncLock(), entity: 'lock', owner, acquired_at: now.toISOString(), lock_expires_at: expiresAt.toISOString(), expires_at_epoch: Math.ceil(expiresAt.getTime() / 1000) + 3600 },
      ConditionExpression: 'attribute_not_exists(PK) OR lock_expires_at < :now',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }));
    return true;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return false;
    throw e;
  }
}

/** Releases the lock if `owner` still holds it (a run that outlived its lock releases nothing). */
export async function releaseStockSyncLock(owner: string): Promise<void> {
  try {
    await ddb.send(new DeleteCommand({ TableName: env.tableName, Key: keys.stockSyncLock(), ConditionExpression: '#o = :o', ExpressionAttributeNames: { '#o': 'owner' }, ExpressionAttributeValues: { ':o': owner } }));
  } catch (e) {
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
  }
}

// ---- runs ---------------------------------------------------------------------------------------

/** What started a run (issue 9: schedule, the 'Avvia Sincronizzazione' button, a supplier's 'Sincronizza ora'). */
export type StockSyncTrigger = 'schedule' | 'button' | 'supplier';

/** A stored run. Outcomes keep only changed and failed products (unchanged ones are counted). */
export interface StockSyncRunRecord {
  id: string;
  trigger: StockSyncTrigger;
  /** Set when the run was for one supplier. */
  supplier_id: string | null;
  status: 'running' | 'completed' | 'failed';
  started_at: string;
  finished_at: string | null;
  progress: { done: number; total: number };
  checked: number;
  changed: number;
  failed: number;
  outcomes: Exclude<ProductOutcome, { status: 'unchanged' }>[];
  /** True when more changed/failed outcomes existed than were kept. */
  outcomes_truncated: boolean;
  supplier_errors: StockSyncReport['supplier_errors'];
  alerts: StockAlert[];
  /** Italian reason when the whole run failed. */
  error: string | null;
}

/** Changed/failed outcomes kept on a run item (keeps it far below DynamoDB's 400 KB). */
export const MAX_STORED_OUTCOMES = 500;

/** The run record of a finished report. */
export function runRecordFromReport(base: Pick<StockSyncRunRecord, 'id' | 'trigger' | 'supplier_id'>, report: StockSyncReport): StockSyncRunRecord {
  const notable = report.outcomes.filter((o): o is Exclude<ProductOutcome, { status: 'unchanged' }> => o.status !== 'unchanged');
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
  await ddb.send(new PutCommand({
    TableName: env.tableName,
    Item: { ...keys.stockSyncRun(run.id), ...indexKeys.stockSyncRun(run), entity: 'stock_sync_run', ...run },
  }));
}

/** Records progress of a running run (the screen polls it). */
export async function updateStockSyncProgress(id: string, done: number, total: number): Promise<void> {
  await ddb.send(new UpdateCommand({
    TableName: env.tableName,
    Key: keys.stockSyncRun(id),
    UpdateExpression: 'SET progress = :p',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':p': { done, total } },
  }));
}

/** One run. 1 GetItem. */
export async function getStockSyncRun(id: string): Promise<StockSyncRunRecord | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.stockSyncRun(id) }));
  return out.Item ? stripKeys<StockSyncRunRecord>(out.Item) : null;
}

/** The last `limit` runs, newest first. 1 Query on GSI1. */
export async function listStockSyncRuns(limit = 20): Promise<StockSyncRunRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': COLLECTION.stockSyncRuns },
    ScanIndexForward: false,
    Limit: limit,
  }, limit);
  return items.map((i) => stripKeys<StockSyncRunRecord>(i));
}
