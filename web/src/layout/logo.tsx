import { Link as RouterLink } from 'react-router-dom';
import { useId } from 'react';
import Box from '@mui/material/Box';
import { GOLD_GRADIENT, GOLD_GRADIENT_DEEP, HEADING_FONT } from '../theme/colors';
import { SHOP_NAME } from '../../../shared/constants';

/** The gold "A" mark, as inline SVG. */
export function LogoMark({ size = 34 }: { size?: number }) {
  const id = `logo-gold-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#F3DE93" />
          <stop offset=".5" stopColor="#D4AF37" />
          <stop offset="1" stopColor="#A8861F" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="60" height="60" rx="14" fill="#0a0a0a" stroke={`url(#${id})`} strokeWidth="2.5" />
      <path d="M32 12 L48 52 H41 L37.5 43 H26.5 L23 52 H16 Z M29 36 H35 L32 27.5 Z" fill={`url(#${id})`} />
    </svg>
  );
}

/** Shop logo: mark plus the name 'Aurum Fitness', linking to the home page. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={SHOP_NAME}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: { xs: 0.9, sm: 1.2 },
        textDecoration: 'none',
        color: 'inherit',
        flexShrink: 0,
      }}
    >
      <Box
        component="span"
        sx={{ display: 'inline-flex', '& svg': { width: compact ? 30 : { xs: 30, sm: 36 }, height: 'auto' } }}
      >
        <LogoMark size={36} />
      </Box>
      <Box
        component="span"
        sx={(t) => ({
          fontFamily: HEADING_FONT,
          fontWeight: 700,
          fontSize: compact ? '1.15rem' : { xs: '1.12rem', sm: '1.35rem', md: '1.2rem', lg: '1.35rem' },
          whiteSpace: 'nowrap',
          backgroundImage: t.palette.mode === 'dark' ? GOLD_GRADIENT : GOLD_GRADIENT_DEEP,
          backgroundClip: 'text',
          WebkitBackgroundClip: 'text',
          color: 'transparent',
        })}
      >
        {SHOP_NAME}
      </Box>
    </Box>
  );
}
