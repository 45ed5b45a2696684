import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatEuro } from '../../../shared/money';
import { displayPrice } from '../../../shared/pricing';

/**
 * Price in euro with the struck-through reference (sale or member discount) when there is one.
 * @param discountPercentage the caller's member discount (0 for non-members)
 */
export function PriceTag({
  product,
  discountPercentage = 0,
  size = 'medium',
  testId,
}: {
  product: { price_cents: number; original_price_cents: number | null };
  discountPercentage?: number;
  size?: 'medium' | 'large';
  testId?: string;
}) {
  const price = displayPrice(product, discountPercentage);
  const large = size === 'large';
  return (
    <Box data-testid={testId} sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.25 }}>
      <Typography
        component="span"
        data-testid={testId ? `${testId}-current` : undefined}
        sx={{
          color: 'primary.main',
          fontWeight: 700,
          fontSize: large ? '2rem' : '1.35rem',
          lineHeight: 1.2,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {formatEuro(price.price_cents)}
      </Typography>
      {price.struck_cents !== null && (
        <Typography
          component="s"
          data-testid={testId ? `${testId}-struck` : undefined}
          sx={{ color: 'text.secondary', fontSize: large ? '1.15rem' : '0.95rem', fontVariantNumeric: 'tabular-nums' }}
        >
          {formatEuro(price.struck_cents)}
        </Typography>
      )}
    </Box>
  );
}
