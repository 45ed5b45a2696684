import { canOpenBackOffice } from '../../../shared/permissions';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import type { SessionUser } from '../auth/session';
import { useLogout } from './use-logout';

/** Signed-in user's menu: email, Profilo, Admin (admins only), Logout. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title="Il mio account">
        <IconButton color="inherit" aria-label="Il mio account" data-testid="user-menu-button" onClick={(e) => setAnchor(e.currentTarget)}>
          <AccountCircleOutlined />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} disableScrollLock data-testid="user-menu">
        <Typography sx={{ px: 2, py: 1, fontSize: '0.85rem', color: 'text.secondary', maxWidth: 260 }} noWrap>
          {user.email}
        </Typography>
        <Divider />
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon><PersonOutlined fontSize="small" /></ListItemIcon>
          Profilo
        </MenuItem>
        {canOpenBackOffice(user.role) && (
          <MenuItem component={RouterLink} to="/admin" onClick={close}>
            <ListItemIcon><AdminPanelSettingsOutlined fontSize="small" /></ListItemIcon>
            Admin
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon><Logout fontSize="small" /></ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
