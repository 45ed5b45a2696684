/**
 * Back-office writes and lists of products (function 'admin-catalog'). A product save is one
 * TransactWriteItems that also
 *  - checks its category still exists under the name copied onto the product (category_name), so a
 *    concurrent rename or delete cannot leave a stale or dangling category on it;
 *  - keeps the digital asset's `linked_product_ids` in step (ADD on the new asset, DELETE on the old
 *    one), which is what lets an asset refuse deletion while a product links it.
 *  - records a new price in the price history and stores the reduction it makes on the product
 *    (price-history-repository.ts; art. 17-bis Codice del Consumo), conditioned on the price it
 *    was computed from, so two concurrent price changes cannot store a stale reduction.
 * Updates never replace the item: the gallery, created_at and (unless sent) the stock stay as they
 * are, so a save cannot undo a checkout's stock reservation made meanwhile.
 *
 * A product without options sells one default variant (its id is the product's): a save writes its
 * price, announcement and (when sent) stock there too, in the same transaction, and a new product
 * claims its SKU (docs/decisions/0018-product-variants.md). The variants of a product with options
 * are saved by variant-admin-repository.ts.
 */
import { ddb, GetCommand, QueryCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { LOW_STOCK_MAX } from '../../shared/stock';
import type { PremiumTier } from '../../shared/tiers';
import {
  CATEGORY_INDEX_ATTRIBUTES,
  COLLECTION,
  INDEX_ATTRIBUTES,
  PHYSICAL_STOCK,
  STOCK_SORT_ATTRIBUTE,
  keys,
  sortKey,
} from './keys';
import { queryAll, stripKeys } from './query';
import { batchDelete, batchGet } from './batch';
import { listVariants } from './catalog-repository';
import { queryFilteredPage, queryPage, type Page } from './page';
import { updateParts } from './update-expression';
import { transactIf, updateIfExists, type TransactItem } from './conditional';
import type { ProductImage, ProductRecord, VariantRecord } from './catalog-items';
import { defaultVariant, productDerived, productItem, skuClaimItem, variantItem } from './items';
import { setStockItems } from './variant-stock';
import { searchName } from './search-name';
import { preparePriceWrite } from './price-history-repository';

/** Filters of the admin product list. */
export interface ProductListFilters {
  /** Name substring (case- and accent-insensitive). */
  q?: string | undefined;
  categoryId?: string | undefined;
  tier?: PremiumTier | undefined;
}

/**
 * AP40: one page of products by name (GSI3 PRODUCT_NAMES, GSI3SK `{lower(name)}#{id}`). Without filters
 * 1 Query with Limit; with filters a filtered Query (see queryFilteredPage: 1 request per 1 MB of
 * products read, at most 6).
 * @throws AppError 400 on a bad cursor
 */
export function listProductsPage(
  filters: ProductListFilters,
  page: { limit?: number | undefined; cursor?: string | undefined },
): Promise<Page<ProductRecord>> {
  const partitionKey = { name: 'GSI3PK', value: COLLECTION.productNames };
  const base = { TableName: env.tableName, IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk' };
  const clauses: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': COLLECTION.productNames };
  const q = filters.q ? searchName(filters.q) : '';
  if (q) {
    clauses.push('contains(#search, :q)');
    names['#search'] = 'search_name';
    values[':q'] = q;
  }
  if (filters.categoryId) {
    clauses.push('#cat = :cat');
    names['#cat'] = 'category_id';
    values[':cat'] = filters.categoryId;
  }
  if (filters.tier) {
    names['#tier'] = 'premium_tier';
    values[':tier'] = filters.tier;
    if (filters.tier === 'none') {
      values[':nullType'] = 'NULL';
      clauses.push('(attribute_not_exists(#tier) OR attribute_type(#tier, :nullType) OR #tier = :tier)');
    } else {
      clauses.push('#tier = :tier');
    }
  }
  if (clauses.length === 0)
    return queryPage<ProductRecord>({ ...base, ExpressionAttributeValues: values }, partitionKey, page);
  return queryFilteredPage<ProductRecord>(
    {
      ...base,
      FilterExpression: clauses.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    partitionKey,
    page,
  );
}

/** How many products a name-prefix read (AP99) returns at most. */
export const NAME_PREFIX_LIMIT = 25;

/**
 * AP99: the products whose name starts with `prefix` (case-insensitive as the by-name collection
 * sorts it), by name: `GSI3PK = 'PRODUCT_NAMES' AND begins_with(GSI3SK, lower(prefix))`, at most
 * NAME_PREFIX_LIMIT. 1 Query. The back office's search adds them to the index's matches, so a
 * product saved a moment ago is found by its name before the search index has it.
 */
export async function listProductsByNamePrefix(prefix: string): Promise<ProductRecord[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :prefix)',
      ExpressionAttributeValues: { ':pk': COLLECTION.productNames, ':prefix': sortKey.byNamePrefix(prefix) },
      Limit: NAME_PREFIX_LIMIT,
    }),
  );
  return (out.Items ?? []).map((i) => stripKeys<ProductRecord>(i));
}

/** A variant low on stock with its product (the inventory alerts). */
export interface StockAlert {
  product: ProductRecord;
  variant: VariantRecord;
}

/**
 * AP41: active variants of physical products with quantity <= 5, lowest stock first: GSI4
 * `GSI4PK = 'PHYSICAL_STOCK' AND quantity <= 5`, then their products by key. Reads only the
 * alerting variants (1 Query per 1 MB of them) and their products (1 BatchGetItem per 100),
 * whatever the size of the catalogue.
 */
export async function listStockAlerts(): Promise<StockAlert[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI4',
    KeyConditionExpression: 'GSI4PK = :pk AND #stock <= :max',
    ExpressionAttributeNames: { '#stock': STOCK_SORT_ATTRIBUTE },
    ExpressionAttributeValues: { ':pk': PHYSICAL_STOCK, ':max': LOW_STOCK_MAX },
  });
  const variants = items.map((i) => stripKeys<VariantRecord>(i));
  if (variants.length === 0) return [];
  const products = new Map(
    (await batchGet<ProductRecord>(variants.map((v) => keys.product(v.product_id)))).map((p) => [p.id, p]),
  );
  return variants.flatMap((variant) => {
    const product = products.get(variant.product_id);
    return product ? [{ product, variant }] : [];
  });
}

/** Which part of a product save failed its condition. */
export type SaveConflictPart = 'product' | 'price' | 'category' | 'asset' | 'sku';

/** A product save refused by a condition (nothing was written). */
export class ProductSaveConflict extends Error {
  constructor(readonly part: SaveConflictPart) {
    super(`product save refused: ${part}`);
    this.name = 'ProductSaveConflict';
  }
}

/** The fields a back-office save writes (everything but id, created_at, the gallery and, optionally, the stock). */
export type ProductFields = Omit<ProductRecord, 'id' | 'created_at' | 'images' | 'image_url' | 'quantity'> & {
  quantity?: number;
};

/** The category a save copies its name from: checked in the same transaction. */
export interface CategoryGuard {
  id: string;
  name: string;
}

function categoryCheck(guard: CategoryGuard): TransactItem {
  return {
    ConditionCheck: {
      TableName: env.tableName,
      Key: keys.category(guard.id),
      ConditionExpression: 'attribute_exists(PK) AND #name = :name',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': guard.name },
    },
  };
}

/** Transaction items that move the product's asset link from `before` to `after`. */
function assetLinkItems(
  productId: string,
  before: string | null,
  after: string | null,
): { items: TransactItem[]; newAssetIndex: number | null } {
  if (before === after) return { items: [], newAssetIndex: null };
  const items: TransactItem[] = [];
  let newAssetIndex: number | null = null;
  if (after) {
    newAssetIndex = items.length;
    items.push({
      Update: {
        TableName: env.tableName,
        Key: keys.digitalAsset(after),
        UpdateExpression: 'ADD #links :p',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#deleting)',
        ExpressionAttributeNames: { '#links': 'linked_product_ids', '#deleting': 'deleting_at' },
        ExpressionAttributeValues: { ':p': new Set([productId]) },
      },
    });
  }
  if (before) {
    items.push({
      Update: {
        TableName: env.tableName,
        Key: keys.digitalAsset(before),
        UpdateExpression: 'DELETE #links :p',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#links': 'linked_product_ids' },
        ExpressionAttributeValues: { ':p': new Set([productId]) },
      },
    });
  }
  return { items, newAssetIndex };
}

/** Whether the product item exists (a strongly consistent GetItem of its key only). */
async function productExists(id: string): Promise<boolean> {
  const out = await ddb.send(
    new GetCommand({
      TableName: env.tableName,
      Key: keys.product(id),
      ConsistentRead: true,
      ProjectionExpression: 'PK',
    }),
  );
  return Boolean(out.Item);
}

/** Runs a product save transaction and maps a refused condition to ProductSaveConflict. */
async function runSave(
  items: TransactItem[],
  categoryIndex: number | null,
  newAssetIndex: number | null,
  skuIndex: number | null = null,
): Promise<void> {
  const result = await transactIf(items);
  if (result.ok) return;
  const { failed } = result;
  if (skuIndex !== null && failed.includes(skuIndex)) throw new ProductSaveConflict('sku');
  if (failed.includes(0)) throw new ProductSaveConflict('product');
  if (categoryIndex !== null && failed.includes(categoryIndex)) throw new ProductSaveConflict('category');
  if (newAssetIndex !== null && failed.includes(newAssetIndex)) throw new ProductSaveConflict('asset');
  throw new Error(`product save refused by transaction item(s) ${failed.join(', ')}`);
}

/**
 * Creates a product (Put IF NOT EXISTS) with its default variant and the claim of its SKU (IF NOT
 * EXISTS), its first recorded price, its category check and asset link, in one transaction.
 * @param sku the default variant's SKU (absent: shared/variants.ts defaultSku)
 * @throws ProductSaveConflict 'sku' (the SKU is another variant's), 'category' (category gone or
 *   renamed) / 'asset' (asset gone or being deleted)
 */
export async function createProduct(p: ProductRecord, category: CategoryGuard | null, sku?: string): Promise<void> {
  const price = await preparePriceWrite('product', p.id, null, {
    price_cents: p.price_cents,
    at: p.created_at,
    source: 'back_office',
  });
  const variant = defaultVariant({ ...p, price_reduction: null, sku: sku ?? null });
  const items: TransactItem[] = [
    {
      Put: {
        TableName: env.tableName,
        Item: productItem({ ...p, price_reduction: null, variant_count: 1, price_max_cents: p.price_cents }),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: env.tableName,
        Item: variantItem(variant, p),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...(price.item ? [price.item] : []),
  ];
  const skuIndex =
    items.push({
      Put: { TableName: env.tableName, Item: skuClaimItem(variant), ConditionExpression: 'attribute_not_exists(PK)' },
    }) - 1;
  const categoryIndex = category ? items.push(categoryCheck(category)) - 1 : null;
  const link = assetLinkItems(p.id, null, p.digital_asset_id);
  const newAssetIndex = link.newAssetIndex === null ? null : items.length + link.newAssetIndex;
  items.push(...link.items);
  await runSave(items, categoryIndex, newAssetIndex, skuIndex);
}

/**
 * The update of a product's default variant that goes with a product save (a product without
 * options): its price (IF still the one read), announcement, reduction and, when sent, its stock;
 * GSI4 follows the product's kind. Null when the product has options (its variants are saved by
 * the variant grid).
 */
function defaultVariantUpdate(
  previous: ProductRecord,
  fields: ProductFields,
  priceReduction: ProductRecord['price_reduction'] | undefined,
): TransactItem | null {
  if (previous.options?.length) return null;
  const physical = !fields.is_digital;
  const parts = updateParts(
    {
      price_cents: fields.price_cents,
      announce_reduction: Boolean(fields.announce_reduction),
      ...(priceReduction !== undefined ? { price_reduction: priceReduction } : {}),
      ...(fields.quantity !== undefined ? { quantity: fields.quantity } : {}),
      ...(physical ? { GSI4PK: PHYSICAL_STOCK } : {}),
      updated_at: fields.updated_at ?? new Date().toISOString(),
    },
    physical ? [] : ['GSI4PK'],
    { names: { '#vprice': 'price_cents' }, values: { ':vprevious': previous.price_cents } },
  );
  return {
    Update: {
      TableName: env.tableName,
      Key: keys.variant(previous.id, previous.id),
      ...parts,
      ConditionExpression: 'attribute_exists(PK) AND #vprice = :vprevious',
    },
  };
}

/**
 * Updates a product's fields (UpdateItem: gallery, created_at and, when `fields.quantity` is
 * undefined, the stock are kept), re-deriving its index keys, in one transaction with the category
 * check and the asset link move. A new price is recorded in the history (AP98) and the reduction
 * it makes stored, from the history read first (AP97), conditioned on the price read.
 * @param previous the product as read before (its asset link is moved from there)
 * @param fields the new fields; `updated_at` (ISO) is when a new price applies
 * @returns the product after the write (1 more GetItem)
 * @throws ProductSaveConflict 'product' (gone meanwhile), 'price' (its price changed meanwhile), 'category', 'asset'
 */
export async function updateProduct(
  previous: ProductRecord,
  fields: ProductFields,
  category: CategoryGuard | null,
): Promise<ProductRecord> {
  // a product with options: its prices and stock are its variants' (the variant grid saves them)
  if (previous.options?.length)
    fields = {
      ...fields,
      price_cents: previous.price_cents,
      announce_reduction: previous.announce_reduction,
      quantity: undefined,
    };
  const price = await preparePriceWrite('product', previous.id, previous.price_cents, {
    price_cents: fields.price_cents,
    at: fields.updated_at ?? new Date().toISOString(),
    source: 'back_office',
  });
  const derived = productDerived({
    id: previous.id,
    created_at: previous.created_at,
    name: fields.name,
    category_id: fields.category_id,
    is_digital: fields.is_digital,
    premium_tier: fields.premium_tier,
  });
  const priceChanged = price.item !== null;
  const parts = updateParts(
    {
      ...fields,
      ...(priceChanged ? { price_reduction: price.price_reduction ?? null, price_max_cents: fields.price_cents } : {}),
      ...derived,
    },
    INDEX_ATTRIBUTES.filter((a) => !(a in derived)),
    priceChanged
      ? { names: { '#price': 'price_cents' }, values: { ':previousPrice': previous.price_cents } }
      : undefined,
  );
  const items: TransactItem[] = [
    {
      Update: {
        TableName: env.tableName,
        Key: keys.product(previous.id),
        ...parts,
        ConditionExpression: priceChanged ? 'attribute_exists(PK) AND #price = :previousPrice' : 'attribute_exists(PK)',
      },
    },
    ...(price.item ? [price.item] : []),
  ];
  const variant = defaultVariantUpdate(previous, fields, priceChanged ? (price.price_reduction ?? null) : undefined);
  const variantIndex = variant ? items.push(variant) - 1 : null;
  const categoryIndex = category ? items.push(categoryCheck(category)) - 1 : null;
  const link = assetLinkItems(previous.id, previous.digital_asset_id ?? null, fields.digital_asset_id);
  const newAssetIndex = link.newAssetIndex === null ? null : items.length + link.newAssetIndex;
  items.push(...link.items);
  try {
    const result = await transactIf(items);
    // the default variant's price moved meanwhile (or it is gone): the price changed meanwhile
    if (!result.ok && variantIndex !== null && result.failed.includes(variantIndex) && !result.failed.includes(0))
      throw new ProductSaveConflict('price');
    if (!result.ok) await runSave(items, categoryIndex, newAssetIndex);
  } catch (e) {
    // the price condition failed on a product that still exists: its price changed meanwhile
    if (e instanceof ProductSaveConflict && e.part === 'product' && priceChanged && (await productExists(previous.id)))
      throw new ProductSaveConflict('price');
    throw e;
  }
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.product(previous.id), ConsistentRead: true }),
  );
  if (!out.Item) throw new ProductSaveConflict('product');
  return stripKeys<ProductRecord>(out.Item);
}

/**
 * Replaces the gallery and the primary image URL. 1 UpdateItem.
 * @returns the product after the write, or null when it does not exist
 */
export function setProductImages(
  id: string,
  images: ProductImage[],
  imageUrl: string | null,
  now: string,
): Promise<ProductRecord | null> {
  return updateIfExists<ProductRecord>(keys.product(id), updateParts({ images, image_url: imageUrl, updated_at: now }));
}

/** Attempts of a restock whose variant's stock moved between its read and its write. */
const RESTOCK_ATTEMPTS = 5;

/** A product item and one of its variant items as stored now (consistent reads), or null when either is gone. */
async function readProductAndVariant(productId: string, variantId: string): Promise<StockAlert | null> {
  const [product, variant] = await Promise.all([
    ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.product(productId), ConsistentRead: true })),
    ddb.send(
      new GetCommand({ TableName: env.tableName, Key: keys.variant(productId, variantId), ConsistentRead: true }),
    ),
  ]);
  return product.Item && variant.Item
    ? { product: stripKeys<ProductRecord>(product.Item), variant: stripKeys<VariantRecord>(variant.Item) }
    : null;
}

/**
 * Sets the stock of a variant of a physical product (restock): the product and the variant read
 * (consistent), then the variant's quantity set IF unchanged since, with its product's sum and
 * `updated_at`, in one TransactWriteItems (read again when a sale moved it meanwhile, and the
 * target computed again from the new stock). GSI4 follows by itself.
 * @param variantId the variant (a product without options: its id)
 * @param quantity the units to set, from the stock as read (`current => current + 5` adds 5)
 * @returns the product and the variant after the write, or null when either does not exist or the
 *   product is digital
 */
export async function setVariantQuantity(
  productId: string,
  variantId: string,
  quantity: (current: number) => number,
  now: string,
): Promise<StockAlert | null> {
  for (let attempt = 0; attempt < RESTOCK_ATTEMPTS; attempt++) {
    const found = await readProductAndVariant(productId, variantId);
    if (!found || found.product.is_digital) return null;
    const [variant, sum] = setStockItems(
      { product_id: productId, variant_id: variantId },
      found.variant.quantity,
      quantity(found.variant.quantity),
    );
    if (!variant || !sum?.Update) return found;
    const product: TransactItem = {
      Update: {
        ...sum.Update,
        UpdateExpression: `${sum.Update.UpdateExpression} SET updated_at = :now`,
        ConditionExpression: 'attribute_exists(PK) AND is_digital = :no',
        ExpressionAttributeValues: { ...sum.Update.ExpressionAttributeValues, ':now': now, ':no': false },
      },
    };
    if ((await transactIf([variant, product])).ok) return readProductAndVariant(productId, variantId);
  }
  throw new ProductSaveConflict('product');
}

/**
 * Deletes the product item and unlinks its digital asset, in one transaction, then its variants and
 * their SKU claims (AP148 + BatchWriteItem by 25; a product's orders keep their snapshot).
 * @returns false when the product was already gone
 */
export async function deleteProductItem(p: ProductRecord): Promise<boolean> {
  const items: TransactItem[] = [
    { Delete: { TableName: env.tableName, Key: keys.product(p.id), ConditionExpression: 'attribute_exists(PK)' } },
    ...assetLinkItems(p.id, p.digital_asset_id ?? null, null).items,
  ];
  const result = await transactIf(items);
  if (!result.ok) {
    if (result.failed.includes(0)) return false;
    // The asset item is gone (legacy data): delete the product alone.
    await transactIf(items.slice(0, 1));
  }
  const variants = await listVariants(p.id);
  await batchDelete(variants.flatMap((v) => [keys.variant(p.id, v.id), keys.skuClaim(v.sku)]));
  return true;
}

/**
 * Copies a category's new name onto one of its products, only while the product is still in it.
 * 1 UpdateItem. @returns false when the product left the category (or is gone)
 */
export async function setProductCategoryName(productId: string, categoryId: string, name: string): Promise<boolean> {
  const parts = updateParts({ category_name: name }, [], {
    names: { '#cat': 'category_id' },
    values: { ':cat': categoryId },
  });
  return (await updateIfExists<ProductRecord>(keys.product(productId), parts, '#cat = :cat')) !== null;
}

/**
 * Takes a product out of a deleted category: category_id and category_name null, out of the
 * category's GSI2 partition, only while it is still in that category. 1 UpdateItem.
 * @returns false when the product left the category (or is gone)
 */
export async function uncategoriseProduct(productId: string, categoryId: string): Promise<boolean> {
  const parts = updateParts({ category_id: null, category_name: null }, CATEGORY_INDEX_ATTRIBUTES, {
    names: { '#cat': 'category_id' },
    values: { ':cat': categoryId },
  });
  return (await updateIfExists<ProductRecord>(keys.product(productId), parts, '#cat = :cat')) !== null;
}
