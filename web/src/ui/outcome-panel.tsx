import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

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
        <Box
          sx={{
            width: 76,
            height: 76,
            mx: 'auto',
            mb: 3,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            border: 2,
            borderColor: 'primary.main',
            bgcolor: 'rgba(212,175,55,0.08)',
            '& svg': { fontSize: 38 },
          }}
        >
          {icon}
        </Box>
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
