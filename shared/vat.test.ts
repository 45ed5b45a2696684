import { describe, expect, it } from 'vitest';
import { shareByWeight, splitGross, vatBreakdown, vatRateOf } from './vat';

describe('VAT out of a VAT-inclusive amount (scorporo, DPR 633/1972 art. 27)', () => {
  it('rounds the taxable amount half up and leaves the rest as VAT', () => {
    // 122,00 € at 22 %: 100,00 + 22,00
    expect(splitGross(12200, 22)).toEqual({ taxable_cents: 10000, vat_cents: 2200 });
    // 19,99 € at 22 %: 1999 / 1.22 = 1638.52 -> 1639, VAT 360
    expect(splitGross(1999, 22)).toEqual({ taxable_cents: 1639, vat_cents: 360 });
    // 10,40 € at 4 %: 1040 / 1.04 = 1000
    expect(splitGross(1040, 4)).toEqual({ taxable_cents: 1000, vat_cents: 40 });
    // 0,05 € at 22 %: 4.098 -> 4, VAT 1
    expect(splitGross(5, 22)).toEqual({ taxable_cents: 4, vat_cents: 1 });
  });

  it('defaults items without a rate to 22 %', () => {
    expect(vatRateOf({})).toBe(22);
    expect(vatRateOf({ vat_rate: 4 })).toBe(4);
    expect(vatRateOf({ vat_rate: 7 })).toBe(22);
  });
});

describe('largest-remainder shares', () => {
  it('adds up exactly', () => {
    expect(shareByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByWeight(500, [3000, 1000])).toEqual([375, 125]);
    expect(shareByWeight(0, [1, 2])).toEqual([0, 0]);
  });
});

describe("an order's VAT breakdown", () => {
  it('one rate: the whole total, shipping included', () => {
    const b = vatBreakdown({
      lines: [{ unit_cents: 4990, quantity: 2, vat_rate: 22, is_digital: false }],
      shipping_cents: 490,
    });
    // 99,80 + 4,90 = 104,70; 10470 / 1.22 = 8581.97 -> 8582
    expect(b).toEqual([{ rate: 22, taxable_cents: 8582, vat_cents: 1888, gross_cents: 10470 }]);
  });

  it('two rates: the code is shared by goods, shipping by the physical goods only', () => {
    const b = vatBreakdown({
      lines: [
        { unit_cents: 3000, quantity: 1, vat_rate: 22, is_digital: false }, // kettlebell
        { unit_cents: 1000, quantity: 1, vat_rate: 4, is_digital: true }, // e-book
      ],
      discount_cents: 400, // 10 % code on 40,00 €: 3,00 at 22 %, 1,00 at 4 %
      shipping_cents: 490, // all on the kettlebell's rate
    });
    expect(b).toEqual([
      { rate: 22, gross_cents: 3000 - 300 + 490, ...splitGross(3190, 22) },
      { rate: 4, gross_cents: 1000 - 100, ...splitGross(900, 4) },
    ]);
    expect(b.reduce((s, r) => s + r.gross_cents, 0)).toBe(4000 - 400 + 490);
  });

  it('a digital-only order has no shipping share', () => {
    const b = vatBreakdown({ lines: [{ unit_cents: 1790, quantity: 3, vat_rate: 22, is_digital: true }] });
    expect(b).toEqual([{ rate: 22, taxable_cents: 4402, vat_cents: 968, gross_cents: 5370 }]);
  });
});
