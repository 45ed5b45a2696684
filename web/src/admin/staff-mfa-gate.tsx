/**
 * The back office's MFA gate (staff must pass MFA): shown instead of the sections when a staff
 * member's session did not pass a second factor (the server refuses every staff route to such a
 * token). The staff member enrols an authenticator app with the same steps as the profile's
 * 'Sicurezza' tab (QR code, secret, 6-digit code: TotpSetup), then signs in again, this time
 * answering the app's code, and the back office opens.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { STAFF_MFA_MSG } from '../../../shared/messages/admin-mfa';
import { useSession } from '../session/session';
import { LogoMark } from '../layout/logo';
import { totpEnabled, useTotpEnrolment } from '../session/totp-enrolment';
import { GOLD_GRADIENT } from '../theme/colors';

type GateState = 'loading' | 'error' | 'enrol' | 'enabled';

/** Enrolment page of a staff session without MFA. */
export function StaffMfaGate() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [state, setState] = useState<GateState>('loading');
  const [busy, setBusy] = useState(false);
  const { starting, enrolling, start, setup } = useTotpEnrolment(() => setState('enabled'));

  const load = useCallback(() => {
    setState('loading');
    totpEnabled()
      .then((on) => setState(on ? 'enabled' : 'enrol'))
      .catch(() => setState('error'));
  }, []);
  useEffect(load, [load]);

  const signInAgain = () => {
    if (busy) return;
    setBusy(true);
    void signOut().finally(() => {
      setBusy(false);
      navigate('/login');
    });
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }} data-testid="staff-mfa-gate">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
        <LogoMark size={34} />
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.55rem', md: '1.9rem' } }}>
            {state === 'enabled' ? STAFF_MFA_MSG.enabledTitle : STAFF_MFA_MSG.title}
          </Typography>
          <Box sx={{ width: 48, height: 2, backgroundImage: GOLD_GRADIENT, mt: 1 }} />
        </Box>
      </Stack>

      {state === 'loading' && <Skeleton variant="rounded" height={160} />}

      {state === 'error' && (
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 2 }}>
          <Typography sx={{ mb: 2 }}>{STAFF_MFA_MSG.loadError}</Typography>
          <Button variant="outlined" onClick={load}>
            {STAFF_MFA_MSG.retry}
          </Button>
        </Paper>
      )}

      {state === 'enrol' && (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 2 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ color: 'primary.main', '& svg': { fontSize: 36 } }}>
                <GppMaybeOutlined />
              </Box>
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ color: 'text.secondary' }}>{STAFF_MFA_MSG.intro}</Typography>
                {!enrolling && (
                  <Button
                    variant="contained"
                    sx={{ mt: 2.5 }}
                    onClick={start}
                    disabled={starting}
                    startIcon={starting ? <CircularProgress size={16} color="inherit" /> : undefined}
                    data-testid="staff-mfa-enrol"
                  >
                    {STAFF_MFA_MSG.enrol}
                  </Button>
                )}
              </Box>
            </Stack>
          </Paper>
          {setup}
        </Stack>
      )}

      {state === 'enabled' && (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 2, borderColor: 'success.main' }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ color: 'success.main', '& svg': { fontSize: 36 } }}>
              <VerifiedUserOutlined />
            </Box>
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ color: 'text.secondary' }}>{STAFF_MFA_MSG.enabledBody}</Typography>
              <Button
                variant="contained"
                sx={{ mt: 2.5 }}
                onClick={signInAgain}
                disabled={busy}
                data-testid="staff-mfa-sign-in-again"
              >
                {STAFF_MFA_MSG.signInAgain}
              </Button>
            </Box>
          </Stack>
        </Paper>
      )}

      <Button component={RouterLink} to="/" color="inherit" sx={{ mt: 3 }}>
        {STAFF_MFA_MSG.backToSite}
      </Button>
    </Container>
  );
}
