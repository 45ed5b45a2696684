/**
 * The stored item of each catalogue entity, built in one place for every writer
 * (repositories, the product import, the seed, the migrations, the benchmarks): the table key,
 * `entity`, the index keys and the attributes derived from the record (a product's search name),
 * then the record itself. A writer cannot forget an attribute a reader depends on: the back
 * office's name search reads `search_name`, the listings read the GSI keys.
 *
 * Items written by one repository only (profile, address, reservation, ...) are built there; an
 * order's are built by the orders module (functions/orders/order-repository.ts).
 */
import { indexKeys, keys, type IndexKeys, type PricedItemKind, type TableKey } from './keys';
import { searchName } from './search-name';
import { defaultSku, priceRange, skuKey } from '../../shared/variants';
import type {
  BundleRecord,
  CategoryRecord,
  CommentRecord,
  DiscountTierRecord,
  PlanRecord,
  ProductRecord,
  VariantRecord,
} from './catalog-items';

/** A whole item as a Put writes it: its table key and attributes. */
export type StoredItem = Record<string, unknown> & TableKey;

/** What a product item derives from its fields: `entity`, its index keys and `search_name`. */
export type ProductDerived = { entity: 'product'; search_name: string } & IndexKeys;

/**
 * The attributes a product item derives from its record: `entity`, GSI1 (PRODUCTS by created_at),
 * GSI2 (its category's partition, when categorised), GSI3 (PRODUCT_NAMES by name), GSI4 (physical
 * stock, physical products only), GSI5 (the premium showcase by name, premium tiers only) and `search_name` (the name search's normalised name). Updates
 * that change name, category, kind or tier set these again, and remove the index keys absent here.
 */
export function productDerived(
  p: Pick<ProductRecord, 'id' | 'name' | 'created_at' | 'category_id' | 'is_digital' | 'premium_tier'>,
): ProductDerived {
  return { entity: 'product', ...indexKeys.product(p), search_name: searchName(p.name) };
}

/** The stored item of a product: key, derived attributes (productDerived) and the record. */
export function productItem(p: ProductRecord): StoredItem & ProductDerived {
  return { ...keys.product(p.id), ...productDerived(p), ...p };
}

/**
 * The stored item of a variant, in its product's partition: `entity` 'variant', GSI4 while it is an
 * active variant of a physical product, GSI1 SUPPLIED_VARIANTS while its product is linked to a
 * supplier (indexKeys.variant), then the record.
 */
export function variantItem(
  v: VariantRecord,
  product: Pick<ProductRecord, 'is_digital'> & { supplier_id?: string | null | undefined },
): StoredItem {
  return { ...keys.variant(v.product_id, v.id), entity: 'variant', ...indexKeys.variant(v, product), ...v };
}

/** The item that claims a SKU for one variant (unique in the shop, upper-cased): written with the variant IF NOT EXISTS. */
export function skuClaimItem(v: Pick<VariantRecord, 'sku' | 'product_id' | 'id'>): StoredItem {
  return {
    ...keys.skuClaim(v.sku),
    entity: 'sku_claim',
    sku: skuKey(v.sku),
    product_id: v.product_id,
    variant_id: v.id,
  };
}

/**
 * The default variant of a product without options, from the product's own fields: the product's
 * id, SKU, price (and its reduction), stock and supplier state. New products get it at creation;
 * the migration `2026-product-variants` gave it to the products written before variants.
 */
export function defaultVariant(
  p: Pick<ProductRecord, 'id' | 'price_cents' | 'quantity' | 'created_at'> &
    Partial<Pick<ProductRecord, 'announce_reduction' | 'price_reduction' | 'updated_at'>> & {
      sku?: string | null;
      supplier_sku?: string | null;
      supplier_level?: number | null;
      supplier_synced_at?: string | null;
    },
): VariantRecord {
  return {
    id: p.id,
    product_id: p.id,
    sku: p.sku ?? defaultSku(p.id),
    option_values: [],
    position: 0,
    price_cents: p.price_cents,
    ...(p.announce_reduction ? { announce_reduction: true } : {}),
    price_reduction: p.price_reduction ?? null,
    quantity: p.quantity ?? 0,
    weight_grams: null,
    gtin: null,
    image_ids: [],
    status: 'active',
    ...(p.supplier_sku !== undefined ? { supplier_sku: p.supplier_sku } : {}),
    ...(p.supplier_level !== undefined ? { supplier_level: p.supplier_level } : {}),
    ...(p.supplier_synced_at !== undefined ? { supplier_synced_at: p.supplier_synced_at } : {}),
    created_at: p.created_at,
    ...(p.updated_at ? { updated_at: p.updated_at } : {}),
  };
}

/**
 * Where a variant's prices are recorded: its product's history for the first variant (whose id is
 * the product's: the history written before variants goes on), its own for the others.
 */
export function priceHistoryOf(v: Pick<VariantRecord, 'id' | 'product_id'>): { kind: PricedItemKind; id: string } {
  return v.id === v.product_id ? { kind: 'product', id: v.product_id } : { kind: 'variant', id: v.id };
}

/**
 * What a product item summarises of its variants, written with every save of them: the lowest
 * and highest price of the active ones (`price_cents`, `price_max_cents`) with the reduction of the
 * cheapest one as the listing's, how many are active, and the sum of every variant's stock (an
 * archived variant's stock is set to 0 when it is archived, so only units given back later count).
 */
export function variantSummary(variants: readonly VariantRecord[]): Pick<
  ProductRecord,
  'price_cents' | 'price_max_cents' | 'quantity' | 'variant_count' | 'price_reduction'
> & {
  announce_reduction: boolean;
} {
  const active = variants.filter((v) => v.status === 'active');
  const range = priceRange(active) ?? { min_cents: variants[0]?.price_cents ?? 0, max_cents: 0 };
  const cheapest = active.find((v) => v.price_cents === range.min_cents) ?? null;
  return {
    price_cents: range.min_cents,
    price_max_cents: Math.max(range.min_cents, range.max_cents),
    quantity: variants.reduce((n, v) => n + v.quantity, 0),
    variant_count: active.length,
    price_reduction: cheapest?.price_reduction ?? null,
    announce_reduction: Boolean(cheapest?.announce_reduction),
  };
}

/**
 * A product with its variants as a list of items to Put (the seed, tests, the benchmarks): the
 * product item, each variant item and each SKU claim. Without variants, the product's default
 * variant (defaultVariant).
 */
export function productItems(p: ProductRecord, variants?: readonly VariantRecord[]): StoredItem[] {
  const list = variants?.length ? variants : [defaultVariant(p)];
  return [productItem(p), ...list.flatMap((v) => [variantItem(v, p), skuClaimItem(v)])];
}

/** The stored item of a category: GSI1 CATEGORIES by name, GSI2 head of its own partition. */
export function categoryItem(c: CategoryRecord): StoredItem {
  return { ...keys.category(c.id), entity: 'category', ...indexKeys.category(c), ...c };
}

/** The stored item of a bundle: GSI1 BUNDLES by created_at. */
export function bundleItem(b: BundleRecord): StoredItem {
  return { ...keys.bundle(b.id), entity: 'bundle', ...indexKeys.bundle(b), ...b };
}

/** The stored item of a subscription plan: GSI1 PLANS by duration, then price (archived plans are updated, not put). */
export function planItem(p: PlanRecord): StoredItem {
  return { ...keys.plan(p.id), entity: 'plan', ...indexKeys.plan(p), ...p };
}

/** The stored item of a discount tier: GSI1 DISCOUNT_TIERS by name; its plan ids as a string set (none: attribute absent). */
export function discountTierItem(t: DiscountTierRecord): StoredItem {
  const { plan_ids, ...rest } = t;
  return {
    ...keys.discountTier(t.id),
    entity: 'discount_tier',
    ...indexKeys.discountTier(t),
    ...rest,
    ...(plan_ids?.length ? { plan_ids: new Set(plan_ids) } : {}),
  };
}

/** The stored item of a product comment, in its product's partition (GSI1 COMMENTS, GSI2/GSI3 per indexKeys.comment). */
export function commentItem(c: CommentRecord): StoredItem {
  return { ...keys.productComment(c.product_id, c.created_at, c.id), entity: 'comment', ...indexKeys.comment(c), ...c };
}

/** The keys of every item productItems writes (tests delete them afterwards). */
export function productItemKeys(p: ProductRecord, variants?: readonly VariantRecord[]): TableKey[] {
  return productItems(p, variants).map(({ PK, SK }) => ({ PK, SK }));
}
