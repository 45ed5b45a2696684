/**
 * Back-office writes of categories and bundles (function 'admin-catalog'). Creates are Put IF NOT
 * EXISTS, updates Put IF EXISTS (these items have no other writer), deletes are conditional, so a
 * write on an id that is not there answers "not found" instead of creating a stray item.
 */
import type { PremiumTier } from '../../shared/tiers';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { deleteIfExists, putIf, transactIf, updateIfExists } from './conditional';
import { recordPriceItem } from './price-history-repository';
import { keys } from './keys';
import { bundleItem, categoryItem } from './items';
import { stripKeys } from './query';
import { updateParts } from './update-expression';
import type { BundleRecord, CategoryRecord } from './catalog-items';

/** AP48: one category by id, or null. 1 GetItem (strongly consistent: a save copies its name). */
export async function getCategory(id: string): Promise<CategoryRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.category(id), ConsistentRead: true }),
  );
  return out.Item ? stripKeys<CategoryRecord>(out.Item) : null;
}

/** Creates a category. @returns false when the id exists */
export function createCategory(c: CategoryRecord): Promise<boolean> {
  return putIf(categoryItem(c), 'attribute_not_exists(PK)');
}

/** Replaces an existing category (name, description; GSI1 follows the new name). @returns false when it does not exist */
export function replaceCategory(c: CategoryRecord): Promise<boolean> {
  return putIf(categoryItem(c), 'attribute_exists(PK)');
}

/** Deletes a category item (its products are handled by the caller). @returns false when it did not exist */
export function deleteCategoryItem(id: string): Promise<boolean> {
  return deleteIfExists(keys.category(id));
}

/** Creates a bundle with its first recorded price (AP98), in one transaction. @returns false when the id exists */
export async function createBundle(b: BundleRecord): Promise<boolean> {
  const price = recordPriceItem('bundle', b.id, {
    price_cents: b.price_cents,
    at: b.created_at,
    source: 'back_office',
  });
  const put = {
    Put: { TableName: env.tableName, Item: bundleItem(b), ConditionExpression: 'attribute_not_exists(PK)' },
  };
  return (await transactIf([put, price])).ok;
}

/**
 * Replaces an existing bundle ("Bundle save replaces the full product association set"); a new
 * price is recorded in the price history (AP98) in the same transaction.
 * @param previousPriceCents the stored price; `at` (ISO) is when a new one applies
 * @returns false when it does not exist
 */
export async function replaceBundle(b: BundleRecord, previousPriceCents: number, at: string): Promise<boolean> {
  if (previousPriceCents === b.price_cents) return putIf(bundleItem(b), 'attribute_exists(PK)');
  const put = { Put: { TableName: env.tableName, Item: bundleItem(b), ConditionExpression: 'attribute_exists(PK)' } };
  const price = recordPriceItem('bundle', b.id, { price_cents: b.price_cents, at, source: 'back_office' });
  return (await transactIf([put, price])).ok;
}

/** Deletes a bundle item. @returns false when it did not exist */
export function deleteBundleItem(id: string): Promise<boolean> {
  return deleteIfExists(keys.bundle(id));
}

/**
 * Sets a bundle's product set, premium flag and access tier (after a product left it or changed
 * tier). 1 UpdateItem.
 * @param accessTier the highest tier of its products (shared/tiers.ts bundleAccessTier)
 * @returns false when the bundle is gone
 */
export async function setBundleProducts(
  id: string,
  productIds: string[],
  isPremium: boolean,
  accessTier: PremiumTier,
): Promise<boolean> {
  return (
    (await updateIfExists<BundleRecord>(
      keys.bundle(id),
      updateParts({ product_ids: productIds, is_premium: isPremium, access_tier: accessTier }),
    )) !== null
  );
}
