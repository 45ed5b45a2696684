import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

/** The empty state of a back-office list: an icon, a title, an optional hint and action. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <Box role="status" data-testid="admin-empty" sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
      <InboxOutlined sx={{ fontSize: 44, color: 'primary.main', opacity: 0.8 }} aria-hidden />
      <Typography component="p" variant="h6" sx={{ color: 'text.primary', mt: 1 }}>
        {title}
      </Typography>
      {hint && <Typography sx={{ mt: 0.5 }}>{hint}</Typography>}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
