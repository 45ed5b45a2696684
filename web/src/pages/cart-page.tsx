import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { LoadingBlock } from '../auth/session';
import { CartLineItem } from '../shop/cart-line-item';
import { CartSummary } from '../shop/cart-summary';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ShopEmptyState, ShopPageTitle } from '../shop/shop-states';
import { SHOP_TEXT } from '../shop/texts';
import { useCart, useCartActions } from '../shop/use-cart';
import { useCheckout } from '../shop/use-checkout';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { useDocumentTitle } from '../ui/use-document-title';

/**
 * /cart (signed-in users, spec 2 Cart page): the lines with quantity steppers and remove buttons,
 * the summary with the member discount and free shipping, 'Procedi al Checkout' (redirects to
 * Stripe's hosted page) and 'Svuota carrello'. Empty: 'Il tuo carrello è vuoto' with
 * 'Inizia lo Shopping'.
 */
export function CartPage() {
  useDocumentTitle(SHOP_TEXT.cartTitle);
  const { data: cart, error, isLoading, mutate } = useCart();
  const actions = useCartActions();
  const checkout = useCheckout(() => void actions.revalidate());
  const [confirmClear, setConfirmClear] = useState(false);
  useLoadErrorToast(error && !cart ? error : null, SHOP_TEXT.cartLoadError);

  let body;
  if (!cart && isLoading) {
    body = <LoadingBlock />;
  } else if (!cart) {
    body = (
      <ShopEmptyState
        testId="cart-error"
        icon={<ErrorOutline />}
        title={SHOP_TEXT.cartLoadError}
        action={{ label: 'Riprova', onClick: () => void mutate() }}
      />
    );
  } else if (cart.lines.length === 0) {
    body = (
      <ShopEmptyState
        testId="cart-empty"
        icon={<ShoppingBagOutlined />}
        title={SHOP_TEXT.cartEmpty}
        hint={SHOP_TEXT.cartEmptyHint}
        action={{ label: SHOP_TEXT.startShopping, to: '/products' }}
      />
    );
  } else {
    const locked = checkout.busy || actions.pending.has('clear');
    body = (
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' }, gap: { xs: 4, md: 5 }, alignItems: 'start' }}>
        <Box>
          <Box component="ul" data-testid="cart-lines" sx={{ m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
            {cart.lines.map((line) => (
              <CartLineItem
                key={line.id}
                line={line}
                disabled={locked || actions.pending.has(line.id)}
                onQuantity={(q) => void actions.setQuantity(line, q)}
                onRemove={() => void actions.removeLine(line)}
              />
            ))}
          </Box>
          <Box sx={{ mt: 2.5, display: 'flex', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/products" startIcon={<ArrowBack />}>
              {SHOP_TEXT.continueShopping}
            </Button>
            <Button color="inherit" startIcon={<DeleteSweepOutlined />} disabled={locked} onClick={() => setConfirmClear(true)} sx={{ color: 'text.secondary', '&:hover': { color: 'error.main' } }}>
              {SHOP_TEXT.clearCart}
            </Button>
          </Box>
        </Box>
        <CartSummary cart={cart} busy={checkout.busy} disabled={actions.pending.size > 0} onCheckout={() => void checkout.start()} />
      </Box>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }} data-testid="cart-page">
      <ShopPageTitle overline={SHOP_TEXT.cartOverline} title={SHOP_TEXT.cartTitle} detail={cart && cart.item_count > 0 ? SHOP_TEXT.itemCount(cart.item_count) : undefined} />
      {body}
      <ConfirmDialog
        open={confirmClear}
        title={SHOP_TEXT.clearCartConfirmTitle}
        body={SHOP_TEXT.clearCartConfirmBody}
        confirmLabel={SHOP_TEXT.clearCartConfirm}
        onConfirm={() => void actions.clearCart()}
        onClose={() => setConfirmClear(false)}
      />
    </Container>
  );
}
