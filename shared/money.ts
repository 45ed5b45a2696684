/**
 * Money helpers. Amounts travel as integer euro cents everywhere (API, table, Stripe);
 * only display converts to euro strings.
 */

/**
 * Converts euro (number with up to 2 decimals, e.g. 19.99) to integer cents (1999).
 * @throws RangeError when the value is not a finite, non-negative number
 */
export function euroToCents(euro: number): number {
  if (!Number.isFinite(euro) || euro < 0) throw new RangeError(`invalid euro amount: ${euro}`);
  return Math.round(euro * 100);
}

// Created on first use: an Intl formatter loads ICU locale data, which a Lambda cold start
// should not pay unless a request formats money.
let formatter: Intl.NumberFormat | undefined;

/**
 * Formats integer cents as an Italian euro string, two decimals, thousands always grouped:
 * 1999 -> '19,99 €', 149900 -> '1.499,00 €' (spec 9).
 */
export function formatEuro(cents: number): string {
  formatter ??= new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
  return formatter.format(cents / 100);
}

/**
 * Reads an amount typed in a form (euro, e.g. '19.99', '19,99', '1.299,00', '0') into integer cents.
 * @returns cents, or null when the text is empty or not a non-negative amount with at most 2 decimals
 */
export function parseEuroInput(text: string): number | null {
  let t = text.trim().replace(/\s|€/g, '');
  if (t === '') return null;
  // '1.299,00' (Italian grouping) -> '1299.00'; '19,99' -> '19.99'
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** Integer cents as the text of a form's euro field: 1999 -> '19.99', 0 -> '0'. */
export function centsToEuroInput(cents: number): string {
  if (cents === 0) return '0';
  return (cents / 100).toFixed(2);
}
