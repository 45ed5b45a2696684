import { Link as RouterLink } from 'react-router-dom';
import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import type { Membership, ProductDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { stockState } from '../../../shared/stock';
import { PriceTag } from '../ui/price-tag';
import { ProductImage } from '../ui/product-image';
import { TierBadge } from './tier-badge';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';
import { useMembership } from '../api/use-membership';
import { useProductActions } from './use-product-actions';
import { WishlistButton } from './wishlist-button';

/**
 * Product card of the listing, category page and related products: image, category, name,
 * two-line description, price, tier badge, wishlist heart, 'Aggiungi' and 'Dettagli'.
 * Sold-out physical products get a grey image, the ESAURITO overlay and a disabled 'Esaurito' button.
 * A product with options shows 'da {lowest}' when its variants' prices differ, and 'Scegli' (to its
 * page, where the variant is chosen) instead of 'Aggiungi'; a search result that named one of its
 * variants ('kettlebell 16 kg': `variant_sku`) links to the page with that variant chosen.
 * The price shows the caller's member discount (the given membership, else the session's).
 * Memoized: a list that grows a card at a time (useProgressiveItems) re-renders only the new cards.
 */
export const ProductCard = memo(function ProductCard({
  product,
  membership,
  headingLevel = 'h3',
  image = 'lazy',
}: {
  product: ProductDto;
  membership?: Membership;
  /** The name's heading element (see ProductGrid). */
  headingLevel?: 'h2' | 'h3';
  /** How the image loads: 'priority' (the page's first image), 'eager' (above the fold) or 'lazy'. */
  image?: 'priority' | 'eager' | 'lazy';
}) {
  const { addToCart, toggleWishlist, isWishlisted, isAdding } = useProductActions('listing');
  const ownMembership = useMembership();
  const discount = (membership ?? ownMembership).discount_percentage;
  // a search result that named one variant ('kettlebell 16 kg') opens the page with it chosen
  const href = product.variant_sku
    ? `/product/${product.id}?variant=${encodeURIComponent(product.variant_sku)}`
    : `/product/${product.id}`;
  const stock = stockState(product);
  const soldOut = stock === 'sold_out';

  return (
    <Card
      data-testid="product-card"
      data-product-id={product.id}
      sx={(t) => ({
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        transition: 'transform .25s ease, border-color .25s ease, box-shadow .25s ease',
        '&:hover': {
          transform: 'translateY(-4px)',
          borderColor: alpha(t.palette.primary.main, 0.6),
          boxShadow: `0 16px 40px ${alpha(t.palette.primary.main, 0.14)}`,
        },
        '&:hover .product-card-image': { transform: soldOut ? 'none' : 'scale(1.05)' },
      })}
    >
      <Box sx={{ position: 'relative', aspectRatio: '1 / 1', overflow: 'hidden', bgcolor: 'action.hover' }}>
        <Box
          component={RouterLink}
          to={href}
          aria-label={product.name}
          tabIndex={-1}
          sx={{ display: 'block', height: '100%' }}
        >
          <ProductImage
            className="product-card-image"
            src={product.image_url}
            alt={product.name}
            eager={image === 'eager'}
            priority={image === 'priority'}
            sx={{
              transition: 'transform .5s ease',
              ...(soldOut ? { filter: 'grayscale(1)', opacity: 0.55 } : {}),
            }}
          />
        </Box>
        {soldOut && (
          <Box
            data-testid="sold-out-overlay"
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              pointerEvents: 'none',
              bgcolor: 'rgba(0,0,0,.35)',
            }}
          >
            <Typography
              component="span"
              sx={{
                color: '#fff',
                border: '2px solid rgba(255,255,255,.85)',
                px: 2.5,
                py: 0.75,
                fontWeight: 800,
                letterSpacing: '0.35em',
                fontSize: '1.05rem',
                bgcolor: 'rgba(0,0,0,.45)',
              }}
            >
              {MSG.soldOutOverlay}
            </Typography>
          </Box>
        )}
        <TierBadge tier={product.premium_tier} sx={{ position: 'absolute', top: 12, left: 12 }} />
        <WishlistButton
          active={isWishlisted(product.id)}
          onClick={() => toggleWishlist(product)}
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            bgcolor: 'rgba(10,10,10,.6)',
            backdropFilter: 'blur(6px)',
            '&:hover': { bgcolor: 'rgba(10,10,10,.8)' },
          }}
        />
      </Box>

      <Box sx={{ p: 2.5, pb: 1.5, flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Typography variant="overline" sx={{ color: 'primary.main', lineHeight: 1.6, fontSize: '0.7rem' }}>
          {product.category ?? MSG.noCategory}
        </Typography>
        <Typography variant="h6" component={headingLevel} data-testid="product-name">
          <Box
            component={RouterLink}
            to={href}
            sx={{ color: 'text.primary', textDecoration: 'none', '&:hover': { color: 'primary.main' } }}
          >
            {product.name}
          </Box>
        </Typography>
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            minHeight: '2.86em',
          }}
        >
          {product.description}
        </Typography>
        <Box
          sx={{
            mt: 'auto',
            pt: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          <PriceTag product={product} discountPercentage={discount} testId="card-price" />
          {stock === 'low_stock' && (
            <Typography variant="caption" data-testid="low-stock-hint" sx={{ color: 'warning.main', fontWeight: 600 }}>
              {CATALOG_TEXT.lowStock(product.quantity)}
            </Typography>
          )}
        </Box>
      </Box>

      <Box sx={{ px: 2.5, pb: 2.5, display: 'flex', gap: 1.25 }}>
        <Button component={RouterLink} to={href} variant="outlined" fullWidth>
          {MSG.details}
        </Button>
        {soldOut ? (
          <Button variant="contained" disabled fullWidth>
            {MSG.soldOutButton}
          </Button>
        ) : product.has_options ? (
          // a product with options is added from its page, once the variant is chosen
          <Button component={RouterLink} to={href} variant="contained" fullWidth data-testid="choose-options">
            {CATALOG_TEXT.chooseOptions}
          </Button>
        ) : (
          <Button
            variant="contained"
            fullWidth
            startIcon={<AddShoppingCart />}
            disabled={isAdding(product.id)}
            onClick={() => addToCart(product)}
          >
            {MSG.add}
          </Button>
        )}
      </Box>
    </Card>
  );
});
