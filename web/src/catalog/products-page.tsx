import Container from '@mui/material/Container';
import { ProductListing } from './product-listing';
import { SectionHeading } from './section-heading';
import { CATALOG_TEXT } from './texts';

/** /products: heading 'I Nostri Prodotti', subtitle and the product listing (filters in the URL). */
export function ProductsPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <SectionHeading title={CATALOG_TEXT.productsTitle} subtitle={CATALOG_TEXT.productsSubtitle} />
      <ProductListing syncUrl />
    </Container>
  );
}
