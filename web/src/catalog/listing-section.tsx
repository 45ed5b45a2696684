import Box from '@mui/material/Box';
import { ProductListing } from './product-listing';

/**
 * The product listing (search, category filter, cards) as a section of another page (the home
 * page's 'I nostri prodotti'), loaded as it nears the viewport.
 * @param id the section's element id: the same as its deferred placeholder's (ui/deferred.tsx)
 */
export function ListingSection({ id }: { id: string }) {
  return (
    <Box id={id}>
      <ProductListing />
    </Box>
  );
}
