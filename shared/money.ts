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

/**
 * Formats integer cents as an Italian euro string, two decimals, thousands always grouped, a
 * no-break space before the sign: 1999 -> '19,99 €', 149900 -> '1.499,00 €', -1299 -> '-12,99 €'
 * Exactly what Intl.NumberFormat('it-IT', EUR, useGrouping 'always') writes (a test
 * compares them), without it: the first Intl.NumberFormat of a page loads ICU locale data on the
 * main thread, inside the first render of every page with a price
 * (docs/decisions/0008-money-and-dates-without-intl.md).
 * Fractions of a cent (outside the contract) are rounded half away from zero.
 */
export function formatEuro(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const units = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  const fraction = String(whole % 100).padStart(2, '0');
  return `${cents < 0 || Object.is(cents, -0) ? '-' : ''}${units},${fraction}\u00a0€`;
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
