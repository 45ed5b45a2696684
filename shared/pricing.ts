import { percentOff, type PriceReduction } from './price-history';

/**
 * Member pricing (the member discount rule). Integer euro cents in, integer cents out.
 * Rounding: half away from zero to the cent (Math.round on non-negative values), applied once per
 * amount, so the SPA and the functions always show and charge the same numbers.
 */

/**
 * Applies a percentage discount to an amount.
 * @param cents amount in integer euro cents (>= 0)
 * @param discountPercentage 0..100
 * @returns discounted amount in cents, rounded to the cent
 */
export function applyDiscount(cents: number, discountPercentage: number): number {
  const pct = clampPercentage(discountPercentage);
  return Math.round((cents * (100 - pct)) / 100);
}

/** Displayed price of a product card or detail page. All amounts in integer euro cents. */
export interface DisplayPrice {
  /** What the caller pays per unit. */
  price_cents: number;
  /** Struck-through amount, or null when nothing is struck through. */
  struck_cents: number | null;
  /**
   * The announced public reduction: the 30-day lowest price before it (struck through) and the
   * badge's percentage against it; null when no reduction is announced.
   */
  reduction: (PriceReduction & { percent_off: number }) | null;
  /** True when a member discount lowered the price. */
  member_discount_applied: boolean;
  /** The member's percentage (0 for non-members). */
  member_percentage: number;
}

/**
 * Price shown for a product. Two different things can lower it:
 *  - an announced price reduction, to everyone (art. 17-bis Codice del Consumo): the server sends it
 *    as `price_reduction`, whose reference is the lowest price of the 30 days before the reduction;
 *    that reference is struck through and the badge's percentage is computed against it;
 *  - the member discount, personal to the caller: the member pays the price minus their
 *    percentage. It is not a reduction announced to the public (the European Commission's guidance
 *    on art. 6a of Directive 98/6/EC, 2021/C 526/02, leaves personalised and loyalty-scheme
 *    discounts out of the prior-price rule): without a public reduction, what is struck through is
 *    today's public price, labelled as the member's price, never a past price.
 * @param product the public price and the announced reduction (null when none)
 * @param discountPercentage the caller's member discount, 0 for non-members
 */
export function displayPrice(
  product: { price_cents: number; price_reduction: PriceReduction | null },
  discountPercentage: number,
): DisplayPrice {
  const paid = applyDiscount(product.price_cents, discountPercentage);
  const announced = product.price_reduction;
  const reduction =
    announced && announced.reference_cents > product.price_cents
      ? { ...announced, percent_off: percentOff(announced.reference_cents, product.price_cents) }
      : null;
  const struck = reduction ? reduction.reference_cents : product.price_cents;
  return {
    price_cents: paid,
    struck_cents: struck > paid ? struck : null,
    reduction,
    member_discount_applied: paid < product.price_cents,
    member_percentage: paid < product.price_cents ? clampPercentage(discountPercentage) : 0,
  };
}

/** One cart line for the spread: unit amount and quantity. */
export interface PricedLine {
  unit_cents: number;
  quantity: number;
}

/** Cart totals after the member discount is spread over the lines. */
export interface CartPricing {
  /** Sum of unit x quantity before the discount (kept for the struck-through display). */
  original_total_cents: number;
  /** What is charged. */
  total_cents: number;
  /** original_total_cents - total_cents ('Sconto Premium' line). */
  discount_cents: number;
  /** Per line: discounted unit amount and line total, in the order given. line_total = unit x qty. */
  lines: { unit_cents: number; line_total_cents: number }[];
}

/**
 * Spreads a percentage discount over cart lines proportionally (the cart spread rule): the discounted total is
 * computed once from the original total; each line's discounted unit is its share, rounded to the
 * cent, and the total is the sum of the line totals, so what Stripe charges (unit x quantity per
 * line item) equals the displayed total exactly.
 * @param lines unit amounts in cents and quantities (>= 1)
 * @param discountPercentage 0..100
 */
export function priceCart(lines: PricedLine[], discountPercentage: number): CartPricing {
  const original = lines.reduce((sum, l) => sum + l.unit_cents * l.quantity, 0);
  const target = applyDiscount(original, discountPercentage);
  const ratio = original === 0 ? 1 : target / original;
  const priced = lines.map((l) => {
    const unit = Math.round(l.unit_cents * ratio);
    return { unit_cents: unit, line_total_cents: unit * l.quantity };
  });
  const total = priced.reduce((s, l) => s + l.line_total_cents, 0);
  return { original_total_cents: original, total_cents: total, discount_cents: original - total, lines: priced };
}

function clampPercentage(p: number): number {
  if (!Number.isFinite(p)) return 0;
  return Math.min(100, Math.max(0, p));
}
