/**
 * Product images (the product image save rule: delete removed images; upload new files; insert
 * image rows; make the first remaining image primary and copy its URL to image_url; none left ->
 * image_url null). The files travel from the browser to S3 by presigned POST; this module issues
 * the slots and saves the gallery by object key.
 */
import { randomUUID } from 'node:crypto';
import type { AdminProductDetailDto, UploadSlotDto } from '../../shared/api/admin-catalog';
import type { ImageContentType } from '../../shared/admin-catalog';
import { CATALOG_ADMIN_API_MSG } from '../../shared/messages/admin-catalog';
import { setProductImages } from '../data/product-admin-repository';
import type { ProductImage } from '../data/catalog-items';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { Change } from '../lib/audit';
import { env } from '../lib/env';
import { mediaUrl } from '../lib/media';
import { deleteObjects } from '../lib/s3';
import { logger } from '../lib/logger';
import { imageKey, imageUploadSlot, isOwnStagedImageKey, saveStagedImage } from './uploads';
import { requireProduct } from './products';
import { toAdminProductDetailDto } from './dto';

/**
 * The gallery after a save (pure): the given keys in order, existing images keep their id and
 * created_at, new ones get `newId()` and `now`; the first is primary.
 * @returns the images and the product's image_url (the first image's URL, or null when none)
 */
export function arrangeGallery(
  current: readonly ProductImage[],
  orderedKeys: readonly string[],
  now: string,
  newId: () => string = randomUUID,
): { images: ProductImage[]; image_url: string | null } {
  const byKey = new Map(current.map((i) => [i.key, i]));
  const images = orderedKeys.map((key, index): ProductImage => {
    const existing = byKey.get(key);
    return {
      id: existing?.id ?? newId(),
      key,
      image_url: existing?.image_url ?? mediaUrl(key),
      is_primary: index === 0,
      created_at: existing?.created_at ?? now,
    };
  });
  return { images, image_url: images[0]?.image_url ?? null };
}

/**
 * POST /api/admin/products/{id}/image-uploads: one presigned POST per file, staged keys
 * uploads/products/{id}/{timestamp-random}.{ext} (never served; expired when never saved).
 * Nothing is stored until PUT .../images names the keys.
 * @throws AppError 404
 */
export async function productImageSlots(
  id: string,
  files: { name: string; content_type: ImageContentType; size: number }[],
  now = new Date(),
): Promise<UploadSlotDto[]> {
  await requireProduct(id);
  return Promise.all(
    files.map((file) => imageUploadSlot(env.imagesBucket, imageKey('products', id, file.content_type, now), file, now)),
  );
}

/**
 * PUT /api/admin/products/{id}/images: saves the gallery in the given order.
 *  - every key must be this product's: an image already in its gallery, or a staged upload of this
 *    product (uploads/products/{id}/{timestamp-random}.{ext}), else 400 naming keys.{i};
 *  - a staged upload must be a real image of an allowed type (its bytes checked), else 400; the
 *    checked version is copied to its final key (products/{id}/...), which the gallery stores;
 *  - removed images' files are deleted from S3 first; a failure answers 502 'Errore
 *    Eliminazione Immagini' and nothing is written.
 * @throws AppError 404, 400, 502
 */
export async function saveProductImages(
  id: string,
  keys: string[],
  now = new Date(),
): Promise<Change<AdminProductDetailDto>> {
  const product = await requireProduct(id);
  const current = product.images ?? [];
  const known = new Set(current.map((i) => i.key));
  keys.forEach((key, i) => {
    if (!known.has(key) && !isOwnStagedImageKey('products', id, key))
      throw badRequest(CATALOG_ADMIN_API_MSG.imageKeyOutside(i), `keys.${i}`);
  });
  const finalKeys = await Promise.all(
    keys.map(async (key, i) => {
      if (known.has(key)) return key;
      const saved = await saveStagedImage(env.imagesBucket, key);
      if ('key' in saved) return saved.key;
      if (saved.refused === 'missing') throw badRequest(CATALOG_ADMIN_API_MSG.imageNotUploaded(i), `keys.${i}`);
      throw badRequest(CATALOG_ADMIN_API_MSG.notAnImage, `keys.${i}`);
    }),
  );
  const removed = current.map((i) => i.key).filter((key) => key && !finalKeys.includes(key));
  if (removed.length) {
    try {
      await deleteObjects(env.imagesBucket, removed);
    } catch (error) {
      logger.error('image delete failed', { error: error as Error, productId: id });
      throw new AppError(
        502,
        CATALOG_ADMIN_API_MSG.imagesDeleteFailed,
        undefined,
        CATALOG_ADMIN_API_MSG.imagesDeleteFailedTitle,
      );
    }
  }
  const gallery = arrangeGallery(current, finalKeys, now.toISOString());
  const after = await setProductImages(id, gallery.images, gallery.image_url, now.toISOString());
  if (!after) throw notFound(CATALOG_ADMIN_API_MSG.notFoundProduct);
  return { before: toAdminProductDetailDto(product), after: toAdminProductDetailDto(after) };
}
