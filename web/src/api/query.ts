/**
 * SWR keys (request paths) of the catalogue reads, built from the API contract. Pure; unit-tested.
 */
import { apiPath } from '../../../shared/api/route';
import { CATALOG_API } from '../../../shared/api/catalog';

/** Path of a product list request (GET /api/products): empty filters are left out. */
export function productsPath(filters: { q?: string | null; categoryId?: string | null }): string {
  return apiPath(CATALOG_API.products, {}, { q: filters.q, category_id: filters.categoryId });
}

/** Path of a category detail request (GET /api/categories/{id}). */
export function categoryPath(id: string, q?: string | null): string {
  return apiPath(CATALOG_API.category, { id }, { q });
}

/** Path of a product detail request (GET /api/products/{id}). */
export function productPath(id: string): string {
  return apiPath(CATALOG_API.product, { id });
}

/** Path of a product's approved comments (GET /api/products/{id}/comments). */
export function productCommentsPath(id: string): string {
  return apiPath(CATALOG_API.productComments, { id });
}
