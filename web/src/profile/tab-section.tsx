import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GOLD_GRADIENT } from '../theme/colors';

/** Body of a profile tab: serif heading with a gold rule, optional action on the right. */
export function TabSection({
  title,
  description,
  action,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box data-testid={testId}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { xs: 'stretch', sm: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h4" component="h2" sx={{ fontSize: { xs: '1.55rem', md: '1.85rem' } }}>
            {title}
          </Typography>
          <Box sx={{ width: 48, height: 2, backgroundImage: GOLD_GRADIENT, mt: 1.25 }} />
          {description && (
            <Typography sx={{ color: 'text.secondary', mt: 1.5, maxWidth: 620 }}>{description}</Typography>
          )}
        </Box>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

/** Centered empty / error state inside a tab: icon, message, optional action. */
export function TabEmptyState({
  icon,
  message,
  hint,
  action,
  testId,
}: {
  icon: ReactNode;
  message: string;
  hint?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        textAlign: 'center',
        py: { xs: 5, md: 7 },
        px: 2,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Box sx={{ color: 'primary.main', mb: 1.5, '& svg': { fontSize: 42 } }}>{icon}</Box>
      <Typography sx={{ fontWeight: 600, mb: hint ? 0.75 : 0 }}>{message}</Typography>
      {hint && <Typography sx={{ color: 'text.secondary', maxWidth: 460, mx: 'auto' }}>{hint}</Typography>}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Box>
  );
}
