/**
 * The shopper's product search (GET /api/products?q=, the listing's and the category page's search
 * box): the search index (functions/lib/product-search.ts) ranks, DynamoDB answers the current
 * product records of one page.
 */
import { API_MSG } from '../../shared/messages/api-messages';
import { canAccessTier, type Membership } from '../../shared/tiers';
import type { ProductDto } from '../../shared/api/catalog';
import type { PageResponse } from '../../shared/api/route';
import { toProductDto, type ProductRecord } from '../data/catalog-items';
import type { PageRequest } from '../data/page';
import { loadIndex, pageOfHits } from '../data/search-index-repository';
import type { SearchHit } from '../lib/product-search';
import { serviceUnavailable } from '../lib/errors';

/** What a search asks for: the words and, optionally, one category. */
export interface SearchFilters {
  q: string;
  categoryId?: string | undefined;
}

/**
 * One page of the products matching `filters.q` that `membership` may see, best match first.
 * Visitors and non-members search the public index, which holds no tier-restricted product at all;
 * members search the `all` index, kept to the tiers their level opens. The page's products are
 * then read from the table (1 BatchGetItem), so prices and stock are current, and checked again
 * (tier and category as stored now: an index a few seconds old never shows what the table denies).
 * @param page limit (1..100) and the previous page's cursor (a position in the ranking)
 * @returns the page and the next cursor (null on the last page); a product with options found by
 *   one variant's values or SKU ('kettlebell 16 kg', 'cintura L') carries that variant's
 *   `variant_sku`. DynamoDB: 1 BatchGetItem (none
 *   when nothing matches); S3: 1 GetObject on a cold start only
 * @throws AppError 400 on a bad cursor; 503 when the stage's index has never been published
 */
export async function searchVisibleProducts(
  membership: Membership,
  filters: SearchFilters,
  page: PageRequest = {},
): Promise<PageResponse<ProductDto>> {
  const index = await loadIndex(membership.is_member ? 'all' : 'public');
  if (!index) throw serviceUnavailable(API_MSG.searchUnavailable);
  const keep = (hit: SearchHit) =>
    canAccessTier(hit.tier, membership) && (!filters.categoryId || hit.category_id === filters.categoryId);
  const visible = (p: ProductRecord) =>
    canAccessTier(p.premium_tier, membership) && (!filters.categoryId || p.category_id === filters.categoryId);
  const hits = index.search(filters.q, keep);
  const found = await pageOfHits(hits, page, visible);
  // A product with options found by a variant's values or SKU names that variant (the SPA links `?variant=`).
  const variantOf = new Map(hits.flatMap((h) => (h.variant_sku ? [[h.id, h.variant_sku] as const] : [])));
  return {
    items: found.items.map((p) => {
      const sku = variantOf.get(p.id);
      return sku ? { ...toProductDto(p), variant_sku: sku } : toProductDto(p);
    }),
    next_cursor: found.next_cursor,
  };
}
