/**
 * What the Ordini search box sends (pure, unit-tested): an order reference is the 8 characters
 * customers see ('#1A2B3C4D' on their Ordini tab) or more of the id; shorter text is not sent.
 */
import { ORDER_ID_DISPLAY_LENGTH } from '../../../../shared/constants';

/** The `q` to send for the typed text: lower-cased, without '#' and spaces; null when too short or not an id. */
export function orderSearchQuery(text: string): string | null {
  const q = text.trim().replace(/^#/, '').replace(/\s+/g, '').toLowerCase();
  return q.length >= ORDER_ID_DISPLAY_LENGTH && q.length <= 36 && /^[0-9a-f-]+$/.test(q) ? q : null;
}
