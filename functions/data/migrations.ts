/**
 * Data migrations of the single table: what an existing stage's items need when the key design
 * grows. Each migration is idempotent (it sets index attributes from the item's own fields with
 * UpdateItem, never replacing items) and the table records the version reached (CONFIG /
 * DATA_VERSION). Scans are fine here: this is maintenance, never a request path.
 *
 * Run by the local runtime at start (infra/local/stack.ts) and, for a cloud stage, by
 * `npm run migrate -- --stage <stage>` after a deploy that added an index.
 *
 *  1. Back office I: products are listed by name on GSI1 and carry `search_name` and, when
 *     physical, GSI3PK (stock index); comments are findable by id on GSI2; cart lines and wishlist
 *     items are listed among their item's holders on GSI2; digital assets know the products linking them.
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo';
import { env } from '../lib/env';
import { INDEX_ATTRIBUTES, indexKeys, keys } from './keys';
import { searchName } from './search-name';
import { updateParts } from './update-expression';

/** The version this code expects. */
export const DATA_VERSION = 1;

async function* scanEntities(entities: readonly string[]): AsyncGenerator<Record<string, unknown>> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(new ScanCommand({
      TableName: env.tableName,
      FilterExpression: `#entity IN (${entities.map((_, i) => `:e${i}`).join(', ')})`,
      ExpressionAttributeNames: { '#entity': 'entity' },
      ExpressionAttributeValues: Object.fromEntries(entities.map((e, i) => [`:e${i}`, e])),
      ExclusiveStartKey: start,
    }));
    for (const item of out.Items ?? []) yield item;
    start = out.LastEvaluatedKey;
  } while (start);
}

async function setAttributes(item: Record<string, unknown>, set: Record<string, unknown>, remove: readonly string[] = []): Promise<void> {
  await ddb.send(new UpdateCommand({
    TableName: env.tableName,
    Key: { PK: item.PK, SK: item.SK },
    ...updateParts(set, remove),
    ConditionExpression: 'attribute_exists(PK)',
  })).catch((e: Error) => { if (e.name !== 'ConditionalCheckFailedException') throw e; });
}

/** Migration 1 (see the header). @returns how many items were updated, by entity */
async function backOfficeIndexes(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const links = new Map<string, string[]>();
  for await (const item of scanEntities(['product', 'comment', 'cart_line', 'wishlist_item'])) {
    const entity = String(item.entity);
    if (entity === 'product') {
      const p = { id: String(item.id), name: String(item.name), created_at: String(item.created_at), category_id: (item.category_id as string | null) ?? null, is_digital: Boolean(item.is_digital) };
      const index = indexKeys.product(p);
      await setAttributes(item, { ...index, search_name: searchName(p.name), ...(item.quantity === undefined ? { quantity: 0 } : {}) }, INDEX_ATTRIBUTES.filter((a) => !(a in index)));
      if (item.digital_asset_id) links.set(String(item.digital_asset_id), [...(links.get(String(item.digital_asset_id)) ?? []), p.id]);
    } else if (entity === 'comment') {
      await setAttributes(item, indexKeys.comment({ id: String(item.id), created_at: String(item.created_at) }));
    } else if (entity === 'cart_line') {
      await setAttributes(item, indexKeys.cartLine({ user_id: String(item.user_id), lineId: String(item.id) }));
    } else {
      await setAttributes(item, indexKeys.wishlistItem({ user_id: String(item.user_id), product_id: String(item.product_id) }));
    }
    counts[entity] = (counts[entity] ?? 0) + 1;
  }
  for (const [assetId, productIds] of links) {
    await ddb.send(new UpdateCommand({
      TableName: env.tableName,
      Key: keys.digitalAsset(assetId),
      UpdateExpression: 'ADD #links :ids',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#links': 'linked_product_ids' },
      ExpressionAttributeValues: { ':ids': new Set(productIds) },
    })).catch((e: Error) => { if (e.name !== 'ConditionalCheckFailedException') throw e; });
    counts.digital_asset = (counts.digital_asset ?? 0) + 1;
  }
  return counts;
}

/** The stored data version (0 when never recorded). */
export async function readDataVersion(): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.dataVersion(), ConsistentRead: true }));
  return Number(out.Item?.version ?? 0);
}

/** Records the data version. */
export async function writeDataVersion(version: number): Promise<void> {
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: { ...keys.dataVersion(), entity: 'data_version', version, updated_at: new Date().toISOString() } }));
}

/**
 * Brings the table to DATA_VERSION (env TABLE_NAME), running the missing migrations in order.
 * @returns the migrations run, with their item counts
 */
export async function migrateData(log: (message: string) => void = () => undefined): Promise<{ from: number; to: number; counts: Record<string, number> }> {
  const from = await readDataVersion();
  let counts: Record<string, number> = {};
  if (from < 1) {
    counts = await backOfficeIndexes();
    log(`migrazione dati 1: ${Object.entries(counts).map(([e, n]) => `${n} ${e}`).join(', ') || 'nessun elemento'}`);
  }
  if (from < DATA_VERSION) await writeDataVersion(DATA_VERSION);
  return { from, to: DATA_VERSION, counts };
}
