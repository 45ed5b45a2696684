/**
 * Public entry of the shop feature (web/src/shop: cart, checkout and its outcome pages, wishlist).
 * The router imports it, so it is in every page's first load: lazy pages only (React.lazy; each
 * page's code loads with its route). The cart's and wishlist's data hooks, which the header and
 * the catalog use too, are in web/src/api.
 */
import { lazy } from 'react';

/** The page Stripe returns to after a paid checkout (/checkout/success). */
export const CheckoutSuccessPage = lazy(() =>
  import('./checkout-success-page').then((m) => ({ default: m.CheckoutSuccessPage })),
);
/** The page Stripe returns to after a cancelled checkout (/checkout/cancel). */
export const CheckoutCancelPage = lazy(() =>
  import('./checkout-cancel-page').then((m) => ({ default: m.CheckoutCancelPage })),
);
/** The wishlist page (/wishlist). */
export const WishlistPage = lazy(() => import('./wishlist-page').then((m) => ({ default: m.WishlistPage })));
/** The cart page (/cart). */
export const CartPage = lazy(() => import('./cart-page').then((m) => ({ default: m.CartPage })));
