/**
 * The first product image of a prerendered landing page, painted before the app runs. The page's
 * loading skeleton (ProductGridSkeleton) holds an empty `<img data-first-image>` exactly where the
 * first card's image will be; the boot module (web/src/boot/boot.ts) sets its address as soon as
 * the prefetched data names it. On a phone the page's largest image then shows about when the
 * data arrives, instead of after the app's JavaScript has loaded and rendered the cards.
 *
 * React leaves the filled attribute alone when it hydrates the skeleton (it does not patch
 * attributes), and replaces the whole skeleton, slot included, with the real cards: the same
 * image, already loaded, in the same box.
 */

/** The slot's attribute. */
export const FIRST_IMAGE_SLOT = 'data-first-image';

/**
 * Sets the slot's image, if the page has an empty slot.
 * @param url the image's address (e.g. '/media/products/…'); nothing happens for null/undefined
 * @returns the filled slot, or null when there was none to fill
 */
export function fillFirstImageSlot(url: string | null | undefined): HTMLImageElement | null {
  if (!url) return null;
  const slot = document.querySelector<HTMLImageElement>(`img[${FIRST_IMAGE_SLOT}]`);
  if (!slot || slot.getAttribute('src')) return null;
  slot.src = url;
  return slot;
}
