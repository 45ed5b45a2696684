import Box from '@mui/material/Box';
import { ProductListing } from '../product-listing';
import { HOME_LISTING_ID } from './home-listing-id';

/** The home page's product listing (search, category filter, cards), loaded as it nears the viewport. */
export function HomeProductListing() {
  return (
    <Box id={HOME_LISTING_ID}>
      <ProductListing />
    </Box>
  );
}
