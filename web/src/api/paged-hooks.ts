/**
 * SWR hooks for the public catalogue's paged lists (cursor pages, swr/infinite): products and a
 * product's comments (the category page and the premium showcase: catalog-page-hooks.ts, kept out
 * of the listing's first load).
 */
import type { ProductDto, PublicCommentDto } from '../../../shared/api/catalog';
import { CATALOG_API } from '../../../shared/api/catalog';
import { catalogSwrOptions } from './hooks';
import { COMMENTS_PAGE_SIZE, productsPath, productsQuery } from './query';
import { seededRecently } from './seed-prefetched';
import { useCursorPages, type CursorPages } from './use-cursor-pages';

/**
 * Products the caller may see, filtered by the server (q: name substring; categoryId: category
 * UUID), PRODUCTS_PAGE_SIZE a page; further pages on loadMore ('Carica altri', infinite scroll).
 */
export function useProducts(filters: { q?: string | null; categoryId?: string | null } = {}): CursorPages<ProductDto> {
  const query = productsQuery(filters);
  // A first page seeded a moment ago (api/seed-prefetched.ts) is not asked for again on mount.
  const fresh = seededRecently(productsPath(filters));
  return useCursorPages<ProductDto>(CATALOG_API.products, {}, query, {
    swr: { ...catalogSwrOptions, keepPreviousData: true, ...(fresh ? { revalidateOnMount: false } : {}) },
  });
}

/** Approved comments of a product (pinned first, then newest), COMMENTS_PAGE_SIZE a page; pass null/undefined to skip. */
export function useProductComments(id: string | null | undefined): CursorPages<PublicCommentDto> {
  return useCursorPages<PublicCommentDto>(
    CATALOG_API.productComments,
    id ? { id } : null,
    { limit: COMMENTS_PAGE_SIZE },
    { swr: catalogSwrOptions },
  );
}
