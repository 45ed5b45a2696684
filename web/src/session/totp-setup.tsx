import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { MFA_CODE_LENGTH } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { authErrorMessage } from './auth-errors';
import { CodeField } from '../ui/code-field';
import { PROFILE_TEXT } from '../../../shared/messages/auth-ui';
import { useToast } from '../ui/toast';

/** An enrolment in progress: the QR code (data URL) and the shared secret. */
export interface TotpEnrolment {
  qrDataUrl: string;
  secret: string;
}

/**
 * Second step of the two-factor setup: shows the QR code and the secret for manual entry, then
 * verifies a 6-digit code and makes TOTP the preferred factor.
 */
export function TotpSetup({
  enrolment,
  onEnabled,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  onEnabled(): void;
  onCancel(): void;
}) {
  const { toast } = useToast();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || code.length !== MFA_CODE_LENGTH) return;
    setBusy(true);
    verifyTOTPSetup({ code })
      .then(() => updateMFAPreference({ totp: 'PREFERRED' }))
      .then(() => {
        toast({ title: PROFILE_TEXT.mfaOk });
        onEnabled();
      })
      .catch((err: unknown) => {
        setCode('');
        toast({ variant: 'destructive', title: MSG.errorTitle, description: authErrorMessage(err, 'mfa-setup') });
      })
      .finally(() => setBusy(false));
  };

  const copy = () => {
    void navigator.clipboard?.writeText(enrolment.secret).then(
      () => toast({ title: 'Chiave copiata' }),
      () => undefined,
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3.5 }, borderRadius: 2, maxWidth: 720 }} data-testid="totp-setup">
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{PROFILE_TEXT.mfaScan}</Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 3, sm: 4 }}
        sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
      >
        <Box
          sx={{
            p: 1.5,
            bgcolor: '#fff',
            borderRadius: 2,
            border: 2,
            borderColor: 'primary.main',
            lineHeight: 0,
            flexShrink: 0,
          }}
        >
          <Box
            component="img"
            src={enrolment.qrDataUrl}
            alt={PROFILE_TEXT.mfaQrAlt}
            width={196}
            height={196}
            data-testid="totp-qr"
          />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Typography variant="overline" sx={{ color: 'primary.main', display: 'block' }}>
            {PROFILE_TEXT.mfaSecretLabel}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <Box
              component="code"
              data-testid="totp-secret"
              sx={{
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                fontSize: '0.95rem',
                letterSpacing: '0.08em',
                wordBreak: 'break-all',
                px: 1.25,
                py: 0.75,
                borderRadius: 1,
                bgcolor: 'action.hover',
                flex: 1,
              }}
            >
              {enrolment.secret}
            </Box>
            <Tooltip title="Copia chiave">
              <IconButton aria-label="Copia chiave" onClick={copy} size="small">
                <ContentCopyOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
          <form onSubmit={submit} data-testid="totp-verify-form">
            <Stack spacing={2}>
              <CodeField value={code} onChange={setCode} disabled={busy} />
              <Stack direction="row" spacing={1.5}>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={busy}
                  startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                >
                  {busy ? 'Verifica in corso...' : PROFILE_TEXT.mfaVerify}
                </Button>
                <Button type="button" color="inherit" onClick={onCancel} disabled={busy}>
                  {PROFILE_TEXT.mfaCancel}
                </Button>
              </Stack>
            </Stack>
          </form>
        </Box>
      </Stack>
    </Paper>
  );
}
