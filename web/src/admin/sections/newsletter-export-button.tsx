import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { ADMIN_API } from '../../../../shared/api/admin';
import { MSG } from '../../../../shared/messages';
import { USERS_MSG } from '../../../../shared/messages/admin-users';
import { downloadApiFile } from '../../api/download';
import { useToast } from '../../ui/toast';

/**
 * 'Esporta iscritti newsletter' in the Utenti screen: downloads the confirmed subscribers as CSV
 * (GET /api/admin/newsletter/subscribers.csv; email, consent time, source). Admin only, like the
 * screen; a refusal or failure shows the server's Italian message in a toast.
 */
export function NewsletterExportButton() {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadApiFile(ADMIN_API.newsletterSubscribersCsv, 'aurum-newsletter-iscritti.csv')
      .catch((err: unknown) =>
        toast({
          variant: 'destructive',
          title: MSG.errorTitle,
          description: err instanceof Error ? err.message : String(err),
        }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="outlined"
      onClick={download}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <FileDownloadOutlined />}
      data-testid="newsletter-export"
    >
      {USERS_MSG.exportNewsletter}
    </Button>
  );
}
