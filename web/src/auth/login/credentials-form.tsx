import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_HINT } from '../../../../shared/constants';
import { AUTH_TEXT } from '../texts';
import type { LoginFlow, LoginMode } from './use-login-flow';
import { BusySubmitButton } from './busy-submit-button';

/** 'Area Riservata' card body: tabs 'Accedi' / 'Registrati' and the email + password form. */
export function CredentialsForm({ flow }: { flow: LoginFlow }) {
  const signin = flow.mode === 'signin';
  const idle = signin ? AUTH_TEXT.signInTab : AUTH_TEXT.signUpTab;
  const busyLabel = signin ? AUTH_TEXT.signingIn : AUTH_TEXT.signingUp;
  return (
    <>
      <Typography variant="h3" component="h1" sx={{ textAlign: 'center', mb: 1 }}>
        {AUTH_TEXT.pageTitle}
      </Typography>
      <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 3 }}>
        {signin ? AUTH_TEXT.signInSubtitle : AUTH_TEXT.signUpSubtitle}
      </Typography>
      <Tabs
        value={flow.mode}
        onChange={(_e, v: LoginMode) => flow.switchMode(v)}
        variant="fullWidth"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="signin" label={AUTH_TEXT.signInTab} disabled={flow.busy} />
        <Tab value="signup" label={AUTH_TEXT.signUpTab} disabled={flow.busy} />
      </Tabs>
      <Box component="form" onSubmit={flow.submitCredentials} data-testid={signin ? 'signin-form' : 'signup-form'}>
        <Stack spacing={2.5}>
          <TextField
            label="Email"
            type="email"
            name="email"
            required
            autoComplete={signin ? 'username' : 'email'}
            value={flow.email}
            onChange={(e) => flow.setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            required
            autoComplete={signin ? 'current-password' : 'new-password'}
            placeholder={signin ? undefined : `Min. ${PASSWORD_MIN_HINT} caratteri`}
            value={flow.password}
            onChange={(e) => flow.setPassword(e.target.value)}
          />
          <BusySubmitButton busy={flow.busy} busyLabel={busyLabel}>
            {idle}
          </BusySubmitButton>
        </Stack>
      </Box>
    </>
  );
}
