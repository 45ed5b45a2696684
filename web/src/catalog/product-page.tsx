import { lazy, Suspense, useCallback, useDeferredValue } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { ProductDetailDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { isSoldOut } from '../../../shared/stock';
import { useProduct } from '../api/hooks';
import { useDocumentTitle } from '../ui/use-document-title';
import { CatalogBreadcrumbs } from './catalog-breadcrumbs';
import { ProductDetailSkeleton } from './product-detail-skeleton';
import { PRODUCT_DETAIL_GRID_SX, PRODUCT_PAGE_SX } from './product-detail-layout';
import { ProductGallery } from './product-gallery';
import { ProductInfo } from './product-info';
import { asChosenVariant, chosenVariant, pickerOptions, VARIANT_PARAM, variantImages } from './variant-choice';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';
import { useProductErrorRedirect } from './use-product-error-redirect';
import { DeferredSection } from '../ui/deferred';
import { PRODUCT_MORE_ID } from './product-more-id';

// Reviews and related products sit below the details: their code loads as they near the viewport.
const loadMore = () => import('./product-more').then((m) => m.ProductMore);
// With the default 600px margin a phone (Lighthouse mobile) loaded and rendered them during the
// page's start-up, adding blocking time; at 200px they load on the first scroll.
const MORE_MARGIN_PX = 200;
// The option pickers: only a product with options loads their code (the radio groups), after the page's.
const VariantPicker = lazy(() => import('./variant-picker').then((m) => ({ default: m.VariantPicker })));
/**
 * Height the option groups take while the picker's code loads (px): each its name (30) and its
 * rows of values (52 each; about 3 to a row on a phone, 5 on wider screens).
 */
const pickerReserve = (options: readonly { values: readonly unknown[] }[]) => ({
  xs: options.reduce((h, o) => h + 30 + 52 * Math.ceil(o.values.length / 3), 0),
  sm: options.reduce((h, o) => h + 30 + 52 * Math.ceil(o.values.length / 5), 0),
});

/**
 * /product/:id: gallery, details, price, stock notice, cart and wishlist buttons, reviews and up to
 * 3 related products. Missing product: 'Prodotto non Trovato' then '/'; tier-denied: /premium.
 */
export function ProductPage() {
  const { id = '' } = useParams();
  return <ProductView key={id} id={id} />;
}

function ProductView({ id }: { id: string }) {
  const { data, error, isLoading } = useProduct(id);
  // The product is rendered as a deferred value that starts from the loading state: its first
  // render is a transition (short slices), and a prerendered page hydrates with the product already
  // in SWR's cache (api/seed-prefetched.ts) while matching the loading state it was served with.
  const product = useDeferredValue(data, undefined);
  useProductErrorRedirect(error);
  useDocumentTitle(product?.name ?? (error && error.status !== 403 ? MSG.productNotFoundTitle : undefined));

  if (error) {
    if (error.status === 403) return null;
    return (
      <ProductUnavailable
        title={error.status === 404 || error.status === 400 ? MSG.productNotFoundTitle : error.message}
      />
    );
  }
  if (isLoading || !product) return <ProductDetailSkeleton text={MSG.loading} />;
  return <ProductDetail product={product} />;
}

function ProductDetail({ product }: { product: ProductDetailDto }) {
  // A product with options shows the variant the URL names (?variant=SKU, so the link is shareable),
  // else its first one on sale; each pick replaces the URL's entry (the back button leaves the page).
  const [params, setParams] = useSearchParams();
  const variant = chosenVariant(product, params.get(VARIANT_PARAM));
  const shown = asChosenVariant(product, variant);
  const images = variantImages(product, variant);
  const pick = useCallback(
    (sku: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(VARIANT_PARAM, sku);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const options = pickerOptions(product, variant);
  return (
    <Container maxWidth="lg" sx={PRODUCT_PAGE_SX} data-testid="product-page">
      <CatalogBreadcrumbs
        trail={
          product.category_id && product.category
            ? [{ label: product.category, to: `/category/${product.category_id}` }]
            : []
        }
        current={product.name}
      />
      <Box sx={PRODUCT_DETAIL_GRID_SX}>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
          {/* A new set of images (another variant's) starts again from its first image. */}
          <ProductGallery key={images.join()} images={images} name={product.name} grey={isSoldOut(shown)} />
        </Box>
        <ProductInfo
          product={shown}
          variantId={variant?.id}
          picker={
            options.length > 0 && (
              <Suspense fallback={<Box sx={{ minHeight: pickerReserve(options) }} />}>
                <VariantPicker options={options} onPick={pick} />
              </Suspense>
            )
          }
        />
      </Box>

      <Button component={RouterLink} to="/products" startIcon={<ArrowBack />} sx={{ mt: { xs: 4, md: 5 } }}>
        {CATALOG_TEXT.backToProducts}
      </Button>

      <DeferredSection
        id={PRODUCT_MORE_ID}
        as="div"
        load={loadMore}
        props={{ product }}
        reserve={{ minHeight: 480 }}
        margin={MORE_MARGIN_PX}
      />
    </Container>
  );
}

/** Shown while leaving a missing product ('Prodotto non Trovato') or after a load failure. */
function ProductUnavailable({ title }: { title: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }} data-testid="product-not-found">
      <Typography variant="h3" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/" variant="outlined">
          {CATALOG_TEXT.home}
        </Button>
        <Button component={RouterLink} to="/products" variant="contained">
          {CATALOG_TEXT.backToProducts}
        </Button>
      </Box>
    </Container>
  );
}
