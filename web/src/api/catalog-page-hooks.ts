/**
 * SWR hooks of the category page and the /premium showcase: cursor pages (swr/infinite) of the
 * catalogue, in a module of their own so the listing's first load does not carry them.
 */
import type { CategoryDetailDto, PremiumProductDto, ProductDto } from '../../../shared/api/catalog';
import { CATALOG_API } from '../../../shared/api/catalog';
import { catalogSwrOptions } from './hooks';
import { PRODUCTS_PAGE_SIZE } from './query';
import { useCursorPages, type CursorPages } from './use-cursor-pages';

/**
 * A category and the products the caller may see in it, PRODUCTS_PAGE_SIZE a page (q: the
 * search within the category); `first` carries the category. Pass an empty id to skip.
 */
export function useCategoryPages(id: string, q: string): CursorPages<ProductDto, CategoryDetailDto> {
  return useCursorPages<ProductDto, CategoryDetailDto>(
    CATALOG_API.category,
    id ? { id } : null,
    { q: q || undefined, limit: PRODUCTS_PAGE_SIZE },
    { swr: { ...catalogSwrOptions, keepPreviousData: true } },
  );
}

/** The premium showcase (premium-tier products by name), PRODUCTS_PAGE_SIZE a page. */
export function usePremiumShowcase(): CursorPages<PremiumProductDto> {
  return useCursorPages<PremiumProductDto>(
    CATALOG_API.premiumProducts,
    {},
    { limit: PRODUCTS_PAGE_SIZE },
    { swr: catalogSwrOptions },
  );
}
