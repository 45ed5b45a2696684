import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatEuro } from '../../../shared/money';
import { displayPrice } from '../../../shared/pricing';
import type { PriceReduction } from '../../../shared/price-history';
import { LEGAL_MSG } from '../../../shared/messages/legal';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';

/**
 * Price in euro, VAT included, with what lowered it (shared/pricing.ts displayPrice):
 *  - an announced reduction: the 30-day lowest price struck through, the '-X%' badge against it and
 *    'Prezzo più basso degli ultimi 30 giorni: …' (art. 17-bis Codice del Consumo);
 *  - a member discount: the public price struck through and 'Prezzo Aurum Club: sconto X % incluso'.
 * Always followed by 'IVA inclusa'. A product with options whose variants' prices differ
 * (`price_max_cents` present and above the price) shows its lowest price as 'da 29,90 €'.
 * @param discountPercentage the caller's member discount (0 for non-members)
 */
export function PriceTag({
  product,
  discountPercentage = 0,
  size = 'medium',
  testId,
}: {
  product: { price_cents: number; price_reduction: PriceReduction | null; price_max_cents?: number };
  discountPercentage?: number;
  size?: 'medium' | 'large';
  testId?: string;
}) {
  const price = displayPrice(product, discountPercentage);
  const large = size === 'large';
  const id = (part: string) => (testId ? `${testId}-${part}` : undefined);
  const captionSx = { display: 'block', color: 'text.secondary', lineHeight: 1.45 } as const;
  const from = product.price_max_cents !== undefined && product.price_max_cents > product.price_cents;
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.25 }}>
        <Typography
          component="span"
          data-testid={id('current')}
          sx={{
            color: 'primary.main',
            fontWeight: 700,
            fontSize: large ? '2rem' : '1.35rem',
            lineHeight: 1.2,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {from && (
            <Typography
              component="span"
              data-testid={id('from')}
              sx={{ color: 'text.secondary', fontWeight: 400, fontSize: large ? '1.1rem' : '0.9rem' }}
            >
              {`${CATALOG_TEXT.priceFrom} `}
            </Typography>
          )}
          {formatEuro(price.price_cents)}
        </Typography>
        {price.struck_cents !== null && (
          <Typography
            component="s"
            data-testid={id('struck')}
            sx={{
              color: 'text.secondary',
              fontSize: large ? '1.15rem' : '0.95rem',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {formatEuro(price.struck_cents)}
          </Typography>
        )}
        {price.reduction && price.reduction.percent_off > 0 && (
          <Typography
            component="span"
            data-testid={id('badge')}
            sx={{
              alignSelf: 'center',
              px: 0.75,
              borderRadius: 1,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontWeight: 800,
              fontSize: large ? '0.9rem' : '0.75rem',
              lineHeight: 1.6,
            }}
          >
            {LEGAL_MSG.reductionBadge(price.reduction.percent_off)}
          </Typography>
        )}
      </Box>
      {price.reduction && (
        <Typography variant="caption" data-testid={id('lowest')} sx={captionSx}>
          {LEGAL_MSG.lowestPrice(
            price.reduction.reference_cents,
            price.reduction.full_window ? undefined : price.reduction.window_start,
          )}
        </Typography>
      )}
      {price.member_discount_applied && (
        <Typography variant="caption" data-testid={id('member')} sx={captionSx}>
          {LEGAL_MSG.memberPrice(price.member_percentage)}
        </Typography>
      )}
      <Typography variant="caption" data-testid={id('vat')} sx={captionSx}>
        {LEGAL_MSG.vatIncluded}
      </Typography>
    </Box>
  );
}
