import { describe, expect, it } from 'vitest';
import { centsOrText, wholeOrText } from './form-values';

describe('form values', () => {
  it('reads euro amounts into cents, empty as null, anything else as text', () => {
    expect(centsOrText('4,90')).toBe(490);
    expect(centsOrText('79')).toBe(7900);
    expect(centsOrText('1.299,00')).toBe(129900);
    expect(centsOrText('  ')).toBeNull();
    expect(centsOrText('gratis')).toBe('gratis');
  });

  it('reads whole numbers, empty as null, anything else as text', () => {
    expect(wholeOrText(' 12 ')).toBe(12);
    expect(wholeOrText('')).toBeNull();
    expect(wholeOrText('2,5')).toBe('2,5');
  });
});
