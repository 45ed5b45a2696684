/**
 * Cart rules shared by the SPA and the functions (the cart rule: adding raises a line, below 1 removes it).
 * A cart line holds exactly one product or one bundle; its id is derived from the item
 * ('p-{productId}' or 'b-{bundleId}'), so adding an item already in the cart raises that line.
 */

/**
 * Most units of one product a cart may buy (no stock hoarding): counted per product over
 * its own line and every bundle line holding it, checked when the stock is reserved at checkout;
 * a single line (product or bundle) is capped at the same number when it is added or changed.
 * 10 covers a family or a small studio kitting out (a set of kettlebells, mats for a class), while
 * one cart can hold at most 10 units of a product for the 30 minutes of a checkout; larger orders
 * go through the shop's contact form.
 */
export const MAX_UNITS_PER_PRODUCT = 10;
/** Most units on one cart line (the SPA's stepper stops there too). */
export const MAX_LINE_QUANTITY = MAX_UNITS_PER_PRODUCT;
/** Stripe Checkout session lifetime; stock is reserved for this long. */
export const CHECKOUT_SESSION_MINUTES = 30;
/**
 * Most distinct lines (products and bundles) one cart holds. Stripe Checkout takes at most 100 line
 * items in a payment-mode session; the shop's cap is lower because a checkout's DynamoDB
 * transactions hold at most 100 items: the reservation takes one item per product, and the order
 * of a late payment one per cart line and one per product plus five. 40 different items is more
 * than any one order of the shop needs.
 */
export const MAX_CART_LINES = 40;
/**
 * The smallest card payment, euro cents. Stripe (PaymentIntent `amount`): "The minimum amount is
 * $0.50 US or equivalent in charge currency"; for EUR 0,50 €. A cart total of 1-49 cents cannot be
 * paid; a total of 0 is a free order.
 */
export const MINIMUM_CARD_CHARGE_CENTS = 50;
/**
 * Checkout sessions a user may start per clock hour (no stock hoarding): each start
 * reserves stock and creates a Stripe session; a shopper going back and forth needs a few, a
 * script cycling reservations gets 429 after this many.
 */
export const MAX_CHECKOUTS_PER_HOUR = 10;

export type CartItemKind = 'product' | 'bundle';

/**
 * Line id of an item: 'p-{uuid}' for a product (its default variant: a product without options),
 * 'p-{productUuid}.{variantUuid}' for another variant of a product, 'b-{uuid}' for a bundle. A
 * variant whose id is its product's (the default) gets the product's id, so the lines written
 * before variants keep their ids.
 */
export function cartLineId(kind: CartItemKind, itemId: string, variantId?: string | null): string {
  const base = `${kind === 'product' ? 'p' : 'b'}-${itemId}`;
  return kind === 'product' && variantId && variantId !== itemId ? `${base}.${variantId}` : base;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const LINE_ID = new RegExp(`^(?:p-(${UUID})(?:\\.(${UUID}))?|b-(${UUID}))$`, 'i');

/**
 * Parses a line id; null when malformed.
 * @returns the item's kind and id; for a product line, its variant's id (the product's own for
 *   the default variant)
 */
export function parseCartLineId(
  lineId: string,
): { kind: CartItemKind; itemId: string; variantId: string | null } | null {
  const m = LINE_ID.exec(lineId);
  if (!m) return null;
  if (m[3]) return { kind: 'bundle', itemId: m[3].toLowerCase(), variantId: null };
  const itemId = m[1]!.toLowerCase();
  return { kind: 'product', itemId, variantId: (m[2] ?? itemId).toLowerCase() };
}
