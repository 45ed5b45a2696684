import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { visuallyHidden } from '@mui/utils';
import { CatalogBreadcrumbs } from './catalog-breadcrumbs';
import { FIRST_IMAGE_SLOT } from './first-image-slot';
import { GALLERY_MAIN_SX } from './product-gallery';
import { PRODUCT_DETAIL_GRID_SX, PRODUCT_PAGE_SX } from './product-detail-layout';

/** A bar standing for a line of text: `width` as a CSS length, `height` in px. */
function Bar({ width, height = 16 }: { width: string; height?: number }) {
  return <Box sx={{ width, height, borderRadius: 1, bgcolor: 'action.hover' }} />;
}

/**
 * Loading state of a product page, in the page's own layout: the breadcrumbs, the gallery's
 * square main image box (holding the page's first-image slot, see first-image-slot.ts) and bars
 * for the name, price and description, so the product replaces it without moving the image.
 * Screen readers hear `text` (e.g. 'Caricamento...').
 */
export function ProductDetailSkeleton({ text }: { text: string }) {
  return (
    <Container maxWidth="lg" sx={PRODUCT_PAGE_SX} role="status" data-testid="product-skeleton">
      <Box component="span" sx={visuallyHidden}>
        {text}
      </Box>
      <Box aria-hidden>
        <CatalogBreadcrumbs current={'\u00a0'} />
        <Box sx={PRODUCT_DETAIL_GRID_SX}>
          <Box sx={GALLERY_MAIN_SX}>
            <Box
              component="img"
              {...{ [FIRST_IMAGE_SLOT]: '' }}
              alt=""
              width={800}
              height={800}
              fetchPriority="high"
              decoding="async"
              sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', '&:not([src])': { visibility: 'hidden' } }}
            />
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Bar width="25%" height={12} />
            <Bar width="80%" height={36} />
            <Bar width="35%" height={28} />
            <Bar width="100%" />
            <Bar width="95%" />
            <Bar width="70%" />
          </Box>
        </Box>
      </Box>
    </Container>
  );
}
