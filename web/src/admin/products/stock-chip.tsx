import Chip from '@mui/material/Chip';
import { stockState } from '../../../../shared/stock';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';

/** The stock column (the stock rule): digital, sold out (red), low 1-5 (amber), or the number. */
export function StockChip({ product }: { product: { is_digital: boolean; quantity: number } }) {
  const state = stockState(product);
  if (state === 'digital') return <Chip size="small" variant="outlined" label={CATALOG_ADMIN_TEXT.products.digital} />;
  const color = state === 'sold_out' ? 'error' : state === 'low_stock' ? 'warning' : 'default';
  return (
    <Chip
      size="small"
      color={color}
      variant={state === 'available' ? 'outlined' : 'filled'}
      label={product.quantity}
      data-testid="stock-chip"
      sx={{ minWidth: 44, fontWeight: 700 }}
    />
  );
}
