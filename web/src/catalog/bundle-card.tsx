import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { BundleDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { PriceTag } from '../ui/price-tag';
import { GOLD_GRADIENT } from '../theme/colors';
import { PLACEHOLDER_IMAGE } from '../ui/placeholder';

/** '1 prodotto' / '{n} prodotti'. */
export function formatProductCount(count: number): string {
  return count === 1 ? '1 prodotto' : `${count} prodotti`;
}

/**
 * One bundle: image, PREMIUM badge, name, description, category, product count, price (members
 * see their discounted price with the list price struck through, as the cart charges it) and
 * the add button (disabled while `adding`).
 */
export function BundleCard({
  bundle,
  onAdd,
  adding = false,
  discountPercentage = 0,
}: {
  bundle: BundleDto;
  onAdd: () => void;
  adding?: boolean;
  discountPercentage?: number;
}) {
  return (
    <Card
      data-testid="bundle-card"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        transition: 'transform .25s, border-color .25s',
        '&:hover': { transform: 'translateY(-4px)', borderColor: 'primary.main' },
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '16 / 10', bgcolor: '#0a0a0a', overflow: 'hidden' }}>
        <Box
          component="img"
          src={bundle.image_url ?? PLACEHOLDER_IMAGE}
          alt={bundle.name}
          loading="lazy"
          onError={(e) => {
            const img = e.currentTarget;
            if (img.src !== PLACEHOLDER_IMAGE) img.src = PLACEHOLDER_IMAGE;
          }}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {bundle.is_premium && (
          <Chip
            label="PREMIUM"
            size="small"
            data-testid="premium-badge"
            sx={{
              position: 'absolute',
              top: 12,
              right: 12,
              backgroundImage: GOLD_GRADIENT,
              color: '#0a0a0a',
              fontWeight: 800,
              letterSpacing: '0.14em',
              fontSize: '0.7rem',
            }}
          />
        )}
      </Box>
      <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', flex: 1 }}>
        <Typography
          sx={{
            color: 'primary.main',
            fontSize: '0.75rem',
            letterSpacing: '0.12em',
            textTransform: 'uppercase',
            mb: 0.75,
          }}
        >
          {bundle.category}
        </Typography>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {bundle.name}
        </Typography>
        <Typography sx={{ color: 'text.secondary', lineHeight: 1.65, mb: 2, flex: 1 }}>{bundle.description}</Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', color: 'text.secondary', mb: 2.5, fontSize: '0.9rem' }}
        >
          <Inventory2Outlined fontSize="small" sx={{ color: 'primary.main' }} />
          <span>{formatProductCount(bundle.product_count)}</span>
        </Stack>
        <Box sx={{ mb: 2 }}>
          <PriceTag
            product={{ price_cents: bundle.price_cents, price_reduction: null }}
            discountPercentage={discountPercentage}
            testId="bundle-price"
          />
        </Box>
        <Button variant="contained" fullWidth startIcon={<AddShoppingCart />} onClick={onAdd} disabled={adding}>
          {MSG.addToCart}
        </Button>
      </CardContent>
    </Card>
  );
}
