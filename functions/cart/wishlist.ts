/**
 * Wishlist use-cases (the wishlist page; "Wishlist: toggle adds if absent, removes if present").
 */
import { API_MSG } from '../../shared/messages/api-messages';
import { canAccessTier, type Membership } from '../../shared/tiers';
import type { ProductDto } from '../../shared/api/catalog';
import * as wishlist from '../data/wishlist-repository';
import * as catalog from '../data/catalog-repository';
import { toProductDto } from '../data/catalog-items';
import { forbidden, notFound } from '../lib/errors';

/** GET /api/wishlist: saved products the caller may see, oldest first. 1 Query + 1 BatchGetItem. */
export async function getWishlist(sub: string, membership: Membership): Promise<ProductDto[]> {
  const entries = await wishlist.listWishlist(sub);
  if (entries.length === 0) return [];
  const products = new Map((await catalog.getProductsByIds(entries.map((e) => e.product_id))).map((p) => [p.id, p]));
  return entries
    .map((e) => products.get(e.product_id))
    .filter((p): p is NonNullable<typeof p> => Boolean(p) && canAccessTier(p!.premium_tier, membership))
    .map(toProductDto);
}

/** PUT /api/wishlist/{productId}. @throws 404 unknown product; 403 tier product not visible */
export async function addToWishlist(sub: string, membership: Membership, productId: string): Promise<void> {
  const product = await catalog.getProduct(productId);
  if (!product) throw notFound(API_MSG.notFoundProduct);
  if (!canAccessTier(product.premium_tier, membership))
    throw forbidden(API_MSG.deniedPremiumShort, API_MSG.exclusiveTitle);
  await wishlist.addToWishlist(sub, productId);
}

/** DELETE /api/wishlist/{productId} (no error when absent). */
export async function removeFromWishlist(sub: string, productId: string): Promise<void> {
  await wishlist.removeFromWishlist(sub, productId);
}
