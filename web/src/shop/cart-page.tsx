import { Link as RouterLink } from 'react-router-dom';
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { LoadingBlock } from '../session/session';
import { CartLineItem } from './cart-line-item';
import { CartSummary } from './cart-summary';
import { ShippingPicker } from './shipping-picker';
import { AddressPicker } from './address-picker';
import { DiscountCodeField } from './discount-code-field';
import { useAddresses } from '../api/use-account';
import type { CartDto } from '../../../shared/api/cart';
import type { AddressDto } from '../../../shared/api/account';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ShopEmptyState, ShopPageTitle } from '../ui/shop-states';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { useCart, useCartActions } from '../api/use-cart';
import { useCheckout } from './use-checkout';
import { DigitalConsentBox } from './digital-consent-box';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { useDocumentTitle } from '../ui/use-document-title';

/**
 * The shipping method and address the cart page uses: the shopper's choice while it is still
 * offered, else the server's preselection (the cheapest) and the default (else first) address.
 */
function useCheckoutChoice(cart: CartDto | undefined, addresses: readonly AddressDto[] | undefined) {
  const [methodId, setMethodId] = useState<string | null>(null);
  const [addressId, setAddressId] = useState<string | null>(null);
  const option = useMemo(() => {
    if (!cart?.needs_shipping) return null;
    return (
      cart.shipping_options.find((o) => o.id === methodId) ??
      cart.shipping_options.find((o) => o.id === cart.shipping_method_id) ??
      null
    );
  }, [cart, methodId]);
  const address = useMemo(() => {
    if (!addresses?.length) return null;
    return addresses.find((a) => a.id === addressId) ?? addresses.find((a) => a.is_default) ?? addresses[0]!;
  }, [addresses, addressId]);
  return { option, address, setMethodId, setAddressId };
}

/**
 * /cart (signed-in users): the lines with quantity steppers and remove
 * buttons; for a cart that ships, the shipping method (cheapest preselected, 'GRATIS' past its
 * threshold) and the shipping address (saved ones, or 'Aggiungi indirizzo'); the summary with the
 * member discount, the discount code, shipping and the total of the chosen method; 'Procedi al
 * Checkout' (sends the choice and the total shown, redirects to Stripe's hosted page), with the
 * digital-content consent box above it when the cart holds digital content, and
 * 'Svuota carrello'. Empty: 'Il tuo carrello è vuoto' with 'Inizia lo Shopping'.
 */
export function CartPage() {
  useDocumentTitle(SHOP_TEXT.cartTitle);
  const { data: cart, error, isLoading, mutate } = useCart();
  const actions = useCartActions();
  const checkout = useCheckout(() => void actions.revalidate());
  const [confirmClear, setConfirmClear] = useState(false);
  const [digitalConsent, setDigitalConsent] = useState(false);
  const addresses = useAddresses();
  const choice = useCheckoutChoice(cart, addresses.data?.items);
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
    const consentMissing = cart.needs_digital_consent && !digitalConsent;
    const blocker =
      cart.needs_shipping && !choice.option
        ? SHOP_TEXT.chooseShipping
        : cart.needs_shipping && !choice.address
          ? SHOP_TEXT.chooseAddress
          : consentMissing
            ? SHOP_TEXT.digitalConsentMissing
            : null;
    const consent = cart.needs_digital_consent ? { digital_consent: digitalConsent } : {};
    const startCheckout = () =>
      void checkout.start(
        cart.needs_shipping && choice.option && choice.address
          ? {
              shipping_method_id: choice.option.id,
              address_id: choice.address.id,
              expected_total_cents: choice.option.total_cents,
              ...consent,
            }
          : { expected_total_cents: cart.total_cents, ...consent },
      );
    body = (
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' },
          gap: { xs: 4, md: 5 },
          alignItems: 'start',
        }}
      >
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
            <Button
              color="inherit"
              startIcon={<DeleteSweepOutlined />}
              disabled={locked}
              onClick={() => setConfirmClear(true)}
              sx={{ color: 'text.secondary', '&:hover': { color: 'error.main' } }}
            >
              {SHOP_TEXT.clearCart}
            </Button>
          </Box>
          {cart.needs_shipping && (
            <Box sx={{ mt: 4, display: 'grid', gap: 2.5 }}>
              <ShippingPicker
                options={cart.shipping_options}
                value={choice.option?.id ?? null}
                disabled={locked}
                onChange={choice.setMethodId}
              />
              <AddressPicker
                addresses={addresses.data?.items}
                loading={addresses.isLoading}
                value={choice.address?.id ?? null}
                disabled={locked}
                onChange={choice.setAddressId}
                onAdded={async () => {
                  await addresses.mutate();
                }}
              />
            </Box>
          )}
        </Box>
        <CartSummary
          cart={cart}
          choice={{ shipping: choice.option, blocker }}
          busy={checkout.busy}
          disabled={actions.pending.size > 0}
          onCheckout={startCheckout}
          consentField={
            cart.needs_digital_consent ? (
              <DigitalConsentBox checked={digitalConsent} disabled={locked} onChange={setDigitalConsent} />
            ) : undefined
          }
          codeField={
            <DiscountCodeField
              applied={cart.discount_code}
              disabled={locked}
              onApply={actions.applyCode}
              onRemove={async () => {
                await actions.removeCode();
              }}
            />
          }
        />
      </Box>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }} data-testid="cart-page">
      <ShopPageTitle
        overline={SHOP_TEXT.cartOverline}
        title={SHOP_TEXT.cartTitle}
        detail={cart && cart.item_count > 0 ? SHOP_TEXT.itemCount(cart.item_count) : undefined}
      />
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
