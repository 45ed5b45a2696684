import { useCart } from '../api/use-cart';
import { useWishlist } from '../api/use-wishlist';

/** Item counts shown as badges on the header's wishlist and cart icons. */
export interface HeaderCounts {
  wishlist: number;
  cart: number;
}

/**
 * Wishlist and cart counts for the header badges: the cart's item_count (sum of quantities) and
 * the number of saved products. Both are 0 for visitors (no request is made); the badges are
 * rendered only for signed-in users with a count > 0.
 */
export function useHeaderCounts(): HeaderCounts {
  const cart = useCart();
  const wishlist = useWishlist();
  return { wishlist: wishlist.data?.items.length ?? 0, cart: cart.data?.item_count ?? 0 };
}
