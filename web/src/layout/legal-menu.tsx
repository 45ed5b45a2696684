import { lazy, useState } from 'react';
import Button from '@mui/material/Button';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { MountWhenOpened } from '../ui/deferred';
import { navButtonSx } from './nav-styles';

const LegalMenuPopup = lazy(() => import('./legal-menu-popup'));

/** Desktop 'Legale' drop-down with the four legal pages (the menu's code loads on first opening). */
export function LegalMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
      <MountWhenOpened open={Boolean(anchor)}>
        <LegalMenuPopup anchor={anchor} onClose={() => setAnchor(null)} />
      </MountWhenOpened>
    </>
  );
}
