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
import { indexKeys, keys, type IndexKeys, type TableKey } from './keys';
import { searchName } from './search-name';
import type {
  BundleRecord,
  CategoryRecord,
  CommentRecord,
  DiscountTierRecord,
  PlanRecord,
  ProductRecord,
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
