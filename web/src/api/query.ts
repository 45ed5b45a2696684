/**
 * Builds API paths with query strings. Pure; unit-tested.
 */

/** Query values: empty strings, null and undefined are left out; strings are trimmed. */
export type QueryParams = Record<string, string | null | undefined>;

/**
 * Appends the non-empty params to a path: withQuery('/api/products', { q: ' pesi ', category_id: '' })
 * -> '/api/products?q=pesi'.
 */
export function withQuery(path: string, params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const value = raw?.trim();
    if (value) search.set(key, value);
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Path of a product list request (GET /api/products). */
export function productsPath(filters: { q?: string | null; categoryId?: string | null }): string {
  return withQuery('/api/products', { q: filters.q, category_id: filters.categoryId });
}

/** Path of a category detail request (GET /api/categories/{id}). */
export function categoryPath(id: string, q?: string | null): string {
  return withQuery(`/api/categories/${encodeURIComponent(id)}`, { q });
}

/** Path of a product detail request (GET /api/products/{id}). */
export function productPath(id: string): string {
  return `/api/products/${encodeURIComponent(id)}`;
}
