/**
 * Request schemas of the back office's catalogue (function 'admin-catalog'): products, images,
 * categories, bundles, digital assets, stock and comment moderation. Amounts are integer euro
 * cents. A failure answers 400 with an Italian message naming the field (labels below) and
 * nothing is written. The transforms carry the spec's product form rules:
 *  - quantity empty/null -> 0; tier null/'none' -> 'none';
 *  - a product that is not digital has no digital asset (cleared);
 *  - a physical product carries its safety information (shared/product-safety.ts, GPSR art. 19),
 *    a digital one none (cleared);
 *  - optional texts: empty -> null.
 * A struck-through price is never typed: the admin only chooses to announce a reduction
 * (`announce_reduction`) and the shop shows the 30-day lowest price of the history
 * (shared/price-history.ts, art. 17-bis Codice del Consumo).
 */
import * as z from 'zod/mini';
import { MAX_OPTION_TEXT, MAX_OPTIONS, MAX_SKU_LENGTH, MAX_VARIANTS } from '../variants';
import { BUNDLE_CATEGORIES } from '../constants';
import { PREMIUM_TIERS } from '../tiers';
import {
  ASSET_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_TYPES,
  MAX_PRODUCT_IMAGES,
  type ImageContentType,
} from '../admin-catalog';
import { DEFAULT_VAT_RATE, VAT_RATES } from '../vat';
import { PRODUCT_SAFETY_FIELD_LABELS, productSafetySchema } from '../product-safety';
import { optionalText, pageQuerySchema } from './index';

/** Largest amount a price field accepts: 1,000,000.00 euro. */
const MAX_CENTS = 100_000_000;
/** Largest stock number. */
const MAX_QUANTITY = 1_000_000;

const cents = z.number().check(z.int(), z.gte(0), z.lte(MAX_CENTS));
/** One of Italy's VAT rates (shared/vat.ts), 22 % when missing. */
const vatRate = z._default(z.literal(VAT_RATES), DEFAULT_VAT_RATE);
const httpUrl = z.url({ protocol: /^https?$/ }).check(z.maxLength(1000));
/** Trimmed text of 1..max characters. */
const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/** Trimmed text of at most max characters, '' when missing. */
const description = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max)), '');

/** POST /api/admin/products and PUT /api/admin/products/{id} (the product's fields). */
export const productSchema = z.lazy(() =>
  z.pipe(
    z
      .strictObject({
        name: requiredText(200),
        description: description(5000),
        price_cents: cents,
        /** Show the current price as a reduction (struck-through 30-day lowest price and badge) when the history allows it. */
        announce_reduction: z._default(z.boolean(), false),
        vat_rate: vatRate,
        category_id: z._default(z.nullable(z.uuid()), null),
        badge: optionalText(40),
        rating: z._default(z.number().check(z.gte(0), z.lte(5)), 0),
        reviews: z._default(z.number().check(z.int(), z.gte(0), z.lte(10_000_000)), 0),
        is_digital: z._default(z.boolean(), false),
        digital_asset_id: z._default(z.nullable(z.uuid()), null),
        /**
         * Units in stock. On create, missing/null is 0. On update, missing leaves the stock as
         * it is (so an edit of the text never undoes sales made meanwhile); null is 0.
         */
        quantity: z.optional(z.nullable(z.number().check(z.int(), z.gte(-MAX_QUANTITY), z.lte(MAX_QUANTITY)))),
        premium_tier: z.pipe(
          z._default(z.nullable(z.enum(PREMIUM_TIERS)), 'none'),
          z.transform((t) => t ?? 'none'),
        ),
        supplier_product_url: z.pipe(
          z.union([z.optional(z.nullable(httpUrl)), z.literal('')]),
          z.transform((v) => v || null),
        ),
        /** GPSR art. 19 (Reg. (EU) 2023/988): required for a physical product, dropped for a digital one. */
        product_safety: z._default(z.nullable(productSafetySchema), null),
      })
      .check(
        z.refine((p) => p.is_digital || p.product_safety !== null, { path: ['product_safety'], message: 'required' }),
      ),
    z.transform((p) => ({
      ...p,
      digital_asset_id: p.is_digital ? p.digital_asset_id : null,
      product_safety: p.is_digital ? null : p.product_safety,
    })),
  ),
);
export type ProductInput = z.output<typeof productSchema>;

/** Italian labels of the product fields (messages name them; `field` stays the key). */
export const PRODUCT_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  description: 'Descrizione',
  price_cents: 'Prezzo',
  announce_reduction: 'Annuncia la riduzione di prezzo',
  vat_rate: 'Aliquota IVA',
  category_id: 'Categoria',
  badge: 'Badge',
  rating: 'Valutazione',
  reviews: 'Recensioni',
  is_digital: 'Prodotto digitale',
  digital_asset_id: 'Asset digitale',
  quantity: 'Quantità',
  add: 'Pezzi da aggiungere',
  variant_id: 'Variante',
  premium_tier: 'Livello',
  supplier_product_url: 'URL prodotto fornitore',
  ...PRODUCT_SAFETY_FIELD_LABELS,
};

/** Query of GET /api/admin/products: cursor paging, name search, category and tier filters. */
export const adminProductListQuerySchema = z.lazy(() =>
  z.extend(pageQuerySchema, {
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    category_id: z.optional(z.uuid()),
    premium_tier: z.optional(z.enum(PREMIUM_TIERS)),
  }),
);
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

/** One file the browser is about to upload. */
const imageFileSchema = z.lazy(() =>
  z.strictObject({
    name: requiredText(255),
    content_type: z.enum(Object.keys(IMAGE_TYPES) as [ImageContentType, ...ImageContentType[]]),
    size: z.number().check(z.int(), z.gte(1), z.lte(IMAGE_UPLOAD_MAX_BYTES)),
  }),
);

/** POST /api/admin/products/{id}/image-uploads: the files to upload ("several images at once"). */
export const productImageUploadSchema = z.lazy(() =>
  z.strictObject({
    files: z.array(imageFileSchema).check(z.minLength(1), z.maxLength(MAX_PRODUCT_IMAGES)),
  }),
);

/** POST /api/admin/bundles/{id}/image-upload: the one image of a bundle. */
export const bundleImageUploadSchema = imageFileSchema;

/** An uploaded object's key as the client echoes it back (validated against its owner's prefix on the server). */
const objectKey = requiredText(400);

/**
 * PUT /api/admin/products/{id}/images: the gallery in display order, by object key (existing and
 * newly uploaded); the first is the primary image (the product image save rule).
 */
export const productImagesSchema = z.lazy(() =>
  z
    .strictObject({
      keys: z.array(objectKey).check(z.maxLength(MAX_PRODUCT_IMAGES)),
    })
    .check(z.refine((v) => new Set(v.keys).size === v.keys.length, { path: ['keys'], message: 'duplicate' })),
);

/**
 * PATCH /api/admin/products/{id}/stock: restock of one variant (absent: the product's default
 * variant, whose id is the product's): either the stock to set (`quantity`, the inventory alerts'
 * field) or the units to add to the stock as it is when written (`add`, the variant grid's '+5
 * pezzi', so a sale made meanwhile is kept). Exactly one of the two.
 */
export const stockSchema = z.lazy(() =>
  z
    .strictObject({
      quantity: z.optional(z.number().check(z.int(), z.gte(-MAX_QUANTITY), z.lte(MAX_QUANTITY))),
      add: z.optional(z.number().check(z.int(), z.gte(1), z.lte(MAX_QUANTITY))),
      variant_id: z.optional(z.uuid()),
    })
    .check(
      z.refine((v) => (v.quantity === undefined) !== (v.add === undefined), {
        path: ['quantity'],
        message: 'quantity or add',
      }),
    ),
);

/**
 * PUT /api/admin/products/{id}/variants: the product's options (at most three, each with its ordered
 * values) and every variant, in grid order (shared/variants.ts). An existing variant carries its
 * id; a new one has none and may carry its starting stock (`quantity`). The rules between the
 * fields (values of the options, unique combinations and SKUs, GTIN check digit) are checked by the
 * use case with variantsProblem, each answering 400 naming its field.
 */
export const variantsSchema = z.lazy(() =>
  z.strictObject({
    options: z
      .array(
        z.strictObject({
          name: z.string().check(z.maxLength(MAX_OPTION_TEXT * 2)),
          values: z.array(z.string().check(z.maxLength(MAX_OPTION_TEXT * 2))).check(z.maxLength(MAX_VARIANTS)),
        }),
      )
      .check(z.maxLength(MAX_OPTIONS * 2)),
    variants: z
      .array(
        z.strictObject({
          id: z.optional(z.uuid()),
          option_values: z.array(z.string().check(z.maxLength(MAX_OPTION_TEXT * 2))).check(z.maxLength(MAX_OPTIONS)),
          sku: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_SKU_LENGTH)),
          price_cents: z.number().check(z.int(), z.gte(1), z.lte(MAX_CENTS)),
          announce_reduction: z._default(z.boolean(), false),
          quantity: z.optional(z.number().check(z.int(), z.gte(0), z.lte(MAX_QUANTITY))),
          weight_grams: z._default(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(1_000_000))), null),
          gtin: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(14))), null),
          image_ids: z._default(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(20)), []),
          status: z._default(z.enum(['active', 'archived']), 'active'),
        }),
      )
      .check(z.minLength(1), z.maxLength(MAX_VARIANTS)),
  }),
);

/** Labels of the variant grid's fields (the 400 messages name them). */
export const VARIANT_FIELD_LABELS: Record<string, string> = {
  options: 'Opzioni',
  variants: 'Varianti',
};

/** POST/PUT /api/admin/categories ("Category: name required"). */
export const categorySchema = z.lazy(() =>
  z.strictObject({
    name: requiredText(100),
    description: description(1000),
  }),
);
export const CATEGORY_FIELD_LABELS: Record<string, string> = { name: 'Nome', description: 'Descrizione' };

/**
 * POST/PUT /api/admin/bundles ("Bundle: name and price required; category one of the three;
 * is_premium default false"). `product_ids` replaces the whole set (the bundle save rule).
 */
export const bundleSchema = z.lazy(() =>
  z.strictObject({
    name: requiredText(200),
    description: description(5000),
    price_cents: cents,
    vat_rate: vatRate,
    category: z.enum(BUNDLE_CATEGORIES),
    is_premium: z._default(z.boolean(), false),
    product_ids: z
      ._default(z.array(z.uuid()).check(z.maxLength(50)), [])
      .check(z.refine((ids) => new Set(ids).size === ids.length, 'duplicate')),
    /** Key of the uploaded image (bundles/{id}/...), or null for none. */
    image_key: z._default(z.nullable(objectKey), null),
  }),
);
export const BUNDLE_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  description: 'Descrizione',
  price_cents: 'Prezzo',
  vat_rate: 'Aliquota IVA',
  category: 'Categoria',
  is_premium: 'Premium',
  product_ids: 'Prodotti',
  image_key: 'Immagine',
};

/** POST /api/admin/digital-assets/uploads: the file about to be uploaded to the private bucket (asset upload rule). */
export const assetUploadSchema = z.lazy(() =>
  z.strictObject({
    name: requiredText(120),
    file_name: requiredText(255),
    content_type: z.string().check(z.trim(), z.regex(/^[a-z]+\/[a-z0-9.+-]+$/i), z.maxLength(100)),
    size: z.number().check(z.int(), z.gte(1), z.lte(ASSET_UPLOAD_MAX_BYTES)),
  }),
);

/** POST /api/admin/digital-assets: records an uploaded file (a digital asset's fields). */
export const assetSchema = z.lazy(() =>
  z.strictObject({
    name: requiredText(120),
    file_path: objectKey,
  }),
);
export const ASSET_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  file_name: 'File',
  file_path: 'File',
  content_type: 'Tipo di file',
  size: 'Dimensione',
};

/** Query of GET /api/admin/comments: cursor paging and the pending filter. */
export const adminCommentListQuerySchema = z.lazy(() =>
  z.extend(pageQuerySchema, {
    pending: z.pipe(
      z.optional(z.enum(['true', 'false'])),
      z.transform((v) => v === 'true'),
    ),
  }),
);

/** PATCH /api/admin/comments/{id}: approve, pin/unpin, reply (empty reply removes it). At least one field. */
export const commentModerationSchema = z.lazy(() =>
  z
    .strictObject({
      is_approved: z.optional(z.boolean()),
      is_pinned: z.optional(z.boolean()),
      admin_reply: z.pipe(
        z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(2000)))),
        z.transform((v) => (v === undefined ? undefined : v || null)),
      ),
    })
    .check(
      z.refine((v) => v.is_approved !== undefined || v.is_pinned !== undefined || v.admin_reply !== undefined, {
        path: ['is_approved'],
        message: 'empty',
      }),
    ),
);
export const COMMENT_FIELD_LABELS: Record<string, string> = {
  is_approved: 'Approvato',
  is_pinned: 'In evidenza',
  admin_reply: 'Risposta',
};
