/**
 * Shipping cost rule: what a shipping method
 * costs for a cart, which method is preselected, and when a cart ships at all. Pure; the cart, the
 * checkout and the back office import it. Amounts are integer euro cents.
 *
 * Rule: a cart with at least one physical item ships; a digital-only cart has no shipping. A
 * method costs `cost_cents`, or 0 ('GRATIS') when it has a free-shipping threshold and the goods
 * total reaches it (>=). The goods total is the one after the member discount and the discount
 * code (shared/discount-codes.ts); shipping itself is never discounted. The cheapest method for
 * the cart is preselected (ties: the first in the list, which is ordered by cost).
 */
import { formatEuro } from './money';
import { SHIPPING_MSG } from './messages/shipping';

/** The fields of a shipping method the rule reads. */
export interface ShippingMethodRule {
  cost_cents: number;
  /** Goods total from which shipping is free, cents; null: never free (unless the cost is 0). */
  free_shipping_threshold_cents: number | null;
}

/** True when the cart has something to ship (a physical product or a bundle holding one). */
export function needsShipping(lines: readonly { is_digital: boolean }[]): boolean {
  return lines.some((l) => !l.is_digital);
}

/**
 * What a method costs for a cart.
 * @param goodsTotalCents goods total after the member discount and the code, cents
 * @returns cents to add (0 when free)
 */
export function shippingCost(method: ShippingMethodRule, goodsTotalCents: number): number {
  const threshold = method.free_shipping_threshold_cents;
  if (threshold !== null && goodsTotalCents >= threshold) return 0;
  return Math.max(0, method.cost_cents);
}

/** How much more the goods must cost for free shipping with this method, cents; null when it has no threshold or is already free. */
export function missingForFreeShipping(method: ShippingMethodRule, goodsTotalCents: number): number | null {
  const threshold = method.free_shipping_threshold_cents;
  if (threshold === null || shippingCost(method, goodsTotalCents) === 0) return null;
  return threshold - goodsTotalCents;
}

/** The method preselected for a cart: the cheapest for its goods total (ties: list order), or null when there is none. */
export function cheapestShippingMethod<M extends ShippingMethodRule>(
  methods: readonly M[],
  goodsTotalCents: number,
): M | null {
  let best: M | null = null;
  for (const m of methods)
    if (!best || shippingCost(m, goodsTotalCents) < shippingCost(best, goodsTotalCents)) best = m;
  return best;
}

/** A shipping amount as shown: 'GRATIS' for 0, else euro ('4,90 €'). */
export function shippingLabel(cents: number): string {
  return cents === 0 ? SHIPPING_MSG.free : formatEuro(cents);
}

/** A method's delivery estimate ('3–5 giorni lavorativi'), or null when it gives none. */
export function deliveryEstimate(m: {
  estimated_delivery_days_min: number | null;
  estimated_delivery_days_max: number | null;
}): string | null {
  const { estimated_delivery_days_min: min, estimated_delivery_days_max: max } = m;
  if (min !== null && max !== null) return SHIPPING_MSG.deliveryRange(min, max);
  if (min !== null) return SHIPPING_MSG.deliveryFrom(min);
  if (max !== null) return SHIPPING_MSG.deliveryUpTo(max);
  return null;
}
