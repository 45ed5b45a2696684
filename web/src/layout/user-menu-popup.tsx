import { Link as RouterLink } from 'react-router-dom';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { canOpenBackOffice } from '../../../shared/permissions';
import type { SessionUser } from '../session/session';
import { useLogout } from './use-logout';

/**
 * The signed-in user's drop-down (email, Profilo, Admin for staff, Logout), loaded the first time
 * the account button is pressed (see UserMenu).
 */
export default function UserMenuPopup({
  user,
  anchor,
  onClose,
}: {
  user: SessionUser;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const logout = useLogout();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} disableScrollLock data-testid="user-menu">
      <Typography sx={{ px: 2, py: 1, fontSize: '0.85rem', color: 'text.secondary', maxWidth: 260 }} noWrap>
        {user.email}
      </Typography>
      <Divider />
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        <ListItemIcon>
          <PersonOutlined fontSize="small" />
        </ListItemIcon>
        Profilo
      </MenuItem>
      {canOpenBackOffice(user.role) && (
        <MenuItem component={RouterLink} to="/admin" onClick={onClose}>
          <ListItemIcon>
            <AdminPanelSettingsOutlined fontSize="small" />
          </ListItemIcon>
          Admin
        </MenuItem>
      )}
      <MenuItem
        onClick={() => {
          onClose();
          void logout();
        }}
      >
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        Logout
      </MenuItem>
    </Menu>
  );
}
