import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_RULE_HINT } from '../../../../shared/password-policy';
import { AUTH_TEXT } from '../../../../shared/messages/auth-ui';
import type { LoginFlow, LoginMode } from './use-login-flow';
import { BusySubmitButton } from './busy-submit-button';
import { SignupConsents } from './signup-consents';

/**
 * 'Area Riservata' card body: tabs 'Accedi' / 'Registrati' and the email + password form;
 * 'Password dimenticata?' under the sign-in form calls `onForgotPassword`.
 */
export function CredentialsForm({ flow, onForgotPassword }: { flow: LoginFlow; onForgotPassword?: () => void }) {
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
            helperText={signin ? undefined : PASSWORD_RULE_HINT}
            value={flow.password}
            onChange={(e) => flow.setPassword(e.target.value)}
          />
          {signin ? null : <SignupConsents flow={flow} />}
          <BusySubmitButton busy={flow.busy} busyLabel={busyLabel}>
            {idle}
          </BusySubmitButton>
          {signin && onForgotPassword ? (
            <Button type="button" variant="text" size="small" onClick={onForgotPassword} disabled={flow.busy}>
              {AUTH_TEXT.forgotPassword}
            </Button>
          ) : null}
        </Stack>
      </Box>
    </>
  );
}
