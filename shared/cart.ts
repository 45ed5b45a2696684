/**
 * Cart rules shared by the SPA and the functions (spec 4 "Cart", spec 9).
 * A cart line holds exactly one product or one bundle; its id is derived from the item
 * ('p-{productId}' or 'b-{bundleId}'), so adding an item already in the cart raises that line.
 */

export const MAX_LINE_QUANTITY = 99;
/** Stripe Checkout session lifetime; stock is reserved for this long (issue: checkout). */
export const CHECKOUT_SESSION_MINUTES = 30;

export type CartItemKind = 'product' | 'bundle';

/** Line id of an item: 'p-{uuid}' for a product, 'b-{uuid}' for a bundle. */
export function cartLineId(kind: CartItemKind, itemId: string): string {
  return `${kind === 'product' ? 'p' : 'b'}-${itemId}`;
}

const LINE_ID = /^(p|b)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Parses a line id; null when malformed. */
export function parseCartLineId(lineId: string): { kind: CartItemKind; itemId: string } | null {
  const m = LINE_ID.exec(lineId);
  return m ? { kind: m[1] === 'p' ? 'product' : 'bundle', itemId: m[2]!.toLowerCase() } : null;
}
