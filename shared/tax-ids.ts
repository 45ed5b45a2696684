/**
 * Italian tax identifiers. Pure.
 */

/**
 * True for a well-formed partita IVA: 11 digits whose last one is the check digit of the first ten
 * (DM 23 dicembre 1976, the Luhn scheme: digits in odd places as they are, digits in even places
 * doubled with 9 taken off a result above 9; check digit = (10 - sum mod 10) mod 10).
 * @param value digits only, optionally prefixed 'IT'
 */
export function isValidPartitaIva(value: string): boolean {
  const digits = value.trim().replace(/^IT/i, '');
  if (!/^\d{11}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[10]);
}
