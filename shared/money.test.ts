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
