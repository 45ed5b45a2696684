/**
 * Calendar days as the shop counts them: in Italy (Europe/Rome, CET/CEST). Used where a rule is
 * about a day rather than an instant (a discount code's last day, the sales summary's days).
 */
// Created on first use: building an Intl formatter loads ICU time-zone data, which a
// Lambda cold start should not pay unless a request needs it.
let romeDay: Intl.DateTimeFormat | undefined;

/** The calendar date in Italy at `at`, 'YYYY-MM-DD'. */
export function italianDate(at: Date): string {
  romeDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return romeDay.format(at);
}

/**
 * A moment as an Italian calendar day for messages, e.g. '22 dicembre 2026' (Europe/Rome).
 * @param iso an ISO 8601 timestamp
 */
export function formatItalianDay(iso: string): string {
  return new Date(iso).toLocaleDateString('it-IT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Rome',
  });
}
