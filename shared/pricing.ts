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
  /** True when a member discount lowered the price. */
  member_discount_applied: boolean;
}

/**
 * Price shown for a product (the member discount rule): members pay the lower of price and original_price minus
 * their percentage; the struck-through amount is the original price when it is higher than
 * what is paid (a sale), or the undiscounted price when only the member discount applies.
 * @param product price_cents and original_price_cents (null when not on sale)
 * @param discountPercentage the caller's member discount, 0 for non-members
 */
export function displayPrice(
  product: { price_cents: number; original_price_cents: number | null },
  discountPercentage: number,
): DisplayPrice {
  const base =
    product.original_price_cents != null && product.original_price_cents > 0
      ? Math.min(product.price_cents, product.original_price_cents)
      : product.price_cents;
  const paid = applyDiscount(base, discountPercentage);
  const reference = Math.max(product.price_cents, product.original_price_cents ?? 0);
  return {
    price_cents: paid,
    struck_cents: reference > paid ? reference : null,
    member_discount_applied: paid < base,
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
