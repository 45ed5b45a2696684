/**
 * Discount codes (active or inactive, expired after their last day; percentage or fixed): the
 * rules the checkout applies to a code the shopper types, and how a code combines with the member
 * discount. Pure; the cart, the checkout and the back office import it.
 *
 * A code is accepted when it exists (compared case-insensitively, surrounding spaces ignored), is
 * active, and is not expired: `expires_at` is a calendar date and the code works through the end
 * of that day, Italian time (Europe/Rome).
 *
 * Combination rule (one rule, everywhere):
 *  1. the member discount first: the member percentage is spread over the lines (shared/pricing.ts
 *     priceCart), giving the member-discounted goods total;
 *  2. then the code, on that total: a percentage code takes `value` % of it (rounded to the cent
 *     like the member discount), a fixed code takes `value` cents;
 *  3. never below zero: a fixed code larger than the goods total takes the whole total and no more;
 *  4. shipping is added after both discounts and is never discounted by a code; the free-shipping
 *     threshold compares the goods total after both discounts (shared/shipping.ts).
 * Amounts are integer euro cents.
 */
import { applyDiscount, priceCart, type CartPricing, type PricedLine } from './pricing';
import { DISCOUNT_MSG } from './messages/discounts';
import { italianDate } from './calendar';

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
/** 'percentage': value is 1..100 (%); 'fixed': value is an amount in cents. */
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Codes are 3 to 32 letters, digits, '-' or '_' (what a shopper can type from a flyer). */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
/** Largest fixed amount of a code, cents (10.000,00 €). */
export const MAX_FIXED_DISCOUNT_CENTS = 1_000_000;

/** The fields of a stored code the rules read. */
export interface DiscountCodeRule {
  discount_type: DiscountType;
  /** Percent (1..100) or cents (>= 1), by type. */
  value: number;
  is_active: boolean;
  /** Last valid day 'YYYY-MM-DD' (Italian time), or null: no expiry. */
  expires_at: string | null;
}

/** Why a code is refused. */
export type DiscountCodeProblem = keyof typeof DISCOUNT_MSG.reason;

/** How codes are compared: trimmed, lower-cased ('Benvenuto10 ' and 'BENVENUTO10' are one code). */
export function normaliseDiscountCode(code: string): string {
  return code.trim().toLowerCase();
}

/** True when the code's last day (Italian time) is before today's date in Italy. */
export function isDiscountCodeExpired(code: Pick<DiscountCodeRule, 'expires_at'>, now: Date): boolean {
  return code.expires_at !== null && italianDate(now) > code.expires_at;
}

/**
 * Checks a code found by its text (or null when none matched).
 * @returns ok with the code, or the reason and its Italian message (the cart shows it; nothing changes)
 */
export function checkDiscountCode<C extends DiscountCodeRule>(
  code: C | null,
  now: Date,
): { ok: true; code: C } | { ok: false; reason: DiscountCodeProblem; message: string } {
  const fail = (reason: DiscountCodeProblem) => ({ ok: false as const, reason, message: DISCOUNT_MSG.reason[reason] });
  if (!code) return fail('not_found');
  if (!code.is_active) return fail('inactive');
  if (isDiscountCodeExpired(code, now)) return fail('expired');
  return { ok: true, code };
}

/**
 * What a code takes off an amount (rule steps 2 and 3).
 * @param amountCents the member-discounted goods total, cents (>= 0)
 * @returns cents taken off, 0..amountCents
 */
export function codeDiscountCents(
  code: Pick<DiscountCodeRule, 'discount_type' | 'value'>,
  amountCents: number,
): number {
  const amount = Math.max(0, Math.trunc(amountCents));
  if (code.discount_type === 'percentage') return amount - applyDiscount(amount, code.value);
  return Math.min(amount, Math.max(0, Math.trunc(code.value)));
}

/** Goods totals after the member discount and a code, in cents. */
export interface DiscountedGoods {
  /** The member spread of shared/pricing.ts (per-line units, original total, member discount). */
  member: CartPricing;
  /** Goods total after the member discount (= member.total_cents). */
  after_member_cents: number;
  /** What the code took off (0 without a code). */
  code_discount_cents: number;
  /** Goods total after both discounts (never below zero). */
  goods_total_cents: number;
}

/**
 * Applies the combination rule to cart lines: the member discount first, then the code.
 * @param lines list unit prices in cents and quantities
 * @param memberPercentage the shopper's member discount, 0..100 (0 for non-members)
 * @param code an accepted code (checkDiscountCode), or null
 */
export function discountGoods(
  lines: PricedLine[],
  memberPercentage: number,
  code: Pick<DiscountCodeRule, 'discount_type' | 'value'> | null,
): DiscountedGoods {
  const member = priceCart(lines, memberPercentage);
  const codeCents = code ? codeDiscountCents(code, member.total_cents) : 0;
  return {
    member,
    after_member_cents: member.total_cents,
    code_discount_cents: codeCents,
    goods_total_cents: member.total_cents - codeCents,
  };
}

/** A code's value as shown: '10 %' or '5,00 €' (formatted by the caller's euro formatter). */
export function discountValueLabel(
  code: Pick<DiscountCodeRule, 'discount_type' | 'value'>,
  formatCents: (cents: number) => string,
): string {
  return code.discount_type === 'percentage' ? `${code.value} %` : formatCents(code.value);
}
