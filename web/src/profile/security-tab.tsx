import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { MSG } from '../../../shared/messages';
import { PROFILE_TEXT } from '../../../shared/messages/auth-ui';
import { useToast } from '../ui/toast';
import { TabEmptyState, TabSection } from './tab-section';
import { totpEnabled, useTotpEnrolment } from '../session/totp-enrolment';

type MfaState = 'loading' | 'error' | 'enabled' | 'disabled';

/**
 * 'Sicurezza' tab (the two-factor setup): not enabled -> enrol (QR code and secret) ->
 * verify a 6-digit code -> enabled. The state comes from Cognito's MFA preference.
 */
export function SecurityTab() {
  const { toast } = useToast();
  const [state, setState] = useState<MfaState>('loading');
  const { starting, enrolling, start, setup } = useTotpEnrolment(() => setState('enabled'));

  const load = useCallback(() => {
    setState('loading');
    totpEnabled()
      .then((on) => setState(on ? 'enabled' : 'disabled'))
      .catch(() => {
        setState('error');
        toast({ variant: 'destructive', title: MSG.errorTitle, description: PROFILE_TEXT.mfaLoadError });
      });
  }, [toast]);

  useEffect(load, [load]);

  return (
    <TabSection title={PROFILE_TEXT.securityHeading} testId="security-tab">
      {state === 'loading' && <Skeleton variant="rounded" height={150} sx={{ maxWidth: 720 }} />}
      {state === 'error' && (
        <TabEmptyState
          icon={<GppMaybeOutlined />}
          message={PROFILE_TEXT.mfaLoadError}
          action={
            <Button variant="outlined" onClick={load}>
              Riprova
            </Button>
          }
        />
      )}
      {(state === 'enabled' || state === 'disabled') && (
        <Stack spacing={3}>
          <Paper
            variant="outlined"
            sx={{
              p: { xs: 2.5, sm: 3 },
              borderRadius: 2,
              maxWidth: 720,
              borderColor: state === 'enabled' ? 'success.main' : 'divider',
            }}
            data-testid="mfa-status"
            data-enabled={state === 'enabled' ? 'true' : 'false'}
          >
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ color: state === 'enabled' ? 'success.main' : 'primary.main', '& svg': { fontSize: 36 } }}>
                {state === 'enabled' ? <VerifiedUserOutlined /> : <GppMaybeOutlined />}
              </Box>
              <Box sx={{ flex: 1 }}>
                <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
                  <Typography sx={{ fontWeight: 700 }}>App di autenticazione</Typography>
                  <Chip
                    size="small"
                    label={state === 'enabled' ? PROFILE_TEXT.mfaEnabled : PROFILE_TEXT.mfaDisabled}
                    color={state === 'enabled' ? 'success' : 'default'}
                    variant={state === 'enabled' ? 'filled' : 'outlined'}
                    data-testid="mfa-chip"
                  />
                </Stack>
                <Typography sx={{ color: 'text.secondary' }}>
                  {state === 'enabled' ? PROFILE_TEXT.mfaEnabledBody : PROFILE_TEXT.mfaDisabledBody}
                </Typography>
                {state === 'disabled' && !enrolling && (
                  <Button
                    variant="contained"
                    sx={{ mt: 2.5 }}
                    onClick={start}
                    disabled={starting}
                    startIcon={starting ? <CircularProgress size={16} color="inherit" /> : undefined}
                    data-testid="mfa-enable"
                  >
                    {PROFILE_TEXT.mfaEnable}
                  </Button>
                )}
              </Box>
            </Stack>
          </Paper>
          {state === 'disabled' && setup}
        </Stack>
      )}
    </TabSection>
  );
}
