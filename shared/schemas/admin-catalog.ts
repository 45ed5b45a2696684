/**
 * Request schemas of the back office's catalogue (function 'admin-catalog'): products, images,
 * categories, bundles, digital assets, stock and comment moderation. Amounts are integer euro
 * cents. A failure answers 400 with an Italian message naming the field (labels below) and
 * nothing is written. The transforms carry the spec's form rules (spec 3, 5):
 *  - original price empty or 0 -> null; quantity empty/null -> 0; tier null/'none' -> 'none';
 *  - a product that is not digital has no digital asset (cleared, spec 3);
 *  - optional texts: empty -> null.
 */
import * as z from 'zod';
import { BUNDLE_CATEGORIES } from '../constants';
import { PREMIUM_TIERS } from '../tiers';
import { ASSET_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES, MAX_PRODUCT_IMAGES } from '../admin-catalog';
import { pageQuerySchema } from './index';

/** Largest amount a price field accepts: 1,000,000.00 euro. */
const MAX_CENTS = 100_000_000;
/** Largest stock number. */
const MAX_QUANTITY = 1_000_000;

const cents = z.number().int().min(0).max(MAX_CENTS);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional().transform((v) => (v ? v : null));
const httpUrl = z.url({ protocol: /^https?$/ }).max(1000);

/** POST /api/admin/products and PUT /api/admin/products/{id} (spec 3 products). */
export const productSchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).default(''),
  price_cents: cents,
  /** Spec 3: empty or 0 is saved as null. */
  original_price_cents: cents.nullable().optional().transform((v) => (v ? v : null)),
  category_id: z.uuid().nullable().default(null),
  badge: optionalText(40),
  rating: z.number().min(0).max(5).default(0),
  reviews: z.number().int().min(0).max(10_000_000).default(0),
  is_digital: z.boolean().default(false),
  digital_asset_id: z.uuid().nullable().default(null),
  /**
   * Units in stock. On create, missing/null is 0 (spec 3). On update, missing leaves the stock as
   * it is (so an edit of the text never undoes sales made meanwhile); null is 0.
   */
  quantity: z.number().int().min(-MAX_QUANTITY).max(MAX_QUANTITY).nullable().optional(),
  premium_tier: z.enum(PREMIUM_TIERS).nullable().default('none').transform((t) => t ?? 'none'),
  supplier_product_url: httpUrl.nullable().optional().or(z.literal('')).transform((v) => v || null),
}).strict().transform((p) => ({ ...p, digital_asset_id: p.is_digital ? p.digital_asset_id : null }));
export type ProductInput = z.output<typeof productSchema>;

/** Italian labels of the product fields (messages name them; `field` stays the key). */
export const PRODUCT_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  description: 'Descrizione',
  price_cents: 'Prezzo',
  original_price_cents: 'Prezzo originale',
  category_id: 'Categoria',
  badge: 'Badge',
  rating: 'Valutazione',
  reviews: 'Recensioni',
  is_digital: 'Prodotto digitale',
  digital_asset_id: 'Asset digitale',
  quantity: 'Quantità',
  premium_tier: 'Livello',
  supplier_product_url: 'URL prodotto fornitore',
};

/** Query of GET /api/admin/products: cursor paging, name search, category and tier filters. */
export const adminProductListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  category_id: z.uuid().optional(),
  premium_tier: z.enum(PREMIUM_TIERS).optional(),
}).strict();
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

/** One file the browser is about to upload. */
const imageFileSchema = z.object({
  name: z.string().trim().min(1).max(255),
  content_type: z.string().trim().regex(/^image\/[a-z0-9.+-]+$/i),
  size: z.number().int().min(1).max(IMAGE_UPLOAD_MAX_BYTES),
}).strict();

/** POST /api/admin/products/{id}/image-uploads: the files to upload (spec 4 "several images at once"). */
export const productImageUploadSchema = z.object({
  files: z.array(imageFileSchema).min(1).max(MAX_PRODUCT_IMAGES),
}).strict();

/** POST /api/admin/bundles/{id}/image-upload: the one image of a bundle. */
export const bundleImageUploadSchema = imageFileSchema;

/** An uploaded object's key as the client echoes it back (validated against its owner's prefix on the server). */
const objectKey = z.string().trim().min(1).max(400);

/**
 * PUT /api/admin/products/{id}/images: the gallery in display order, by object key (existing and
 * newly uploaded); the first is the primary image (spec 4 "Product image save").
 */
export const productImagesSchema = z.object({
  keys: z.array(objectKey).max(MAX_PRODUCT_IMAGES),
}).strict().refine((v) => new Set(v.keys).size === v.keys.length, { path: ['keys'], message: 'duplicate' });

/** PATCH /api/admin/products/{id}/stock: inline restock from the inventory alerts. */
export const stockSchema = z.object({
  quantity: z.number().int().min(-MAX_QUANTITY).max(MAX_QUANTITY),
}).strict();

/** POST/PUT /api/admin/categories (spec 5 "Category: name required"). */
export const categorySchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).default(''),
}).strict();
export const CATEGORY_FIELD_LABELS: Record<string, string> = { name: 'Nome', description: 'Descrizione' };

/**
 * POST/PUT /api/admin/bundles (spec 5 "Bundle: name and price required; category one of the three;
 * is_premium default false"). `product_ids` replaces the whole set (spec 4 "Bundle save").
 */
export const bundleSchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).default(''),
  price_cents: cents,
  category: z.enum(BUNDLE_CATEGORIES),
  is_premium: z.boolean().default(false),
  product_ids: z.array(z.uuid()).max(50).default([]).refine((ids) => new Set(ids).size === ids.length, 'duplicate'),
  /** Key of the uploaded image (bundles/{id}/...), or null for none. */
  image_key: objectKey.nullable().default(null),
}).strict();
export const BUNDLE_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  description: 'Descrizione',
  price_cents: 'Prezzo',
  category: 'Categoria',
  is_premium: 'Premium',
  product_ids: 'Prodotti',
  image_key: 'Immagine',
};

/** POST /api/admin/digital-assets/uploads: the file about to be uploaded to the private bucket (spec 5 asset upload). */
export const assetUploadSchema = z.object({
  name: z.string().trim().min(1).max(120),
  file_name: z.string().trim().min(1).max(255),
  content_type: z.string().trim().regex(/^[a-z]+\/[a-z0-9.+-]+$/i).max(100),
  size: z.number().int().min(1).max(ASSET_UPLOAD_MAX_BYTES),
}).strict();

/** POST /api/admin/digital-assets: records an uploaded file (spec 3 digital_assets). */
export const assetSchema = z.object({
  name: z.string().trim().min(1).max(120),
  file_path: objectKey,
}).strict();
export const ASSET_FIELD_LABELS: Record<string, string> = { name: 'Nome', file_name: 'File', file_path: 'File', content_type: 'Tipo di file', size: 'Dimensione' };

/** Query of GET /api/admin/comments: cursor paging and the pending filter. */
export const adminCommentListQuerySchema = pageQuerySchema.extend({
  pending: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
}).strict();

/** PATCH /api/admin/comments/{id}: approve, pin/unpin, reply (empty reply removes it). At least one field. */
export const commentModerationSchema = z.object({
  is_approved: z.boolean().optional(),
  is_pinned: z.boolean().optional(),
  admin_reply: z.string().trim().max(2000).nullable().optional().transform((v) => (v === undefined ? undefined : v || null)),
}).strict().refine((v) => v.is_approved !== undefined || v.is_pinned !== undefined || v.admin_reply !== undefined, { path: ['is_approved'], message: 'empty' });
export const COMMENT_FIELD_LABELS: Record<string, string> = { is_approved: 'Approvato', is_pinned: 'In evidenza', admin_reply: 'Risposta' };
