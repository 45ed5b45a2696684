import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import type { ProductDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { isSoldOut } from '../../../shared/stock';
import { PriceTag } from '../ui/price-tag';
import { ProductImage } from '../ui/product-image';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';

/**
 * One saved product of the wishlist page: image, category, name and price in euro
 * (member price when discounted), 'Aggiungi' (adds to the cart; 'Esaurito' and disabled when
 * sold out; 'Scegli', to the product page, for a product with options) and a remove button.
 */
export function WishlistItem({
  product,
  discountPercentage,
  adding,
  removing,
  onAdd,
  onRemove,
}: {
  product: ProductDto;
  discountPercentage: number;
  adding: boolean;
  removing: boolean;
  onAdd: () => void;
  onRemove: () => void;
}) {
  const href = `/product/${product.id}`;
  const soldOut = isSoldOut(product);
  return (
    <Card
      data-testid="wishlist-item"
      data-product-id={product.id}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '108px minmax(0, 1fr)', sm: '144px minmax(0, 1fr)' },
        bgcolor: 'background.paper',
        opacity: removing ? 0.55 : 1,
        transition: 'opacity .2s, border-color .25s',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <Box
        component={RouterLink}
        to={href}
        tabIndex={-1}
        aria-hidden
        sx={{
          display: 'block',
          alignSelf: 'start',
          aspectRatio: '1 / 1',
          m: { xs: 1.5, sm: 1.75 },
          mr: 0,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          overflow: 'hidden',
        }}
      >
        <ProductImage
          src={product.image_url}
          alt={product.name}
          sx={soldOut ? { filter: 'grayscale(1)', opacity: 0.6 } : undefined}
        />
      </Box>
      <Box sx={{ p: { xs: 1.75, sm: 2.25 }, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              variant="overline"
              sx={{ color: 'primary.main', lineHeight: 1.6, fontSize: '0.68rem', display: 'block' }}
            >
              {product.category ?? MSG.noCategory}
            </Typography>
            <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.1rem' }, lineHeight: 1.3 }}>
              <Box
                component={RouterLink}
                to={href}
                sx={{ color: 'text.primary', textDecoration: 'none', '&:hover': { color: 'primary.main' } }}
              >
                {product.name}
              </Box>
            </Typography>
          </Box>
          <Tooltip title={SHOP_TEXT.removeFromWishlist}>
            <span>
              <IconButton
                size="small"
                aria-label={SHOP_TEXT.removeFromWishlist}
                data-testid="wishlist-remove"
                disabled={removing}
                onClick={onRemove}
                sx={{ mt: -0.5, mr: -0.75, color: 'text.secondary', '&:hover': { color: 'error.main' } }}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
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
          <PriceTag product={product} discountPercentage={discountPercentage} testId="wishlist-price" />
          {soldOut ? (
            <Button variant="contained" size="small" disabled>
              {MSG.soldOutButton}
            </Button>
          ) : product.has_options ? (
            // a product with options is added from its page, once the variant is chosen
            <Button component={RouterLink} to={href} variant="contained" size="small" data-testid="choose-options">
              {CATALOG_TEXT.chooseOptions}
            </Button>
          ) : (
            <Button variant="contained" size="small" startIcon={<AddShoppingCart />} disabled={adding} onClick={onAdd}>
              {MSG.add}
            </Button>
          )}
        </Box>
      </Box>
    </Card>
  );
}
