/**
 * Cart and wishlist actions of product cards and the product page. Visitors get the spec's login
 * toasts and go to /login (the cart and wishlist need a signed-in user); signed-in users add to the
 * real cart and toggle the real wishlist (web/src/shop).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { isSoldOut } from '../../../shared/stock';
import { useSession } from '../session/session';
import { useCartActions } from '../api/use-cart';
import { useWishlistActions } from '../api/use-wishlist';
import { useToast } from '../ui/toast';

/** Where the action is triggered: the listing/category cards or the product page. */
export type ActionContext = 'listing' | 'detail';

/** What useProductActions() returns. */
export interface ProductActions {
  /** Adds one unit; a product with options needs the chosen variant (the product page's). */
  addToCart(product: ProductDto, variantId?: string): void;
  toggleWishlist(product: ProductDto): void;
  isWishlisted(productId: string): boolean;
  /** True while an add-to-cart request for the product is in flight. */
  isAdding(productId: string): boolean;
}

/**
 * Cart / wishlist handlers. Signed-out: toast 'Login Richiesto' (cart on the product page:
 * 'Accesso Richiesto') and navigate to /login. A sold-out physical product is refused
 * before any request ('Prodotto Esaurito').
 */
export function useProductActions(context: ActionContext = 'listing'): ProductActions {
  const { status } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  const cart = useCartActions();
  const wishlist = useWishlistActions();
  const signedIn = status === 'signed-in';

  const requireLogin = useCallback(
    (title: string, description: string) => {
      toast({ title, description, variant: 'destructive' });
      void navigate('/login');
    },
    [toast, navigate],
  );

  const { addProduct } = cart;
  const addToCart = useCallback(
    (product: ProductDto, variantId?: string) => {
      if (!signedIn) {
        requireLogin(context === 'detail' ? MSG.accessRequiredTitle : MSG.loginRequiredTitle, MSG.cartLoginRequired);
        return;
      }
      if (isSoldOut(product)) {
        toast({ title: MSG.soldOutTitle, description: MSG.soldOutBody, variant: 'destructive' });
        return;
      }
      void addProduct(product, 1, variantId);
    },
    [signedIn, context, requireLogin, toast, addProduct],
  );

  const { toggle } = wishlist;
  const toggleWishlist = useCallback(
    (product: ProductDto) => {
      if (!signedIn) {
        requireLogin(MSG.loginRequiredTitle, MSG.wishlistLoginRequired);
        return;
      }
      void toggle(product);
    },
    [signedIn, requireLogin, toggle],
  );

  const pendingCart = cart.pending;
  const isAdding = useCallback((productId: string) => pendingCart.has(productId), [pendingCart]);

  return { addToCart, toggleWishlist, isWishlisted: wishlist.isWishlisted, isAdding };
}
