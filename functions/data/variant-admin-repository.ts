/**
 * The back office's save of a product's options and variants (the variant grid), one
 * TransactWriteItems (AP149, docs/decisions/0018-product-variants.md):
 *
 *  product        SET options and the summary of its variants (lowest and highest active price, the
 *                 cheapest one's reduction, how many are active), updated_at; ADD quantity by the
 *                 new variants' starting stock minus the stock of the ones archived now;
 *                 IF updated_at is still the one read (another save, a restock meanwhile: 409)
 *  new variant    Put IF NOT EXISTS, its SKU claim Put IF NOT EXISTS, its first price recorded
 *  kept variant   Update its values, position, SKU, price, weight, GTIN, images, status and stock
 *                 index; IF its price and stock are still the ones read (a sale meanwhile: 409);
 *                 archived now: quantity 0 (the product's sum goes down by what it held)
 *  SKU changed    the new claim Put IF NOT EXISTS, the old one deleted
 *  price changed  its price history item (the 30-day lowest price of the new price: its reduction)
 *
 * Existing variants are never deleted here: an archived variant keeps its orders, carts and price
 * history valid. A variant's stock changes through the restock (setVariantQuantity) or a sale.
 */
import { env } from '../lib/env';
import { transactIf, type TransactItem } from './conditional';
import { indexKeys, keys, PHYSICAL_STOCK } from './keys';
import { priceHistoryOf, skuClaimItem, variantItem, variantSummary } from './items';
import { preparePriceWrite } from './price-history-repository';
import { updateParts } from './update-expression';
import type { ProductRecord, VariantRecord } from './catalog-items';
import type { ProductOption } from '../../shared/variants';
import { skuKey } from '../../shared/variants';

/** Most items one TransactWriteItems holds. */
const MAX_TRANSACTION_ITEMS = 100;

/** Which part of a variant save failed its condition (nothing was written). */
export type VariantSaveConflictPart = 'product' | 'variant' | 'sku';

/** A variant save refused by a condition; `index` is the variant's place in the grid (sku, variant). */
export class VariantSaveConflict extends Error {
  constructor(
    readonly part: VariantSaveConflictPart,
    readonly index: number | null = null,
  ) {
    super(`variant save conflict: ${part}${index === null ? '' : ` #${index}`}`);
  }
}

/** Thrown when a save needs more than one transaction can hold (save it in several steps). */
export class VariantSaveTooLarge extends Error {
  constructor(readonly items: number) {
    super(`variant save needs ${items} transaction items`);
  }
}

/** What the grid's save stores: the product's options and every variant, in grid order. */
export interface VariantsSave {
  options: ProductOption[];
  /** Every variant of the product after the save (kept ones with their id, new ones with a new id). */
  variants: VariantRecord[];
}

/**
 * Saves a product's options and variants as read before (`before`): see the module's comment.
 * @param before the product and its variants as read (AP148)
 * @param next the options and every variant after the save; a variant whose id is among
 *   `before.variants` is kept (its `quantity` is ignored: 0 when archived now, else the stock read),
 *   any other is new (its `quantity` is its starting stock)
 * @param now ISO time of the save (updated_at, the price changes' `at`)
 * @returns the product and its variants as written
 * @throws VariantSaveConflict when the product, a variant or a SKU moved meanwhile or is taken;
 *   VariantSaveTooLarge beyond one transaction's 100 items; nothing is written then
 */
export async function saveVariants(
  before: { product: ProductRecord; variants: readonly VariantRecord[] },
  next: VariantsSave,
  now: string,
): Promise<{ product: ProductRecord; variants: VariantRecord[] }> {
  const { product } = before;
  const previous = new Map(before.variants.map((v) => [v.id, v]));
  const items: TransactItem[] = [];
  /** For each item, the grid index of the variant it writes, and whether it is a SKU claim. */
  const owners: { index: number; sku: boolean }[] = [];
  const push = (item: TransactItem, index: number, sku = false) => {
    items.push(item);
    owners.push({ index, sku });
  };
  let stockDelta = 0;
  const written: VariantRecord[] = [];
  for (const [index, draft] of next.variants.entries()) {
    const old = previous.get(draft.id);
    const history = priceHistoryOf(draft);
    const price = await preparePriceWrite(history.kind, history.id, old ? old.price_cents : null, {
      price_cents: draft.price_cents,
      at: now,
      source: 'back_office',
    });
    const archivedNow = old !== undefined && old.status === 'active' && draft.status === 'archived';
    const quantity = old ? (archivedNow ? 0 : old.quantity) : draft.quantity;
    const variant: VariantRecord = {
      ...draft,
      quantity,
      price_reduction: price.price_reduction === undefined ? (old?.price_reduction ?? null) : price.price_reduction,
      ...(old ? { created_at: old.created_at } : {}),
      updated_at: now,
    };
    written.push(variant);
    if (!old) {
      stockDelta += quantity;
      push(
        {
          Put: {
            TableName: env.tableName,
            Item: variantItem(variant, product),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        index,
      );
      push(claimSku(variant), index, true);
    } else {
      if (archivedNow) stockDelta -= old.quantity;
      const index4 = indexKeys.variant(variant, product);
      push(
        {
          Update: {
            TableName: env.tableName,
            Key: keys.variant(product.id, old.id),
            ...updateParts(
              {
                option_values: variant.option_values,
                position: variant.position,
                sku: variant.sku,
                price_cents: variant.price_cents,
                announce_reduction: Boolean(variant.announce_reduction),
                price_reduction: variant.price_reduction ?? null,
                weight_grams: variant.weight_grams,
                gtin: variant.gtin,
                image_ids: variant.image_ids,
                status: variant.status,
                quantity: variant.quantity,
                updated_at: now,
                ...(index4.GSI4PK ? { GSI4PK: PHYSICAL_STOCK } : {}),
              },
              index4.GSI4PK ? [] : ['GSI4PK'],
              {
                names: { '#p': 'price_cents', '#q': 'quantity' },
                values: { ':p': old.price_cents, ':q': old.quantity },
              },
            ),
            ConditionExpression: 'attribute_exists(PK) AND #p = :p AND #q = :q',
          },
        },
        index,
      );
      if (skuKey(old.sku) !== skuKey(variant.sku)) {
        push(claimSku(variant), index, true);
        push({ Delete: { TableName: env.tableName, Key: keys.skuClaim(old.sku) } }, index);
      }
    }
    if (price.item) push(price.item, index);
  }
  const summary = variantSummary(written);
  const productItem: TransactItem = {
    Update: {
      TableName: env.tableName,
      Key: keys.product(product.id),
      ...withStockDelta(
        updateParts(
          {
            options: next.options,
            price_cents: summary.price_cents,
            price_max_cents: summary.price_max_cents,
            variant_count: summary.variant_count,
            price_reduction: summary.price_reduction ?? null,
            announce_reduction: summary.announce_reduction,
            updated_at: now,
          },
          [],
          product.updated_at
            ? { names: { '#u': 'updated_at' }, values: { ':read': product.updated_at } }
            : { names: { '#u': 'updated_at' } },
        ),
        stockDelta,
      ),
      ConditionExpression: product.updated_at
        ? 'attribute_exists(PK) AND #u = :read'
        : 'attribute_exists(PK) AND attribute_not_exists(#u)',
    },
  };
  items.unshift(productItem);
  owners.unshift({ index: -1, sku: false });
  if (items.length > MAX_TRANSACTION_ITEMS) throw new VariantSaveTooLarge(items.length);
  const result = await transactIf(items);
  if (!result.ok) {
    const failed = result.failed.map((i) => owners[i]!);
    const sku = failed.find((o) => o.sku);
    if (sku) throw new VariantSaveConflict('sku', sku.index);
    const variant = failed.find((o) => o.index >= 0);
    if (variant) throw new VariantSaveConflict('variant', variant.index);
    throw new VariantSaveConflict('product');
  }
  const { price_max_cents, variant_count, price_cents, price_reduction, announce_reduction } = summary;
  return {
    product: {
      ...product,
      options: next.options,
      price_cents,
      price_max_cents,
      variant_count,
      price_reduction: price_reduction ?? null,
      announce_reduction,
      quantity: product.quantity + stockDelta,
      updated_at: now,
    },
    variants: written,
  };
}

/** The claim of a variant's SKU, only while no other variant holds it. */
function claimSku(v: VariantRecord): TransactItem {
  return { Put: { TableName: env.tableName, Item: skuClaimItem(v), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** Adds `ADD quantity :delta` to a product's update (nothing when the stock does not move). */
function withStockDelta<P extends ReturnType<typeof updateParts>>(parts: P, delta: number): P {
  if (delta === 0) return parts;
  return {
    ...parts,
    UpdateExpression: `${parts.UpdateExpression} ADD quantity :delta`,
    ExpressionAttributeValues: { ...parts.ExpressionAttributeValues, ':delta': delta },
  };
}
