/**
 * Builds the priced cart from stored lines: joins each line with its product or bundle, drops
 * lines whose item is gone or no longer visible to the caller (spec 3 "Lines with neither are
 * dropped"), and spreads the member discount with shared/pricing.ts (spec 9).
 */
import { priceCart } from '../../shared/pricing';
import { bundleAccessTier, canAccessTier, canSeeBundle, highestTier, type Membership } from '../../shared/tiers';
import type { CartDto, CartLineDto } from '../../shared/api/cart';
import type { BundleRecord, ProductRecord } from '../data/catalog-items';
import type { CartLineRecord } from '../data/cart-repository';
import { batchGet } from '../data/batch';
import { keys } from '../data/keys';

/** A cart line joined with its item. */
export interface JoinedLine {
  line: CartLineRecord;
  product: ProductRecord | null;
  bundle: BundleRecord | null;
  /** The bundle's products (empty for product lines). */
  bundleProducts: ProductRecord[];
}

/**
 * Units of a bundle that can be sold: the lowest stock among its physical products, or null when
 * all of them are digital (no limit). Pure.
 */
export function bundleAvailability(products: Pick<ProductRecord, 'is_digital' | 'quantity'>[]): number | null {
  const physical = products.filter((p) => !p.is_digital);
  return physical.length === 0 ? null : Math.max(0, Math.min(...physical.map((p) => p.quantity)));
}

/**
 * Whether the caller may see, add and pay for a bundle (shared/tiers.ts canSeeBundle) judged on
 * its products as they are now: the higher of the stored access_tier and the live products' tier
 * counts, so a stale stored tier can never open a bundle. Pure.
 */
export function bundleVisibleTo(bundle: BundleRecord, products: Pick<ProductRecord, 'premium_tier'>[], membership: Membership): boolean {
  return canSeeBundle({ is_premium: bundle.is_premium, access_tier: highestTier([bundle.access_tier, bundleAccessTier(products)]) }, membership);
}

/**
 * Loads the products and bundles of the lines in one BatchGetItem (per 100 keys), and the
 * products inside bundles in a second one when the cart holds bundles.
 * @returns the visible lines joined with their item, in cart order
 */
export async function joinLines(lines: CartLineRecord[], membership: Membership): Promise<JoinedLine[]> {
  if (lines.length === 0) return [];
  const items = await batchGet<(ProductRecord | BundleRecord) & { id: string }>(lines.map((l) => (l.product_id ? keys.product(l.product_id) : keys.bundle(l.bundle_id!))));
  const byId = new Map<string, ProductRecord | BundleRecord>(items.map((i) => [i.id, i]));
  const inner = [...new Set(lines.flatMap((l) => (l.bundle_id ? ((byId.get(l.bundle_id) as BundleRecord | undefined)?.product_ids ?? []) : [])))].filter((id) => !byId.has(id));
  if (inner.length > 0) for (const p of await batchGet<ProductRecord>(inner.map((id) => keys.product(id)))) byId.set(p.id, p);
  const joined: JoinedLine[] = [];
  for (const line of lines) {
    if (line.product_id) {
      const product = byId.get(line.product_id) as ProductRecord | undefined;
      if (product && canAccessTier(product.premium_tier, membership)) joined.push({ line, product, bundle: null, bundleProducts: [] });
    } else if (line.bundle_id) {
      const bundle = byId.get(line.bundle_id) as BundleRecord | undefined;
      if (!bundle) continue;
      const bundleProducts = bundle.product_ids.map((id) => byId.get(id) as ProductRecord | undefined).filter((p): p is ProductRecord => Boolean(p));
      if (bundleVisibleTo(bundle, bundleProducts, membership)) joined.push({ line, product: null, bundle, bundleProducts });
    }
  }
  return joined;
}

/** Unit price of a joined line before the member discount: the product price (sale price) or the bundle price, cents. */
export function unitPrice(j: JoinedLine): number {
  if (j.product) {
    const { price_cents, original_price_cents } = j.product;
    return original_price_cents && original_price_cents > 0 ? Math.min(price_cents, original_price_cents) : price_cents;
  }
  return j.bundle!.price_cents;
}

/** The priced cart (pure). */
export function toCartDto(joined: JoinedLine[], membership: Membership): CartDto {
  const pricing = priceCart(joined.map((j) => ({ unit_cents: unitPrice(j), quantity: j.line.quantity })), membership.discount_percentage);
  const lines: CartLineDto[] = joined.map((j, i) => ({
    id: j.line.id,
    product_id: j.line.product_id ?? null,
    bundle_id: j.line.bundle_id ?? null,
    quantity: j.line.quantity,
    created_at: j.line.created_at,
    name: j.product?.name ?? j.bundle!.name,
    image_url: (j.product?.image_url ?? j.bundle?.image_url) ?? null,
    unit_price_cents: unitPrice(j),
    unit_paid_cents: pricing.lines[i]!.unit_cents,
    line_total_cents: pricing.lines[i]!.line_total_cents,
    is_digital: Boolean(j.product?.is_digital),
    available_quantity: j.product ? (j.product.is_digital ? null : j.product.quantity) : bundleAvailability(j.bundleProducts),
  }));
  return {
    lines,
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
    original_total_cents: pricing.original_total_cents,
    discount_cents: pricing.discount_cents,
    shipping_cents: 0,
    total_cents: pricing.total_cents,
    discount_percentage: membership.discount_percentage,
  };
}
