import { NavLink, Link as RouterLink } from 'react-router-dom';
import { lazy, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { alpha } from '@mui/material/styles';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { MSG } from '../../../shared/messages';
import { useSession } from '../session/session';
import { Logo } from './logo';
import { LegalMenu } from './legal-menu';
import { MountWhenOpened } from '../ui/deferred';
import { SECTION_LINKS } from './nav-links';
import { navButtonSx } from './nav-styles';
import { ShopIcons, ThemeToggle } from './header-icons';
import { UserMenu } from './user-menu';
import { useSectionNav } from './use-section-nav';

// The drawer (and MUI's Modal) loads the first time the menu button is pressed.
const loadMobileMenu = () => import('./mobile-menu').then((m) => ({ default: m.MobileMenu }));
const MobileMenu = lazy(loadMobileMenu);

/** Height of the fixed header, in px; MainLayout pads the content by the same amount. */
export const HEADER_HEIGHT = 72;

/** Fixed site header: logo, navigation, theme toggle, wishlist/cart, account, 'Shop Ora'. */
export function Header() {
  const { status, user } = useSession();
  const goToSection = useSectionNav();
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <AppBar
      position="fixed"
      elevation={0}
      data-testid="site-header"
      sx={(theme) => ({
        color: 'text.primary',
        bgcolor: alpha(theme.palette.background.default, 0.86),
        backdropFilter: 'saturate(160%) blur(14px)',
        borderBottom: `1px solid ${theme.palette.divider}`,
      })}
    >
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ minHeight: { xs: HEADER_HEIGHT }, gap: { xs: 0.5, md: 1 } }}>
          <Logo />
          <Box
            component="nav"
            aria-label="Navigazione principale"
            sx={{
              display: { xs: 'none', md: 'flex' },
              alignItems: 'center',
              ml: { md: 2, lg: 2.5, xl: 4 },
              gap: { md: 0, xl: 0.5 },
            }}
          >
            <Button component={NavLink} to="/products" color="inherit" sx={navButtonSx}>
              Prodotti
            </Button>
            {SECTION_LINKS.map((link) => (
              <Button key={link.section} color="inherit" sx={navButtonSx} onClick={() => goToSection(link.section)}>
                {link.label}
              </Button>
            ))}
            <Button component={NavLink} to="/premium" color="inherit" sx={navButtonSx}>
              Premium
            </Button>
            <LegalMenu />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>
            <ThemeToggle />
            <ShopIcons />
            <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1, ml: 0.5 }}>
              {status === 'signed-in' && user ? (
                <UserMenu user={user} />
              ) : (
                <>
                  <Button
                    component={RouterLink}
                    to="/login"
                    variant="outlined"
                    color="primary"
                    size="small"
                    sx={{ py: 0.6, display: { md: 'none', lg: 'inline-flex' }, whiteSpace: 'nowrap', flexShrink: 0 }}
                  >
                    Accedi
                  </Button>
                  <IconButton
                    component={RouterLink}
                    to="/login"
                    color="primary"
                    aria-label="Accedi"
                    title="Accedi"
                    sx={{ display: { md: 'inline-flex', lg: 'none' } }}
                  >
                    <LoginOutlined />
                  </IconButton>
                </>
              )}
              <Button
                component={RouterLink}
                to="/products"
                variant="contained"
                size="small"
                sx={{ display: { md: 'none', lg: 'inline-flex' }, py: 0.7, whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {MSG.shopNow}
              </Button>
            </Box>
            <IconButton
              color="inherit"
              aria-label="Apri menu"
              data-testid="mobile-menu-button"
              sx={{ display: { xs: 'inline-flex', md: 'none' } }}
              onPointerDown={() => void loadMobileMenu()}
              onClick={() => setMobileOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          </Box>
        </Toolbar>
      </Container>
      <MountWhenOpened open={mobileOpen}>
        <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} />
      </MountWhenOpened>
    </AppBar>
  );
}
