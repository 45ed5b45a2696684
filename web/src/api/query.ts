/**
 * SWR keys (request paths) of the catalogue reads, built from the API contract. Pure; unit-tested.
 */
import { apiPath, type QueryParams } from '../../../shared/api/route';
import { CATALOG_API } from '../../../shared/api/catalog';

/** Products per page of the listing (a multiple of its 1, 2 and 3 grid columns). */
export const PRODUCTS_PAGE_SIZE = 24;
/** Reviews per page of a product page. */
export const COMMENTS_PAGE_SIZE = 10;

/** Query of the product list (GET /api/products): empty filters are left out; PRODUCTS_PAGE_SIZE a page. */
export function productsQuery(filters: { q?: string | null; categoryId?: string | null }): QueryParams {
  return { q: filters.q, category_id: filters.categoryId, limit: PRODUCTS_PAGE_SIZE };
}

/** Path of the first page of a product list request. */
export function productsPath(filters: { q?: string | null; categoryId?: string | null }): string {
  return apiPath(CATALOG_API.products, {}, productsQuery(filters));
}

/** Path of a product detail request (GET /api/products/{id}). */
export function productPath(id: string): string {
  return apiPath(CATALOG_API.product, { id });
}

/** Path of the first page of a product's approved comments (GET /api/products/{id}/comments). */
export function productCommentsPath(id: string): string {
  return apiPath(CATALOG_API.productComments, { id }, { limit: COMMENTS_PAGE_SIZE });
}
