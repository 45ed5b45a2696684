import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { CartDto, CartShippingOptionDto } from '../../../shared/api/cart';
import { formatEuro } from '../../../shared/money';
import { LEGAL_MSG } from '../../../shared/messages/legal';
import { discountValueLabel } from '../../../shared/discount-codes';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';

function Row({
  label,
  value,
  testId,
  accent = false,
}: {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  accent?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 2,
        color: accent ? 'primary.main' : 'text.primary',
      }}
    >
      <Typography component="span" sx={{ color: accent ? 'primary.main' : 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        component="span"
        data-testid={testId}
        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** What the summary shows for the checkout choices of the cart page. */
export interface SummaryChoice {
  /** The chosen shipping option (priced by the server), or null (digital-only or none chosen). */
  shipping: CartShippingOptionDto | null;
  /** Why 'Procedi al Checkout' cannot start yet (no method / no address), or null. */
  blocker: string | null;
}

/**
 * Order summary of the cart page: 'Subtotale (N articoli)', 'Sconto Premium'
 * when the member discount applies, the discount code (field, or the applied code and what it
 * takes off), the chosen shipping ('GRATIS' when free), the total of the chosen method, and
 * 'Procedi al Checkout' ('Inizializzazione...' and disabled while busy). Every amount is the
 * server's: the total shown is the chosen option's `total_cents`, which the checkout charges.
 */
export function CartSummary({
  cart,
  choice,
  busy,
  disabled,
  onCheckout,
  codeField,
  consentField,
}: {
  cart: CartDto;
  choice: SummaryChoice;
  busy: boolean;
  disabled: boolean;
  onCheckout: () => void;
  /** The 'Codice sconto' field (DiscountCodeField). */
  codeField: ReactNode;
  /** The digital-content consent box, right above the button (only for a cart with digital content). */
  consentField?: ReactNode;
}) {
  const discounted = cart.discount_cents > 0;
  const code = cart.discount_code;
  const total = cart.needs_shipping ? (choice.shipping?.total_cents ?? cart.goods_total_cents) : cart.total_cents;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="cart-summary-title"
      data-testid="cart-summary"
      sx={{
        p: { xs: 2.5, md: 3.5 },
        borderRadius: 3,
        position: { md: 'sticky' },
        top: { md: 96 },
        bgcolor: 'background.paper',
      }}
    >
      <Typography id="cart-summary-title" variant="h5" component="h2" sx={{ mb: 2.5 }}>
        {SHOP_TEXT.summaryTitle}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Row
          label={SHOP_TEXT.subtotal(cart.item_count)}
          value={formatEuro(cart.original_total_cents)}
          testId="cart-subtotal"
        />
        {discounted && (
          <Row
            accent
            label={
              cart.discount_percentage > 0
                ? SHOP_TEXT.premiumDiscountPct(cart.discount_percentage)
                : SHOP_TEXT.premiumDiscount
            }
            value={`−${formatEuro(cart.discount_cents)}`}
            testId="cart-discount"
          />
        )}
        {code && cart.code_discount_cents > 0 && (
          <Row
            accent
            label={SHOP_TEXT.codeRow(code.code, discountValueLabel(code, formatEuro))}
            value={`−${formatEuro(cart.code_discount_cents)}`}
            testId="cart-code-discount"
          />
        )}
        {cart.needs_shipping && (
          <Row
            label={SHOP_TEXT.shipping}
            value={
              !choice.shipping ? (
                '—'
              ) : choice.shipping.shipping_cents === 0 ? (
                <Box component="span" sx={{ color: 'success.main', letterSpacing: '0.06em' }}>
                  {SHOP_TEXT.shippingFree}
                </Box>
              ) : (
                formatEuro(choice.shipping.shipping_cents)
              )
            }
            testId="cart-shipping"
          />
        )}
      </Box>
      <Box sx={{ mt: 2.5 }}>{codeField}</Box>
      <Divider sx={{ my: 2.5 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{SHOP_TEXT.total}</Typography>
        <Typography
          data-testid="cart-total"
          sx={{ color: 'primary.main', fontWeight: 800, fontSize: '1.7rem', fontVariantNumeric: 'tabular-nums' }}
        >
          {formatEuro(total)}
        </Typography>
      </Box>
      <Typography
        variant="caption"
        data-testid="cart-vat"
        sx={{ display: 'block', color: 'text.secondary', textAlign: 'right' }}
      >
        {LEGAL_MSG.vatIncluded}
      </Typography>
      {discounted && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, textAlign: 'right' }}>
          {SHOP_TEXT.memberSaving(formatEuro(cart.discount_cents))}
        </Typography>
      )}
      {!cart.needs_shipping && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }} data-testid="cart-digital-only">
          {SHOP_TEXT.digitalOnly}
        </Typography>
      )}
      {consentField}
      <Button
        variant="contained"
        size="large"
        fullWidth
        data-testid="checkout-button"
        disabled={busy || disabled || choice.blocker !== null}
        onClick={onCheckout}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ mt: 3, py: 1.5, fontSize: '1.02rem' }}
      >
        {busy ? SHOP_TEXT.checkoutBusy : SHOP_TEXT.checkout}
      </Button>
      {choice.blocker && (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', mt: 1, textAlign: 'center' }}
          data-testid="checkout-blocker"
        >
          {choice.blocker}
        </Typography>
      )}
      <Box
        sx={{
          mt: 1.75,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 0.75,
          color: 'text.secondary',
        }}
      >
        <LockOutlined sx={{ fontSize: 16 }} />
        <Typography variant="caption">{SHOP_TEXT.securePayment}</Typography>
      </Box>
    </Paper>
  );
}
