import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { ADMIN_API } from '../../../../shared/api/admin';
import { USERS_MSG } from '../../../../shared/messages/admin-users';
import { DownloadButton } from '../../ui/download-button';

/**
 * 'Esporta iscritti newsletter' in the Utenti screen: downloads the confirmed subscribers as CSV
 * (GET /api/admin/newsletter/subscribers.csv; email, consent time, source). Admin only, like the
 * screen.
 */
export function NewsletterExportButton() {
  return (
    <DownloadButton
      route={ADMIN_API.newsletterSubscribersCsv}
      fileName="aurum-newsletter-iscritti.csv"
      icon={<FileDownloadOutlined />}
      label={USERS_MSG.exportNewsletter}
      testId="newsletter-export"
    />
  );
}
