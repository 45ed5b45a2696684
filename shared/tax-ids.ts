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

/** Value of a character in an odd place (1st, 3rd, ...) of a codice fiscale (DM 23 dicembre 1976, allegato). */
const CF_ODD: Record<string, number> = Object.fromEntries(
  [
    ...'0123456789'.split('').map((c, i) => [c, [1, 0, 5, 7, 9, 13, 15, 17, 19, 21][i]!] as const),
    ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
      .split('')
      .map(
        (c, i) =>
          [
            c,
            [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23][i]!,
          ] as const,
      ),
  ].map(([c, v]) => [c, v]),
);

/** Value of a character in an even place: digits 0-9, letters A=0 ... Z=25. */
const cfEven = (c: string): number => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65);

/**
 * True for a well-formed codice fiscale: either a person's 16 characters (6 letters, 2 digits, a
 * month letter, 2 digits, a letter and 3 digits, digits possibly replaced by the letters
 * L-V of the omocodia) whose 16th letter is the check character of the first 15 (DM 23 dicembre
 * 1976: odd places by the decree's table, even places by their value, sum mod 26 as a letter A-Z),
 * or a company's 11 digits, checked as a partita IVA (DPR 605/1973 art. 11).
 * @param value case-insensitive, surrounding spaces ignored
 */
export function isValidCodiceFiscale(value: string): boolean {
  const cf = value.trim().toUpperCase();
  if (/^\d{11}$/.test(cf)) return isValidPartitaIva(cf);
  const D = '[0-9LMNPQRSTUV]';
  if (!new RegExp(`^[A-Z]{6}${D}{2}[ABCDEHLMPRST]${D}{2}[A-Z]${D}{3}[A-Z]$`).test(cf)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += i % 2 === 0 ? CF_ODD[cf[i]!]! : cfEven(cf[i]!);
  return String.fromCharCode(65 + (sum % 26)) === cf[15];
}

/**
 * True for an SDI recipient code (codice destinatario): 7 letters or digits for a company (the
 * Agenzia delle Entrate's technical specifications of FatturaPA, field CodiceDestinatario).
 * 6 characters is the code of a public administration (IPA), which the shop does not invoice.
 */
export function isValidSdiCode(value: string): boolean {
  return /^[A-Z0-9]{7}$/.test(value.trim().toUpperCase());
}
