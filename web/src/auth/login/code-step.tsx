import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CodeField } from '../../ui/code-field';
import { AUTH_TEXT } from '../../../../shared/messages/auth-ui';
import type { LoginFlow } from './use-login-flow';
import { BusySubmitButton } from './busy-submit-button';
import { IconBadge } from '../../ui/icon-badge';

/**
 * A code view that replaces the credentials form: icon, title, explanation, the 6-digit code,
 * the submit button and 'Torna al login' ('Verifica a due fattori', 'Verifica Admin').
 */
export function CodeStep({
  flow,
  icon,
  title,
  intro,
  submitLabel,
  testId,
  extra,
}: {
  flow: LoginFlow;
  icon: ReactNode;
  title: string;
  intro: ReactNode;
  submitLabel: string;
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <Box component="form" onSubmit={flow.submitCode} data-testid={testId}>
      <IconBadge>{icon}</IconBadge>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', mb: 1.5 }}>
        {title}
      </Typography>
      <Typography component="div" sx={{ textAlign: 'center', color: 'text.secondary', mb: 3, lineHeight: 1.6 }}>
        {intro}
      </Typography>
      <Stack spacing={2.5}>
        <CodeField value={flow.code} onChange={flow.setCode} disabled={flow.busy} />
        <BusySubmitButton busy={flow.busy} busyLabel={AUTH_TEXT.verifying}>
          {submitLabel}
        </BusySubmitButton>
        <Button
          type="button"
          variant="text"
          color="inherit"
          onClick={flow.backToLogin}
          disabled={flow.busy}
          sx={{ color: 'text.secondary' }}
        >
          {AUTH_TEXT.backToLogin}
        </Button>
        {extra}
      </Stack>
    </Box>
  );
}
