import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { updatePassword } from 'aws-amplify/auth';
import { passwordPolicyError } from '../../../shared/password-policy';
import { MSG } from '../../../shared/messages';
import { PASSWORD_RULE_HINT } from '../../../shared/password-policy';
import { authErrorMessage } from '../session/auth-errors';
import { PROFILE_TEXT } from '../../../shared/messages/auth-ui';
import { useToast } from '../ui/toast';
import { TabSection } from './tab-section';

/** 'Account' tab: change password (current + new) through Cognito. */
export function PasswordTab() {
  const { toast } = useToast();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<{ old?: string; new?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!newPassword) {
      setErrors({ new: PROFILE_TEXT.emptyNewPassword });
      toast({ variant: 'destructive', title: MSG.errorTitle, description: PROFILE_TEXT.emptyNewPassword });
      return;
    }
    if (!oldPassword) {
      setErrors({ old: 'Inserisci la password attuale.' });
      return;
    }
    const weak = passwordPolicyError(newPassword);
    if (weak) {
      setErrors({ new: weak });
      toast({ variant: 'destructive', title: MSG.errorTitle, description: weak });
      return;
    }
    setErrors({});
    setBusy(true);
    updatePassword({ oldPassword, newPassword })
      .then(() => {
        setOldPassword('');
        setNewPassword('');
        toast({ title: PROFILE_TEXT.passwordOk });
      })
      .catch((err: unknown) =>
        toast({ variant: 'destructive', title: MSG.errorTitle, description: authErrorMessage(err, 'password') }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <TabSection
      title={PROFILE_TEXT.accountHeading}
      description="Per sicurezza ti chiediamo la password attuale prima di impostarne una nuova."
      testId="account-tab"
    >
      <form onSubmit={submit} noValidate data-testid="password-form">
        <Stack spacing={2.5} sx={{ maxWidth: 440 }}>
          <TextField
            type="password"
            name="old-password"
            label={PROFILE_TEXT.oldPassword}
            autoComplete="current-password"
            value={oldPassword}
            error={Boolean(errors.old)}
            helperText={errors.old}
            disabled={busy}
            onChange={(e) => setOldPassword(e.target.value)}
          />
          <TextField
            type="password"
            name="new-password"
            label={PROFILE_TEXT.newPassword}
            autoComplete="new-password"
            value={newPassword}
            error={Boolean(errors.new)}
            helperText={errors.new ?? PASSWORD_RULE_HINT}
            disabled={busy}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <div>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {busy ? PROFILE_TEXT.saving : 'Aggiorna password'}
            </Button>
          </div>
        </Stack>
      </form>
    </TabSection>
  );
}
