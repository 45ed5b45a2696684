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

const formatter = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });

/**
 * Formats integer cents as an Italian euro string, two decimals, thousands always grouped:
 * 1999 -> '19,99 €', 149900 -> '1.499,00 €' (spec 9).
 */
export function formatEuro(cents: number): string {
  return formatter.format(cents / 100);
}
