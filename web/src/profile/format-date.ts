import { italianLongDate } from '../ui/italian-date';

/**
 * Italian long date ('12 marzo 2026') of an ISO string; '—' when missing or unreadable.
 */
export function formatItalianDate(iso: string | null | undefined): string {
  return (iso && italianLongDate(iso)) || '—';
}
