import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import { CodeStep } from './login/code-step';
import { CredentialsForm } from './login/credentials-form';
import { LoginShell } from './login/login-shell';
import { useLoginFlow } from './login/use-login-flow';
import { PasswordReset } from './login/password-reset';
import { AUTH_TEXT } from '../../../shared/messages/auth-ui';
import { useDocumentTitle } from '../ui/use-document-title';

/**
 * /login ('Area Riservata'): sign-in and registration tabs against Cognito; the
 * two-factor, admin SMS and sign-up confirmation views replace the form when Cognito asks;
 * 'Password dimenticata?' (or `/login?reset=1`) replaces it with the password reset (password-reset.tsx).
 */
export function LoginPage() {
  useDocumentTitle(AUTH_TEXT.pageTitle);
  const flow = useLoginFlow();
  const { step } = flow;
  // `?reset=1` (the link of the email 'Qualcuno ha provato a registrarsi con la tua email') opens the reset
  const [params] = useSearchParams();
  const [resetting, setResetting] = useState(params.get('reset') === '1');
  if (resetting)
    return (
      <LoginShell>
        <PasswordReset
          initialEmail={flow.email}
          onCancel={() => setResetting(false)}
          onDone={(email) => {
            flow.backToLogin();
            flow.setEmail(email);
            setResetting(false);
          }}
        />
      </LoginShell>
    );
  return (
    <LoginShell>
      {step.kind === 'form' && <CredentialsForm flow={flow} onForgotPassword={() => setResetting(true)} />}
      {step.kind === 'totp' && (
        <CodeStep
          flow={flow}
          testId="totp-step"
          icon={<PhonelinkLockOutlined />}
          title={AUTH_TEXT.totpTitle}
          intro={AUTH_TEXT.totpIntro}
          submitLabel={AUTH_TEXT.totpButton}
        />
      )}
      {step.kind === 'sms' && (
        <CodeStep
          flow={flow}
          testId="sms-step"
          icon={<AdminPanelSettingsOutlined />}
          title={AUTH_TEXT.smsTitle}
          intro={
            <>
              {AUTH_TEXT.smsIntro}
              {step.destination ? (
                <>
                  {' '}
                  <Box
                    component="strong"
                    data-testid="sms-destination"
                    sx={{ color: 'text.primary', whiteSpace: 'nowrap' }}
                  >
                    {step.destination}
                  </Box>
                </>
              ) : null}
              .
            </>
          }
          submitLabel={AUTH_TEXT.smsButton}
        />
      )}
      {step.kind === 'confirm-sign-up' && (
        <CodeStep
          flow={flow}
          testId="confirm-sign-up-step"
          icon={<MarkEmailReadOutlined />}
          title={AUTH_TEXT.confirmTitle}
          intro={
            <>
              {AUTH_TEXT.confirmIntro}{' '}
              <Box component="strong" sx={{ color: 'text.primary', wordBreak: 'break-all' }}>
                {step.email}
              </Box>
              .
            </>
          }
          submitLabel={AUTH_TEXT.confirmButton}
          extra={
            <Button type="button" variant="text" size="small" onClick={flow.resendCode} disabled={flow.busy}>
              {AUTH_TEXT.resendCode}
            </Button>
          }
        />
      )}
    </LoginShell>
  );
}
