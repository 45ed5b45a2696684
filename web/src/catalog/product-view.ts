/**
 * Pure view helpers of the product screens (gallery order, stars, dates). Unit-tested.
 */
import type { ProductDetailDto } from '../../../shared/api/catalog';
import { tierStars } from '../../../shared/tiers';

/**
 * Gallery image URLs, primary first then in the given order; with no image rows the product's
 * own image_url acts as the primary; empty when there is no image at all (caller shows the placeholder).
 */
export function galleryImages(product: Pick<ProductDetailDto, 'images' | 'image_url'>): string[] {
  const rows = [...product.images]
    .map((img, index) => ({ img, index }))
    .sort((a, b) => Number(b.img.is_primary) - Number(a.img.is_primary) || a.index - b.index)
    .map(({ img }) => img.image_url)
    .filter((url) => url !== '');
  if (rows.length > 0) return rows;
  return product.image_url ? [product.image_url] : [];
}

/** Star mark of a premium tier: '★' repeated 1..4 times; '' for none. */
export function tierStarMark(tier: string | null | undefined): string {
  return '★'.repeat(tierStars(tier));
}

const dateFormatter = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });

/** Formats an ISO date for reviews in it-IT ('5 marzo 2025'); '' when unparsable. */
export function formatItalianDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter.format(date);
}
