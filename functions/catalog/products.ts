/**
 * Product use-cases of the public catalogue (listing and detail, the product access rule).
 */
import { MSG } from '../../shared/messages';
import { API_MSG } from '../../shared/messages/api-messages';
import { RELATED_PRODUCTS_LIMIT } from '../../shared/constants';
import { canAccessTier, type Membership } from '../../shared/tiers';
import type { PremiumProductDto, ProductDetailDto, ProductDto } from '../../shared/api/catalog';
import * as catalog from '../data/catalog-repository';
import { toProductDetailDto, toProductDto, type ProductRecord } from '../data/catalog-items';
import { forbidden, notFound } from '../lib/errors';
import type { Caller } from '../lib/caller';
import type { PageRequest } from '../data/page';
import type { PageResponse } from '../../shared/api/route';
import { membershipOfProfile, resolveMembership } from '../lib/membership';

/**
 * The listing filter: listings are filtered by access, then selected category, then case-insensitive name
 * substring. Pure; exported for unit tests.
 */
export function filterProducts(
  products: ProductRecord[],
  membership: Membership,
  filters: { categoryId?: string; q?: string },
): ProductRecord[] {
  return products.filter(listingFilter(membership, filters));
}

/** The listing filter as a predicate (access, category, case-insensitive name substring). Pure. */
export function listingFilter(
  membership: Membership,
  filters: { categoryId?: string; q?: string },
): (p: ProductRecord) => boolean {
  const needle = filters.q?.trim().toLocaleLowerCase('it') ?? '';
  return (p) =>
    canAccessTier(p.premium_tier, membership) &&
    (!filters.categoryId || p.category_id === filters.categoryId) &&
    (needle === '' || p.name.toLocaleLowerCase('it').includes(needle));
}

/**
 * GET /api/products: one page of the products the caller may see; the shopper loads further pages
 * with the cursor ('Carica altri'). Pages hold at most `limit` (<= 100) products, so an answer
 * stays far below Lambda's 6 MB whatever the catalogue's size.
 *  - without `q`: created_at ascending, optionally one category. DynamoDB: 1 Query of twice the
 *    page (at least 50 products), a second of 200 when the first does not fill the page (+1 GetItem
 *    profile for a signed-in caller);
 *  - with `q`: the search (catalog/search.ts), best match first. DynamoDB: 1 BatchGetItem (+1 GetItem profile).
 * @param filters q: search words; categoryId: UUID of a category
 * @throws AppError 400 on a bad cursor; 503 when a search finds no published index
 */
export async function listVisibleProducts(
  caller: Caller | null,
  filters: { categoryId?: string; q?: string },
  page: PageRequest = {},
): Promise<PageResponse<ProductDto>> {
  const membership = await resolveMembership(caller);
  const q = filters.q?.trim();
  if (q) {
    // The search engine and its index are loaded on the first search, not at every cold start.
    const { searchVisibleProducts } = await import('./search');
    return searchVisibleProducts(membership, { q, categoryId: filters.categoryId }, page);
  }
  const keep = listingFilter(membership, filters);
  const found = filters.categoryId
    ? await catalog.listProductsOfCategoryPage(filters.categoryId, page, keep)
    : await catalog.listProductsPage(page, keep);
  return { items: found.items.map(toProductDto), next_cursor: found.next_cursor };
}

/**
 * Products of a category the related products are chosen among: the first RELATED_READ_ITEMS of
 * the category (one Query with that Limit), so the product page costs the same whatever the
 * category's size.
 */
export const RELATED_READ_ITEMS = 20;

/**
 * GET /api/products/{id}: the product with its gallery and up to 3 related products (same
 * category, not itself, visible to the caller, the first of the category's first
 * RELATED_READ_ITEMS products), and a product with options its options and variants.
 * DynamoDB, then, when the product has a category, 1 Query of at most RELATED_READ_ITEMS items
 * (AP4 paged):
 * - a visitor (no caller): 1 Query of the product and its variants (AP148): 2 requests in all;
 * - a signed-in caller: 1 BatchGetItem (the product and the profile, whose membership decides
 *   access) and, for a product with options, 1 Query of its variants (AP148's variants) in parallel
 *   with the related products: 2 requests, 3 with options.
 * @throws AppError 404 'Prodotto non trovato.' when the id is unknown
 * @throws AppError 403 'Accesso Negato: ...' when the product's tier is above the caller's
 */
export async function getProductDetail(caller: Caller | null, id: string): Promise<ProductDetailDto> {
  // a visitor has no profile to read: the product and its variants come in one Query
  const read = caller
    ? await catalog.getProductAndProfile(id, caller.sub).then((r) => ({ ...r, variants: null }))
    : await catalog
        .getProductWithVariants(id)
        .then((r) => ({ product: r?.product ?? null, profile: null, variants: r?.variants ?? [] }));
  const { product, profile } = read;
  if (!product) throw notFound(API_MSG.notFoundProduct);
  const membership = membershipOfProfile(profile);
  if (!canAccessTier(product.premium_tier, membership)) throw forbidden(MSG.deniedPremium);
  const visible = listingFilter(membership, {});
  const hasOptions = Boolean(product.options?.length);
  // a signed-in caller's product with options reads its variants (1 Query) beside the related products
  const [related, variants] = await Promise.all([
    product.category_id
      ? catalog
          .listProductsOfCategoryPage(
            product.category_id,
            { limit: RELATED_PRODUCTS_LIMIT },
            (p) => p.id !== product.id && visible(p),
            { itemsPerQuery: RELATED_READ_ITEMS, maxQueries: 1 },
          )
          .then((page) => page.items.map(toProductDto))
      : Promise.resolve([]),
    !hasOptions
      ? Promise.resolve([])
      : read.variants
        ? Promise.resolve(read.variants)
        : catalog.listVariants(product.id),
  ]);
  return toProductDetailDto(product, related, hasOptions ? variants : []);
}

/**
 * GET /api/premium-products: one page of the premium-tier products by name (the Premium page's
 * showcase; 'Carica altri' loads the next). Everyone sees name, image and tier, with whether the
 * caller's level opens the product; the product page itself stays restricted.
 * DynamoDB: 1 Query of `limit` items on the sparse GSI5 (AP141), whatever the catalogue's size
 * (+1 GetItem profile for a signed-in caller, in parallel).
 * @param page limit (1..100, default 25) and the previous page's cursor
 * @throws AppError 400 on a bad cursor
 */
export async function listPremiumShowcase(
  caller: Caller | null,
  page: PageRequest = {},
): Promise<PageResponse<PremiumProductDto>> {
  const [found, membership] = await Promise.all([catalog.listPremiumProductsPage(page), resolveMembership(caller)]);
  return {
    items: found.items.map((p) => ({
      id: p.id,
      name: p.name,
      image_url: p.image_url ?? null,
      category: p.category_name ?? null,
      premium_tier: p.premium_tier,
      accessible: canAccessTier(p.premium_tier, membership),
    })),
    next_cursor: found.next_cursor,
  };
}
