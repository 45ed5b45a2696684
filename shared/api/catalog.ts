/**
 * Catalogue API (public reads): routes and their DTOs. Amounts are integer euro cents; dates are
 * ISO 8601 strings (UTC).
 */
import type { PremiumTier, Membership } from '../tiers';
import type { BundleCategory } from '../constants';
import type { PriceReduction } from '../price-history';
import type { ProductSafety } from '../product-safety';
import type { VatRate } from '../vat';
import type { ProductOption, VariantStatus } from '../variants';
import { route, type ListResponse, type PageResponse } from './route';

/** One image of a product's gallery (product_images). */
export interface ProductImageDto {
  id: string;
  /** Public URL, relative to the shop origin (e.g. '/media/products/{id}/{file}.svg'). */
  image_url: string;
  is_primary: boolean;
  created_at: string;
}

/** A product as the shop shows it. */
export interface ProductDto {
  id: string;
  name: string;
  description: string;
  /** The public price, VAT included. */
  price_cents: number;
  /**
   * An announced price reduction: the lowest price of the 30 days before it (struck through, with
   * 'Prezzo più basso degli ultimi 30 giorni'; art. 17-bis Codice del Consumo), or null when the
   * product is not announced as reduced or its history does not make the price a reduction.
   */
  price_reduction: PriceReduction | null;
  /** VAT rate included in the price, percent. */
  vat_rate: VatRate;
  /** Primary image URL, or null when the product has no image. */
  image_url: string | null;
  category_id: string | null;
  /** Joined category name, or null (the SPA shows 'Senza Categoria'). */
  category: string | null;
  badge: string | null;
  rating: number;
  reviews: number;
  is_digital: boolean;
  /** Units in stock (physical products). */
  quantity: number;
  premium_tier: PremiumTier;
  created_at: string;
  /**
   * A product with options whose variants' prices differ: the highest active price (cents); the
   * listing shows 'da {price_cents}'. Absent on products without options.
   */
  price_max_cents?: number;
  /**
   * True on a product with options (absent otherwise): its card and wishlist entry lead to the
   * product page, where the shopper chooses the variant to add.
   */
  has_options?: true;
  /**
   * Search results only (GET /api/products?q=): the SKU of the variant the query named by its
   * option values or SKU ('kettlebell 16 kg'), for a link to `/product/{id}?variant={SKU}`.
   * Absent otherwise.
   */
  variant_sku?: string;
}

/**
 * One variant as the product page's picker reads it (products with options only). An archived
 * variant is listed too: the picker shows its values as unavailable, never hides them.
 */
export interface ProductVariantDto {
  id: string;
  sku: string;
  /** Its value of each option, in the product's option order. */
  option_values: string[];
  /** Public price, VAT included, cents. */
  price_cents: number;
  /** Its announced reduction over its own 30-day lowest price (art. 17-bis Codice del Consumo), or null. */
  price_reduction: PriceReduction | null;
  /** Units in stock (0 when archived). */
  quantity: number;
  /** Ids of the product's images it shows, first the primary ([] = the product's gallery). */
  image_ids: string[];
  status: VariantStatus;
}

/** GET /api/products/{id}: the product, its gallery and up to 3 related products. */
export interface ProductDetailDto extends ProductDto {
  /** GPSR safety information (manufacturer, EU responsible person, warnings) of a physical product, or null. */
  product_safety: ProductSafety | null;
  images: ProductImageDto[];
  related: ProductDto[];
  /** A product with options: its options (ordered values) and every variant, in the shop's order. Absent otherwise. */
  options?: ProductOption[];
  variants?: ProductVariantDto[];
}

export interface CategoryDto {
  id: string;
  name: string;
  description: string;
}

/** GET /api/categories/{id}: the category and its products the caller may see. */
/**
 * GET /api/categories/{id}: the category and one page of the products the caller may see
 * (`items`; `next_cursor`: send it back with the same q for the next page, null on the last).
 */
export interface CategoryDetailDto extends CategoryDto, PageResponse<ProductDto> {}

export interface BundleDto {
  id: string;
  name: string;
  description: string;
  /** VAT included. */
  price_cents: number;
  /** VAT rate included in the price, percent. */
  vat_rate: VatRate;
  image_url: string | null;
  category: BundleCategory;
  is_premium: boolean;
  /** The highest tier among its products: members below it cannot see or buy the bundle. */
  access_tier: PremiumTier;
  product_count: number;
  created_at: string;
}

export interface SubscriptionPlanDto {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  duration_months: number;
  subscription_tier: Exclude<PremiumTier, 'none'>;
  discount_tier_id: string | null;
  discount_percentage: number;
}

/** An approved comment as the public sees it: the author is anonymous (the product page's reviews). */
export interface PublicCommentDto {
  id: string;
  content: string;
  created_at: string;
  is_pinned: boolean;
  admin_reply: string | null;
  /** 'Acquisto verificato': the author had bought the product when posting (decided by the server). */
  verified_purchase: boolean;
}

/** A discount tier. */
export interface DiscountTierDto {
  id: string;
  name: string;
  discount_percentage: number;
}

/** A shipping method. Amounts in cents; empty fields are null. */
export interface ShippingMethodDto {
  id: string;
  name: string;
  cost_cents: number;
  /** Goods total (after discounts) from which this method is free, or null. */
  free_shipping_threshold_cents: number | null;
  description: string | null;
  estimated_delivery_days_min: number | null;
  estimated_delivery_days_max: number | null;
}

/** Premium showcase item (GET /api/premium-products): name, image and tier, never the restricted details. */
export interface PremiumProductDto {
  id: string;
  name: string;
  image_url: string | null;
  category: string | null;
  premium_tier: PremiumTier;
  /** True when the caller's level opens this product. */
  accessible: boolean;
}

/** Query of GET /api/products. */
export interface ProductListQuery {
  /** Case-insensitive name substring. */
  q?: string;
  category_id?: string;
  /** Page size 1..100 (default 25). */
  limit?: number;
  /** The previous page's next_cursor. */
  cursor?: string;
}

/** Public catalogue routes (function 'catalog': read-only). */
export const CATALOG_API = {
  products: route<PageResponse<ProductDto>>({
    method: 'GET',
    path: '/api/products',
    fn: 'catalog',
    access: 'public',
    summary: 'Products the caller may see, paged (q, category_id filters; limit, cursor)',
  }),
  product: route<ProductDetailDto>({
    method: 'GET',
    path: '/api/products/{id}',
    fn: 'catalog',
    access: 'public',
    summary: 'Product with images and up to 3 related',
  }),
  productComments: route<PageResponse<PublicCommentDto>>({
    method: 'GET',
    path: '/api/products/{id}/comments',
    fn: 'catalog',
    access: 'public',
    summary: 'Approved comments, pinned first then newest, paged (limit, cursor)',
  }),
  premiumProducts: route<PageResponse<PremiumProductDto>>({
    method: 'GET',
    path: '/api/premium-products',
    fn: 'catalog',
    access: 'public',
    summary: 'Premium-tier showcase by name, paged (limit, cursor; names only for non-members)',
  }),
  categories: route<ListResponse<CategoryDto>>({
    method: 'GET',
    path: '/api/categories',
    fn: 'catalog',
    access: 'public',
    summary: 'Categories by name',
  }),
  category: route<CategoryDetailDto>({
    method: 'GET',
    path: '/api/categories/{id}',
    fn: 'catalog',
    access: 'public',
    summary: 'Category with one page of its visible products (q, limit, cursor)',
  }),
  bundles: route<ListResponse<BundleDto>>({
    method: 'GET',
    path: '/api/bundles',
    fn: 'catalog',
    access: 'public',
    summary: 'Bundles (premium ones for members) with product count',
  }),
  subscriptionPlans: route<ListResponse<SubscriptionPlanDto>>({
    method: 'GET',
    path: '/api/subscription-plans',
    fn: 'catalog',
    access: 'public',
    summary: 'Subscription plans by duration',
  }),
  discountTiers: route<ListResponse<DiscountTierDto>>({
    method: 'GET',
    path: '/api/discount-tiers',
    fn: 'catalog',
    access: 'public',
    summary: 'Discount tiers',
  }),
  shippingMethods: route<ListResponse<ShippingMethodDto>>({
    method: 'GET',
    path: '/api/shipping-methods',
    fn: 'catalog',
    access: 'public',
    summary: 'Shipping methods ordered by cost',
  }),
} as const;

export type { Membership, PremiumTier };
