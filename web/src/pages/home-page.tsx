import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { ProductListing } from '../catalog/product-listing';
import { GoldText, SectionHeading } from '../ui/section-heading';
import { AboutSection } from './home/about-section';
import { ContactSection } from './home/contact-section';
import { HeroSection } from './home/hero-section';
import { ReviewsSection } from './home/reviews-section';

/** Home page: hero, products (id 'products'), about, reviews and contact sections. */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <Box component="section" id="products" aria-labelledby="products-title" sx={{ py: { xs: 8, md: 12 } }}>
        <Container maxWidth="lg">
          <SectionHeading
            overline="Il Catalogo"
            title={<span id="products-title">I nostri <GoldText>prodotti</GoldText></span>}
            subtitle="Attrezzatura, bundle digitali e programmi selezionati per portare il tuo allenamento a un livello superiore."
          />
          <ProductListing />
        </Container>
      </Box>
      <AboutSection />
      <ReviewsSection />
      <ContactSection />
    </>
  );
}
