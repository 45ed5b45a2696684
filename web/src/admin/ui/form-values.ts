/**
 * Form text -> API body values of the back office (pure, unit-tested). Amounts are typed in euro
 * ('4,90') and sent in cents; an empty optional field is sent as null ("empty fields saved as
 * null"); a text that is not a number is kept as text so the shared schema names the field.
 */
import { parseEuroInput } from '../../../../shared/money';

/** Cents of a typed euro amount; null when empty; the text itself when it is not an amount. */
export function centsOrText(text: string): number | string | null {
  if (text.trim() === '') return null;
  return parseEuroInput(text) ?? text;
}

/** A whole number typed in a field; null when empty; the text itself when it is not a whole number. */
export function wholeOrText(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  return /^-?\d+$/.test(t) ? Number(t) : t;
}
