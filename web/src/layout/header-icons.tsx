import { Link as RouterLink } from 'react-router-dom';
import IconButton from '@mui/material/IconButton';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { useColorMode } from '../theme/color-mode';
import { useSession } from '../session/session';
import { CountBadge } from './count-badge';
import { useHeaderCounts } from './use-header-counts';

/** Light/dark switch (aria-label 'Cambia tema'). */
export function ThemeToggle() {
  const { mode, toggle } = useColorMode();
  return (
    <IconButton
      onClick={toggle}
      aria-label="Cambia tema"
      title={mode === 'dark' ? 'Tema chiaro' : 'Tema scuro'}
      data-testid="theme-toggle"
      data-mode={mode}
      color="inherit"
    >
      {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}

/**
 * Wishlist and cart icon buttons. Signed out they lead to /login and show no badge; signed in
 * they lead to /wishlist and /cart with count badges.
 */
export function ShopIcons() {
  const { status } = useSession();
  const counts = useHeaderCounts();
  const signedIn = status === 'signed-in';
  const items = [
    {
      label: 'Lista dei desideri',
      to: '/wishlist',
      count: counts.wishlist,
      icon: <FavoriteBorder />,
      testId: 'wishlist-button',
    },
    { label: 'Carrello', to: '/cart', count: counts.cart, icon: <ShoppingBagOutlined />, testId: 'cart-button' },
  ];
  return (
    <>
      {items.map((item) => (
        <IconButton
          key={item.to}
          component={RouterLink}
          to={signedIn ? item.to : '/login'}
          aria-label={item.label}
          title={item.label}
          data-testid={item.testId}
          color="inherit"
        >
          <CountBadge count={signedIn ? item.count : 0}>{item.icon}</CountBadge>
        </IconButton>
      ))}
    </>
  );
}
