/**
 * Builds the priced cart from stored lines: joins each line with its product or bundle, drops
 * lines whose item is gone or no longer visible to the caller ("Lines with neither are
 * dropped"), and spreads the member discount with shared/pricing.ts (the cart spread rule).
 */
import { bundleAccessTier, canAccessTier, canSeeBundle, highestTier, type Membership } from '../../shared/tiers';
import { checkDiscountCode } from '../../shared/discount-codes';
import { orderTotals, type OrderTotals } from '../../shared/order-totals';
import { cheapestShippingMethod, missingForFreeShipping, needsShipping, shippingCost } from '../../shared/shipping';
import type { CartDiscountCodeDto, CartDto, CartLineDto, CartShippingOptionDto } from '../../shared/api/cart';
import type { BundleRecord, ProductRecord } from '../data/catalog-items';
import type { CartCodeRecord, CartLineRecord } from '../data/cart-repository';
import type { DiscountCodeRecord } from '../data/discount-code-repository';
import { toShippingMethodDto, type ShippingMethodRecord } from '../data/shipping-repository';
import { batchGet } from '../data/batch';
import { keys, type TableKey } from '../data/keys';

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
export function bundleVisibleTo(
  bundle: BundleRecord,
  products: Pick<ProductRecord, 'premium_tier'>[],
  membership: Membership,
): boolean {
  return canSeeBundle(
    { is_premium: bundle.is_premium, access_tier: highestTier([bundle.access_tier, bundleAccessTier(products)]) },
    membership,
  );
}

/**
 * Loads the products and bundles of the lines in one BatchGetItem (per 100 keys), and the
 * products inside bundles in a second one when the cart holds bundles.
 * @returns the visible lines joined with their item, in cart order
 */
export async function joinLines(lines: CartLineRecord[], membership: Membership): Promise<JoinedLine[]> {
  return (await joinCart(lines, membership)).joined;
}

/**
 * joinLines that also fetches other items by key in the same BatchGetItem (the applied discount
 * code, the chosen shipping method and address at checkout), so they cost no extra request.
 * @param extra table keys of the other items
 * @returns the joined lines, and every item read by its id (ids are UUIDs: the caller looks up
 *   the other items by the id it asked for)
 */
export async function joinCart(
  lines: CartLineRecord[],
  membership: Membership,
  extra: TableKey[] = [],
): Promise<{ joined: JoinedLine[]; byId: ReadonlyMap<string, Record<string, unknown>> }> {
  if (lines.length === 0 && extra.length === 0) return { joined: [], byId: new Map() };
  const got = await batchGet<Record<string, unknown> & { id: string }>([
    ...lines.map((l) => (l.product_id ? keys.product(l.product_id) : keys.bundle(l.bundle_id!))),
    ...extra,
  ]);
  const read = new Map<string, Record<string, unknown>>(got.map((i) => [i.id, i]));
  if (lines.length === 0) return { joined: [], byId: read };
  const byId = new Map<string, ProductRecord | BundleRecord>(
    got.map((i) => [i.id, i as unknown as ProductRecord | BundleRecord]),
  );
  const inner = [
    ...new Set(
      lines.flatMap((l) =>
        l.bundle_id ? ((byId.get(l.bundle_id) as BundleRecord | undefined)?.product_ids ?? []) : [],
      ),
    ),
  ].filter((id) => !byId.has(id));
  if (inner.length > 0)
    for (const p of await batchGet<ProductRecord>(inner.map((id) => keys.product(id)))) byId.set(p.id, p);
  const joined: JoinedLine[] = [];
  for (const line of lines) {
    if (line.product_id) {
      const product = byId.get(line.product_id) as ProductRecord | undefined;
      if (product && canAccessTier(product.premium_tier, membership))
        joined.push({ line, product, bundle: null, bundleProducts: [] });
    } else if (line.bundle_id) {
      const bundle = byId.get(line.bundle_id) as BundleRecord | undefined;
      if (!bundle) continue;
      const bundleProducts = bundle.product_ids
        .map((id) => byId.get(id) as ProductRecord | undefined)
        .filter((p): p is ProductRecord => Boolean(p));
      if (bundleVisibleTo(bundle, bundleProducts, membership))
        joined.push({ line, product: null, bundle, bundleProducts });
    }
  }
  return { joined, byId: read };
}

/** Whether a joined line is digital only (a bundle is when every product in it is digital). */
export function lineIsDigital(j: JoinedLine): boolean {
  if (j.product) return Boolean(j.product.is_digital);
  return j.bundleProducts.length > 0 && j.bundleProducts.every((p) => p.is_digital);
}

/**
 * True for a line delivering digital content at once: a digital product, or a bundle containing
 * one (its buyer must consent to the immediate supply: art. 59 c.1 lett. o Codice del Consumo).
 */
export function holdsDigitalContent(j: JoinedLine): boolean {
  return Boolean(j.product?.is_digital) || j.bundleProducts.some((p) => p.is_digital);
}

/** The applied code as the cart sees it: accepted now (with its rule) or refused with the reason. Pure. */
export function appliedCode(
  applied: CartCodeRecord | null,
  code: DiscountCodeRecord | null,
  now: Date,
): { record: DiscountCodeRecord | null; problem: string | null; text: string } | null {
  if (!applied) return null;
  const live = code && code.id === applied.code_id ? code : null;
  const check = checkDiscountCode(live, now);
  return check.ok
    ? { record: check.code, problem: null, text: check.code.code }
    : { record: live, problem: check.message, text: live?.code ?? applied.code };
}

/**
 * THE totals of a cart (shared/order-totals.ts): list prices, member discount, the code when it
 * applies, the shipping method when the cart ships. The cart view and the checkout both call it,
 * so the total shown for a method is the total charged for it. Pure.
 */
export function cartTotals(
  joined: JoinedLine[],
  membership: Membership,
  code: DiscountCodeRecord | null,
  method: ShippingMethodRecord | null,
): OrderTotals {
  return orderTotals({
    lines: joined.map((j) => ({ unit_cents: unitPrice(j), quantity: j.line.quantity, is_digital: lineIsDigital(j) })),
    member_percentage: membership.discount_percentage,
    code,
    shipping_method: method,
  });
}

/** Inputs of the cart view besides the lines: the applied code and the shipping methods. */
export interface CartExtras {
  applied: CartCodeRecord | null;
  /** The applied code's item as read now (null when none or deleted). */
  code: DiscountCodeRecord | null;
  /** Every shipping method, cheapest first (only read when the cart ships). */
  methods: ShippingMethodRecord[];
  now: Date;
}

/** Unit price of a joined line before the member discount: the product's or the bundle's price, cents. */
export function unitPrice(j: JoinedLine): number {
  return j.product ? j.product.price_cents : j.bundle!.price_cents;
}

/** The priced cart (pure): lines, member discount, the applied code, shipping options priced for it. */
export function toCartDto(
  joined: JoinedLine[],
  membership: Membership,
  extras: CartExtras = { applied: null, code: null, methods: [], now: new Date() },
): CartDto {
  const code = appliedCode(extras.applied, extras.code, extras.now);
  const usable = code && !code.problem ? code.record : null;
  const base = cartTotals(joined, membership, usable, null);
  const ships = needsShipping(joined.map((j) => ({ is_digital: lineIsDigital(j) })));
  const options: CartShippingOptionDto[] = ships
    ? extras.methods.map((m) => {
        const shipping = shippingCost(m, base.goods_total_cents);
        return {
          ...toShippingMethodDto(m),
          shipping_cents: shipping,
          total_cents: base.goods_total_cents + shipping,
          missing_for_free_cents: missingForFreeShipping(m, base.goods_total_cents),
        };
      })
    : [];
  const preselected = ships ? cheapestShippingMethod(extras.methods, base.goods_total_cents) : null;
  const totals = cartTotals(joined, membership, usable, preselected);
  const lines: CartLineDto[] = joined.map((j, i) => ({
    id: j.line.id,
    product_id: j.line.product_id ?? null,
    bundle_id: j.line.bundle_id ?? null,
    quantity: j.line.quantity,
    created_at: j.line.created_at,
    name: j.product?.name ?? j.bundle!.name,
    image_url: j.product?.image_url ?? j.bundle?.image_url ?? null,
    unit_price_cents: unitPrice(j),
    unit_paid_cents: totals.member.lines[i]!.unit_cents,
    line_total_cents: totals.member.lines[i]!.line_total_cents,
    is_digital: Boolean(j.product?.is_digital),
    available_quantity: j.product
      ? j.product.is_digital
        ? null
        : j.product.quantity
      : bundleAvailability(j.bundleProducts),
  }));
  const discountCode: CartDiscountCodeDto | null = code
    ? {
        code: code.text,
        discount_type: code.record?.discount_type ?? 'percentage',
        value: code.record?.value ?? 0,
        discount_cents: totals.code_discount_cents,
        problem: code.problem,
      }
    : null;
  return {
    lines,
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
    original_total_cents: totals.member.original_total_cents,
    discount_cents: totals.member.discount_cents,
    discount_code: discountCode,
    code_discount_cents: totals.code_discount_cents,
    goods_total_cents: totals.goods_total_cents,
    needs_shipping: ships,
    needs_digital_consent: joined.some(holdsDigitalContent),
    shipping_options: options,
    shipping_method_id: preselected?.id ?? null,
    shipping_cents: ships ? totals.shipping_cents : null,
    total_cents: totals.total_cents,
    discount_percentage: membership.discount_percentage,
  };
}
