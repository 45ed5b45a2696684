/**
 * "Who holds this item": the cart lines and wishlist items of every user that point at a product
 * or a bundle, found on GSI2 `HOLDERS#{p-id|b-id}` (both kinds carry it; see keys.ts indexKeys.cartLine
 * and indexKeys.wishlistItem). Used when a product or bundle is deleted, so no Scan is needed.
 */
import { env } from '../lib/env';
import { partition, SK_PREFIX, type TableKey } from './keys';
import { queryAll } from './query';
import { batchDelete } from './batch';

/** One holder: the table key of the cart line or wishlist item. */
export interface Holder {
  kind: 'cart' | 'wishlist';
  key: TableKey;
  user_id: string;
}

/**
 * AP42: the cart lines and wishlist items holding an item, across all users. 1 Query on GSI2 per 1 MB.
 * @param itemRef the cart line id form of the item: 'p-{productId}' or 'b-{bundleId}' (shared/cart.ts cartLineId)
 */
export async function listHolders(itemRef: string): Promise<Holder[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': partition.holders(itemRef) },
  });
  return items.map((i) => ({
    kind: String(i.SK).startsWith(SK_PREFIX.wishlistItem) ? ('wishlist' as const) : ('cart' as const),
    key: { PK: String(i.PK), SK: String(i.SK) },
    user_id: String(i.user_id),
  }));
}

/**
 * Removes an item from every cart and wishlist holding it.
 * @returns how many cart lines and wishlist items were deleted
 */
export async function removeFromAllCarts(itemRef: string): Promise<{ cart_lines: number; wishlist_items: number }> {
  const holders = await listHolders(itemRef);
  await batchDelete(holders.map((h) => h.key));
  return {
    cart_lines: holders.filter((h) => h.kind === 'cart').length,
    wishlist_items: holders.filter((h) => h.kind === 'wishlist').length,
  };
}
