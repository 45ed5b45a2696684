import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Highest count shown as a number; more shows as '99+'. */
const MAX_SHOWN = 99;

/**
 * A gold count bubble on the top-right corner of a header icon (the cart's and wishlist's item
 * counts); nothing when `count` is 0 or less. The look of MUI's Badge without its module in every
 * first load. The bubble is `data-testid="count-badge"`.
 * @param count the number of items (shown up to 99, then '99+')
 */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex', verticalAlign: 'middle', flexShrink: 0 }}>
      {children}
      {count > 0 && (
        <Box
          component="span"
          data-testid="count-badge"
          sx={{
            position: 'absolute',
            top: 0,
            right: 0,
            transform: 'translate(50%, -50%)',
            minWidth: 20,
            height: 20,
            px: 0.75,
            borderRadius: 10,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.75rem',
            fontWeight: 500,
            lineHeight: '20px',
            textAlign: 'center',
            boxSizing: 'border-box',
          }}
        >
          {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
        </Box>
      )}
    </Box>
  );
}
