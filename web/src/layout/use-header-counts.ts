/** Item counts shown as badges on the header's wishlist and cart icons. */
export interface HeaderCounts {
  wishlist: number;
  cart: number;
}

/**
 * Wishlist and cart counts for the header badges. The wishlist and cart issues replace the
 * body with their SWR hooks; badges are rendered only for signed-in users with a count > 0.
 */
export function useHeaderCounts(): HeaderCounts {
  return { wishlist: 0, cart: 0 };
}
