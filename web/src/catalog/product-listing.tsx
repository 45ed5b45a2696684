import { useDeferredValue } from 'react';
import { useLocation } from 'react-router-dom';
import type { ProductDto } from '../../../shared/api/catalog';
import Box from '@mui/material/Box';
import { MSG } from '../../../shared/messages';
import { useCategories } from '../api/hooks';
import { useProducts } from '../api/paged-hooks';
import { CategoryFilter } from './category-filter';
import { EmptyState } from './catalog-states';
import { ProductGridSkeleton } from './product-grid-skeleton';
import { ProductGrid } from './product-grid';
import { SearchField } from './search-field';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { useListingFilters } from './use-listing-filters';
import { LoadMore } from '../ui/load-more';
import { useProgressiveItems } from '../ui/use-progressive-items';

const NO_PRODUCTS: ProductDto[] = [];
/** Cards in the first commit (a row on the widest layout, more than a phone shows). */
const FIRST_CARDS = 3;
/**
 * Cards per later commit. One: a card's commit is a short task that never blocks, where three
 * made tasks long enough to count as blocking time (/products on Lighthouse mobile).
 */
const CARDS_PER_COMMIT = 1;

/**
 * Product listing: search box, category filter row and card grid. Filtering happens on the server
 * (q, category_id), PRODUCTS_PAGE_SIZE products a page: more load as the shopper scrolls to the
 * end ('Carica altri' is the button there), so no answer grows with the catalogue. On /products
 * the filters are kept in the URL (?q=, ?categoria=); pass `syncUrl` to override. `headingLevel`
 * and `aboveTheFold` go to the grid (see ProductGrid).
 */
export function ProductListing({
  syncUrl,
  headingLevel = 'h3',
  aboveTheFold = false,
}: { syncUrl?: boolean; headingLevel?: 'h2' | 'h3'; aboveTheFold?: boolean } = {}) {
  const { pathname } = useLocation();
  const filters = useListingFilters(syncUrl ?? pathname === '/products');
  const products = useProducts({ q: filters.q, categoryId: filters.categoryId });
  const categories = useCategories();
  useLoadErrorToast(products.error, MSG.loadProducts);
  // One toast at a time: the products failure is the one that matters.
  useLoadErrorToast(products.error ? null : categories.error, MSG.loadCategories);

  // The cards render in a transition (time-sliced, so the main thread stays responsive while 24
  // cards render); until that render commits the loading state stays, so nothing jumps.
  const items = useDeferredValue(products.items, NO_PRODUCTS);
  // Then they commit a card at a time (short tasks; see useProgressiveItems).
  const { shown, complete } = useProgressiveItems(items, FIRST_CARDS, CARDS_PER_COMMIT);
  const rendering = items !== products.items && items.length === 0 && products.items.length > 0;
  const loaded = products.pageCount > 0;
  // A filtered page may be empty while the server has more: keep loading before saying "none".
  const loading = (!loaded && !products.error) || rendering || (loaded && items.length === 0 && products.hasMore);

  return (
    <Box data-testid="product-listing" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 3, md: 4 } }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, alignItems: 'center' }}>
        <SearchField value={filters.text} onChange={filters.setText} sx={{ maxWidth: 560 }} />
        <CategoryFilter
          categories={categories.data?.items ?? []}
          selectedId={filters.categoryId}
          onSelect={filters.setCategoryId}
        />
      </Box>
      {loading ? (
        <ProductGridSkeleton text={MSG.loadingProducts} />
      ) : items.length === 0 ? (
        <EmptyState title={MSG.noProducts} hint={MSG.noProductsHint} />
      ) : (
        <ProductGrid
          products={shown}
          dimmed={products.isLoading}
          headingLevel={headingLevel}
          aboveTheFold={aboveTheFold}
        />
      )}
      {/* Not while the cards are still rendering: the button would be on screen and load the next page at once. */}
      <LoadMore
        hasMore={products.hasMore && !products.error && !rendering && complete}
        loading={products.isLoadingMore}
        onLoadMore={products.loadMore}
        auto
      />
    </Box>
  );
}
