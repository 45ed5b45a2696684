import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';

/**
 * Minus / quantity / plus control of a cart line. Minus at 1 asks for 0 (the line is removed,
 * as the cart rule says); plus stops at `max`.
 */
export function QuantityStepper({
  value,
  max,
  disabled = false,
  onChange,
}: {
  value: number;
  max: number;
  disabled?: boolean;
  onChange: (next: number) => void;
}) {
  return (
    <Box
      role="group"
      aria-label={SHOP_TEXT.quantity}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 999,
        bgcolor: 'action.hover',
      }}
    >
      <IconButton
        size="small"
        aria-label={SHOP_TEXT.decrease}
        disabled={disabled}
        onClick={() => onChange(value - 1)}
        sx={{ color: 'primary.main' }}
      >
        <Remove fontSize="small" />
      </IconButton>
      <Typography
        component="output"
        data-testid="cart-line-quantity"
        aria-live="polite"
        sx={{ minWidth: 32, textAlign: 'center', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
      <IconButton
        size="small"
        aria-label={SHOP_TEXT.increase}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
        sx={{ color: 'primary.main' }}
      >
        <Add fontSize="small" />
      </IconButton>
    </Box>
  );
}
