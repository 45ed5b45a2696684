/**
 * Cart and wishlist actions of product cards and the product page. Until sign-in and the cart /
 * wishlist issues land, visitors get the spec's login toasts and go to /login; signed-in users
 * get the 'not yet implemented' notice.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { ProductDto } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { isSoldOut } from '../../../shared/stock';
import { useSession } from '../auth/session';
import { useToast } from '../ui/toast';

/** Where the action is triggered: the listing/category cards or the product page. */
export type ActionContext = 'listing' | 'detail';

/** What useProductActions() returns. */
export interface ProductActions {
  addToCart(product: ProductDto): void;
  toggleWishlist(product: ProductDto): void;
  isWishlisted(productId: string): boolean;
}

/**
 * Cart / wishlist handlers. Signed-out: toast 'Login Richiesto' (cart on the product page:
 * 'Accesso Richiesto', spec 5) and navigate to /login.
 */
export function useProductActions(context: ActionContext = 'listing'): ProductActions {
  const { status } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  const signedIn = status === 'signed-in';

  const requireLogin = useCallback(
    (title: string, description: string) => {
      toast({ title, description, variant: 'destructive' });
      void navigate('/login');
    },
    [toast, navigate],
  );

  const addToCart = useCallback(
    (product: ProductDto) => {
      if (!signedIn) {
        requireLogin(context === 'detail' ? MSG.accessRequiredTitle : MSG.loginRequiredTitle, MSG.cartLoginRequired);
        return;
      }
      if (isSoldOut(product)) {
        toast({ title: MSG.soldOutTitle, description: MSG.soldOutBody, variant: 'destructive' });
        return;
      }
      toast({ title: MSG.notImplemented });
    },
    [signedIn, context, requireLogin, toast],
  );

  const toggleWishlist = useCallback(
    (_product: ProductDto) => {
      if (!signedIn) {
        requireLogin(MSG.loginRequiredTitle, MSG.wishlistLoginRequired);
        return;
      }
      toast({ title: MSG.notImplemented });
    },
    [signedIn, requireLogin, toast],
  );

  const isWishlisted = useCallback((_productId: string) => false, []);

  return { addToCart, toggleWishlist, isWishlisted };
}
