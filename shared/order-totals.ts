/**
 * The total of an order, end to end: list prices -> member discount (shared/pricing.ts)
 * -> discount code (shared/discount-codes.ts) -> shipping (shared/shipping.ts). The one function
 * the cart display, the checkout's Stripe amounts and the stored order all take their numbers
 * from, so the three are always the same. Integer euro cents.
 */
import type { PricedLine } from './pricing';
import { discountGoods, type DiscountCodeRule, type DiscountedGoods } from './discount-codes';
import { needsShipping, shippingCost, type ShippingMethodRule } from './shipping';

/** Totals of an order. */
export interface OrderTotals extends DiscountedGoods {
  /** Shipping charged (0 = 'GRATIS'), or null when the cart ships nothing or no method is given. */
  shipping_cents: number | null;
  /** What the shopper pays: goods after both discounts + shipping. */
  total_cents: number;
}

/**
 * Computes the totals of a cart.
 * @param input.lines list unit prices (cents), quantities and whether each line is digital
 * @param input.member_percentage the shopper's member discount 0..100
 * @param input.code an accepted discount code, or null
 * @param input.shipping_method the chosen method; ignored for a digital-only cart. The caller
 *   requires one for a cart that ships (needsShipping) before it charges anything.
 */
export function orderTotals(input: {
  lines: readonly (PricedLine & { is_digital: boolean })[];
  member_percentage: number;
  code: Pick<DiscountCodeRule, 'discount_type' | 'value'> | null;
  shipping_method: ShippingMethodRule | null;
}): OrderTotals {
  const goods = discountGoods([...input.lines], input.member_percentage, input.code);
  const shipping =
    needsShipping(input.lines) && input.shipping_method
      ? shippingCost(input.shipping_method, goods.goods_total_cents)
      : null;
  return { ...goods, shipping_cents: shipping, total_cents: goods.goods_total_cents + (shipping ?? 0) };
}
