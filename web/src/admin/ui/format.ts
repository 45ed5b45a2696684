/** Display helpers of the back office. Pure. */
import { USER_ID_DISPLAY_LENGTH } from '../../../../shared/constants';

/** A user id truncated to 13 characters (as the moderation screens show it). */
export function shortUserId(id: string): string {
  return id.slice(0, USER_ID_DISPLAY_LENGTH);
}

const dateFormat = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});
const dateTimeFormat = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
});

/** An ISO date as dd/mm/yyyy (Europe/Rome); '—' for null or unparsable values. */
export function formatDate(iso: string | null | undefined): string {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? '—' : dateFormat.format(t);
}

/** An ISO date-time as dd/mm/yyyy, hh:mm (Europe/Rome); '—' for null or unparsable values. */
export function formatDateTime(iso: string | null | undefined): string {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? '—' : dateTimeFormat.format(t);
}

const sizeFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

/** A file size in bytes as '840 B', '12,5 KB', '3,2 MB'; '—' for null. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
}

/** The name of a file without its extension (an asset's name defaults to it). */
export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim();
}
