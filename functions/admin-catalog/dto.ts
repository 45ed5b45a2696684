/**
 * Stored records -> back-office DTOs (shared/api/admin-catalog.ts). Pure.
 */
import type {
  AdminBundleDto,
  AdminCommentDto,
  AdminDigitalAssetDto,
  AdminProductDetailDto,
  AdminProductDto,
  BundleProductDto,
  InventoryAlertDto,
} from '../../shared/api/admin-catalog';
import { variantLabel } from '../../shared/variants';
import { highestTier } from '../../shared/admin-catalog';
import { normaliseTier } from '../../shared/tiers';
import type { PriceChange } from '../../shared/price-history';
import {
  toBundleDto,
  toProductDto,
  type BundleRecord,
  type CommentRecord,
  type ProductRecord,
  type VariantRecord,
} from '../data/catalog-items';
import type { DigitalAssetRecord } from '../data/digital-asset-repository';
import { mediaKey } from '../lib/media';

export function toAdminProductDto(p: ProductRecord): AdminProductDto {
  return {
    ...toProductDto(p),
    digital_asset_id: p.digital_asset_id ?? null,
    supplier_product_url: p.supplier_product_url ?? null,
    updated_at: p.updated_at ?? null,
    announce_reduction: Boolean(p.announce_reduction),
    history_reduction: p.price_reduction ?? null,
    product_safety: p.is_digital ? null : (p.product_safety ?? null),
  };
}

/** A variant in the inventory alerts: its product's fields with the variant's stock, id, label and SKU. */
export function toInventoryAlertDto({
  product,
  variant,
}: {
  product: ProductRecord;
  variant: VariantRecord;
}): InventoryAlertDto {
  return {
    ...toAdminProductDto(product),
    quantity: variant.quantity,
    variant_id: variant.id,
    variant_label: variantLabel(variant.option_values),
    sku: variant.sku,
  };
}

/**
 * The product with its gallery, primary first then by position, and its recent prices.
 * @param prices recorded prices (any order; answered newest first, without their source)
 */
export function toAdminProductDetailDto(p: ProductRecord, prices: readonly PriceChange[] = []): AdminProductDetailDto {
  return {
    ...toAdminProductDto(p),
    price_history: [...prices]
      .sort((a, b) => b.at.localeCompare(a.at))
      .map(({ price_cents, at }) => ({ price_cents, at })),
    images: (p.images ?? []).map(({ id, key, image_url, is_primary, created_at }) => ({
      id,
      key,
      image_url,
      is_primary,
      created_at,
    })),
  };
}

export function toBundleProductDto(p: ProductRecord): BundleProductDto {
  return {
    id: p.id,
    name: p.name,
    premium_tier: normaliseTier(p.premium_tier),
    is_digital: Boolean(p.is_digital),
    image_url: p.image_url ?? null,
  };
}

/**
 * @param products the bundle's products that exist (any order); missing ids are left out of `products`
 */
export function toAdminBundleDto(b: BundleRecord, products: ReadonlyMap<string, ProductRecord>): AdminBundleDto {
  const own = (b.product_ids ?? []).flatMap((id) => {
    const p = products.get(id);
    return p ? [p] : [];
  });
  return {
    ...toBundleDto(b),
    product_ids: b.product_ids ?? [],
    products: own.map(toBundleProductDto),
    image_key: b.image_key ?? mediaKey(b.image_url),
    highest_tier: highestTier(own.map((p) => p.premium_tier)),
  };
}

export function toAdminAssetDto(a: DigitalAssetRecord): AdminDigitalAssetDto {
  return {
    id: a.id,
    name: a.name,
    file_path: a.file_path,
    file_type: a.file_type,
    size_bytes: a.size_bytes ?? null,
    created_at: a.created_at,
    linked_products: a.linked_product_ids?.size ?? 0,
  };
}

export function toAdminCommentDto(c: CommentRecord, productName: string | null): AdminCommentDto {
  return {
    id: c.id,
    product_id: c.product_id,
    product_name: productName,
    user_id: c.user_id,
    content: c.content,
    is_approved: Boolean(c.is_approved),
    is_pinned: Boolean(c.is_pinned),
    admin_reply: c.admin_reply ?? null,
    verified_purchase: Boolean(c.verified_purchase),
    created_at: c.created_at,
  };
}
