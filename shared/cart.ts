/**
 * Cart rules shared by the SPA and the functions (spec 4 "Cart", spec 9).
 * A cart line holds exactly one product or one bundle; its id is derived from the item
 * ('p-{productId}' or 'b-{bundleId}'), so adding an item already in the cart raises that line.
 */
import type { ProductDto, BundleDto } from './api-types';

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

/** A cart line as GET /api/cart answers it. Amounts in integer euro cents. */
export interface CartLineDto {
  id: string;
  product_id: string | null;
  bundle_id: string | null;
  quantity: number;
  created_at: string;
  name: string;
  image_url: string | null;
  /** Unit price before the member discount (the struck-through amount when discounted). */
  unit_price_cents: number;
  /** Unit price after the proportional member discount. */
  unit_paid_cents: number;
  line_total_cents: number;
  is_digital: boolean;
  /** Units that can be bought now: a physical product's stock, a bundle's lowest physical stock; null = no limit (digital). */
  available_quantity: number | null;
}

/** GET /api/cart. */
export interface CartDto {
  lines: CartLineDto[];
  /** Number of items (sum of quantities). */
  item_count: number;
  original_total_cents: number;
  discount_cents: number;
  /** Always 0: shipping in the cart is free (spec 9). */
  shipping_cents: 0;
  total_cents: number;
  discount_percentage: number;
}

export type { ProductDto, BundleDto };
