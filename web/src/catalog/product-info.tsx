import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import type { Membership, ProductDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { isSoldOut } from '../../../shared/stock';
import { PriceTag } from '../ui/price-tag';
import { ProductStockNotice } from './product-stock-notice';
import { tierStarMark } from './product-view';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';
import { useMembership } from '../api/use-membership';
import { useProductActions } from './use-product-actions';
import { WishlistButton } from './wishlist-button';

/**
 * Right column of the product page: category, name, tier stars, price (with the caller's member
 * discount, 'IVA inclusa'), the option pickers of a product with options, stock, actions, description.
 * @param product the product as the chosen variant sells it (variant-choice.ts asChosenVariant)
 * @param variantId the chosen variant of a product with options (added to the cart), else undefined
 * @param picker the option pickers (a product with options), shown under the price
 */
export function ProductInfo({
  product,
  membership,
  variantId,
  picker,
}: {
  product: ProductDto;
  membership?: Membership;
  variantId?: string;
  picker?: ReactNode;
}) {
  const { addToCart, toggleWishlist, isWishlisted, isAdding } = useProductActions('detail');
  const ownMembership = useMembership();
  const discount = (membership ?? ownMembership).discount_percentage;
  const soldOut = isSoldOut(product);
  const stars = tierStarMark(product.premium_tier);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.25 }}>
      <Box>
        {product.category_id ? (
          <Link
            component={RouterLink}
            to={`/category/${product.category_id}`}
            variant="overline"
            sx={{ color: 'primary.main' }}
          >
            {product.category ?? MSG.noCategory}
          </Link>
        ) : (
          <Typography variant="overline" sx={{ color: 'primary.main' }}>
            {MSG.noCategory}
          </Typography>
        )}
        <Typography variant="h2" component="h1" sx={{ mt: 0.5 }}>
          {product.name}
        </Typography>
      </Box>

      {stars && (
        <Box data-testid="tier-mark" sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
          <Typography
            component="span"
            aria-hidden
            sx={{ color: 'primary.main', fontSize: '1.35rem', letterSpacing: '0.12em' }}
          >
            {stars}
          </Typography>
          <Typography
            component="span"
            sx={{ fontWeight: 700, letterSpacing: '0.14em', textTransform: 'uppercase', fontSize: '0.8rem' }}
          >
            {CATALOG_TEXT.exclusiveTier(product.premium_tier)}
          </Typography>
        </Box>
      )}

      <PriceTag product={product} discountPercentage={discount} size="large" testId="product-price" />
      {picker}
      <ProductStockNotice product={product} />

      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        {soldOut ? (
          <Button variant="contained" size="large" disabled fullWidth sx={{ py: 1.5 }}>
            {MSG.soldOutButton}
          </Button>
        ) : (
          <Button
            variant="contained"
            size="large"
            fullWidth
            startIcon={<AddShoppingCart />}
            disabled={isAdding(product.id)}
            onClick={() => addToCart(product, variantId)}
            sx={{ py: 1.5 }}
          >
            {MSG.addToCart}
          </Button>
        )}
        <WishlistButton
          active={isWishlisted(product.id)}
          onClick={() => toggleWishlist(product)}
          sx={{ border: 1.5, borderColor: 'primary.main', width: 52, height: 52, flexShrink: 0 }}
        />
      </Box>

      {/* A plain rule (what MUI's Divider renders), without the Divider module in the page's first load. */}
      <Box component="hr" sx={{ m: 0, border: 0, borderBottom: 1, borderColor: 'divider' }} />
      <Typography sx={{ color: 'text.secondary', whiteSpace: 'pre-line', lineHeight: 1.75 }}>
        {product.description}
      </Typography>

      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          alignItems: 'flex-start',
          p: 2,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
        }}
      >
        <WorkspacePremiumOutlined sx={{ color: 'primary.main', mt: 0.25 }} />
        <Box>
          <Link component={RouterLink} to="/premium" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {CATALOG_TEXT.premiumLink}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {CATALOG_TEXT.premiumHint}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
