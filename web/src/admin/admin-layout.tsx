/**
 * Back-office frame (the admin shell): a sidebar with the sections the role may open (a
 * temporary drawer on mobile), the admin theme toggle, 'Torna al sito', the signed-in email and
 * logout. Content scrolls beside the sidebar.
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import type { AdminSection } from '../../../shared/permissions';
import { ADMIN_MSG } from '../../../shared/messages/admin';
import { useSession } from '../session/session';
import { LogoMark } from '../layout/logo';
import { useLogout } from '../layout/use-logout';
import { useColorMode } from '../theme/color-mode';
import { SECTION_ICONS } from './section-icons';

/** Sidebar width on desktop (px). */
export const ADMIN_SIDEBAR_WIDTH = 248;

function SidebarContent({
  sections,
  current,
  onNavigate,
}: {
  sections: AdminSection[];
  current: string;
  onNavigate?: () => void;
}) {
  const { user } = useSession();
  const logout = useLogout();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.2, px: 2.5, py: 2 }}>
        <LogoMark size={30} />
        <Box>
          <Typography sx={{ fontFamily: (t) => t.typography.h6.fontFamily, fontWeight: 700, lineHeight: 1.1 }}>
            {ADMIN_MSG.title}
          </Typography>
          {user && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {ADMIN_MSG.roleLabel[user.role]}
            </Typography>
          )}
        </Box>
      </Box>
      <Divider />
      <List
        component="nav"
        aria-label={ADMIN_MSG.sectionsLabel}
        data-testid="admin-sections"
        sx={{ flex: 1, overflowY: 'auto', px: 1, py: 1 }}
      >
        {sections.map((s) => {
          const Icon = SECTION_ICONS[s.slug];
          const selected = s.slug === current;
          return (
            <ListItemButton
              key={s.slug}
              component={RouterLink}
              to={`/admin/${s.slug}`}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              onClick={onNavigate}
              sx={{ borderRadius: 1.5, mb: 0.25, '&.Mui-selected': { color: 'primary.main' } }}
            >
              {Icon && (
                <ListItemIcon sx={{ minWidth: 36, color: selected ? 'primary.main' : 'text.secondary' }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
              )}
              <ListItemText
                primary={s.label}
                slotProps={{ primary: { sx: { fontWeight: selected ? 700 : 500, fontSize: '0.95rem' } } }}
              />
            </ListItemButton>
          );
        })}
      </List>
      <Divider />
      <Box sx={{ p: 1.5, display: 'grid', gap: 1 }}>
        {user && (
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', px: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}
            title={user.email}
          >
            {ADMIN_MSG.signedInAs(user.email)}
          </Typography>
        )}
        <Button component={RouterLink} to="/" variant="outlined" size="small" startIcon={<ArrowBack />}>
          {ADMIN_MSG.backToSite}
        </Button>
        <Button onClick={() => void logout()} color="inherit" size="small" startIcon={<Logout />}>
          {ADMIN_MSG.logout}
        </Button>
      </Box>
    </Box>
  );
}

function ThemeButton() {
  const { mode, toggle } = useColorMode();
  const label = mode === 'dark' ? ADMIN_MSG.themeToLight : ADMIN_MSG.themeToDark;
  return (
    <Tooltip title={label}>
      <IconButton onClick={toggle} aria-label={label} color="primary" data-testid="admin-theme-toggle">
        {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}

/** The admin frame around a section screen. */
export function AdminLayout({ sections, children }: { sections: AdminSection[]; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const current = pathname.replace(/^\/admin\/?/, '').split('/')[0] || sections[0]?.slug || '';
  const currentLabel = sections.find((s) => s.slug === current)?.label ?? ADMIN_MSG.title;
  const paper = {
    width: ADMIN_SIDEBAR_WIDTH,
    boxSizing: 'border-box' as const,
    bgcolor: 'background.paper',
    borderRight: 1,
    borderColor: 'divider',
  };
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }} data-testid="admin-page">
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: ADMIN_SIDEBAR_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': paper,
        }}
        open
      >
        <SidebarContent sections={sections} current={current} />
      </Drawer>
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => setOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
      >
        <SidebarContent sections={sections} current={current} onNavigate={() => setOpen(false)} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              edge="start"
              onClick={() => setOpen(true)}
              aria-label={ADMIN_MSG.openMenu}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            <Typography
              component="p"
              variant="h6"
              sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {currentLabel}
            </Typography>
            <ThemeButton />
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id="main"
          sx={{ flex: 1, p: { xs: 2, sm: 3 }, maxWidth: 1400, width: '100%', mx: 'auto' }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
