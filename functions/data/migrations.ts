/**
 * Data migrations of the single table: changes to stored items that a new key design needs (a
 * change to keys.ts's formats is a migration, not a refactor). Each migration is idempotent and
 * recorded by id in the `CONFIG` / `MIGRATIONS` item, so it runs once per table.
 *
 * They run from outside the request path: the local runtime runs the pending ones at start
 * (infra/local/stack.ts); a cloud stage runs them after a deploy with `npm run migrate` (AWS
 * credentials with Scan on the table; the Lambda functions themselves have no Scan permission).
 * A migration may Scan: it is an offline job, never a request.
 */
import { ddb, GetCommand, ScanCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { INDEX_ATTRIBUTES, indexKeys, keys, type IndexKeys } from './keys';
import { listDiscountTiers, listPlans } from './catalog-repository';
import { ifCondition, transactIf } from './conditional';
import { defaultVariant, productDerived, skuClaimItem, variantItem } from './items';
import type { PriceReduction } from '../../shared/price-history';
import { normaliseTier } from '../../shared/tiers';
import { updateParts } from './update-expression';
import { hasPriceHistory, putPriceHistory } from './price-history-repository';
import type { PricedItemKind } from './keys';

/** One migration. */
export interface Migration {
  /** Stable id, recorded once applied. */
  id: string;
  description: string;
  /** Runs it. @returns how many items it changed */
  run(): Promise<number>;
}

/** Sets the given index attributes on an item when they differ from the stored ones. @returns true when it wrote */
async function setIndexKeys(item: Record<string, unknown>, wanted: IndexKeys): Promise<boolean> {
  const changed = Object.entries(wanted).filter(([k, v]) => item[k] !== v);
  if (changed.length === 0) return false;
  await ddb.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: { PK: item.PK, SK: item.SK },
      UpdateExpression: `SET ${changed.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(changed.map(([k], i) => [`#k${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(changed.map(([, v], i) => [`:v${i}`, v])),
    }),
  );
  return true;
}

/**
 * Back office II indexes: orders get GSI2 by their 8-character reference and GSI3 by status;
 * profiles get GSI2 by email; discount tiers get the ids of the plans that copy them.
 */
async function backOfficeIndexes(): Promise<number> {
  let changed = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({
        TableName: env.tableName,
        FilterExpression: 'entity IN (:order, :profile)',
        ExpressionAttributeValues: { ':order': 'order', ':profile': 'profile' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const wanted =
        item.entity === 'order'
          ? indexKeys.order({ id: String(item.id), created_at: String(item.created_at), status: String(item.status) })
          : indexKeys.profile({ id: String(item.id), created_at: String(item.created_at), email: String(item.email) });
      if (await setIndexKeys(item, wanted)) changed += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);

  const [plans, tiers] = await Promise.all([listPlans(), listDiscountTiers()]);
  for (const tier of tiers) {
    const linked = plans
      .filter((p) => p.discount_tier_id === tier.id)
      .map((p) => p.id)
      .sort();
    if (JSON.stringify(linked) === JSON.stringify(tier.plan_ids ?? [])) continue;
    await ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.discountTier(tier.id),
        UpdateExpression: linked.length ? 'SET plan_ids = :ids ADD version :one' : 'REMOVE plan_ids ADD version :one',
        ExpressionAttributeValues: { ':one': 1, ...(linked.length ? { ':ids': new Set(linked) } : {}) },
      }),
    );
    changed += 1;
  }
  return changed;
}

async function* scanEntities(entities: readonly string[]): AsyncGenerator<Record<string, unknown>> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new ScanCommand({
        TableName: env.tableName,
        FilterExpression: `#entity IN (${entities.map((_, i) => `:e${i}`).join(', ')})`,
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: Object.fromEntries(entities.map((e, i) => [`:e${i}`, e])),
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) yield item;
    start = out.LastEvaluatedKey;
  } while (start);
}

async function setAttributes(
  item: Record<string, unknown>,
  set: Record<string, unknown>,
  remove: readonly string[] = [],
): Promise<void> {
  await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: { PK: item.PK, SK: item.SK },
        ...updateParts(set, remove),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
}

/**
 * Back office I indexes: products are listed by name on GSI3 (PRODUCT_NAMES), carry `search_name`
 * and, when physical, GSI4PK (stock index); comments are findable by id on GSI3 (approved ones
 * stay on GSI2 PRODUCT_REVIEWS); cart lines and wishlist items are listed among their item's
 * holders on GSI2; digital assets know the products linking them.
 * @returns how many items were updated
 */
async function backOfficeCatalogIndexes(): Promise<number> {
  let changed = 0;
  const links = new Map<string, string[]>();
  for await (const item of scanEntities(['product', 'comment', 'cart_line', 'wishlist_item'])) {
    const entity = String(item.entity);
    if (entity === 'product') {
      const p = {
        id: String(item.id),
        name: String(item.name),
        created_at: String(item.created_at),
        category_id: (item.category_id as string | null) ?? null,
        is_digital: Boolean(item.is_digital),
        premium_tier: normaliseTier(item.premium_tier as string | null | undefined),
      };
      const derived = productDerived(p);
      await setAttributes(
        item,
        { ...derived, ...(item.quantity === undefined ? { quantity: 0 } : {}) },
        INDEX_ATTRIBUTES.filter((a) => !(a in derived) && a in item),
      );
      if (item.digital_asset_id)
        links.set(String(item.digital_asset_id), [...(links.get(String(item.digital_asset_id)) ?? []), p.id]);
    } else if (entity === 'comment') {
      await setAttributes(
        item,
        indexKeys.comment({
          id: String(item.id),
          product_id: String(item.product_id),
          created_at: String(item.created_at),
          is_approved: Boolean(item.is_approved),
          is_pinned: Boolean(item.is_pinned),
        }),
      );
    } else if (entity === 'cart_line') {
      await setAttributes(item, indexKeys.cartLine({ user_id: String(item.user_id), lineId: String(item.id) }));
    } else {
      await setAttributes(
        item,
        indexKeys.wishlistItem({ user_id: String(item.user_id), product_id: String(item.product_id) }),
      );
    }
    changed += 1;
  }
  for (const [assetId, productIds] of links) {
    await ifCondition(
      ddb.send(
        new UpdateCommand({
          TableName: env.tableName,
          Key: keys.digitalAsset(assetId),
          UpdateExpression: 'ADD #links :ids',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#links': 'linked_product_ids' },
          ExpressionAttributeValues: { ':ids': new Set(productIds) },
        }),
      ),
    );
    changed += 1;
  }
  return changed;
}

/**
 * Prices an Italian shop may announce (art. 17-bis Codice del Consumo): every product, bundle and
 * plan without a recorded price gets its current price recorded, as applied since its last save
 * (updated_at, else created_at: it applied at least from then, so no lower price is invented); a
 * product's typed `original_price_cents` becomes the admin's announcement (`announce_reduction`,
 * when it was above the price) and is removed: with no history before the migration, no reduction
 * can be shown until the price is lowered again (price_reduction null).
 * @returns how many items were updated
 */
async function pricesAndHistory(): Promise<number> {
  let changed = 0;
  const kinds: Record<string, PricedItemKind> = { product: 'product', bundle: 'bundle', plan: 'plan' };
  for await (const item of scanEntities(Object.keys(kinds))) {
    const kind = kinds[String(item.entity)]!;
    const id = String(item.id);
    let touched = false;
    if (typeof item.price_cents === 'number' && !(await hasPriceHistory(kind, id))) {
      const at = String(item.updated_at ?? item.created_at ?? new Date().toISOString());
      await putPriceHistory(kind, id, [{ price_cents: item.price_cents, at, source: 'migration' }]);
      touched = true;
    }
    if (kind === 'product' && 'original_price_cents' in item) {
      const original = item.original_price_cents;
      const announced = typeof original === 'number' && original > Number(item.price_cents);
      await setAttributes(item, { announce_reduction: announced, price_reduction: null }, ['original_price_cents']);
      touched = true;
    }
    if (touched) changed += 1;
  }
  return changed;
}

/**
 * The premium showcase index: every product of a premium tier gets GSI5 (PREMIUM_PRODUCTS by
 * lower-cased name, AP141). DynamoDB builds a new GSI from the items that already carry its key
 * attributes, and products written before it existed carry none, so they are written once here.
 * @returns how many products were indexed
 */
async function premiumShowcaseIndex(): Promise<number> {
  let changed = 0;
  for await (const item of scanEntities(['product'])) {
    const { GSI5PK, GSI5SK } = indexKeys.product({
      id: String(item.id),
      name: String(item.name),
      created_at: String(item.created_at),
      category_id: (item.category_id as string | null) ?? null,
      is_digital: Boolean(item.is_digital),
      premium_tier: item.premium_tier as string | null | undefined,
    });
    if (GSI5PK && GSI5SK && (await setIndexKeys(item, { GSI5PK, GSI5SK }))) changed += 1;
  }
  return changed;
}

/** Tries of one product's move to its default variant while sales change its stock meanwhile. */
const VARIANT_MOVE_ATTEMPTS = 5;

/**
 * Products get variants (docs/decisions/0018-product-variants.md): every product written before
 * them gets its default variant `PRODUCT#{id}` / `VARIANT#{id}` with its SKU claimed, its price,
 * announcement and reduction, its stock and its supplier SKU and level, and the product item keeps
 * the summary (`variant_count` 1, `price_max_cents`) without the stock index (GSI4 is the
 * variants') nor the supplier fields that moved. One TransactWriteItems per product: the variant
 * and the claim IF NOT EXISTS, the product's update IF its stock is still the one copied (a sale
 * made meanwhile makes it read the product again). The variant's id is the product's, so carts,
 * orders, reservations, price histories and low-stock markers written before keep naming it.
 * A product whose default variant exists already is left as it is (idempotent).
 * @returns how many products got their variant
 */
async function productVariants(): Promise<number> {
  let changed = 0;
  for await (const scanned of scanEntities(['product'])) {
    let item: Record<string, unknown> | undefined = scanned;
    for (let attempt = 0; item && attempt < VARIANT_MOVE_ATTEMPTS; attempt++) {
      const id: string = String(item.id);
      const exists = await ddb.send(
        new GetCommand({ TableName: env.tableName, Key: keys.variant(id, id), ConsistentRead: true }),
      );
      if (exists.Item) break;
      const quantity = typeof item.quantity === 'number' ? item.quantity : 0;
      const product = {
        is_digital: Boolean(item.is_digital),
        supplier_id: (item.supplier_id as string | null) ?? null,
      };
      const variant = defaultVariant({
        id,
        price_cents: Number(item.price_cents ?? 0),
        quantity,
        created_at: String(item.created_at),
        announce_reduction: item.announce_reduction === true,
        price_reduction: (item.price_reduction as PriceReduction | null | undefined) ?? null,
        updated_at: (item.updated_at as string | null | undefined) ?? null,
        supplier_sku: (item.supplier_sku as string | null | undefined) ?? null,
        ...(typeof item.supplier_level === 'number' ? { supplier_level: item.supplier_level } : {}),
        ...(typeof item.supplier_synced_at === 'string' ? { supplier_synced_at: item.supplier_synced_at } : {}),
      });
      // a default SKU taken already (two ids sharing their first 8 characters): the whole id
      const skuTaken =
        attempt > 0 &&
        (await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.skuClaim(variant.sku) }))).Item;
      if (skuTaken) variant.sku = `AF-${id.toUpperCase()}`;
      const result = await transactIf([
        {
          Put: {
            TableName: env.tableName,
            Item: variantItem(variant, product),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: env.tableName,
            Item: skuClaimItem(variant),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: env.tableName,
            Key: keys.product(id),
            ...updateParts(
              { variant_count: 1, price_max_cents: variant.price_cents, quantity },
              ['GSI4PK', 'supplier_sku', 'supplier_level', 'supplier_synced_at'].filter((a) => a in item!),
              typeof item.quantity === 'number' ? { names: { '#q': 'quantity' }, values: { ':copied': quantity } } : {},
            ),
            ConditionExpression:
              typeof item.quantity === 'number' ? 'attribute_exists(PK) AND #q = :copied' : 'attribute_exists(PK)',
          },
        },
      ]);
      if (result.ok) {
        changed += 1;
        break;
      }
      item = (await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.product(id), ConsistentRead: true })))
        .Item;
    }
  }
  return changed;
}

/** Every migration, in the order they run. */
export const MIGRATIONS: readonly Migration[] = [
  {
    id: '2026-back-office-2-indexes',
    description: 'orders by reference and status, users by email, discount tier plan links',
    run: backOfficeIndexes,
  },
  {
    id: '2026-back-office-1-catalog-indexes',
    description: 'products by name and stock, comments by id, holders of cart and wishlist items, asset links',
    run: backOfficeCatalogIndexes,
  },
  {
    id: '2026-prices-history-and-announcements',
    description: 'price history of products, bundles and plans; typed original prices become announcements',
    run: pricesAndHistory,
  },
  {
    id: '2026-premium-showcase-index',
    description: 'products of a premium tier in the showcase index (GSI5) by name',
    run: premiumShowcaseIndex,
  },
  {
    id: '2026-product-variants',
    description:
      'every product gets its default variant (SKU, price, stock, supplier level); the stock index moves to the variants',
    run: productVariants,
  },
];

/** AP70: the ids of the migrations applied to this table. 1 GetItem. */
export async function appliedMigrations(): Promise<string[]> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.migrations(), ConsistentRead: true }),
  );
  return [...((out.Item?.applied as Set<string> | undefined) ?? [])].sort();
}

/**
 * Runs the migrations not yet applied to this table, in order, and records each.
 * @param log progress messages
 * @returns the ids applied now
 */
export async function runMigrations(
  log: (message: string) => void = () => undefined,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  const done = new Set(await appliedMigrations());
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    const changed = await m.run();
    await ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.migrations(),
        UpdateExpression: 'ADD applied :id SET entity = :entity',
        ExpressionAttributeValues: { ':id': new Set([m.id]), ':entity': 'config' },
      }),
    );
    log(`migrazione ${m.id}: ${changed} elementi aggiornati (${m.description})`);
    applied.push(m.id);
  }
  return applied;
}
