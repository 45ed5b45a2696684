/**
 * Pure view helpers of the product screens (gallery order, stars, dates). Unit-tested.
 */
import { tierStars } from '../../../shared/tiers';
import { italianLongDate } from '../ui/italian-date';

/** Star mark of a premium tier: '★' repeated 1..4 times; '' for none. */
export function tierStarMark(tier: string | null | undefined): string {
  return '★'.repeat(tierStars(tier));
}

/** Formats an ISO date for reviews in it-IT ('5 marzo 2025'); '' when unparsable. */
export function formatItalianDate(iso: string): string {
  return italianLongDate(iso) ?? '';
}
