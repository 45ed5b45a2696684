/**
 * Italian long dates ('5 marzo 2026', the browser's local day), written without Intl: a page's
 * first Intl formatter loads ICU locale data, a long main-thread task in Chromium, which
 * the product page paid for its reviews' dates. The same text Intl.DateTimeFormat('it-IT',
 * { day: 'numeric', month: 'long', year: 'numeric' }) writes (italian-date.test.ts compares them).
 */
const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;

/**
 * @param iso an ISO 8601 date or timestamp
 * @returns '5 marzo 2026' in the browser's time zone, or null when `iso` is not a date
 */
export function italianLongDate(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}
