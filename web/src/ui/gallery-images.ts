import type { ProductDetailDto } from '../../../shared/api/catalog';

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
