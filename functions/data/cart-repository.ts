/**
 * Cart lines (cart_items) in the user's partition: PK USER#{sub}, SK CART#{lineId}, where
 * lineId is 'p-{productId}' (a product's default variant), 'p-{productId}.{variantId}' (another
 * variant) or 'b-{bundleId}' (shared/cart.ts). Adding uses an atomic ADD, so
 * concurrent adds of the same item sum up on one line.
 */
import { ddb, DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { batchDelete } from './batch';
import { deleteIfExists, ifCondition } from './conditional';
import { stripKeys } from './query';
import { indexKeys, keys, partition, SK_PREFIX } from './keys';
import { cartLineId, type CartItemKind } from '../../shared/cart';

export interface CartLineRecord {
  id: string;
  user_id: string;
  product_id: string | null;
  /**
   * The variant of a product line; absent or null on lines of a product's default variant (whose id
   * is the product's) and on bundle lines.
   */
  variant_id?: string | null;
  bundle_id: string | null;
  quantity: number;
  created_at: string;
}

/** AP15: a user's cart lines, created_at ascending. 1 Query. */
export async function listCart(sub: string): Promise<CartLineRecord[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': partition.user(sub), ':p': SK_PREFIX.cartLine },
    }),
  );
  return (out.Items ?? [])
    .map((i) => stripKeys<CartLineRecord>(i))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The discount code applied to a cart (item `USER#{sub}` / `CART_CODE`): which code, as stored when applied. */
export interface CartCodeRecord {
  /** Id of the discount code (DISCOUNT_CODE#{id}); its rules are read live at every view and checkout. */
  code_id: string;
  /** The code's text when it was applied (shown if the code is deleted meanwhile). */
  code: string;
  applied_at: string;
}

/** A cart as stored: its lines (created_at ascending) and the applied discount code, if any. */
export interface StoredCart {
  lines: CartLineRecord[];
  code: CartCodeRecord | null;
}

/**
 * AP71: a user's cart lines and applied discount code in one Query (`begins_with(SK, 'CART')`
 * covers the lines `CART#…` and the code `CART_CODE`).
 */
export async function readCart(sub: string): Promise<StoredCart> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': partition.user(sub), ':p': SK_PREFIX.cart },
    }),
  );
  const codeSk = keys.cartDiscountCode(sub).SK;
  const items = out.Items ?? [];
  const code = items.find((i) => i.SK === codeSk);
  const lines = items
    .filter((i) => String(i.SK).startsWith(SK_PREFIX.cartLine))
    .map((i) => stripKeys<CartLineRecord>(i));
  return {
    lines: lines.sort((a, b) => a.created_at.localeCompare(b.created_at)),
    code: code ? { code_id: String(code.code_id), code: String(code.code), applied_at: String(code.applied_at) } : null,
  };
}

/** Applies a discount code to the user's cart (replacing any other). 1 PutItem. */
export async function putCartCode(sub: string, code: CartCodeRecord): Promise<void> {
  await ddb.send(
    new PutCommand({ TableName: env.tableName, Item: { ...keys.cartDiscountCode(sub), entity: 'cart_code', ...code } }),
  );
}

/** Removes the discount code of the user's cart (no-op without one). 1 DeleteItem. */
export async function deleteCartCode(sub: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: env.tableName, Key: keys.cartDiscountCode(sub) }));
}

/**
 * Adds `quantity` of an item: a new line, or the existing line raised (the cart rule). 1 UpdateItem.
 * @param maxQuantity the line may not exceed this; beyond it nothing is written
 * @param variantId a product's variant (absent or the product's id: its default variant)
 * @returns the line after the change, or null when it would exceed maxQuantity
 */
export async function addToCart(
  sub: string,
  kind: CartItemKind,
  itemId: string,
  quantity: number,
  maxQuantity: number,
  variantId?: string | null,
): Promise<CartLineRecord | null> {
  const id = cartLineId(kind, itemId, variantId);
  const variant = kind === 'product' && variantId && variantId !== itemId ? variantId : null;
  // GSI2 lists the line among the holders of its item, a variant's line among its product's (AP42:
  // carts holding a product/bundle being deleted).
  const holder = indexKeys.cartLine({ user_id: sub, lineId: cartLineId(kind, itemId) });
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.cartLine(sub, id),
        UpdateExpression: `SET entity = :e, id = :id, user_id = :u, product_id = :pid, bundle_id = :bid, ${variant ? 'variant_id = :vid, ' : ''}GSI2PK = :hpk, GSI2SK = :hsk, created_at = if_not_exists(created_at, :now) ADD quantity :q`,
        ConditionExpression: 'attribute_not_exists(quantity) OR quantity <= :room',
        ExpressionAttributeValues: {
          ':e': 'cart_line',
          ':id': id,
          ':u': sub,
          ':hpk': holder.GSI2PK,
          ':hsk': holder.GSI2SK,
          ':pid': kind === 'product' ? itemId : null,
          ':bid': kind === 'bundle' ? itemId : null,
          ...(variant ? { ':vid': variant } : {}),
          ':now': new Date().toISOString(),
          ':q': quantity,
          ':room': maxQuantity - quantity,
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return result.ok ? stripKeys<CartLineRecord>(result.output.Attributes!) : null;
}

/** Sets a line's quantity. @returns false when the line does not exist */
export async function setLineQuantity(sub: string, lineId: string, quantity: number): Promise<boolean> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.cartLine(sub, lineId),
        UpdateExpression: 'SET quantity = :q',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':q': quantity },
      }),
    ),
  );
  return result.ok;
}

/** Removes a line. @returns false when it did not exist */
export function removeLine(sub: string, lineId: string): Promise<boolean> {
  return deleteIfExists(keys.cartLine(sub, lineId));
}

/** Deletes every line of the user ("Clearing deletes all the user's lines"). */
export async function clearCart(sub: string, lines?: CartLineRecord[]): Promise<void> {
  const current = lines ?? (await listCart(sub));
  await batchDelete(current.map((l) => keys.cartLine(sub, l.id)));
}
