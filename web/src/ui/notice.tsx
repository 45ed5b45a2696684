import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Colour of a notice: its border and icon take the palette's colour; the text stays text.primary. */
export type NoticeTone = 'error' | 'warning' | 'primary';

/**
 * A static, outlined notice with an icon (the look of MUI's outlined Alert, without the Alert
 * module and its five built-in icons in a page's first load). Not a live region: it states how
 * things are when the page shows, it does not announce an event.
 * @param tone palette colour of the border and icon
 * @param icon the notice's icon (decorative)
 * @param title optional bold first line
 */
export function Notice({
  tone,
  icon,
  title,
  children,
  testId,
}: {
  tone: NoticeTone;
  icon: ReactNode;
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      role="note"
      data-testid={testId}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        px: 2,
        py: 1.5,
        border: 1,
        borderColor: `${tone}.main`,
        borderRadius: 1,
        color: 'text.primary',
        typography: 'body2',
      }}
    >
      <Box aria-hidden sx={{ display: 'flex', color: `${tone}.main`, fontSize: 22, '& svg': { fontSize: 'inherit' } }}>
        {icon}
      </Box>
      <Box sx={{ pt: '1px' }}>
        {title && <Box sx={{ fontWeight: 700, mb: 0.5 }}>{title}</Box>}
        {children}
      </Box>
    </Box>
  );
}
