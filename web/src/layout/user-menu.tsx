import { lazy, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import type { SessionUser } from '../session/session';
import { MountWhenOpened } from '../ui/deferred';

const UserMenuPopup = lazy(() => import('./user-menu-popup'));

/** Signed-in user's account button; its menu (email, Profilo, Admin, Logout) loads on first press. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Il mio account"
        title="Il mio account"
        aria-haspopup="menu"
        data-testid="user-menu-button"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <AccountCircleOutlined />
      </IconButton>
      <MountWhenOpened open={Boolean(anchor)}>
        <UserMenuPopup user={user} anchor={anchor} onClose={() => setAnchor(null)} />
      </MountWhenOpened>
    </>
  );
}
