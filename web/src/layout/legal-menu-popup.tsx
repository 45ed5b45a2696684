import { Link as RouterLink } from 'react-router-dom';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LEGAL_LINKS } from './nav-links';

/** The 'Legale' drop-down's list of the four legal pages, loaded on first opening (see LegalMenu). */
export default function LegalMenuPopup({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  return (
    <Menu id="legal-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} disableScrollLock>
      {LEGAL_LINKS.map((link) => (
        <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
          {link.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
