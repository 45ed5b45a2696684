/**
 * Products created by the supplier import, found again by their supplier page so that a
 * re-import updates the same product instead of making a stand-in.
 *
 * Items:
 *   product          `PRODUCT#{id}` / `PRODUCT` (catalog-items.ts ProductRecord, with supplier_* fields)
 *   variants         `PRODUCT#{id}` / `VARIANT#{variantId}` (the page's sizes or colours, or the default
 *                    variant), each with its SKU claim `SKU#{SKU}` / `CLAIM` and the supplier's SKU
 *   page link        `SUPPLIER_PAGE#{sha256(urlKey(page URL))}` / `PRODUCT_LINK` -> { product_id, url }
 *
 * The link item is a uniqueness constraint: a first import writes product + link in one
 * TransactWriteItems with the link `IF NOT EXISTS` (or pointing at a product that no longer
 * exists / no longer has that page), so two concurrent imports of the same page cannot create two
 * products. Each write records the price it sets in the price history, in the same transaction
 * (price-history-repository.ts), and a re-import that changes the price stores the reduction it
 * makes (art. 17-bis Codice del Consumo); the supplier's own struck-through price is never copied.
 * A re-import updates only the product's page data (name, description, price, gallery,
 * supplier link and SKU) and what its name derives (name index key, search name), never its stock
 * fields: quantity and supplier_level belong to checkout reservations and to the stock sync (stock
 * rule: functions/automations/stock-sync-engine.ts). Both writes build the product's attributes
 * with items.ts, as every other writer of products does.
 *
 * Access patterns (access-patterns.md):
 *   AP84 product by supplier page URL   1 GetItem (link) + 1 Query (the product and its variants, AP148)
 *   create                              1 TransactWriteItems (product, link, and per variant: the
 *                                       variant, its SKU claim, its price)
 *   update                              1 TransactWriteItems (product, link check, default variant;
 *                                       + the price and AP97 when the price changed)
 */
import { createHash } from 'node:crypto';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { indexKeys, keys } from './keys';
import {
  defaultVariant,
  priceHistoryOf,
  productDerived,
  productItem,
  skuClaimItem,
  variantItem,
  variantSummary,
} from './items';
import { updateParts } from './update-expression';
import { getProductWithVariants } from './catalog-repository';
import { transactIf, type TransactItem } from './conditional';
import type { ProductRecord, VariantRecord } from './catalog-items';
import { urlKey } from '../../shared/stock-sync';
import { preparePriceWrite } from './price-history-repository';
import type { PriceReduction } from '../../shared/price-history';

/** The hash identifying a supplier page: sha256 (hex) of its URL key (host case, trailing slash and fragment ignored). */
export function supplierPageHash(url: string): string {
  return createHash('sha256')
    .update(urlKey(url) ?? url)
    .digest('hex');
}

/** True when two URLs are the same supplier page. */
export const samePage = (a: string | null | undefined, b: string): boolean =>
  Boolean(a) && supplierPageHash(a!) === supplierPageHash(b);

/** What the page link says. */
export interface SupplierPageLookup {
  /** The product imported from the page, or null (never imported, product deleted, or now on another page). */
  product: ProductRecord | null;
  /** The supplier SKU of that product's default variant, or null. */
  supplierSku: string | null;
  /** That product's variants (AP148), [] when there is no product. */
  variants: VariantRecord[];
  /** The product id the link item names, even when that product is gone (a create then takes the link over). */
  linkedProductId: string | null;
}

/** AP84: the product imported from `url` (with its variants: AP148). 1 GetItem, + 1 Query when linked. */
export async function findImportedProduct(url: string): Promise<SupplierPageLookup> {
  const link = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.supplierPage(supplierPageHash(url)), ConsistentRead: true }),
  );
  const productId = link.Item?.product_id;
  if (typeof productId !== 'string') return { product: null, supplierSku: null, variants: [], linkedProductId: null };
  const found = await getProductWithVariants(productId);
  const product = found && samePage(found.product.supplier_product_url, url) ? found.product : null;
  return {
    product,
    supplierSku: (product && found?.variants.find((v) => v.id === product.id)?.supplier_sku) ?? null,
    variants: product ? (found?.variants ?? []) : [],
    linkedProductId: productId,
  };
}

/** The import lost a race (another import of the same page, or the product changed meanwhile). */
export class ImportConflictError extends Error {
  override readonly name = 'ImportConflictError';
}

/** Page data a re-import may change (the supplier's SKU is the default variant's; absent: kept). */
export type ImportedFields = Pick<
  ProductRecord,
  'name' | 'description' | 'price_cents' | 'image_url' | 'images' | 'supplier_product_url' | 'supplier_id'
> & { supplier_sku?: string | null | undefined };

/** Runs a transaction of the import. @throws ImportConflictError when a condition failed */
async function transact(items: TransactItem[]): Promise<void> {
  if (!(await transactIf(items)).ok) throw new ImportConflictError('import conflict');
}

/**
 * Most variants an import creates: the create is one TransactWriteItems (at most 100 items) holding
 * the product, the page link and, per variant, the variant, its SKU claim and its first price.
 */
export const MAX_IMPORTED_VARIANTS = 32;

/**
 * Creates an imported product and its page link in one transaction.
 * @param p the product; with `options`, `variants` are its variants (the first one's id is the
 *   product's: its price history is the product's), else its default variant is built from `p`
 *   (supplier_sku / supplier_level / supplier_synced_at)
 * @param staleProductId the product a dangling link still names (deleted, or moved to another page), to take the link over
 * @param variants the page's variants (each with its supplier SKU, price, stock and baseline), or undefined for a product without options
 * @throws ImportConflictError when the link is held by another live product (a concurrent import)
 *   or one of the variants' SKUs is claimed meanwhile
 */
export async function createImportedProduct(
  p: ProductRecord & {
    supplier_product_url: string;
    supplier_sku?: string | null;
    supplier_level?: number | null;
    supplier_synced_at?: string | null;
  },
  staleProductId: string | null,
  variants?: readonly VariantRecord[],
): Promise<void> {
  const now = new Date().toISOString();
  const { supplier_sku, supplier_level, supplier_synced_at, ...product } = p;
  const list = variants?.length
    ? variants
    : [
        defaultVariant({
          ...product,
          price_reduction: null,
          supplier_sku: supplier_sku ?? null,
          ...(supplier_level !== undefined ? { supplier_level } : {}),
          ...(supplier_synced_at !== undefined ? { supplier_synced_at } : {}),
        }),
      ];
  const summary = variantSummary(list);
  const variantItems: TransactItem[] = [];
  for (const variant of list) {
    const history = priceHistoryOf(variant);
    const price = await preparePriceWrite(history.kind, history.id, null, {
      price_cents: variant.price_cents,
      at: p.created_at,
      source: 'import',
    });
    variantItems.push(
      {
        Put: {
          TableName: env.tableName,
          Item: variantItem(variant, product),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: { TableName: env.tableName, Item: skuClaimItem(variant), ConditionExpression: 'attribute_not_exists(PK)' },
      },
      ...(price.item ? [price.item] : []),
    );
  }
  await transact([
    {
      Put: {
        TableName: env.tableName,
        Item: productItem({
          ...product,
          price_reduction: null,
          price_cents: summary.price_cents,
          price_max_cents: summary.price_max_cents,
          variant_count: summary.variant_count,
          quantity: summary.quantity,
        }),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...variantItems,
    {
      Put: {
        TableName: env.tableName,
        Item: {
          ...keys.supplierPage(supplierPageHash(p.supplier_product_url)),
          entity: 'supplier_page',
          product_id: p.id,
          url: p.supplier_product_url,
          linked_at: now,
        },
        ConditionExpression: staleProductId
          ? 'attribute_not_exists(PK) OR product_id = :stale'
          : 'attribute_not_exists(PK)',
        ...(staleProductId ? { ExpressionAttributeValues: { ':stale': staleProductId } } : {}),
      },
    },
  ]);
}

/**
 * Updates the page data of a product found through its page link, with what the new name derives
 * (items.ts productDerived); stock fields are not touched. Conditioned on the product still
 * existing with the category, kind and price it was read with (the other inputs of its index keys
 * and of its price history), and on the link still naming it.
 * @param existing the product as findImportedProduct read it
 * @param now when a new price applies (its history entry)
 * @throws ImportConflictError when the product was deleted or changed category, kind or price, or the link moved meanwhile
 */
export async function updateImportedProduct(
  existing: ProductRecord,
  fields: ImportedFields & { supplier_product_url: string },
  now = new Date(),
): Promise<void> {
  const inCategory = existing.category_id === null ? 'attribute_type(#cat, :null)' : '#cat = :cat';
  // a product with options: its prices are its variants' (saveVariants), not written here
  const withOptions = Boolean(existing.options?.length);
  const price = withOptions
    ? { item: null, price_reduction: undefined }
    : await preparePriceWrite('product', existing.id, existing.price_cents, {
        price_cents: fields.price_cents,
        at: now.toISOString(),
        source: 'import',
      });
  const { supplier_sku, ...pageFields } = fields;
  const productFields = withOptions ? { ...pageFields, price_cents: existing.price_cents } : pageFields;
  const parts = updateParts(
    {
      ...productFields,
      ...(price.price_reduction !== undefined
        ? { price_reduction: price.price_reduction, price_max_cents: fields.price_cents }
        : {}),
      ...productDerived({ ...existing, ...productFields }),
    },
    [],
    {
      names: { '#cat': 'category_id', '#digital': 'is_digital', '#price': 'price_cents' },
      values: {
        ...(existing.category_id === null ? { ':null': 'NULL' } : { ':cat': existing.category_id }),
        ':digital': existing.is_digital,
        ':price': existing.price_cents,
      },
    },
  );
  await transact([
    {
      Update: {
        TableName: env.tableName,
        Key: keys.product(existing.id),
        ...parts,
        ConditionExpression: `attribute_exists(PK) AND ${inCategory} AND #digital = :digital AND #price = :price`,
      },
    },
    ...(price.item ? [price.item] : []),
    ...(withOptions ? [] : [defaultVariantUpdate(existing, fields, supplier_sku, price.price_reduction)]),
    {
      ConditionCheck: {
        TableName: env.tableName,
        Key: keys.supplierPage(supplierPageHash(fields.supplier_product_url)),
        ConditionExpression: 'product_id = :id',
        ExpressionAttributeValues: { ':id': existing.id },
      },
    },
  ]);
}

/** The default variant's update of a re-import: the page's price and the supplier's SKU (its stock is the sync's). */
function defaultVariantUpdate(
  existing: ProductRecord,
  fields: ImportedFields,
  supplier_sku: string | null | undefined,
  price_reduction: PriceReduction | null | undefined,
): TransactItem {
  return {
    // the default variant: the page's price and the supplier's SKU (its stock is the sync's)
    Update: {
      TableName: env.tableName,
      Key: keys.variant(existing.id, existing.id),
      ...updateParts(
        {
          price_cents: fields.price_cents,
          supplier_sku,
          ...(price_reduction !== undefined ? { price_reduction } : {}),
          ...indexKeys.variant(
            { id: existing.id, product_id: existing.id, status: 'active' },
            {
              ...existing,
              supplier_id: fields.supplier_id,
            },
          ),
        },
        [],
      ),
      ConditionExpression: 'attribute_exists(PK)',
    },
  };
}
