import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconBadge } from './icon-badge';

/** Centered card with a round icon, a title, a message and action buttons (checkout outcomes, placeholders). */
export function OutcomePanel({
  icon,
  title,
  children,
  actions,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 14 } }} data-testid={testId}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 4, md: 6 }, textAlign: 'center', borderRadius: 3, borderColor: 'divider' }}
      >
        <IconBadge size={76} gap={3}>
          {icon}
        </IconBadge>
        <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Box sx={{ color: 'text.secondary', lineHeight: 1.7, mb: actions ? 4 : 0 }}>{children}</Box>
        {actions && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            {actions}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
