import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { MSG } from '../../../shared/messages';
import { isSoldOut } from '../../../shared/stock';
import { LoadingBlock } from '../session/session';
import { ShopEmptyState, ShopPageTitle } from '../ui/shop-states';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { useCartActions } from '../api/use-cart';
import { useMembership } from '../api/use-membership';
import { useWishlist, useWishlistActions } from '../api/use-wishlist';
import { useToast } from '../ui/toast';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { WishlistItem } from './wishlist-item';

/**
 * /wishlist (signed-in users): the saved products with image, name,
 * category and price; 'Aggiungi' puts the product in the cart, the bin removes it from the list.
 * Empty: 'La tua lista dei desideri è vuota.' with a link to /products.
 */
export function WishlistPage() {
  useDocumentTitle(SHOP_TEXT.wishlistTitle);
  const { data, error, isLoading, mutate } = useWishlist();
  const wishlist = useWishlistActions();
  const cart = useCartActions();
  const membership = useMembership();
  const { toast } = useToast();
  useLoadErrorToast(error && !data ? error : null, SHOP_TEXT.wishlistLoadError);

  const items = data?.items ?? [];
  let body;
  if (!data && isLoading) {
    body = <LoadingBlock />;
  } else if (!data) {
    body = (
      <ShopEmptyState
        testId="wishlist-error"
        icon={<ErrorOutline />}
        title={SHOP_TEXT.wishlistLoadError}
        action={{ label: 'Riprova', onClick: () => void mutate() }}
      />
    );
  } else if (items.length === 0) {
    body = (
      <ShopEmptyState
        testId="wishlist-empty"
        icon={<FavoriteBorder />}
        title={SHOP_TEXT.wishlistEmpty}
        hint={SHOP_TEXT.wishlistEmptyHint}
        action={{ label: SHOP_TEXT.discoverProducts, to: '/products' }}
      />
    );
  } else {
    body = (
      <Box
        data-testid="wishlist-items"
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 2.5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {items.map((product) => (
          <WishlistItem
            key={product.id}
            product={product}
            discountPercentage={membership.discount_percentage}
            adding={cart.pending.has(product.id)}
            removing={wishlist.pending.has(product.id)}
            onAdd={() => {
              if (isSoldOut(product)) {
                toast({ variant: 'destructive', title: MSG.soldOutTitle, description: MSG.soldOutBody });
                return;
              }
              void cart.addProduct(product);
            }}
            onRemove={() => void wishlist.remove(product)}
          />
        ))}
      </Box>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }} data-testid="wishlist-page">
      <ShopPageTitle
        overline={SHOP_TEXT.wishlistOverline}
        title={SHOP_TEXT.wishlistTitle}
        detail={items.length > 0 ? SHOP_TEXT.wishlistCount(items.length) : SHOP_TEXT.wishlistSubtitle}
      />
      {body}
    </Container>
  );
}
