/**
 * Cart and wishlist API (function 'cart', level 'user'). Amounts in integer euro cents. The client
 * sends item ids and quantities only; the server prices every line.
 */
import type * as z from 'zod/mini';
import type { addToCartSchema, cartQuantitySchema } from '../schemas';
import type { cartDiscountCodeSchema } from '../schemas/checkout';
import type { DiscountType } from '../discount-codes';
import type { VariantOptionValue } from '../variants';
import type { ProductDto, ShippingMethodDto } from './catalog';
import { route, type ListResponse } from './route';

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
  /** Units that can be bought now: a physical product's (or its variant's) stock, a bundle's lowest physical stock; null = no limit (digital). */
  available_quantity: number | null;
  /**
   * Lines of a product with options: the variant, its SKU and its option values ('Peso' → '16 kg');
   * absent on lines of a product without options and on bundle lines.
   */
  variant_id?: string;
  sku?: string;
  option_values?: VariantOptionValue[];
}

/** The discount code applied to the cart. Amounts in integer euro cents. */
export interface CartDiscountCodeDto {
  /** The code's text as stored. */
  code: string;
  discount_type: DiscountType;
  /** Percent (1..100) or cents, by type. */
  value: number;
  /** What it takes off this cart now (0 when it no longer applies). */
  discount_cents: number;
  /** Why it no longer applies (deactivated, expired, deleted since it was applied), or null when it applies. */
  problem: string | null;
}

/**
 * A shipping method priced for this cart: its cost for this cart's goods total (0 =
 * 'GRATIS' once the threshold is reached) and the cart total if the shopper chooses it.
 */
export interface CartShippingOptionDto extends ShippingMethodDto {
  /** What this method costs for this cart, cents (0 = 'GRATIS'). */
  shipping_cents: number;
  /** The cart's total with this method: goods after both discounts + shipping_cents. */
  total_cents: number;
  /** How much more the goods must cost for free shipping with this method, or null. */
  missing_for_free_cents: number | null;
}

/**
 * GET /api/cart. Totals follow shared/order-totals.ts: member discount first, then the code, then
 * shipping (never discounted). The checkout charges exactly `shipping_options[i].total_cents` for
 * the method chosen (or `total_cents` for a digital-only cart).
 */
export interface CartDto {
  lines: CartLineDto[];
  /** Number of items (sum of quantities). */
  item_count: number;
  original_total_cents: number;
  /** Member discount (the cart's 'Sconto Premium' line). */
  discount_cents: number;
  /** The applied discount code, or null. */
  discount_code: CartDiscountCodeDto | null;
  /** What the code takes off (0 without a code). */
  code_discount_cents: number;
  /** Goods after the member discount and the code. */
  goods_total_cents: number;
  /** True when something must be shipped (a physical product, or a bundle holding one). */
  needs_shipping: boolean;
  /**
   * True when a line delivers digital content (a digital product, or a bundle holding one): the
   * checkout needs the shopper's consent to its immediate supply (art. 59 c.1 lett. o Codice del Consumo).
   */
  needs_digital_consent: boolean;
  /** Shipping methods priced for this cart, cheapest first; empty for a digital-only cart. */
  shipping_options: CartShippingOptionDto[];
  /** The preselected method (the cheapest for this cart), or null (digital-only, or no method exists). */
  shipping_method_id: string | null;
  /** Shipping of the preselected method (0 = 'GRATIS'), or null when nothing ships. */
  shipping_cents: number | null;
  /** Total with the preselected method (goods only for a digital-only cart). */
  total_cents: number;
  discount_percentage: number;
}
/** Body of PUT /api/cart/discount-code. */
export type CartDiscountCodeBody = z.input<typeof cartDiscountCodeSchema>;
/** Body of POST /api/cart/items: exactly one of product_id and bundle_id. */
export type AddToCartBody = z.input<typeof addToCartSchema>;
/** Body of PATCH /api/cart/items/{id}. */
export type CartQuantityBody = z.input<typeof cartQuantitySchema>;

/** Answer of PUT/DELETE /api/wishlist/{productId}. */
export interface WishlistToggleDto {
  product_id: string;
  in_wishlist: boolean;
}

/** Routes of the caller's cart and wishlist. */
export const CART_API = {
  cart: route<CartDto>({
    method: 'GET',
    path: '/api/cart',
    fn: 'cart',
    access: 'user',
    summary: 'Priced cart (member discount spread over lines)',
  }),
  addItem: route<CartDto, AddToCartBody>({
    method: 'POST',
    path: '/api/cart/items',
    fn: 'cart',
    access: 'user',
    summary: 'Add a product or bundle (or raise its line)',
  }),
  setQuantity: route<CartDto, CartQuantityBody>({
    method: 'PATCH',
    path: '/api/cart/items/{id}',
    fn: 'cart',
    access: 'user',
    summary: 'Set a line quantity (below 1 removes)',
  }),
  removeItem: route<CartDto>({
    method: 'DELETE',
    path: '/api/cart/items/{id}',
    fn: 'cart',
    access: 'user',
    summary: 'Remove a line',
  }),
  clear: route<CartDto>({ method: 'DELETE', path: '/api/cart', fn: 'cart', access: 'user', summary: 'Clear the cart' }),
  applyDiscountCode: route<CartDto, CartDiscountCodeBody>({
    method: 'PUT',
    path: '/api/cart/discount-code',
    fn: 'cart',
    access: 'user',
    summary: 'Apply a discount code (case-insensitive, active, not expired)',
  }),
  removeDiscountCode: route<CartDto>({
    method: 'DELETE',
    path: '/api/cart/discount-code',
    fn: 'cart',
    access: 'user',
    summary: 'Remove the applied discount code',
  }),
  wishlist: route<ListResponse<ProductDto>>({
    method: 'GET',
    path: '/api/wishlist',
    fn: 'cart',
    access: 'user',
    summary: 'Wishlist products',
  }),
  addToWishlist: route<WishlistToggleDto>({
    method: 'PUT',
    path: '/api/wishlist/{productId}',
    fn: 'cart',
    access: 'user',
    summary: 'Add a product to the wishlist',
  }),
  removeFromWishlist: route<WishlistToggleDto>({
    method: 'DELETE',
    path: '/api/wishlist/{productId}',
    fn: 'cart',
    access: 'user',
    summary: 'Remove a product from the wishlist',
  }),
} as const;
