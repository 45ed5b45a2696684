import { Link as RouterLink } from 'react-router-dom';
import { canOpenBackOffice } from '../../../shared/permissions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { MSG } from '../../../shared/messages';
import { useSession } from '../session/session';
import { Logo } from './logo';
import { LEGAL_LINKS, SECTION_LINKS } from './nav-links';
import { useLogout } from './use-logout';
import { useSectionNav } from './use-section-nav';

/** Slide-in menu for narrow screens with the same links as the desktop header. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { status, user } = useSession();
  const goToSection = useSectionNav();
  const logout = useLogout();
  const signedIn = status === 'signed-in' && user !== null;
  const itemSx = { borderRadius: 1, '&:hover': { color: 'primary.main' } };

  const link = (label: string, to: string) => (
    <ListItemButton key={to} component={RouterLink} to={to} onClick={onClose} sx={itemSx}>
      <ListItemText primary={label} />
    </ListItemButton>
  );

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: 'min(86vw, 340px)', bgcolor: 'background.default' },
          'data-testid': 'mobile-menu',
        } as object,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          height: 72,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box onClick={onClose}>
          <Logo compact />
        </Box>
        <IconButton aria-label="Chiudi menu" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Menu mobile" sx={{ p: 1.5, overflowY: 'auto' }}>
        <List dense={false} disablePadding>
          {link('Prodotti', '/products')}
          {SECTION_LINKS.map((s) => (
            <ListItemButton
              key={s.section}
              sx={itemSx}
              onClick={() => {
                onClose();
                goToSection(s.section);
              }}
            >
              <ListItemText primary={s.label} />
            </ListItemButton>
          ))}
          {link('Premium', '/premium')}
        </List>
        <List
          disablePadding
          subheader={
            <ListSubheader
              sx={{
                bgcolor: 'transparent',
                color: 'primary.main',
                lineHeight: '36px',
                fontWeight: 600,
                letterSpacing: '0.12em',
              }}
            >
              LEGALE
            </ListSubheader>
          }
        >
          {LEGAL_LINKS.map((l) => link(l.label, l.to))}
        </List>
        <Divider sx={{ my: 1.5 }} />
        {signedIn ? (
          <List disablePadding>
            <Typography sx={{ px: 2, pb: 1, color: 'text.secondary', fontSize: '0.85rem' }} noWrap>
              {user.email}
            </Typography>
            {link('Profilo', '/profile')}
            {link('Lista dei desideri', '/wishlist')}
            {link('Carrello', '/cart')}
            {canOpenBackOffice(user.role) && link('Admin', '/admin')}
            <ListItemButton
              sx={itemSx}
              onClick={() => {
                onClose();
                void logout();
              }}
            >
              <ListItemText primary="Logout" />
            </ListItemButton>
          </List>
        ) : (
          <Button component={RouterLink} to="/login" onClick={onClose} variant="outlined" fullWidth sx={{ mb: 1.5 }}>
            Accedi
          </Button>
        )}
        <Button
          component={RouterLink}
          to="/products"
          onClick={onClose}
          variant="contained"
          fullWidth
          sx={{ mt: signedIn ? 1.5 : 0 }}
        >
          {MSG.shopNow}
        </Button>
      </Box>
    </Drawer>
  );
}
