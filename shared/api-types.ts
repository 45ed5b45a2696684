/**
 * The public API contract: response shapes of the catalogue endpoints. Amounts are integer euro
 * cents; dates are ISO 8601 strings (UTC). Used by the functions (to build responses) and the SPA
 * (to read them).
 */
import type { PremiumTier, Membership } from './tiers';
import type { BundleCategory } from './constants';

/** One image of a product's gallery (spec 3 product_images). */
export interface ProductImageDto {
  id: string;
  /** Public URL, relative to the shop origin (e.g. '/media/products/{id}/{file}.svg'). */
  image_url: string;
  is_primary: boolean;
  created_at: string;
}

/** A product as the shop shows it (spec 3 products). */
export interface ProductDto {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  /** Price before a sale, or null. */
  original_price_cents: number | null;
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
}

/** GET /api/products/{id}: the product, its gallery and up to 3 related products. */
export interface ProductDetailDto extends ProductDto {
  images: ProductImageDto[];
  related: ProductDto[];
}

export interface CategoryDto {
  id: string;
  name: string;
  description: string;
}

/** GET /api/categories/{id}: the category and its products the caller may see. */
export interface CategoryDetailDto extends CategoryDto {
  products: ProductDto[];
}

export interface BundleDto {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  image_url: string | null;
  category: BundleCategory;
  is_premium: boolean;
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

/** An approved comment as the public sees it: the author is anonymous (spec 2 Reviews). */
export interface PublicCommentDto {
  id: string;
  content: string;
  created_at: string;
  is_pinned: boolean;
  admin_reply: string | null;
}

/** List envelope used by every collection endpoint. */
export interface ListResponse<T> {
  items: T[];
}

/** Error body of every 4xx/5xx answer: an Italian message and, for 400, the offending field. */
export interface ApiErrorBody {
  message: string;
  field?: string;
  /** Toast title where the spec gives one (e.g. 'Prodotto Esaurito'). */
  title?: string;
}

export type { Membership, PremiumTier };
