/**
 * The product listing's URL state on /products: ?q=<search>&categoria=<category id>. Pure; unit-tested.
 */

/** URL parameter holding the search text. */
export const SEARCH_PARAM = 'q';
/** URL parameter holding the selected category id. */
export const CATEGORY_PARAM = 'categoria';

/** Filters of the product listing. */
export interface ListingParams {
  /** Trimmed search text ('' = none). */
  q: string;
  /** Selected category id, or null for 'Tutti'. */
  categoryId: string | null;
}

/** Reads the listing filters from a query string. */
export function readListingParams(params: URLSearchParams): ListingParams {
  return {
    q: (params.get(SEARCH_PARAM) ?? '').trim(),
    categoryId: params.get(CATEGORY_PARAM)?.trim() || null,
  };
}

/**
 * Returns a copy of `params` with the given filters applied (keys not given stay as they are;
 * empty values remove their parameter; unrelated parameters are kept).
 */
export function writeListingParams(params: URLSearchParams, next: Partial<ListingParams>): URLSearchParams {
  const out = new URLSearchParams(params);
  if (next.q !== undefined) {
    const q = next.q.trim();
    if (q) out.set(SEARCH_PARAM, q);
    else out.delete(SEARCH_PARAM);
  }
  if (next.categoryId !== undefined) {
    if (next.categoryId) out.set(CATEGORY_PARAM, next.categoryId);
    else out.delete(CATEGORY_PARAM);
  }
  return out;
}
