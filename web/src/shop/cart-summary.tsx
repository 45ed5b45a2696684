import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { CartDto } from '../../../shared/api/cart';
import { formatEuro } from '../../../shared/money';
import { SHOP_TEXT } from './texts';

function Row({ label, value, testId, accent = false }: { label: ReactNode; value: ReactNode; testId?: string; accent?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, color: accent ? 'primary.main' : 'text.primary' }}>
      <Typography component="span" sx={{ color: accent ? 'primary.main' : 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="span" data-testid={testId} sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Order summary of the cart page (spec 2): 'Subtotale (N articoli)', 'Sconto Premium' when the
 * member discount applies, shipping 'GRATIS', total, and 'Procedi al Checkout'
 * ('Inizializzazione...' and disabled while busy). Every amount is the server's.
 */
export function CartSummary({ cart, busy, disabled, onCheckout }: { cart: CartDto; busy: boolean; disabled: boolean; onCheckout: () => void }) {
  const discounted = cart.discount_cents > 0;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="cart-summary-title"
      data-testid="cart-summary"
      sx={{ p: { xs: 2.5, md: 3.5 }, borderRadius: 3, position: { md: 'sticky' }, top: { md: 96 }, bgcolor: 'background.paper' }}
    >
      <Typography id="cart-summary-title" variant="h5" component="h2" sx={{ mb: 2.5 }}>
        {SHOP_TEXT.summaryTitle}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Row label={SHOP_TEXT.subtotal(cart.item_count)} value={formatEuro(cart.original_total_cents)} testId="cart-subtotal" />
        {discounted && (
          <Row
            accent
            label={cart.discount_percentage > 0 ? SHOP_TEXT.premiumDiscountPct(cart.discount_percentage) : SHOP_TEXT.premiumDiscount}
            value={`−${formatEuro(cart.discount_cents)}`}
            testId="cart-discount"
          />
        )}
        <Row label={SHOP_TEXT.shipping} value={<Box component="span" sx={{ color: 'success.main', letterSpacing: '0.06em' }}>{SHOP_TEXT.shippingFree}</Box>} testId="cart-shipping" />
      </Box>
      <Divider sx={{ my: 2.5 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{SHOP_TEXT.total}</Typography>
        <Typography data-testid="cart-total" sx={{ color: 'primary.main', fontWeight: 800, fontSize: '1.7rem', fontVariantNumeric: 'tabular-nums' }}>
          {formatEuro(cart.total_cents)}
        </Typography>
      </Box>
      {discounted && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, textAlign: 'right' }}>
          {SHOP_TEXT.memberSaving(formatEuro(cart.discount_cents))}
        </Typography>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        data-testid="checkout-button"
        disabled={busy || disabled}
        onClick={onCheckout}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ mt: 3, py: 1.5, fontSize: '1.02rem' }}
      >
        {busy ? SHOP_TEXT.checkoutBusy : SHOP_TEXT.checkout}
      </Button>
      <Box sx={{ mt: 1.75, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.75, color: 'text.secondary' }}>
        <LockOutlined sx={{ fontSize: 16 }} />
        <Typography variant="caption">{SHOP_TEXT.securePayment}</Typography>
      </Box>
    </Paper>
  );
}
