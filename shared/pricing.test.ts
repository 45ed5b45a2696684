import { describe, expect, it } from 'vitest';
import { applyDiscount, displayPrice, priceCart } from './pricing';
import { euroToCents, formatEuro } from './money';

const euro = (s: string) => s.replace(/\u00a0/g, ' ');

describe('member discount', () => {
  it('takes the percentage off and rounds to the cent', () => {
    expect(applyDiscount(1999, 15)).toBe(1699); // 16.9915 -> 16.99
    expect(applyDiscount(1000, 0)).toBe(1000);
    expect(applyDiscount(999, 10)).toBe(899); // 8.991 -> 8.99
    expect(applyDiscount(995, 10)).toBe(896); // 8.955 -> 8.96 (half up)
  });
  it('shows the plain price to non-members', () => {
    expect(displayPrice({ price_cents: 4990, price_reduction: null }, 0)).toEqual({
      price_cents: 4990,
      struck_cents: null,
      reduction: null,
      member_discount_applied: false,
      member_percentage: 0,
    });
  });
  it('strikes through the 30-day lowest price of an announced reduction, with the badge against it', () => {
    const reduction = {
      reference_cents: 9990,
      reduced_at: '2026-03-01T10:00:00.000Z',
      window_start: '2026-01-30T10:00:00.000Z',
      full_window: true,
    };
    expect(displayPrice({ price_cents: 7990, price_reduction: reduction }, 0)).toEqual({
      price_cents: 7990,
      struck_cents: 9990,
      reduction: { ...reduction, percent_off: 20 },
      member_discount_applied: false,
      member_percentage: 0,
    });
    // a member sees the reduction's reference struck through and pays their percentage off the price
    const member = displayPrice({ price_cents: 7990, price_reduction: reduction }, 10);
    expect(member.price_cents).toBe(7191);
    expect(member.struck_cents).toBe(9990);
    expect(member.reduction?.percent_off).toBe(20);
    expect(member.member_percentage).toBe(10);
  });
  it('strikes through the public price when only the member discount applies (not a reduction announcement)', () => {
    expect(displayPrice({ price_cents: 1999, price_reduction: null }, 15)).toEqual({
      price_cents: 1699,
      struck_cents: 1999,
      reduction: null,
      member_discount_applied: true,
      member_percentage: 15,
    });
  });
});

describe('cart spread of the member discount', () => {
  it('pins the rounding of 3 lines at 19,99 € with 15%', () => {
    const cart = priceCart(
      [
        { unit_cents: 1999, quantity: 1 },
        { unit_cents: 1999, quantity: 1 },
        { unit_cents: 1999, quantity: 1 },
      ],
      15,
    );
    expect(cart.original_total_cents).toBe(5997);
    expect(cart.lines.map((l) => l.unit_cents)).toEqual([1699, 1699, 1699]);
    expect(cart.total_cents).toBe(5097);
    expect(cart.discount_cents).toBe(900);
  });
  it('keeps the charged total equal to the sum of unit x quantity', () => {
    const cart = priceCart(
      [
        { unit_cents: 34900, quantity: 1 },
        { unit_cents: 1299, quantity: 3 },
        { unit_cents: 2490, quantity: 2 },
      ],
      12.5,
    );
    expect(cart.total_cents).toBe(cart.lines.reduce((s, l) => s + l.line_total_cents, 0));
    expect(cart.lines[1]!.line_total_cents).toBe(cart.lines[1]!.unit_cents * 3);
    expect(Math.abs(cart.total_cents - applyDiscount(cart.original_total_cents, 12.5))).toBeLessThanOrEqual(3);
  });
  it('charges the original total without a discount', () => {
    const cart = priceCart([{ unit_cents: 1999, quantity: 2 }], 0);
    expect(cart).toMatchObject({ original_total_cents: 3998, total_cents: 3998, discount_cents: 0 });
  });
  it('handles an empty cart', () => {
    expect(priceCart([], 15)).toMatchObject({ total_cents: 0, original_total_cents: 0, lines: [] });
  });
});

describe('money', () => {
  it('formats cents as Italian euro with two decimals', () => {
    expect(euro(formatEuro(1999))).toBe('19,99 €');
    expect(euro(formatEuro(34900))).toBe('349,00 €');
    expect(euro(formatEuro(123456))).toBe('1.234,56 €');
    expect(euro(formatEuro(1234567))).toBe('12.345,67 €');
  });
  it('converts euro to integer cents without float drift', () => {
    expect(euroToCents(19.99)).toBe(1999);
    expect(euroToCents(0.1 + 0.2)).toBe(30);
    expect(() => euroToCents(-1)).toThrow(RangeError);
  });
});
