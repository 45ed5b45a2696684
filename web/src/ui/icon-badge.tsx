import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * The gold-ringed round badge that heads a step or an outcome (a code step, the password reset,
 * the checkout's outcome page): the icon centred on a faint gold disc.
 * @param size the badge's diameter, px (the icon is half of it)
 * @param gap the space below it, in theme spacing units
 */
export function IconBadge({ children, size = 64, gap = 2.5 }: { children: ReactNode; size?: number; gap?: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        mx: 'auto',
        mb: gap,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        border: 2,
        borderColor: 'primary.main',
        bgcolor: 'rgba(212,175,55,0.08)',
        '& svg': { fontSize: size / 2 },
      }}
    >
      {children}
    </Box>
  );
}
