/**
 * Cart and wishlist API (function 'cart', level 'user'). Amounts in integer euro cents. The client
 * sends item ids and quantities only; the server prices every line.
 */
import type { z } from 'zod';
import type { addToCartSchema, cartQuantitySchema } from '../schemas';
import type { ProductDto } from './catalog';
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
  cart: route<CartDto>({ method: 'GET', path: '/api/cart', fn: 'cart', access: 'user', summary: 'Priced cart (member discount spread over lines)' }),
  addItem: route<CartDto, AddToCartBody>({ method: 'POST', path: '/api/cart/items', fn: 'cart', access: 'user', summary: 'Add a product or bundle (or raise its line)' }),
  setQuantity: route<CartDto, CartQuantityBody>({ method: 'PATCH', path: '/api/cart/items/{id}', fn: 'cart', access: 'user', summary: 'Set a line quantity (below 1 removes)' }),
  removeItem: route<CartDto>({ method: 'DELETE', path: '/api/cart/items/{id}', fn: 'cart', access: 'user', summary: 'Remove a line' }),
  clear: route<CartDto>({ method: 'DELETE', path: '/api/cart', fn: 'cart', access: 'user', summary: 'Clear the cart' }),
  wishlist: route<ListResponse<ProductDto>>({ method: 'GET', path: '/api/wishlist', fn: 'cart', access: 'user', summary: 'Wishlist products' }),
  addToWishlist: route<WishlistToggleDto>({ method: 'PUT', path: '/api/wishlist/{productId}', fn: 'cart', access: 'user', summary: 'Add a product to the wishlist' }),
  removeFromWishlist: route<WishlistToggleDto>({ method: 'DELETE', path: '/api/wishlist/{productId}', fn: 'cart', access: 'user', summary: 'Remove a product from the wishlist' }),
} as const;
