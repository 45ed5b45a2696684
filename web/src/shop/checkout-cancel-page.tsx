import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useEffect } from 'react';
import { CHECKOUT_API } from '../../../shared/api/checkout';
import { callApi } from '../api/client';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import HighlightOff from '@mui/icons-material/HighlightOff';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { useCartActions } from '../api/use-cart';
import { OutcomePanel } from '../ui/outcome-panel';
import { useDocumentTitle } from '../ui/use-document-title';

/** /checkout/cancel: 'Pagamento Annullato'; the items are still in the cart, with a link back to it. */
export function CheckoutCancelPage() {
  useDocumentTitle(SHOP_TEXT.cancelTitle);
  const { revalidate } = useCartActions();
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout');
  // The cart is untouched. The abandoned checkout gives its reserved stock back at once (and its
  // payment page stops working); then the cart is refetched so the header badge is current.
  useEffect(() => {
    const release =
      checkoutId && /^[0-9a-f-]{36}$/i.test(checkoutId)
        ? callApi(CHECKOUT_API.cancel, { params: { id: checkoutId } }).catch(() => undefined)
        : Promise.resolve();
    void release.then(() => revalidate());
  }, [checkoutId, revalidate]);

  return (
    <OutcomePanel
      testId="checkout-cancel"
      icon={<HighlightOff />}
      title={SHOP_TEXT.cancelTitle}
      actions={
        <>
          <Button component={RouterLink} to="/cart" variant="contained" size="large">
            {SHOP_TEXT.backToCart}
          </Button>
          <Button component={RouterLink} to="/products" variant="outlined" size="large">
            {SHOP_TEXT.continueShopping}
          </Button>
        </>
      }
    >
      <Typography>{SHOP_TEXT.cancelBody}</Typography>
      <Typography>{SHOP_TEXT.cancelStillInCart}</Typography>
    </OutcomePanel>
  );
}
