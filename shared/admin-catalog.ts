/**
 * Catalogue rules of the back office that both the SPA forms and the admin-catalog function use
 * (the product, image and bundle rules): upload limits, the gallery size, and what a bundle's products require of it.
 * Kept out of the shopper's first load (vite config: shared/admin* lives in the admin chunks).
 */
import { highestTier, tierLevel } from './tiers';

export { highestTier };

/** Largest product or bundle image accepted by the upload policy (bytes). */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Largest digital asset file accepted by the upload policy (bytes). */
export const ASSET_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** Images a product gallery may hold. */
export const MAX_PRODUCT_IMAGES = 20;
/** Lifetime of an upload slot (presigned POST), seconds. */
export const UPLOAD_SLOT_SECONDS = 15 * 60;
/**
 * The image types a product or bundle image may be, with the extension each is stored under:
 * raster formats only. No SVG (an SVG can carry script, and images are served on the shop's own
 * origin), no type the browsers cannot show everywhere (HEIC, TIFF, BMP).
 */
export const IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
} as const;

/** One of IMAGE_TYPES. */
export type ImageContentType = keyof typeof IMAGE_TYPES;

/** The accept attribute of the back office's image pickers. */
export const IMAGE_ACCEPT = Object.keys(IMAGE_TYPES).join(',');

/** True for a content type the image upload policy accepts: exactly one of IMAGE_TYPES. */
export function isImageContentType(contentType: string): contentType is ImageContentType {
  return Object.hasOwn(IMAGE_TYPES, contentType);
}

/**
 * A bundle holding any tier-restricted product is a premium bundle: otherwise a non-member could
 * buy a member-only product through it. The admin may mark any other bundle premium too.
 * @returns the is_premium to store
 */
export function bundleIsPremium(requested: boolean, productTiers: readonly (string | null | undefined)[]): boolean {
  return requested || tierLevel(highestTier(productTiers)) > 0;
}
