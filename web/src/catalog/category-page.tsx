import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { MSG } from '../../../shared/messages';
import { useCategoryPages } from '../api/catalog-page-hooks';
import { LoadMore } from '../ui/load-more';
import { PageHeader } from '../ui/page-header';
import { useToast } from '../ui/toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { CatalogBreadcrumbs } from './catalog-breadcrumbs';
import { EmptyState, LoadingState } from './catalog-states';
import { ProductGrid } from './product-grid';
import { SearchField } from './search-field';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';
import { useDebouncedValue } from '../ui/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from './use-listing-filters';

/**
 * /category/:categoryId: category name and description, a search (sent as q) and the card grid,
 * PRODUCTS_PAGE_SIZE products a page: more load as the shopper scrolls to the end ('Carica altri'),
 * so no answer grows with the category. Unknown category: toast 'Categoria non trovata.' and go to /products.
 */
export function CategoryPage() {
  const { categoryId = '' } = useParams();
  return <CategoryView key={categoryId} id={categoryId} />;
}

function CategoryView({ id }: { id: string }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const pages = useCategoryPages(id, q);
  const { first: data, error, isLoading } = pages;
  const { toast } = useToast();
  const navigate = useNavigate();
  const notFound = error?.status === 404 || error?.status === 400;
  useDocumentTitle(data?.name);

  useEffect(() => {
    if (!error) return;
    if (error.status === 404 || error.status === 400) {
      toast({ title: MSG.errorTitle, description: MSG.categoryNotFound, variant: 'destructive' });
      void navigate('/products', { replace: true });
    } else {
      toast({ title: MSG.errorTitle, description: MSG.loadCategoryProducts, variant: 'destructive' });
    }
  }, [error, toast, navigate]);

  if (!data) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        {isLoading && <LoadingState text={MSG.loadingProducts} />}
        {error && !notFound && <EmptyState title={MSG.noProducts} />}
      </Container>
    );
  }
  const products = error ? [] : pages.items;
  // A page may come back empty while the server has more (few visible products among those read).
  const waiting = products.length === 0 && pages.hasMore && !error;
  return (
    <Box data-testid="category-page">
      <PageHeader overline={CATALOG_TEXT.categoryOverline} title={data.name} subtitle={data.description || undefined} />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <CatalogBreadcrumbs current={data.name} />
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: { xs: 3, md: 4 } }}>
          <SearchField value={text} onChange={setText} sx={{ maxWidth: 560 }} />
        </Box>
        {waiting ? (
          <LoadingState text={MSG.loadingProducts} />
        ) : products.length === 0 ? (
          <EmptyState title={MSG.noProducts} />
        ) : (
          <ProductGrid products={products} dimmed={isLoading} headingLevel="h2" aboveTheFold />
        )}
        <LoadMore hasMore={pages.hasMore && !error} loading={pages.isLoadingMore} onLoadMore={pages.loadMore} auto />
      </Container>
    </Box>
  );
}
