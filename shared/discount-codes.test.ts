import { describe, expect, it } from 'vitest';
import {
  checkDiscountCode,
  codeDiscountCents,
  discountGoods,
  discountValueLabel,
  isDiscountCodeExpired,
  normaliseDiscountCode,
  DISCOUNT_CODE_PATTERN,
} from './discount-codes';
import { formatEuro } from './money';
import { italianDate } from './calendar';

const code = (
  over: Partial<{
    discount_type: 'percentage' | 'fixed';
    value: number;
    is_active: boolean;
    expires_at: string | null;
  }> = {},
) => ({ discount_type: 'percentage' as const, value: 10, is_active: true, expires_at: null, ...over });

describe('discount code acceptance (case-insensitive, active, not expired)', () => {
  it('compares codes trimmed and lower-cased', () => {
    expect(normaliseDiscountCode('  Benvenuto10 ')).toBe('benvenuto10');
    expect(normaliseDiscountCode('BENVENUTO10')).toBe(normaliseDiscountCode('benvenuto10'));
  });

  it('accepts codes of 3-32 letters, digits, - and _ only', () => {
    expect(DISCOUNT_CODE_PATTERN.test('ESTATE-2026_VIP')).toBe(true);
    expect(DISCOUNT_CODE_PATTERN.test('AB')).toBe(false);
    expect(DISCOUNT_CODE_PATTERN.test('SCONTO 10')).toBe(false);
    expect(DISCOUNT_CODE_PATTERN.test('x'.repeat(33))).toBe(false);
  });

  it('refuses a missing, inactive or expired code with its Italian reason', () => {
    const now = new Date('2026-06-10T10:00:00Z');
    expect(checkDiscountCode(null, now)).toEqual({
      ok: false,
      reason: 'not_found',
      message: 'Codice sconto non valido.',
    });
    expect(checkDiscountCode(code({ is_active: false }), now)).toEqual({
      ok: false,
      reason: 'inactive',
      message: 'Questo codice sconto non è più attivo.',
    });
    expect(checkDiscountCode(code({ expires_at: '2026-06-09' }), now)).toEqual({
      ok: false,
      reason: 'expired',
      message: 'Questo codice sconto è scaduto.',
    });
    expect(checkDiscountCode(code({ expires_at: '2026-06-10' }), now)).toMatchObject({ ok: true });
    expect(checkDiscountCode(code(), now)).toMatchObject({ ok: true, code: { value: 10 } });
  });

  it('keeps a code valid through the whole last day, Italian time', () => {
    // 23:30 in Rome on 10 June (CEST, UTC+2) is 21:30 UTC
    expect(isDiscountCodeExpired({ expires_at: '2026-06-10' }, new Date('2026-06-10T21:30:00Z'))).toBe(false);
    // 00:30 in Rome on 11 June is still 10 June in UTC
    expect(isDiscountCodeExpired({ expires_at: '2026-06-10' }, new Date('2026-06-10T22:30:00Z'))).toBe(true);
    expect(italianDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01'); // CET, UTC+1
  });
});

describe('combination with the member discount: member first, then the code, never below zero', () => {
  it('takes a percentage of the member-discounted total, rounded to the cent', () => {
    expect(codeDiscountCents(code({ value: 10 }), 8990)).toBe(899);
    expect(codeDiscountCents(code({ value: 15 }), 1999)).toBe(300); // 299.85 -> 300
    expect(codeDiscountCents(code({ value: 100 }), 4590)).toBe(4590);
  });

  it('takes a fixed amount in cents, at most the whole total', () => {
    expect(codeDiscountCents(code({ discount_type: 'fixed', value: 500 }), 8990)).toBe(500);
    expect(codeDiscountCents(code({ discount_type: 'fixed', value: 5000 }), 2990)).toBe(2990);
    expect(codeDiscountCents(code({ discount_type: 'fixed', value: 500 }), 0)).toBe(0);
  });

  it('applies the member percentage to the lines, then the code to what is left', () => {
    // 2 x 49,90 + 1 x 19,90 = 119,70; member 10 % -> 107,73; code 10 % -> 10,77 off -> 96,96
    const goods = discountGoods(
      [
        { unit_cents: 4990, quantity: 2 },
        { unit_cents: 1990, quantity: 1 },
      ],
      10,
      code({ value: 10 }),
    );
    expect(goods.member.original_total_cents).toBe(11970);
    expect(goods.after_member_cents).toBe(10773);
    expect(goods.code_discount_cents).toBe(1077);
    expect(goods.goods_total_cents).toBe(9696);
  });

  it('never goes below zero with a fixed code larger than the member-discounted total', () => {
    const goods = discountGoods([{ unit_cents: 2000, quantity: 1 }], 20, code({ discount_type: 'fixed', value: 2500 }));
    expect(goods).toMatchObject({ after_member_cents: 1600, code_discount_cents: 1600, goods_total_cents: 0 });
  });

  it('without a code the goods total is the member total', () => {
    expect(discountGoods([{ unit_cents: 1000, quantity: 3 }], 0, null)).toMatchObject({
      after_member_cents: 3000,
      code_discount_cents: 0,
      goods_total_cents: 3000,
    });
  });

  it('labels the value by type', () => {
    expect(discountValueLabel(code({ value: 10 }), formatEuro)).toBe('10 %');
    expect(discountValueLabel(code({ discount_type: 'fixed', value: 1500 }), formatEuro)).toBe('15,00\u00a0€');
  });
});
