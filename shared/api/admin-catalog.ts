/**
 * Back-office catalogue API (function 'admin-catalog'): products and their images, categories,
 * bundles, digital assets, inventory alerts and comment moderation. Every route names the
 * capability it needs (shared/permissions.ts); its access level derives from it. Amounts are
 * integer euro cents; dates ISO 8601. Uploads never pass through the API: an upload-slot route
 * answers a presigned POST (URL + form fields) and the browser sends the file straight to S3.
 */
import type * as z from 'zod/mini';
import type {
  assetSchema,
  assetUploadSchema,
  bundleImageUploadSchema,
  bundleSchema,
  categorySchema,
  commentModerationSchema,
  productImageUploadSchema,
  productImagesSchema,
  productSchema,
  stockSchema,
  variantsSchema,
} from '../schemas/admin-catalog';
import type { ProductOption, VariantStatus } from '../variants';
import type { PremiumTier } from '../tiers';
import type { PriceChange, PriceReduction } from '../price-history';
import type { ProductSafety } from '../product-safety';
import type { BundleDto, CategoryDto, ProductDto, ProductImageDto } from './catalog';
import { staffRoute, type ListResponse, type PageResponse } from './route';

/** A product as the back office edits it: the shop's fields plus the admin-only ones. */
export interface AdminProductDto extends ProductDto {
  digital_asset_id: string | null;
  supplier_product_url: string | null;
  updated_at: string | null;
  /** The admin's choice to show the price as a reduction (`price_reduction` is then what the shop shows). */
  announce_reduction: boolean;
  /** The reduction the current price makes over its history, announced or not (null: none). */
  history_reduction: PriceReduction | null;
  /** GPSR safety information; null on a digital product, or on an imported one not completed yet. */
  product_safety: ProductSafety | null;
}

/** One gallery image with its object key (what PUT .../images takes back). */
export interface AdminProductImageDto extends ProductImageDto {
  key: string;
}

/** GET/PUT /api/admin/products/{id}: the product and its gallery, primary first. */
export interface AdminProductDetailDto extends AdminProductDto {
  images: AdminProductImageDto[];
  /** The recent recorded prices, newest first (enough for the 30-day lowest price of a new price). */
  price_history: PriceChange[];
}

/**
 * A presigned POST: send a multipart/form-data POST to `url` with every entry of `fields`, then
 * the file as the last field named 'file'. The policy fixes the key, the content type and the size.
 */
export interface UploadSlotDto {
  /** Object key the file will have, e.g. 'products/{id}/1764000000000-k3j9x2ab.jpg'. */
  key: string;
  url: string;
  fields: Record<string, string>;
  /** Largest accepted size in bytes. */
  max_bytes: number;
  /** ISO time after which S3 refuses the upload. */
  expires_at: string;
  /** The file's name as picked (echoed, to match slots to files). */
  file_name: string;
}

/** DELETE /api/admin/products/{id}: what went with the product. */
export interface ProductDeletedDto {
  deleted: true;
  id: string;
  /** Image objects removed from the images bucket. */
  images: number;
  /** Cart lines and wishlist items removed from shoppers' carts and wishlists. */
  cart_lines: number;
  wishlist_items: number;
  comments: number;
  /** Bundles the product was taken out of. */
  bundles: number;
}

/** A category as the back office lists it. */
export type AdminCategoryDto = CategoryDto;

/** DELETE /api/admin/categories/{id}: how many products became 'Senza Categoria'. */
export interface CategoryDeletedDto {
  deleted: true;
  id: string;
  uncategorised_products: number;
}

/** A product of a bundle, as the picker shows it. */
export interface BundleProductDto {
  id: string;
  name: string;
  premium_tier: PremiumTier;
  is_digital: boolean;
  image_url: string | null;
}

/** A bundle as the back office edits it. */
export interface AdminBundleDto extends BundleDto {
  product_ids: string[];
  /** The bundle's products that still exist, in product_ids order. */
  products: BundleProductDto[];
  image_key: string | null;
  /** Highest tier among its products; above 'none' the bundle is always premium. */
  highest_tier: PremiumTier;
}

/** A file of the digital library (digital_assets). */
export interface AdminDigitalAssetDto {
  id: string;
  name: string;
  file_path: string;
  file_type: string;
  size_bytes: number | null;
  created_at: string;
  /** Products delivering this file; while above 0 it cannot be deleted. */
  linked_products: number;
}

/**
 * A variant low on stock, as the inventory alerts list it: its product's fields with the variant's
 * own stock (`quantity`), id, label ('16 kg'; '' for a product without options) and SKU.
 */
export interface InventoryAlertDto extends AdminProductDto {
  variant_id: string;
  variant_label: string;
  sku: string;
}

/** GET /api/admin/inventory-alerts: variants of physical products sold out (quantity <= 0) and low on stock (1-5), lowest first. */
export interface InventoryAlertsDto {
  sold_out: InventoryAlertDto[];
  low_stock: InventoryAlertDto[];
}

/** A comment as moderation sees it (the Commenti screen). */
export interface AdminCommentDto {
  id: string;
  product_id: string;
  /** Name of the product, or null when it no longer exists. */
  product_name: string | null;
  user_id: string;
  content: string;
  is_approved: boolean;
  is_pinned: boolean;
  admin_reply: string | null;
  /** The author bought the product (decided by the server when the review was posted). */
  verified_purchase: boolean;
  created_at: string;
}

/** Answer of a delete. */
export interface DeletedDto {
  deleted: true;
  id: string;
}

export type ProductBody = z.input<typeof productSchema>;
export type ProductImageUploadBody = z.input<typeof productImageUploadSchema>;
export type ProductImagesBody = z.input<typeof productImagesSchema>;
export type StockBody = z.input<typeof stockSchema>;
export type VariantsBody = z.input<typeof variantsSchema>;

/** One variant in the back office's grid. Amounts in integer euro cents, weight in grams. */
export interface AdminVariantDto {
  id: string;
  sku: string;
  /** Its value of each option, in the product's option order ([] for a product without options). */
  option_values: string[];
  position: number;
  price_cents: number;
  announce_reduction: boolean;
  /** The 30-day lowest price its price makes a reduction over (art. 17-bis Codice del Consumo), or null. */
  price_reduction: PriceReduction | null;
  quantity: number;
  weight_grams: number | null;
  gtin: string | null;
  /** Ids of the product's gallery images it shows ([] = the product's gallery). */
  image_ids: string[];
  status: VariantStatus;
}

/** GET/PUT /api/admin/products/{id}/variants: a product's options and its variants in grid order. */
export interface AdminVariantsDto {
  product_id: string;
  options: ProductOption[];
  variants: AdminVariantDto[];
  /** The product's summary after the save: lowest and highest active price (cents), its stock. */
  price_cents: number;
  price_max_cents: number;
  quantity: number;
}
export type CategoryBody = z.input<typeof categorySchema>;
export type BundleBody = z.input<typeof bundleSchema>;
export type BundleImageUploadBody = z.input<typeof bundleImageUploadSchema>;
export type AssetUploadBody = z.input<typeof assetUploadSchema>;
export type AssetBody = z.input<typeof assetSchema>;
export type CommentModerationBody = z.input<typeof commentModerationSchema>;

const fn = 'admin-catalog' as const;

/** Catalogue, bundles, digital assets, inventory alerts and comments: staff work (collaborators and the admin). */
export const ADMIN_CATALOG_API = {
  products: staffRoute<PageResponse<AdminProductDto>>('catalogue', {
    method: 'GET',
    path: '/api/admin/products',
    fn,
    summary: 'Products by name, paged (q, category_id, premium_tier filters)',
  }),
  createProduct: staffRoute<AdminProductDetailDto, ProductBody>('catalogue', {
    method: 'POST',
    path: '/api/admin/products',
    fn,
    summary: 'Create a product (no images yet)',
  }),
  product: staffRoute<AdminProductDetailDto>('catalogue', {
    method: 'GET',
    path: '/api/admin/products/{id}',
    fn,
    summary: 'One product with its gallery',
  }),
  updateProduct: staffRoute<AdminProductDetailDto, ProductBody>('catalogue', {
    method: 'PUT',
    path: '/api/admin/products/{id}',
    fn,
    summary: 'Save a product (quantity only when sent)',
  }),
  deleteProduct: staffRoute<ProductDeletedDto>('catalogue', {
    method: 'DELETE',
    path: '/api/admin/products/{id}',
    fn,
    summary: 'Delete a product: images, cart and wishlist lines, comments, bundle links',
  }),
  productImageUploads: staffRoute<ListResponse<UploadSlotDto>, ProductImageUploadBody>('catalogue', {
    method: 'POST',
    path: '/api/admin/products/{id}/image-uploads',
    fn,
    summary: 'Presigned POSTs for new gallery images (image/*, 10 MB)',
  }),
  saveProductImages: staffRoute<AdminProductDetailDto, ProductImagesBody>('catalogue', {
    method: 'PUT',
    path: '/api/admin/products/{id}/images',
    fn,
    summary: 'Save the gallery order; removed files are deleted',
  }),
  setStock: staffRoute<InventoryAlertDto, StockBody>('inventory-alerts', {
    method: 'PATCH',
    path: '/api/admin/products/{id}/stock',
    fn,
    summary: 'Set, or add units to, the stock of a variant of a physical product (restock)',
  }),
  variants: staffRoute<AdminVariantsDto>('catalogue', {
    method: 'GET',
    path: '/api/admin/products/{id}/variants',
    fn,
    summary: "A product's options and variants (the variant grid)",
  }),
  saveVariants: staffRoute<AdminVariantsDto, VariantsBody>('catalogue', {
    method: 'PUT',
    path: '/api/admin/products/{id}/variants',
    fn,
    summary: "Save a product's options and variants (new ones with their starting stock; archive, never delete)",
  }),
  inventoryAlerts: staffRoute<InventoryAlertsDto>('inventory-alerts', {
    method: 'GET',
    path: '/api/admin/inventory-alerts',
    fn,
    summary: 'Variants of physical products sold out or low on stock',
  }),

  categories: staffRoute<ListResponse<AdminCategoryDto>>('catalogue', {
    method: 'GET',
    path: '/api/admin/categories',
    fn,
    summary: 'Categories by name',
  }),
  createCategory: staffRoute<AdminCategoryDto, CategoryBody>('catalogue', {
    method: 'POST',
    path: '/api/admin/categories',
    fn,
    summary: 'Create a category',
  }),
  updateCategory: staffRoute<AdminCategoryDto, CategoryBody>('catalogue', {
    method: 'PUT',
    path: '/api/admin/categories/{id}',
    fn,
    summary: 'Rename/describe a category (its products follow)',
  }),
  deleteCategory: staffRoute<CategoryDeletedDto>('catalogue', {
    method: 'DELETE',
    path: '/api/admin/categories/{id}',
    fn,
    summary: "Delete a category; its products become 'Senza Categoria'",
  }),

  bundles: staffRoute<ListResponse<AdminBundleDto>>('bundles', {
    method: 'GET',
    path: '/api/admin/bundles',
    fn,
    summary: 'Bundles with their products',
  }),
  createBundle: staffRoute<AdminBundleDto, BundleBody>('bundles', {
    method: 'POST',
    path: '/api/admin/bundles',
    fn,
    summary: 'Create a bundle',
  }),
  updateBundle: staffRoute<AdminBundleDto, BundleBody>('bundles', {
    method: 'PUT',
    path: '/api/admin/bundles/{id}',
    fn,
    summary: 'Save a bundle (replaces its product set)',
  }),
  deleteBundle: staffRoute<DeletedDto>('bundles', {
    method: 'DELETE',
    path: '/api/admin/bundles/{id}',
    fn,
    summary: 'Delete a bundle, its image and its cart lines',
  }),
  bundleImageUpload: staffRoute<UploadSlotDto, BundleImageUploadBody>('bundles', {
    method: 'POST',
    path: '/api/admin/bundles/{id}/image-upload',
    fn,
    summary: 'Presigned POST for the bundle image (image/*, 10 MB)',
  }),

  digitalAssets: staffRoute<ListResponse<AdminDigitalAssetDto>>('digital-assets', {
    method: 'GET',
    path: '/api/admin/digital-assets',
    fn,
    summary: 'Digital library, newest first',
  }),
  assetUpload: staffRoute<UploadSlotDto, AssetUploadBody>('digital-assets', {
    method: 'POST',
    path: '/api/admin/digital-assets/uploads',
    fn,
    summary: 'Presigned POST to the private files bucket (100 MB)',
  }),
  createAsset: staffRoute<AdminDigitalAssetDto, AssetBody>('digital-assets', {
    method: 'POST',
    path: '/api/admin/digital-assets',
    fn,
    summary: 'Record an uploaded file',
  }),
  deleteAsset: staffRoute<DeletedDto>('digital-assets', {
    method: 'DELETE',
    path: '/api/admin/digital-assets/{id}',
    fn,
    summary: 'Delete the file, then the record (refused while linked)',
  }),

  comments: staffRoute<PageResponse<AdminCommentDto>>('comments', {
    method: 'GET',
    path: '/api/admin/comments',
    fn,
    summary: 'Comments newest first (pending filter), with product name',
  }),
  moderateComment: staffRoute<AdminCommentDto, CommentModerationBody>('comments', {
    method: 'PATCH',
    path: '/api/admin/comments/{id}',
    fn,
    summary: 'Approve, pin/unpin, reply',
  }),
  deleteComment: staffRoute<DeletedDto>('comments', {
    method: 'DELETE',
    path: '/api/admin/comments/{id}',
    fn,
    summary: 'Delete a comment',
  }),
} as const;
