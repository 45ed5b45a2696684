/**
 * Stored shapes of catalogue items and their mapping to API DTOs. Amounts are integer euro cents.
 */
import type { BundleCategory } from '../../shared/constants';
import type { PriceReduction } from '../../shared/price-history';
import type { ProductSafety } from '../../shared/product-safety';
import { vatRateOf, type VatRate } from '../../shared/vat';
import type { PremiumTier, SubscriptionTier } from '../../shared/tiers';
import { normaliseTier } from '../../shared/tiers';
import type { ProductOption, VariantStatus } from '../../shared/variants';
import type {
  BundleDto,
  CategoryDto,
  DiscountTierDto,
  ProductDetailDto,
  ProductDto,
  ProductImageDto,
  PublicCommentDto,
  SubscriptionPlanDto,
} from '../../shared/api/catalog';

export interface ProductImage {
  id: string;
  /** S3 key in the images bucket, e.g. 'products/{productId}/{timestamp-random}.svg'. */
  key: string;
  image_url: string;
  is_primary: boolean;
  created_at: string;
  /** The supplier image URL it was downloaded from by the import (absent for images uploaded by hand). */
  source_url?: string;
}

export interface ProductRecord {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  /**
   * The admin announces the current price as a reduction: the shop then shows `price_reduction`
   * (struck-through 30-day lowest price, badge). Absent = false.
   */
  announce_reduction?: boolean;
  /**
   * The reduction the current price makes over the price history (shared/price-history.ts,
   * art. 17-bis Codice del Consumo), or null: computed and stored by every writer that changes the
   * price, in the write that records the price (price-history-repository.ts). Absent = null.
   */
  price_reduction?: PriceReduction | null;
  /** VAT rate, percent (shared/vat.ts); absent = 22. */
  vat_rate?: VatRate;
  /** GPSR safety information (shared/product-safety.ts); physical products saved in the back office always have it. */
  product_safety?: ProductSafety | null;
  image_url: string | null;
  category_id: string | null;
  /** Denormalised category name (kept in step by category renames). */
  category_name: string | null;
  badge: string | null;
  rating: number;
  reviews: number;
  is_digital: boolean;
  digital_asset_id: string | null;
  /**
   * Units in stock of the product: the sum of its active variants' `quantity` (the stock itself
   * lives on the variant items), kept by every write of a variant's stock in the same transaction,
   * so the listings read the stock state without reading the variants.
   */
  quantity: number;
  premium_tier: PremiumTier;
  /**
   * The product's options and their values, in the shop's order (shared/variants.ts); absent or
   * empty for a product without options (one default variant).
   */
  options?: ProductOption[];
  /** Active variants (absent on items written before variants: 1). Written by every variant save. */
  variant_count?: number;
  /**
   * The highest price of its active variants (cents); `price_cents` is the lowest, so the listing
   * shows 'da {price}' when they differ. Absent: equal to price_cents.
   */
  price_max_cents?: number;
  supplier_product_url: string | null;
  created_at: string;
  /** Last back-office save (absent on items never edited). */
  updated_at?: string | null;
  /** Gallery, primary first. */
  images: ProductImage[];
  /**
   * Supplier link (absent or null = not linked). Set by the import from the supplier whose
   * domain matches the page; the stock sync reads the variants of the products that have one (their
   * supplier SKU and level are on the variant items).
   */
  supplier_id?: string | null;
}

/**
 * One variant of a product (shared/variants.ts): the unit a shopper buys and the shop counts. Stored
 * in its product's partition (`PRODUCT#{product_id}` / `VARIANT#{id}`), so the product page reads
 * the product and its variants with one Query. A product without options has exactly one variant,
 * whose id is the product's id. Amounts in integer euro cents.
 */
export interface VariantRecord {
  id: string;
  product_id: string;
  /** Unique in the shop (compared upper-cased; claimed by a `SKU#{SKU}` item in the same write). */
  sku: string;
  /** Its value of each of the product's options, in the product's option order; [] for a default variant. */
  option_values: string[];
  /** Its place among the product's variants (the grid's and the picker's order). */
  position: number;
  /** Public price, VAT included. */
  price_cents: number;
  /**
   * The admin announces the current price as a reduction: the shop then shows `price_reduction`
   * (the struck-through 30-day lowest price, art. 17-bis Codice del Consumo): the only compare-at
   * price the law lets an Italian shop show. Absent = false.
   */
  announce_reduction?: boolean;
  /** The reduction the variant's price makes over its own price history, or null (price-history-repository.ts). */
  price_reduction?: PriceReduction | null;
  /** Units in stock (physical products); taken by checkouts IF quantity >= n, never below 0. */
  quantity: number;
  /** Shipping weight in grams, or null. */
  weight_grams: number | null;
  /** GTIN (EAN/UPC) with a valid check digit, or null. */
  gtin: string | null;
  /** Ids of the product's gallery images this variant shows, first the primary; empty = the product's gallery. */
  image_ids: string[];
  /** Archived variants are no longer sold; their orders, carts and history stay valid. */
  status: VariantStatus;
  /** The supplier's SKU of this variant, when its supplier page gives one (the stock sync matches by it). */
  supplier_sku?: string | null;
  /** The supplier's stock level as of the last sync, lowered by our sales since (stock-sync-engine.ts). */
  supplier_level?: number | null;
  /** ISO time of the last sync that read the supplier's level; absent/null = never. */
  supplier_synced_at?: string | null;
  created_at: string;
  updated_at?: string | null;
}

export interface CategoryRecord {
  id: string;
  name: string;
  description: string;
}

export interface BundleRecord {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  /** VAT rate, percent (shared/vat.ts); absent = 22. */
  vat_rate?: VatRate;
  image_url: string | null;
  category: BundleCategory;
  is_premium: boolean;
  /** bundle_products: the ids of the bundle's products, replaced whole on save. */
  product_ids: string[];
  /**
   * The highest premium_tier of its products (shared/tiers.ts bundleAccessTier), written by
   * putBundle and the back office's bundle writes (admin-catalog); absent on bundles written before it existed.
   */
  access_tier?: PremiumTier;
  /** Key of its image in the images bucket ('bundles/{id}/...'), when it has one. */
  image_key?: string | null;
  created_at: string;
}

export interface PlanRecord {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  duration_months: number;
  subscription_tier: SubscriptionTier;
  discount_tier_id: string | null;
  discount_percentage: number;
  /**
   * Set when the admin deletes the plan (ISO): it leaves the PLANS collection (no longer listed or
   * sold) but the item stays for the members who hold it until their period ends.
   */
  archived_at?: string | null;
  /**
   * The Stripe Price the plan is sold at, with the amount and months it was created for:
   * a plan whose price or duration differs gets a new Price at its next sale.
   */
  stripe_price_id?: string;
  stripe_price_cents?: number;
  stripe_price_months?: number;
}

export interface DiscountTierRecord {
  id: string;
  name: string;
  discount_percentage: number;
  /**
   * Ids of the listed plans that copy this tier's percentage (kept by every plan write in the same
   * transaction), so a percentage change rewrites exactly them. Stored as a string set.
   */
  plan_ids?: string[];
  /** Bumped by every write of the tier or of a plan linking to it (optimistic concurrency). */
  version?: number;
}

export interface CommentRecord {
  id: string;
  product_id: string;
  user_id: string;
  content: string;
  is_approved: boolean;
  is_pinned: boolean;
  admin_reply: string | null;
  /** The author had bought the product when posting (absent on seeded comments: false). */
  verified_purchase?: boolean;
  /** Last moderation (approve, pin, reply). */
  moderated_at?: string;
  created_at: string;
}

export function toProductDto(p: ProductRecord): ProductDto {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price_cents: p.price_cents,
    price_reduction: p.announce_reduction ? (p.price_reduction ?? null) : null,
    vat_rate: vatRateOf(p),
    image_url: p.image_url ?? null,
    category_id: p.category_id ?? null,
    category: p.category_name ?? null,
    badge: p.badge ?? null,
    rating: p.rating ?? 0,
    reviews: p.reviews ?? 0,
    is_digital: Boolean(p.is_digital),
    quantity: p.quantity ?? 0,
    premium_tier: normaliseTier(p.premium_tier),
    created_at: p.created_at,
    ...(p.options?.length && p.price_max_cents !== undefined && p.price_max_cents !== p.price_cents
      ? { price_max_cents: p.price_max_cents }
      : {}),
    ...(p.options?.length ? { has_options: true as const } : {}),
  };
}

export function toImageDtos(p: ProductRecord): ProductImageDto[] {
  const images = (p.images ?? []).map(({ id, image_url, is_primary, created_at }) => ({
    id,
    image_url,
    is_primary,
    created_at,
  }));
  // With no image rows, the product's own image_url acts as the primary (the product page's gallery).
  if (images.length === 0 && p.image_url) {
    return [{ id: `${p.id}-primary`, image_url: p.image_url, is_primary: true, created_at: p.created_at }];
  }
  return images.sort((a, b) => Number(b.is_primary) - Number(a.is_primary) || a.created_at.localeCompare(b.created_at));
}

export const toCategoryDto = (c: CategoryRecord): CategoryDto => ({
  id: c.id,
  name: c.name,
  description: c.description ?? '',
});

export const toBundleDto = (b: BundleRecord): BundleDto => ({
  id: b.id,
  name: b.name,
  description: b.description,
  price_cents: b.price_cents,
  vat_rate: vatRateOf(b),
  image_url: b.image_url ?? null,
  category: b.category,
  is_premium: Boolean(b.is_premium),
  access_tier: normaliseTier(b.access_tier),
  product_count: (b.product_ids ?? []).length,
  created_at: b.created_at,
});

export const toPlanDto = (p: PlanRecord): SubscriptionPlanDto => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price_cents: p.price_cents,
  duration_months: p.duration_months,
  subscription_tier: p.subscription_tier,
  discount_tier_id: p.discount_tier_id ?? null,
  discount_percentage: p.discount_percentage,
});

/** A discount tier as the API shows it (its plan links stay inside). */
export const toDiscountTierDto = (t: DiscountTierRecord): DiscountTierDto => ({
  id: t.id,
  name: t.name,
  discount_percentage: t.discount_percentage,
});

/** Public view of a comment: the author is anonymous (the product page's reviews). */
export const toPublicCommentDto = (c: CommentRecord): PublicCommentDto => ({
  id: c.id,
  content: c.content,
  created_at: c.created_at,
  is_pinned: Boolean(c.is_pinned),
  admin_reply: c.admin_reply ?? null,
  verified_purchase: Boolean(c.verified_purchase),
});

/**
 * The product page's view of a product (GET /api/products/{id}, the published product document):
 * the listing's fields, the gallery, the GPSR safety information (physical products only) and the
 * related products the caller may see.
 */
/**
 * The product page's product: its fields, gallery and related products, and, for a product with
 * options, its options and variants (in shop order; a variant's reduction only while announced).
 */
export function toProductDetailDto(
  p: ProductRecord,
  related: ProductDto[] = [],
  variants: readonly VariantRecord[] = [],
): ProductDetailDto {
  return {
    ...toProductDto(p),
    product_safety: p.is_digital ? null : (p.product_safety ?? null),
    images: toImageDtos(p),
    related,
    ...(p.options?.length
      ? {
          options: p.options,
          variants: variants.map((v) => ({
            id: v.id,
            sku: v.sku,
            option_values: v.option_values,
            price_cents: v.price_cents,
            price_reduction: v.announce_reduction ? (v.price_reduction ?? null) : null,
            quantity: v.status === 'active' ? Math.max(0, v.quantity) : 0,
            image_ids: v.image_ids,
            status: v.status,
          })),
        }
      : {}),
  };
}
