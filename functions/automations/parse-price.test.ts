import { describe, expect, it } from 'vitest';
import { currencyInText, parsePrice } from './parse-price';

describe('parsePrice', () => {
  it.each([
    ['1.299,00', 129900],
    ['1299.00', 129900],
    ['1,299.00', 129900],
    ['€ 49,90', 4990],
    ['49,90 €', 4990],
    ['EUR 1.299,99', 129999],
    ['1.299', 129900],
    ['1,299', 129900],
    ['1.299.000,50', 129900050],
    ['49,9', 4990],
    ['49', 4900],
    ['0,50', 50],
    ['0.500', 50],
    ['19.99', 1999],
    ['1 299,00 €', 129900],
    ['1\u00a0299,00\u00a0€', 129900],
    ["1'299.00 CHF", 129900],
    ['€ 49,-', 4900],
    ['1.005', 1005 * 100],
    ['2.675', 267500],
    ['0.005', 1],
    ['0', 0],
  ])('%s -> %i cents', (text, cents) => {
    expect(parsePrice(text)?.cents).toBe(cents);
  });

  it('reads numbers in euro exactly (no float drift)', () => {
    expect(parsePrice(49.9)).toEqual({ cents: 4990, currency: null });
    expect(parsePrice(1299)).toEqual({ cents: 129900, currency: null });
    expect(parsePrice(1.005)).toEqual({ cents: 101, currency: null });
    expect(parsePrice(0.1 + 0.2)?.cents).toBe(30);
  });

  it.each([
    [''],
    ['Gratis'],
    ['da 10 a 20 €'],
    ['-5,00'],
    ['1,2,3,4'],
    ['12.34.5'],
    [null],
    [undefined],
    [Number.NaN],
    [-1],
    [{}],
    ['1.29,00'],
  ])('refuses %s', (input) => {
    expect(parsePrice(input)).toBeNull();
  });

  it('tells the currency written with the amount', () => {
    expect(parsePrice('€ 49,90')?.currency).toBe('EUR');
    expect(parsePrice('49.90 EUR')?.currency).toBe('EUR');
    expect(parsePrice('$49.90')?.currency).toBe('USD');
    expect(parsePrice('£12')?.currency).toBe('GBP');
    expect(parsePrice('49,90')?.currency).toBeNull();
    expect(currencyInText('prezzo 10 euro')).toBe('EUR');
  });
});
