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
import type { BundleRecord, ProductRecord, VariantRecord } from '../data/catalog-items';
import type { CartCodeRecord, CartLineRecord } from '../data/cart-repository';
import type { DiscountCodeRecord } from '../data/discount-code-repository';
import { toShippingMethodDto, type ShippingMethodRecord } from '../data/shipping-repository';
import { batchGet, batchGetItems } from '../data/batch';
import { keys, SK_PREFIX, type TableKey } from '../data/keys';
import { stripKeys } from '../data/query';
import { variantOptionValues, type VariantOptionValue } from '../../shared/variants';

/** A cart line joined with its item. */
export interface JoinedLine {
  line: CartLineRecord;
  product: ProductRecord | null;
  /**
   * The variant of a product line (the line's `variant_id`, else the product's default variant,
   * whose id is the product's); null for bundle lines, and for a default variant not written yet
   * (a product stored before variants and not migrated: the product's own fields stand for it).
   */
  variant: VariantRecord | null;
  bundle: BundleRecord | null;
  /** The bundle's products (empty for product lines). */
  bundleProducts: ProductRecord[];
}

/** Whether a product has options: its lines are priced and counted by their variant, not the product. */
export const hasOptions = (p: Pick<ProductRecord, 'options'>): boolean => (p.options?.length ?? 0) > 0;

/**
 * The variant a joined product line sells when its product has options (null otherwise: a product
 * without options is priced and counted by the product item, whose price and stock are its default
 * variant's, exactly as before variants).
 */
export function optionVariant(j: Pick<JoinedLine, 'product' | 'variant'>): VariantRecord | null {
  return j.product && hasOptions(j.product) ? j.variant : null;
}

/** A product line's option values with their names ('Peso' → '16 kg'), or null without options. */
export function lineOptionValues(j: Pick<JoinedLine, 'product' | 'variant'>): VariantOptionValue[] | null {
  const v = optionVariant(j);
  return v && j.product ? variantOptionValues(j.product.options ?? [], v.option_values) : null;
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
  // a product line's variant rides in the same BatchGetItem (its default variant's id is the product's)
  const variantKey = (l: CartLineRecord) => keys.variant(l.product_id!, l.variant_id ?? l.product_id!);
  const raw = await batchGetItems([
    ...lines.map((l) => (l.product_id ? keys.product(l.product_id) : keys.bundle(l.bundle_id!))),
    ...lines.filter((l) => l.product_id).map(variantKey),
    ...extra,
  ]);
  const isVariant = (i: Record<string, unknown>) => String(i.SK).startsWith(SK_PREFIX.variant);
  const variants = new Map(
    raw.filter(isVariant).map((i) => [`${String(i.PK)}|${String(i.SK)}`, stripKeys<VariantRecord>(i)]),
  );
  const got = raw.filter((i) => !isVariant(i)).map((i) => stripKeys<Record<string, unknown> & { id: string }>(i));
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
      const key = variantKey(line);
      const variant = variants.get(`${key.PK}|${key.SK}`) ?? null;
      // a line of a variant deleted since is dropped like a line of a deleted product
      if (line.variant_id && !variant) continue;
      if (product && canAccessTier(product.premium_tier, membership))
        joined.push({ line, product, variant, bundle: null, bundleProducts: [] });
    } else if (line.bundle_id) {
      const bundle = byId.get(line.bundle_id) as BundleRecord | undefined;
      if (!bundle) continue;
      const bundleProducts = bundle.product_ids
        .map((id) => byId.get(id) as ProductRecord | undefined)
        .filter((p): p is ProductRecord => Boolean(p));
      if (bundleVisibleTo(bundle, bundleProducts, membership))
        joined.push({ line, product: null, variant: null, bundle, bundleProducts });
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

/**
 * Unit price of a joined line before the member discount, cents: its variant's (a product with
 * options), the product's (without options: its default variant's) or the bundle's.
 */
export function unitPrice(j: JoinedLine): number {
  return j.product ? (optionVariant(j)?.price_cents ?? j.product.price_cents) : j.bundle!.price_cents;
}

/**
 * Units of a physical product line's item that can be bought now: its variant's stock (a product
 * with options; an archived variant has none) or the product's; null for a digital product.
 */
export function lineStock(j: JoinedLine): number | null {
  if (!j.product) return bundleAvailability(j.bundleProducts);
  if (j.product.is_digital) return null;
  const v = optionVariant(j);
  return v ? (v.status === 'active' ? v.quantity : 0) : j.product.quantity;
}

/** The variant fields of a line of a product with options (none otherwise: the line is as before variants). */
function variantFields(j: JoinedLine): Pick<CartLineDto, 'variant_id' | 'sku' | 'option_values'> {
  const v = optionVariant(j);
  return v ? { variant_id: v.id, sku: v.sku, option_values: lineOptionValues(j) ?? [] } : {};
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
    available_quantity: lineStock(j),
    ...variantFields(j),
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
