import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';

/**
 * Heart toggle of the wishlist: outlined 'Aggiungi alla lista dei desideri', filled (pressed)
 * 'Rimuovi dalla lista dei desideri' when the product is saved.
 */
export function WishlistButton({ active, onClick, sx }: { active: boolean; onClick: () => void; sx?: SxProps<Theme> }) {
  return (
    <IconButton
      aria-label={active ? CATALOG_TEXT.wishlistRemoveAria : CATALOG_TEXT.wishlistAria}
      aria-pressed={active}
      data-testid="wishlist-toggle"
      data-active={active}
      onClick={onClick}
      sx={[{ color: 'primary.main' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {active ? <Favorite /> : <FavoriteBorder />}
    </IconButton>
  );
}
