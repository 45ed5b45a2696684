import { describe, expect, it } from 'vitest';
import { centsToEuroInput, formatEuro, parseEuroInput } from './money';

describe('euro form input', () => {
  it('reads dot and comma decimals and Italian grouping into cents', () => {
    expect(parseEuroInput('19.99')).toBe(1999);
    expect(parseEuroInput('19,99')).toBe(1999);
    expect(parseEuroInput('1.299,00')).toBe(129900);
    expect(parseEuroInput(' 7 ')).toBe(700);
    expect(parseEuroInput('0')).toBe(0);
    expect(parseEuroInput('0.1')).toBe(10);
  });

  it('refuses empty, negative, over-precise or non-numeric text', () => {
    expect(parseEuroInput('')).toBeNull();
    expect(parseEuroInput('-1')).toBeNull();
    expect(parseEuroInput('1.999')).toBeNull();
    expect(parseEuroInput('abc')).toBeNull();
  });

  it('writes cents back as form text', () => {
    expect(centsToEuroInput(1999)).toBe('19.99');
    expect(centsToEuroInput(700)).toBe('7.00');
    expect(centsToEuroInput(0)).toBe('0');
    expect(formatEuro(129900).replace(/\s/g, ' ')).toBe('1.299,00 €');
  });
});

describe('formatEuro', () => {
  it('writes Italian euro amounts: comma decimals, dot thousands, a no-break space before €', () => {
    expect(formatEuro(1999)).toBe('19,99\u00a0€');
    expect(formatEuro(149900)).toBe('1.499,00\u00a0€');
    expect(formatEuro(5)).toBe('0,05\u00a0€');
    expect(formatEuro(0)).toBe('0,00\u00a0€');
    expect(formatEuro(-1299)).toBe('-12,99\u00a0€');
    expect(formatEuro(123456789)).toBe('1.234.567,89\u00a0€');
  });

  it("is exactly Intl.NumberFormat's it-IT EUR text, for every size of amount", () => {
    const intl = new Intl.NumberFormat('it-IT', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    });
    const amounts = [
      0, -0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 999_999, 1_000_000, 12_345_678_901, -1,
      -100_000, -987_654,
    ];
    for (let c = 0; c < 2_000_000; c += 7_919) amounts.push(c, -c);
    for (const cents of amounts) expect(formatEuro(cents), String(cents)).toBe(intl.format(cents / 100));
  });
});
