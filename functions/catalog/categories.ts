/**
 * Category use-cases (the category page; categories ordered by name).
 */
import { API_MSG } from '../../shared/messages/api-messages';
import type { CategoryDetailDto, CategoryDto } from '../../shared/api/catalog';
import * as catalog from '../data/catalog-repository';
import { toCategoryDto, toProductDto } from '../data/catalog-items';
import type { PageRequest } from '../data/page';
import { notFound } from '../lib/errors';
import type { Caller } from '../lib/caller';
import { resolveMembership } from '../lib/membership';
import { listingFilter } from './products';

/** GET /api/categories: every category ordered by name. DynamoDB: 1 Query. */
export async function listAllCategories(): Promise<CategoryDto[]> {
  return (await catalog.listCategories()).map(toCategoryDto);
}

/**
 * GET /api/categories/{id}: the category and one page of its products the caller may see, like
 * GET /api/products?category_id= (created_at ascending, `limit` a page, default 25, at most 100;
 * the shopper loads further pages with `next_cursor`). With `q`, the page is the search's (best
 * match first, catalog/search.ts) within the category.
 * DynamoDB for a visitor: the first page 1 Query (AP142: the category rides in it; 2 when the first
 * Query's products do not fill the page), a later page the same + 1 GetItem (AP143);
 * with `q` 1 GetItem + 1 BatchGetItem. A signed-in caller adds 1 GetItem (the profile, whose
 * membership the filter needs first).
 * @param query q: search words; limit: page size; cursor: the previous page's next_cursor
 * @throws AppError 404 'Categoria non trovata.'; 400 on a bad cursor; 503 when a search finds no published index
 */
export async function getCategoryDetail(
  caller: Caller | null,
  id: string,
  query: { q?: string | undefined } & PageRequest = {},
): Promise<CategoryDetailDto> {
  const page = { limit: query.limit, cursor: query.cursor };
  const q = query.q?.trim();
  if (q) {
    const [category, membership] = await Promise.all([catalog.getCategory(id), resolveMembership(caller)]);
    if (!category) throw notFound(API_MSG.notFoundCategory);
    const { searchVisibleProducts } = await import('./search');
    const found = await searchVisibleProducts(membership, { q, categoryId: id }, page);
    return { ...toCategoryDto(category), items: found.items, next_cursor: found.next_cursor };
  }
  const membership = await resolveMembership(caller);
  const found = await catalog.getCategoryPage(id, page, listingFilter(membership, {}));
  if (!found) throw notFound(API_MSG.notFoundCategory);
  return {
    ...toCategoryDto(found.category),
    items: found.products.items.map(toProductDto),
    next_cursor: found.products.next_cursor,
  };
}
