import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { MFA_CODE_LENGTH } from '../../../../shared/constants';
import { passwordPolicyError, PASSWORD_RULE_HINT } from '../../../../shared/password-policy';
import { useToast } from '../../ui/toast';
import { configureAmplify } from '../../session/amplify';
import { authErrorMessage } from '../../session/auth-errors';
import { CodeField } from '../../ui/code-field';
import { AUTH_TEXT } from '../../../../shared/messages/auth-ui';
import { BusySubmitButton } from './busy-submit-button';
import { IconBadge } from '../../ui/icon-badge';

/**
 * 'Password dimenticata?' on /login: the email, then the code Cognito emails (the shop's
 * template) with the new password, which must follow the pool's rule (shown as it is, checked
 * here too because cognito-local does not enforce it). An unknown address gets the same answer
 * as a known one (no way to learn who has an account). Done: back to 'Accedi' with the email filled.
 */
export function PasswordReset({
  initialEmail,
  onDone,
  onCancel,
}: {
  initialEmail: string;
  onDone(email: string): void;
  onCancel(): void;
}) {
  const { toast } = useToast();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const fail = (description: string) =>
    toast({ variant: 'destructive', title: AUTH_TEXT.resetErrorTitle, description });

  const run = (e: FormEvent, work: () => Promise<void>) => {
    e.preventDefault();
    if (busy) return;
    if (!configureAmplify()) {
      fail(authErrorMessage({ name: 'AuthUserPoolException' }, 'code'));
      return;
    }
    setBusy(true);
    void work().finally(() => setBusy(false));
  };

  const requestCode = (e: FormEvent) =>
    run(e, async () => {
      try {
        await resetPassword({ username: email.trim() });
      } catch (err) {
        // The same answer for an address without an account: nothing to learn from this form.
        if (!(err instanceof Error) || err.name !== 'UserNotFoundException') {
          fail(authErrorMessage(err, 'code'));
          return;
        }
      }
      toast({ title: AUTH_TEXT.resetSentTitle, description: AUTH_TEXT.resetSent });
      setSent(true);
    });

  const confirm = (e: FormEvent) =>
    run(e, async () => {
      if (code.length !== MFA_CODE_LENGTH) return;
      const weak = passwordPolicyError(password);
      if (weak) {
        fail(weak);
        return;
      }
      try {
        await confirmResetPassword({ username: email.trim(), confirmationCode: code, newPassword: password });
        toast({ title: AUTH_TEXT.resetOkTitle, description: AUTH_TEXT.resetOk });
        onDone(email.trim());
      } catch (err) {
        setCode('');
        fail(authErrorMessage(err, 'code'));
      }
    });

  return (
    <Box component="form" onSubmit={sent ? confirm : requestCode} data-testid="password-reset">
      <IconBadge>
        <LockResetOutlined />
      </IconBadge>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', mb: 1.5 }}>
        {AUTH_TEXT.resetTitle}
      </Typography>
      <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 3, lineHeight: 1.6 }}>
        {sent ? AUTH_TEXT.resetCodeIntro : AUTH_TEXT.resetIntro}
      </Typography>
      <Stack spacing={2.5}>
        <TextField
          label="Email"
          type="email"
          name="email"
          required
          autoComplete="username"
          disabled={sent || busy}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {sent ? (
          <>
            <CodeField value={code} onChange={setCode} disabled={busy} />
            <TextField
              label={AUTH_TEXT.resetNewPassword}
              type="password"
              name="new-password"
              required
              autoComplete="new-password"
              helperText={PASSWORD_RULE_HINT}
              disabled={busy}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </>
        ) : null}
        <BusySubmitButton busy={busy} busyLabel={sent ? AUTH_TEXT.verifying : AUTH_TEXT.resetSending}>
          {sent ? AUTH_TEXT.resetConfirmButton : AUTH_TEXT.resetSendButton}
        </BusySubmitButton>
        <Button
          type="button"
          variant="text"
          color="inherit"
          onClick={onCancel}
          disabled={busy}
          sx={{ color: 'text.secondary' }}
        >
          {AUTH_TEXT.backToLogin}
        </Button>
      </Stack>
    </Box>
  );
}
