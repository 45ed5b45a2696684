import Container from '@mui/material/Container';
import { PageHeader } from '../ui/page-header';
import { GoldText } from '../ui/section-heading';
import { useDocumentTitle } from '../ui/use-document-title';
import { ProductListing } from './product-listing';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';

/** /products: heading 'I Nostri Prodotti', subtitle and the product listing (filters in the URL). */
export function ProductsPage() {
  useDocumentTitle(CATALOG_TEXT.products);
  return (
    <>
      <PageHeader
        overline={CATALOG_TEXT.catalogOverline}
        title={
          <>
            I Nostri <GoldText>Prodotti</GoldText>
          </>
        }
        subtitle={CATALOG_TEXT.productsSubtitle}
      />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <ProductListing syncUrl headingLevel="h2" aboveTheFold />
      </Container>
    </>
  );
}
