import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ProductDetailDto } from '../../../shared/api/catalog';
import { ProductGrid } from './product-grid';
import { PRODUCT_MORE_ID } from './product-more-id';
import { ProductReviews } from './product-reviews';
import { ProductSafetyInfo } from './product-safety-info';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';

/**
 * The product page below the details: the product safety information of a physical product
 * (GPSR), reviews (list, form) and up to 3 related products. Loaded as it nears the viewport
 * (catalog/product-page.tsx), so its code is not in the page's first load.
 */
export function ProductMore({ product }: { product: ProductDetailDto }) {
  return (
    <Box id={PRODUCT_MORE_ID}>
      <Divider sx={{ my: { xs: 4, md: 6 } }} />
      {product.product_safety && (
        <Box sx={{ mb: { xs: 5, md: 7 } }}>
          <ProductSafetyInfo safety={product.product_safety} />
        </Box>
      )}
      <ProductReviews productId={product.id} />

      {product.related.length > 0 && (
        <Box
          component="section"
          data-testid="related-products"
          aria-labelledby="related-title"
          sx={{ mt: { xs: 6, md: 8 } }}
        >
          <Typography id="related-title" variant="h3" component="h2" sx={{ mb: 3 }}>
            {CATALOG_TEXT.related}
          </Typography>
          <ProductGrid products={product.related.slice(0, 3)} />
        </Box>
      )}
    </Box>
  );
}
