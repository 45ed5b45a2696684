import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import type { CartLineDto } from '../../../shared/api/cart';
import { formatEuro } from '../../../shared/money';
import { ProductImage } from '../ui/product-image';
import { QuantityStepper } from './quantity-stepper';
import { lineDiscounted, lineMaxQuantity, lineShortOfStock } from './shop-rules';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';

/**
 * One cart line: image, name (linking to the product or the bundles page), a variant's option values
 * ('Peso: 16 kg'), unit price with the
 * undiscounted price struck through when the member discount lowers it, quantity stepper, line
 * total and remove button. Warns when the stock fell below the quantity.
 */
export function CartLineItem({
  line,
  disabled,
  onQuantity,
  onRemove,
}: {
  line: CartLineDto;
  disabled: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  // a variant's line leads back to its product page with that variant chosen
  const variant = line.variant_id && line.sku ? `?variant=${encodeURIComponent(line.sku)}` : '';
  const href = line.product_id ? `/product/${line.product_id}${variant}` : '/bundles';
  const discounted = lineDiscounted(line);
  const max = lineMaxQuantity(line);
  const short = lineShortOfStock(line);

  return (
    <Box
      component="li"
      data-testid="cart-line"
      data-line-id={line.id}
      sx={{
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: { xs: '84px minmax(0, 1fr)', sm: '112px minmax(0, 1fr) auto' },
        gridTemplateAreas: { xs: '"img info" "ctl ctl"', sm: '"img info ctl"' },
        columnGap: { xs: 2, sm: 2.5 },
        rowGap: 1.5,
        alignItems: 'center',
        py: 2.5,
        borderBottom: 1,
        borderColor: 'divider',
        opacity: disabled ? 0.7 : 1,
        transition: 'opacity .2s',
      }}
    >
      <Box
        component={RouterLink}
        to={href}
        tabIndex={-1}
        aria-hidden
        sx={{
          gridArea: 'img',
          display: 'block',
          aspectRatio: '1 / 1',
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
        }}
      >
        <ProductImage src={line.image_url} alt={line.name} />
      </Box>

      <Box sx={{ gridArea: 'info', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {(line.bundle_id || line.is_digital) && (
          <Box>
            <Chip
              size="small"
              variant="outlined"
              label={line.bundle_id ? SHOP_TEXT.bundle : SHOP_TEXT.digital}
              sx={{
                height: 22,
                fontSize: '0.7rem',
                letterSpacing: '0.06em',
                color: 'primary.main',
                borderColor: 'primary.main',
              }}
            />
          </Box>
        )}
        <Typography
          component={RouterLink}
          to={href}
          data-testid="cart-line-name"
          sx={{
            fontFamily: (t) => t.typography.h6.fontFamily,
            fontWeight: 700,
            fontSize: { xs: '1rem', sm: '1.1rem' },
            lineHeight: 1.3,
            color: 'text.primary',
            textDecoration: 'none',
            '&:hover': { color: 'primary.main' },
          }}
        >
          {line.name}
        </Typography>
        {line.option_values && line.option_values.length > 0 && (
          <Typography variant="body2" data-testid="cart-line-options" sx={{ color: 'text.secondary' }}>
            {line.option_values.map((o) => SHOP_TEXT.optionValue(o.name, o.value)).join(' · ')}
          </Typography>
        )}
        <Box
          sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1 }}
          data-testid="cart-line-price"
        >
          <Typography
            component="span"
            sx={{ color: 'primary.main', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatEuro(line.unit_paid_cents)}
          </Typography>
          {discounted && (
            <Typography
              component="s"
              data-testid="cart-line-struck"
              sx={{ color: 'text.secondary', fontSize: '0.9rem', fontVariantNumeric: 'tabular-nums' }}
            >
              {formatEuro(line.unit_price_cents)}
            </Typography>
          )}
          <Typography component="span" sx={{ color: 'text.secondary', fontSize: '0.8rem' }}>
            {SHOP_TEXT.unitPrice}
          </Typography>
        </Box>
        {short && (
          <Typography variant="caption" data-testid="cart-line-stock" sx={{ color: 'warning.main', fontWeight: 600 }}>
            {SHOP_TEXT.onlyAvailable(line.available_quantity ?? 0)}
          </Typography>
        )}
      </Box>

      <Box
        sx={{
          gridArea: 'ctl',
          display: 'flex',
          alignItems: 'center',
          justifyContent: { xs: 'space-between', sm: 'flex-end' },
          gap: { xs: 1.5, sm: 2.5 },
        }}
      >
        <QuantityStepper value={line.quantity} max={max} disabled={disabled} onChange={onQuantity} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            data-testid="cart-line-total"
            sx={{
              minWidth: { sm: 96 },
              textAlign: 'right',
              fontWeight: 700,
              fontSize: '1.05rem',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {formatEuro(line.line_total_cents)}
          </Typography>
          <Tooltip title={SHOP_TEXT.removeLine(line.name)}>
            <span>
              <IconButton
                aria-label={SHOP_TEXT.removeLine(line.name)}
                disabled={disabled}
                onClick={onRemove}
                sx={{ color: 'text.secondary', '&:hover': { color: 'error.main' } }}
              >
                <DeleteOutline />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      </Box>
    </Box>
  );
}
