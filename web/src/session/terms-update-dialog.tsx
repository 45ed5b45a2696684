import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_API } from '../../../shared/api/account';
import { CONSENT_TEXT, LEGAL_DOCUMENT_PATHS } from '../../../shared/legal-documents';
import { ApiError, callApi } from '../api/client';
import { AUTH_TEXT } from '../../../shared/messages/auth-ui';
import { useToast } from '../ui/toast';

/**
 * 'Abbiamo aggiornato i Termini': shown to a signed-in user who has not accepted `version`, the
 * version in force of the Termini and the Privacy Policy (terms-update-gate.tsx asks the API);
 * 'Accetto' records the acceptance (POST /api/me/terms) and `onAccepted` closes it for good.
 */
export default function TermsUpdateDialog({ version, onAccepted }: { version: string; onAccepted: () => void }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  const accept = () => {
    if (busy) return;
    setBusy(true);
    callApi(ACCOUNT_API.acceptTerms, { body: { version } })
      .then(() => {
        onAccepted();
        toast({ title: CONSENT_TEXT.updateAccepted });
      })
      .catch((err: unknown) =>
        toast({ variant: 'destructive', title: CONSENT_TEXT.updateTitle, description: (err as ApiError).message }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open aria-labelledby="terms-update-title" data-testid="terms-update-dialog">
      <DialogTitle id="terms-update-title">{CONSENT_TEXT.updateTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{CONSENT_TEXT.updateBody}</Typography>
          <Stack direction="row" spacing={3}>
            <Link component={RouterLink} to={LEGAL_DOCUMENT_PATHS.terms} target="_blank" rel="noopener">
              {AUTH_TEXT.terms}
            </Link>
            <Link component={RouterLink} to={LEGAL_DOCUMENT_PATHS.privacy} target="_blank" rel="noopener">
              {AUTH_TEXT.privacy}
            </Link>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={accept} disabled={busy}>
          {CONSENT_TEXT.updateAccept}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
