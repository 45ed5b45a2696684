import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Details shown inside a row's first cell on phones only, standing in for the columns that are
 * hidden there (`hideOnMobile`), so a row keeps its actions on screen without sideways scrolling.
 */
export function MobileDetails({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: { xs: 'flex', sm: 'none' },
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.75,
        mt: 0.5,
        color: 'text.secondary',
        fontSize: '0.8rem',
      }}
    >
      {children}
    </Box>
  );
}
