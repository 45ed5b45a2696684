import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { GoldText, SectionHeading } from '../../ui/section-heading';
import { DeferredSection } from '../../ui/deferred';
import { HeroSection } from './hero-section';
import { HOME_LISTING_ID } from './home-listing-id';

// Below the fold: each section's code loads as it nears the viewport. About, reviews and contact
// are in the served document (inDocument: their markup is prerendered and kept until then); on a
// client-side navigation their place is reserved at about their real height (measured at
// 360-1280 px wide) so the page's length barely changes.
// The listing (search, filters, cards) starts just below the hero: its code loads after the page
// has started, as it nears the viewport, not in the first load. Reserved: its loading state
// (search, category chips, spinner) measured at 360-1280 px wide.
const loadListing = () => import('./home-product-listing').then((m) => m.HomeProductListing);
const loadAbout = () => import('./about-section').then((m) => m.AboutSection);
const loadReviews = () => import('./reviews-section').then((m) => m.ReviewsSection);
const loadContact = () => import('./contact-section').then((m) => m.ContactSection);

/** Home page: hero, products (id 'products'), about, reviews and contact sections. */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <Box component="section" id="products" aria-labelledby="products-title" sx={{ py: { xs: 8, md: 12 } }}>
        <Container maxWidth="lg">
          <SectionHeading
            overline="Il Catalogo"
            title={
              <span id="products-title">
                I nostri <GoldText>prodotti</GoldText>
              </span>
            }
            subtitle="Attrezzatura, bundle digitali e programmi selezionati per portare il tuo allenamento a un livello superiore."
          />
          <DeferredSection
            id={HOME_LISTING_ID}
            as="div"
            load={loadListing}
            reserve={{ minHeight: { xs: 373, sm: 414, md: 422, lg: 377 } }}
          />
        </Container>
      </Box>
      <DeferredSection
        inDocument
        id="about"
        load={loadAbout}
        reserve={{ minHeight: { xs: 1800, sm: 1320, md: 1000 } }}
      />
      <DeferredSection
        inDocument
        id="reviews"
        load={loadReviews}
        reserve={{ minHeight: { xs: 2100, sm: 1440, md: 1100 } }}
      />
      <DeferredSection
        inDocument
        id="contact"
        load={loadContact}
        reserve={{ minHeight: { xs: 1640, sm: 1500, md: 1050 } }}
      />
    </>
  );
}
