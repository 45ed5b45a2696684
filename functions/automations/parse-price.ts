/**
 * Reads prices as shops publish them ("1.299,00", "1299.00", "1,299.00", "€ 49,90", 49.9) into
 * integer euro cents, and tells the currency written next to them.
 */

/** A parsed price: integer cents and the currency named in the text (ISO 4217), if any. */
export interface ParsedPrice {
  cents: number;
  currency: string | null;
}

const SYMBOLS: [RegExp, string][] = [
  [/€|\bEUR\b|\beuro\b/i, 'EUR'],
  [/US\$|\bUSD\b|\$/i, 'USD'],
  [/£|\bGBP\b/i, 'GBP'],
  [/\bCHF\b/i, 'CHF'],
  [/¥|\bJPY\b/i, 'JPY'],
];

/** The currency a price text names ('€ 49,90' -> 'EUR', '$10' -> 'USD'), or null. */
export function currencyInText(text: string): string | null {
  for (const [re, code] of SYMBOLS) if (re.test(text)) return code;
  const iso = /\b([A-Z]{3})\b/.exec(text);
  return iso ? iso[1]! : null;
}

/**
 * Normalises a number written with '.' and/or ',' into a plain decimal string.
 * Rules: with both separators the last one is the decimal mark ("1.299,00", "1,299.00");
 * with one kind only, it is the decimal mark when it appears once and is followed by 1-2 digits
 * ("49,90", "1299.5") or the integer part is 0 ("0,500"); otherwise it groups thousands
 * ("1.299", "1,299", "1.299.000").
 */
function normaliseNumber(s: string): string | null {
  if (!/^\d[\d.,']*$|^[.,]\d+$/.test(s)) return null;
  s = s.replace(/'/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const [intPart, frac, ...rest] = s.split(decimal);
    if (rest.length > 0 || frac === undefined || frac.includes(group)) return null;
    const groups = intPart!.split(group);
    if (groups[0]!.length < 1 || groups[0]!.length > 3 || groups.slice(1).some((g) => g.length !== 3)) return null;
    return `${groups.join('')}.${frac}`;
  }
  const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (!sep) return s;
  const parts = s.split(sep);
  if (parts.length === 2) {
    const [intPart, frac] = parts as [string, string];
    if (frac.length !== 3 || intPart === '0' || intPart === '') return `${intPart || '0'}.${frac}`;
  }
  // Thousands grouping: every group after the first has exactly 3 digits.
  if (parts.slice(1).every((p) => p.length === 3) && parts[0]!.length >= 1 && parts[0]!.length <= 3)
    return parts.join('');
  return null;
}

/**
 * Parses a price into integer euro cents (rounded half up on the third decimal).
 * @param input a number in euro (49.9) or a text ("€ 49,90", "1.299,00 EUR", "1,299.00", "1299")
 * @returns cents and the currency named in the text (null for numbers and bare texts), or null
 *   when there is no usable non-negative amount (empty, "Gratis", "da definire", two amounts)
 */
export function parsePrice(input: unknown): ParsedPrice | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    const cents = decimalToCents(String(input).includes('e') ? input.toFixed(3) : String(input));
    return cents === null ? null : { cents, currency: null };
  }
  if (typeof input !== 'string') return null;
  // Spaces (also no-break) as thousands separators: "1 299,00".
  const text = input
    .replace(/[\u00a0\u202f\s]+/g, ' ')
    .trim()
    .replace(/(\d) (?=\d{3}(?!\d))/g, '$1');
  if (!text) return null;
  const numbers = text.match(/[-−]?\s?[\d.,']*\d[\d.,']*/g);
  if (!numbers || numbers.length !== 1) return null;
  const raw = numbers[0]!.replace(/\s/g, '');
  if (/^[-−]/.test(raw)) return null;
  const plain = normaliseNumber(raw.replace(/[.,']+$/, ''));
  if (plain === null) return null;
  const cents = decimalToCents(plain);
  return cents === null ? null : { cents, currency: currencyInText(text) };
}

/** "1299.005" -> 129901 with exact decimal arithmetic (half up on the third decimal). */
function decimalToCents(plain: string): number | null {
  const [intPart = '0', frac = ''] = plain.split('.');
  if (!/^\d*$/.test(intPart) || !/^\d*$/.test(frac)) return null;
  const digits = `${frac}000`;
  const cents = Number(intPart || '0') * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}
