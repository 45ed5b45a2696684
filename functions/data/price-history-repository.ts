/**
 * Price history of products, bundles and plans: one item per price an item was sold at, written in
 * the same TransactWriteItems as the price itself by every writer (back office, supplier import,
 * bundle and plan saves; the seed and the migration write it directly). It exists for the 30-day
 * lowest price of an announced reduction (art. 17-bis Codice del Consumo, shared/price-history.ts):
 * a product's writer reads the recent history, adds the new price and stores the resulting
 * `price_reduction` on the product item, so the listing and the product page read nothing more.
 *
 * Items: `PRICE_HISTORY#{kind}#{id}` / `{at}#{changeId}` -> { price_cents, at, source }.
 * The stock sync changes stock only, never prices, so it writes none.
 *
 * Access patterns (access-patterns.md):
 *   AP97 recent history, newest first    1 Query of 50 changes; more pages only while older changes
 *                                        can still change the reduction (needsOlderHistory), at most 10
 *   AP98 record a price                  1 Put IF NOT EXISTS inside the writer's TransactWriteItems
 */
import { randomUUID } from 'node:crypto';
import { ddb, QueryCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { needsOlderHistory, priceReduction, type PriceChange, type PriceReduction } from '../../shared/price-history';
import { keys, partition, type PricedItemKind } from './keys';
import type { TransactItem } from './conditional';
import { batchWrite } from './batch';
import type { StoredItem } from './items';

/** Who recorded a price. */
export type PriceSource = 'back_office' | 'import' | 'seed' | 'migration';

/** A stored price change. */
export interface PriceChangeRecord extends PriceChange {
  source: PriceSource;
}

/** Changes read per Query page (newest first). */
export const HISTORY_PAGE = 50;
/** Pages read at most: 500 changes, far more than any 30-day window plus a campaign holds. */
const MAX_HISTORY_PAGES = 10;

/** The stored item of one price change (built here only). */
function priceChangeItem(kind: PricedItemKind, id: string, change: PriceChangeRecord): StoredItem {
  return {
    ...keys.priceChange(kind, id, change.at, randomUUID().slice(0, 8)),
    entity: 'price_change',
    item_kind: kind,
    item_id: id,
    price_cents: change.price_cents,
    at: change.at,
    source: change.source,
  };
}

/** AP98: the transaction item that records a price (Put IF NOT EXISTS: a change id is never reused). */
export function recordPriceItem(kind: PricedItemKind, id: string, change: PriceChangeRecord): TransactItem {
  return {
    Put: {
      TableName: env.tableName,
      Item: priceChangeItem(kind, id, change),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * Writes recorded prices outside a writer's transaction (the seed, the migration). 1 BatchWriteItem per 25.
 */
export async function putPriceHistory(kind: PricedItemKind, id: string, changes: PriceChangeRecord[]): Promise<void> {
  await batchWrite(changes.map((c) => ({ put: priceChangeItem(kind, id, c) })));
}

/**
 * AP97: the item's recent prices, newest first: one Query of HISTORY_PAGE changes, and the next page
 * only while older changes could still change the 30-day lowest price (at most MAX_HISTORY_PAGES).
 */
export async function readRecentPrices(kind: PricedItemKind, id: string): Promise<PriceChangeRecord[]> {
  const out: PriceChangeRecord[] = [];
  let start: Record<string, unknown> | undefined;
  for (let page = 0; page < MAX_HISTORY_PAGES; page++) {
    const res = await ddb.send(
      new QueryCommand({
        TableName: env.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partition.priceHistory(kind, id) },
        ScanIndexForward: false,
        Limit: HISTORY_PAGE,
        ExclusiveStartKey: start,
      }),
    );
    for (const i of res.Items ?? [])
      out.push({ price_cents: Number(i.price_cents), at: String(i.at), source: i.source as PriceSource });
    start = res.LastEvaluatedKey;
    if (!start || !needsOlderHistory(out)) break;
  }
  return out;
}

/** Whether any price of the item is recorded (the migration's check). 1 Query of 1 item. */
export async function hasPriceHistory(kind: PricedItemKind, id: string): Promise<boolean> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.priceHistory(kind, id) },
      Limit: 1,
    }),
  );
  return (res.Items ?? []).length > 0;
}

/** What a write that sets a price adds: the history item, and the reduction the new price makes. */
export interface PriceWrite {
  /** The history item for the writer's transaction, or null when the price did not change. */
  item: TransactItem | null;
  /**
   * The reduction to store on the item with the new price (shared/price-history.ts priceReduction
   * over the history and the new price); undefined when the price did not change (keep the stored one).
   */
  price_reduction: PriceReduction | null | undefined;
}

/**
 * Prepares the price part of a write. A first price (create) needs no read; a changed price costs
 * AP97 (1 Query, usually); an unchanged one nothing.
 * @param previousCents the stored price, or null when the item is being created
 * @param change the new price and when it applies (ISO), and who sets it
 */
export async function preparePriceWrite(
  kind: PricedItemKind,
  id: string,
  previousCents: number | null,
  change: PriceChangeRecord,
): Promise<PriceWrite> {
  if (previousCents === change.price_cents) return { item: null, price_reduction: undefined };
  const history = previousCents === null ? [] : await readRecentPrices(kind, id);
  return { item: recordPriceItem(kind, id, change), price_reduction: priceReduction([...history, change]) };
}
