/**
 * Wishlist (wishlist_items): PK USER#{sub}, SK WISH#{productId}.
 */
import { ddb, DeleteCommand, QueryCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { putIf } from './conditional';
import { indexKeys, keys, partition, SK_PREFIX } from './keys';

/** AP16: product ids of a user's wishlist, oldest first. 1 Query. */
export async function listWishlist(sub: string): Promise<{ product_id: string; created_at: string }[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': partition.user(sub), ':p': SK_PREFIX.wishlistItem },
    }),
  );
  return (out.Items ?? [])
    .map((i) => ({ product_id: String(i.product_id), created_at: String(i.created_at) }))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Adds a product (no-op when present); GSI2 lists it among the product's holders (AP42). */
export async function addToWishlist(sub: string, productId: string): Promise<void> {
  await putIf(
    {
      ...keys.wishlistItem(sub, productId),
      entity: 'wishlist_item',
      ...indexKeys.wishlistItem({ user_id: sub, product_id: productId }),
      user_id: sub,
      product_id: productId,
      created_at: new Date().toISOString(),
    },
    'attribute_not_exists(PK)',
  );
}

/** Removes a product (no-op when absent). */
export async function removeFromWishlist(sub: string, productId: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: env.tableName, Key: keys.wishlistItem(sub, productId) }));
}
