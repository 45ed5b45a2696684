import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { visuallyHidden } from '@mui/utils';
import { CatalogBreadcrumbs } from './catalog-breadcrumbs';
import { FirstImageSlot, SkeletonBar } from './skeleton-parts';
import { GALLERY_MAIN_SX } from './product-gallery';
import { PRODUCT_DETAIL_GRID_SX, PRODUCT_PAGE_SX } from './product-detail-layout';

/**
 * Loading state of a product page, in the page's own layout: the breadcrumbs, the gallery's
 * square main image box (holding the page's first-image slot, see first-image-slot.ts) and bars
 * for the name, price and description, so the product replaces it without moving the image.
 * Screen readers hear `text` (e.g. 'Caricamento...').
 */
export function ProductDetailSkeleton({ text }: { text: string }) {
  return (
    <Container maxWidth="lg" sx={PRODUCT_PAGE_SX} role="status" aria-busy="true" data-testid="product-skeleton">
      <Box component="span" sx={visuallyHidden}>
        {text}
      </Box>
      {/* Real links (Home, Prodotti): not hidden from assistive technology, unlike the bars below. */}
      <CatalogBreadcrumbs current={'\u00a0'} />
      <Box aria-hidden>
        <Box sx={PRODUCT_DETAIL_GRID_SX}>
          <Box sx={GALLERY_MAIN_SX}>
            <FirstImageSlot />
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <SkeletonBar width="25%" height={12} />
            <SkeletonBar width="80%" height={36} />
            <SkeletonBar width="35%" height={28} />
            <SkeletonBar width="100%" />
            <SkeletonBar width="95%" />
            <SkeletonBar width="70%" />
          </Box>
        </Box>
      </Box>
    </Container>
  );
}
