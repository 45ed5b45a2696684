import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { MSG } from '../../../shared/messages';
import { useCategories, useProducts } from '../api/hooks';
import { CategoryFilter } from './category-filter';
import { EmptyState, LoadingState } from './catalog-states';
import { ProductGrid } from './product-grid';
import { SearchField } from './search-field';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { useListingFilters } from './use-listing-filters';

/**
 * Product listing: search box, category filter row and card grid. Filtering happens on the server
 * (q, category_id). On /products the filters are kept in the URL (?q=, ?categoria=); pass
 * `syncUrl` to override.
 */
export function ProductListing({ syncUrl }: { syncUrl?: boolean } = {}) {
  const { pathname } = useLocation();
  const filters = useListingFilters(syncUrl ?? pathname === '/products');
  const products = useProducts({ q: filters.q, categoryId: filters.categoryId });
  const categories = useCategories();
  useLoadErrorToast(products.error, MSG.loadProducts);
  // One toast at a time: the products failure is the one that matters.
  useLoadErrorToast(products.error ? null : categories.error, MSG.loadCategories);

  const items = products.error ? [] : (products.data?.items ?? []);
  const loading = products.isLoading && !products.data;

  return (
    <Box data-testid="product-listing" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 3, md: 4 } }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, alignItems: 'center' }}>
        <SearchField value={filters.text} onChange={filters.setText} sx={{ maxWidth: 560 }} />
        <CategoryFilter categories={categories.data?.items ?? []} selectedId={filters.categoryId} onSelect={filters.setCategoryId} />
      </Box>
      {loading ? (
        <LoadingState text={MSG.loadingProducts} />
      ) : items.length === 0 ? (
        <EmptyState title={MSG.noProducts} hint={MSG.noProductsHint} />
      ) : (
        <ProductGrid products={items} dimmed={products.isLoading} />
      )}
    </Box>
  );
}
