/**
 * Italian long date ('12 marzo 2026') of an ISO string; '—' when missing or unreadable.
 */
export function formatItalianDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });
}
