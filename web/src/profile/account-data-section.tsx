import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { ACCOUNT_API } from '../../../shared/api/account';
import { MSG } from '../../../shared/messages';
import { ApiError, callApi } from '../api/client';
import { useSession } from '../session/session';
import { DownloadButton } from '../ui/download-button';
import { useToast } from '../ui/toast';

/** Texts of the personal-data section (Italian, as the customer reads them). */
export const ACCOUNT_DATA_TEXT = {
  dataTitle: 'I tuoi dati',
  dataBody:
    'Scarica in un unico file JSON tutti i dati che conserviamo su di te: profilo, indirizzi, dati di fatturazione, ordini, recensioni, lista desideri, carrello, consensi, newsletter, Aurum Club e messaggi inviati.',
  download: 'Scarica i miei dati',
  deleteTitle: 'Elimina account',
  deleteBody:
    'Eliminiamo il tuo accesso, i dati del profilo e di fatturazione, gli indirizzi, il carrello, la lista desideri e l’iscrizione alla newsletter; un abbonamento Aurum Club attivo viene annullato. Le recensioni restano come «Utente eliminato». Gli ordini sono conservati per 10 anni come richiesto dalla legge (art. 2220 c.c.), senza più collegamento al tuo accesso.',
  deleteButton: 'Elimina account',
  dialogTitle: 'Eliminare definitivamente l’account?',
  dialogBody: 'L’operazione non si può annullare. Per confermare inserisci la tua password.',
  password: 'Password',
  passwordRequired: 'Inserisci la password.',
  confirm: 'Ho capito che il mio account e i miei dati verranno eliminati definitivamente.',
  cancel: 'Annulla',
  confirmButton: 'Elimina definitivamente',
  deleted: 'Il tuo account è stato eliminato.',
} as const;

/**
 * The Account tab's personal-data section: 'Scarica i miei dati' (GET /api/me/export, GDPR arts.
 * 15 and 20) and 'Elimina account' (DELETE /api/me, GDPR art. 17) behind a dialog asking the
 * password again and an explicit confirmation; after the deletion the session ends and the home
 * page opens.
 */
export function AccountDataSection() {
  const { toast } = useToast();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const T = ACCOUNT_DATA_TEXT;

  const fail = (err: unknown) =>
    toast({
      variant: 'destructive',
      title: MSG.errorTitle,
      description: err instanceof Error ? err.message : String(err),
    });

  const close = () => {
    if (busy) return;
    setOpen(false);
    setPassword('');
    setConfirmed(false);
    setPasswordError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !confirmed) return;
    if (!password) {
      setPasswordError(T.passwordRequired);
      return;
    }
    setBusy(true);
    setPasswordError(null);
    callApi(ACCOUNT_API.deleteAccount, { body: { password, confirm: true } })
      .then(async () => {
        // leave the signed-in page first (its guard would send a signed-out visitor to /login), then
        // end the local session: the Cognito user no longer exists
        navigate('/');
        await signOut().catch(() => undefined);
        toast({ title: T.deleted });
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.field === 'password') setPasswordError(err.message);
        else fail(err);
        setBusy(false);
      });
  };

  return (
    <Box data-testid="account-data">
      <Divider sx={{ my: 4 }} />
      <Typography variant="h6" component="h3">
        {T.dataTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: 620 }}>{T.dataBody}</Typography>
      <DownloadButton
        route={ACCOUNT_API.exportData}
        fileName="aurum-fitness-dati.json"
        icon={<DownloadOutlined />}
        label={T.download}
        testId="export-data"
        sx={{ mt: 2 }}
      />
      <Divider sx={{ my: 4 }} />
      <Typography variant="h6" component="h3" sx={{ color: 'error.main' }}>
        {T.deleteTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: 620 }}>{T.deleteBody}</Typography>
      <Button
        variant="outlined"
        color="error"
        sx={{ mt: 2 }}
        startIcon={<DeleteForeverOutlined />}
        onClick={() => setOpen(true)}
        data-testid="delete-account"
      >
        {T.deleteButton}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <form onSubmit={submit} noValidate data-testid="delete-account-dialog">
          <DialogTitle>{T.dialogTitle}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography sx={{ color: 'text.secondary' }}>{T.dialogBody}</Typography>
              <TextField
                type="password"
                name="delete-password"
                label={T.password}
                autoComplete="current-password"
                value={password}
                error={Boolean(passwordError)}
                helperText={passwordError ?? undefined}
                disabled={busy}
                onChange={(e) => setPassword(e.target.value)}
                autoFocus
              />
              <FormControlLabel
                control={
                  <Checkbox
                    data-testid="delete-account-check"
                    checked={confirmed}
                    onChange={(e) => setConfirmed(e.target.checked)}
                    disabled={busy}
                  />
                }
                label={T.confirm}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={close} disabled={busy}>
              {T.cancel}
            </Button>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={busy || !confirmed}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="delete-account-confirm"
            >
              {T.confirmButton}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Box>
  );
}
