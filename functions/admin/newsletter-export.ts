/**
 * The back office's CSV export of the confirmed newsletter subscribers (GET
 * /api/admin/newsletter/subscribers.csv, admin only): the address, the consent's time and where
 * it was given, the proof of consent GDPR art. 7(1) asks the shop to be able to show.
 */
import { stringify } from 'csv-stringify/sync';
import { listConfirmedSubscribers } from '../data/newsletter-repository';

/** The export's columns: the record's field and the Italian header the admin reads. */
const COLUMNS = [
  { key: 'email', header: 'Email' },
  { key: 'confirmed_at', header: 'Consenso (UTC)' },
  { key: 'source', header: 'Fonte' },
] as const;

/**
 * The confirmed subscribers as a CSV file, oldest consent first.
 * RFC 4180: fields separated by commas, records by CRLF, a field holding a comma, a quote or a
 * line break enclosed in double quotes with its quotes doubled. A cell starting with = + - @
 * (or a tab or CR) is prefixed with ' so a spreadsheet never runs it as a formula (OWASP, CSV
 * injection): an address is typed by the public.
 * @param now the export's time, for the file's name
 * @returns `filename` ('aurum-newsletter-iscritti-YYYY-MM-DD.csv', UTC day) and the UTF-8 `csv`
 *          (header row, then one row per subscriber; `Consenso (UTC)` is an ISO 8601 instant,
 *          `Fonte` is 'footer' or 'signup') and the number of subscribers `count`
 */
export async function exportConfirmedSubscribers(
  now: Date = new Date(),
): Promise<{ filename: string; csv: string; count: number }> {
  const subscribers = await listConfirmedSubscribers();
  const csv = stringify(
    subscribers.map((s) => ({ email: s.email, confirmed_at: s.confirmed_at ?? '', source: s.source })),
    { header: true, columns: [...COLUMNS], record_delimiter: 'windows', escape_formulas: true },
  );
  return {
    filename: `aurum-newsletter-iscritti-${now.toISOString().slice(0, 10)}.csv`,
    csv,
    count: subscribers.length,
  };
}
