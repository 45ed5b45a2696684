import type { SxProps, Theme } from '@mui/material/styles';

/** Style of the header's text links: quiet, gold on hover, with a thin gold underline. */
export const navButtonSx: SxProps<Theme> = {
  px: { md: 1, lg: 1.1, xl: 1.5 },
  minWidth: 0,
  fontWeight: 500,
  fontSize: { md: '0.88rem', lg: '0.95rem' },
  color: 'text.primary',
  borderRadius: 1,
  whiteSpace: 'nowrap',
  position: 'relative',
  '&:hover': { color: 'primary.main', backgroundColor: 'transparent' },
  '&.active': { color: 'primary.main' },
  '& .MuiButton-endIcon': { ml: 0.25 },
};
