import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { LEGAL_LINKS } from './nav-links';
import { navButtonSx } from './nav-styles';

/** Desktop 'Legale' drop-down with the four legal pages. */
export function LegalMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        sx={navButtonSx}
        endIcon={<ExpandMore sx={{ transition: 'transform .2s', transform: anchor ? 'rotate(180deg)' : 'none' }} />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'legal-menu' : undefined}
      >
        Legale
      </Button>
      <Menu id="legal-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close} disableScrollLock>
        {LEGAL_LINKS.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
