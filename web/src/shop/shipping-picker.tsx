import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import type { CartShippingOptionDto } from '../../../shared/api/cart';
import { deliveryEstimate, shippingLabel } from '../../../shared/shipping';
import { formatEuro } from '../../../shared/money';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { ChoiceOption } from './choice-option';

/**
 * 'Metodo di spedizione' of the cart: every method priced for this cart by the server
 * (cost, or 'GRATIS' once its threshold is reached), its delivery estimate and how much is missing
 * for free shipping. The cart's total follows the chosen one.
 */
export function ShippingPicker({
  options,
  value,
  disabled,
  onChange,
}: {
  options: readonly CartShippingOptionDto[];
  value: string | null;
  disabled: boolean;
  onChange(id: string): void;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="shipping-title"
      data-testid="shipping-picker"
      sx={{ p: { xs: 2, md: 2.5 }, borderRadius: 3 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <LocalShippingOutlined sx={{ color: 'primary.main' }} />
        <Typography id="shipping-title" variant="h6" component="h2">
          {SHOP_TEXT.shippingTitle}
        </Typography>
      </Box>
      {options.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }} data-testid="shipping-none">
          {SHOP_TEXT.shippingNone}
        </Typography>
      ) : (
        <RadioGroup
          aria-labelledby="shipping-title"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          sx={{ gap: 1 }}
        >
          {options.map((o) => {
            const estimate = deliveryEstimate(o);
            const selected = o.id === value;
            return (
              <ChoiceOption key={o.id} value={o.id} selected={selected} disabled={disabled} testId="shipping-option">
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }} data-testid="shipping-option-name">
                      {o.name}
                    </Typography>
                    {estimate && (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {estimate}
                      </Typography>
                    )}
                    {o.missing_for_free_cents !== null && o.missing_for_free_cents > 0 && (
                      <Typography variant="body2" sx={{ color: 'primary.main' }}>
                        {SHOP_TEXT.shippingMissing(formatEuro(o.missing_for_free_cents))}
                      </Typography>
                    )}
                    {o.missing_for_free_cents === null &&
                      o.free_shipping_threshold_cents !== null &&
                      o.shipping_cents > 0 && (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {SHOP_TEXT.shippingFreeFrom(formatEuro(o.free_shipping_threshold_cents))}
                        </Typography>
                      )}
                  </Box>
                  <Typography
                    data-testid="shipping-option-price"
                    sx={{
                      fontWeight: 700,
                      whiteSpace: 'nowrap',
                      fontVariantNumeric: 'tabular-nums',
                      color: o.shipping_cents === 0 ? 'success.main' : 'text.primary',
                    }}
                  >
                    {shippingLabel(o.shipping_cents)}
                  </Typography>
                </Box>
              </ChoiceOption>
            );
          })}
        </RadioGroup>
      )}
    </Paper>
  );
}
