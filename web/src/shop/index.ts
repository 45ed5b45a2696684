/**
 * Public entry of the shop feature (web/src/shop: cart, checkout and its outcome pages, wishlist).
 * The router imports it: chunk loaders only, each resolving to `{ default: Page }` for React.lazy.
 * The cart's and wishlist's data hooks, which the header and the catalog use too, are in web/src/api.
 */

/** The cart page (/cart). */
export const loadCartPage = () => import('./cart-page').then((m) => ({ default: m.CartPage }));
/** The wishlist page (/wishlist). */
export const loadWishlistPage = () => import('./wishlist-page').then((m) => ({ default: m.WishlistPage }));
/** The page Stripe returns to after a paid checkout (/checkout/success). */
export const loadCheckoutSuccessPage = () =>
  import('./checkout-success-page').then((m) => ({ default: m.CheckoutSuccessPage }));
/** The page Stripe returns to after a cancelled checkout (/checkout/cancel). */
export const loadCheckoutCancelPage = () =>
  import('./checkout-cancel-page').then((m) => ({ default: m.CheckoutCancelPage }));
