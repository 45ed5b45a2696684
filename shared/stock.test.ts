import { describe, expect, it } from 'vitest';
import { isSoldOut, stockState } from './stock';

describe('stock states (sold out, low stock, digital never sold out)', () => {
  it('sells out physical products at 0 or less', () => {
    expect(stockState({ is_digital: false, quantity: 0 })).toBe('sold_out');
    expect(stockState({ is_digital: false, quantity: -2 })).toBe('sold_out');
    expect(stockState({ is_digital: false, quantity: null })).toBe('sold_out');
    expect(isSoldOut({ is_digital: false, quantity: 0 })).toBe(true);
  });
  it('marks 1 to 5 units as low stock', () => {
    expect(stockState({ is_digital: false, quantity: 1 })).toBe('low_stock');
    expect(stockState({ is_digital: false, quantity: 5 })).toBe('low_stock');
    expect(stockState({ is_digital: false, quantity: 6 })).toBe('available');
  });
  it('never sells out digital products', () => {
    expect(stockState({ is_digital: true, quantity: 0 })).toBe('digital');
    expect(isSoldOut({ is_digital: true, quantity: 0 })).toBe(false);
  });
});
