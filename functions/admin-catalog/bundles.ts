/**
 * Bundle use-cases of the back office (the Bundle screen; "Bundle save replaces the full product
 * association set"; the bundle validation rules).
 * A bundle holding any tier-restricted product is always premium (shared/admin-catalog.ts
 * bundleIsPremium), on bundle save and when a product of it is raised to a tier.
 */
import { randomUUID } from 'node:crypto';
import type { AdminBundleDto, DeletedDto, UploadSlotDto } from '../../shared/api/admin-catalog';
import { bundleIsPremium, type ImageContentType } from '../../shared/admin-catalog';
import { cartLineId } from '../../shared/cart';
import { bundleAccessTier, type PremiumTier } from '../../shared/tiers';
import { CATALOG_ADMIN_API_MSG } from '../../shared/messages/admin-catalog';
import type * as z from 'zod/mini';
import type { bundleSchema } from '../../shared/schemas/admin-catalog';
import * as catalog from '../data/catalog-repository';
import { createBundle, deleteBundleItem, replaceBundle, setBundleProducts } from '../data/catalog-admin-repository';
import { removeFromAllCarts } from '../data/holders-repository';
import type { BundleRecord, ProductRecord } from '../data/catalog-items';
import { badRequest, notFound } from '../lib/errors';
import type { Change } from '../lib/audit';
import { env } from '../lib/env';
import { mediaKey, mediaUrl } from '../lib/media';
import { deleteObjects, listKeys } from '../lib/s3';
import { imageKey, imageUploadSlot, isOwnStagedImageKey, saveStagedImage } from './uploads';
import { toAdminBundleDto } from './dto';

export type BundleInput = z.output<typeof bundleSchema>;

/** The products of some bundles, by id (1 BatchGetItem per 100 distinct ids). */
async function productsOf(bundles: readonly BundleRecord[]): Promise<Map<string, ProductRecord>> {
  const ids = [...new Set(bundles.flatMap((b) => b.product_ids ?? []))];
  return new Map((ids.length ? await catalog.getProductsByIds(ids) : []).map((p) => [p.id, p]));
}

/** GET /api/admin/bundles: every bundle with its products, created_at ascending. 1 Query (AP6) + 1 BatchGetItem per 100 products. */
export async function listAdminBundles(): Promise<AdminBundleDto[]> {
  const bundles = await catalog.listBundles();
  const products = await productsOf(bundles);
  return bundles.map((b) => toAdminBundleDto(b, products));
}

async function requireBundle(id: string): Promise<BundleRecord> {
  const bundle = await catalog.getBundle(id);
  if (!bundle) throw notFound(CATALOG_ADMIN_API_MSG.notFoundBundle);
  return bundle;
}

/**
 * Checks the product set and derives is_premium from the products' tiers.
 * @throws AppError 400 field product_ids when a product does not exist
 */
async function resolveProducts(
  input: BundleInput,
): Promise<{ products: Map<string, ProductRecord>; isPremium: boolean; accessTier: PremiumTier }> {
  const found = input.product_ids.length ? await catalog.getProductsByIds(input.product_ids) : [];
  const products = new Map(found.map((p) => [p.id, p]));
  const missing = input.product_ids.filter((id) => !products.has(id)).length;
  if (missing) throw badRequest(CATALOG_ADMIN_API_MSG.bundleProductsMissing(missing), 'product_ids');
  return {
    products,
    isPremium: bundleIsPremium(
      input.is_premium,
      found.map((p) => p.premium_tier),
    ),
    accessTier: bundleAccessTier(found),
  };
}

/** The key of a bundle's image: recorded, or read from its media URL (seeded bundles). */
export function bundleImageKey(b: BundleRecord): string | null {
  return b.image_key ?? mediaKey(b.image_url);
}

/**
 * The image key to store: the current one, none, or a newly named staged upload of this bundle,
 * checked to be an image of an allowed type and copied to its final key.
 * @throws AppError 400 field image_key
 */
async function acceptImageKey(bundleId: string, key: string | null, current: string | null): Promise<string | null> {
  if (!key || key === current) return key;
  if (!isOwnStagedImageKey('bundles', bundleId, key))
    throw badRequest(CATALOG_ADMIN_API_MSG.bundleImageKeyOutside, 'image_key');
  const saved = await saveStagedImage(env.imagesBucket, key);
  if ('key' in saved) return saved.key;
  if (saved.refused === 'missing') throw badRequest(CATALOG_ADMIN_API_MSG.assetNotUploaded, 'image_key');
  throw badRequest(CATALOG_ADMIN_API_MSG.notAnImage, 'image_key');
}

function recordOf(
  id: string,
  createdAt: string,
  input: BundleInput,
  resolved: { isPremium: boolean; accessTier: PremiumTier },
  imageUrlOf: (key: string) => string,
): BundleRecord {
  return {
    id,
    name: input.name,
    description: input.description,
    price_cents: input.price_cents,
    vat_rate: input.vat_rate,
    category: input.category,
    is_premium: resolved.isPremium,
    access_tier: resolved.accessTier,
    product_ids: input.product_ids,
    image_key: input.image_key,
    image_url: input.image_key ? imageUrlOf(input.image_key) : null,
    created_at: createdAt,
  };
}

/**
 * POST /api/admin/bundles. A new bundle has no image yet (its upload slot needs the id): image_key
 * must be null. @throws AppError 400
 */
export async function createAdminBundle(input: BundleInput, now = new Date()): Promise<Change<AdminBundleDto>> {
  if (input.image_key) throw badRequest(CATALOG_ADMIN_API_MSG.bundleImageKeyOutside, 'image_key');
  const { products, ...resolved } = await resolveProducts(input);
  const record = recordOf(randomUUID(), now.toISOString(), input, resolved, mediaUrl);
  await createBundle(record);
  return { before: null, after: toAdminBundleDto(record, products) };
}

/**
 * PUT /api/admin/bundles/{id}: replaces the bundle and its whole product set. A replaced or
 * removed image's file is deleted from S3 after the save.
 * @throws AppError 404, 400
 */
export async function updateAdminBundle(
  id: string,
  input: BundleInput,
  now = new Date(),
): Promise<Change<AdminBundleDto>> {
  const before = await requireBundle(id);
  const currentKey = bundleImageKey(before);
  const { products, ...resolved } = await resolveProducts(input);
  const imageKey = await acceptImageKey(id, input.image_key, currentKey);
  const record = recordOf(id, before.created_at, { ...input, image_key: imageKey }, resolved, mediaUrl);
  if (!(await replaceBundle(record, before.price_cents, now.toISOString())))
    throw notFound(CATALOG_ADMIN_API_MSG.notFoundBundle);
  if (currentKey && currentKey !== imageKey) await deleteObjects(env.imagesBucket, [currentKey]);
  const beforeProducts = await productsOf([before]);
  return { before: toAdminBundleDto(before, beforeProducts), after: toAdminBundleDto(record, products) };
}

/**
 * DELETE /api/admin/bundles/{id}: its image files (bundles/{id}/...), its cart lines (AP42), then the item.
 * @throws AppError 404
 */
export async function deleteAdminBundle(id: string): Promise<{ result: DeletedDto; before: AdminBundleDto }> {
  const before = await requireBundle(id);
  const files = await listKeys(env.imagesBucket, `bundles/${id}/`);
  if (files.length) await deleteObjects(env.imagesBucket, files);
  await removeFromAllCarts(cartLineId('bundle', id));
  if (!(await deleteBundleItem(id))) throw notFound(CATALOG_ADMIN_API_MSG.notFoundBundle);
  return { result: { deleted: true, id }, before: toAdminBundleDto(before, await productsOf([before])) };
}

/**
 * POST /api/admin/bundles/{id}/image-upload: a presigned POST for the staged key
 * uploads/bundles/{id}/{timestamp-random}.{ext}. @throws AppError 404
 */
export async function bundleImageSlot(
  id: string,
  file: { name: string; content_type: ImageContentType },
  now = new Date(),
): Promise<UploadSlotDto> {
  await requireBundle(id);
  return imageUploadSlot(env.imagesBucket, imageKey('bundles', id, file.content_type, now), file, now);
}

/**
 * Keeps the bundles holding a product true to their products: `access_tier` (the highest tier,
 * shared/tiers.ts) and `is_premium` (forced on when any product has a tier; an admin's own choice
 * of premium is kept). Called after a product's tier changed (`without` unset) or before the
 * product is deleted (`without` = its id: it leaves the bundles). AP6 (1 Query) + 1 BatchGetItem +
 * 1 UpdateItem per bundle that changes.
 * @returns the number of bundles changed
 */
export async function syncBundlesOfProduct(productId: string, without?: string): Promise<number> {
  const holding = (await catalog.listBundles()).filter((b) => (b.product_ids ?? []).includes(productId));
  if (holding.length === 0) return 0;
  const products = new Map(
    (await catalog.getProductsByIds([...new Set(holding.flatMap((b) => b.product_ids))])).map((p) => [p.id, p]),
  );
  let changed = 0;
  for (const b of holding) {
    const ids = b.product_ids.filter((id) => id !== without);
    const own = ids.map((id) => products.get(id)).filter((p): p is ProductRecord => Boolean(p));
    const accessTier = bundleAccessTier(own);
    const isPremium = bundleIsPremium(
      Boolean(b.is_premium),
      own.map((p) => p.premium_tier),
    );
    if (ids.length === b.product_ids.length && accessTier === b.access_tier && isPremium === Boolean(b.is_premium))
      continue;
    if (await setBundleProducts(b.id, ids, isPremium, accessTier)) changed += 1;
  }
  return changed;
}
