import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { MemberPlaceholder } from './member-placeholder';

/** /wishlist (signed-in users). Placeholder until the wishlist issue. */
export function WishlistPage() {
  return <MemberPlaceholder title="Lista dei Desideri" icon={<FavoriteBorder />} testId="wishlist-page" />;
}
