import { describe, expect, it } from 'vitest';
import {
  canonicalValues,
  combinations,
  defaultSku,
  initialVariant,
  isValidGtin,
  isValidSku,
  optionsProblem,
  priceRange,
  remapValues,
  skuKey,
  stockOfVariants,
  valueAvailability,
  variantDisplayName,
  variantLabel,
  variantOf,
  variantOptionValues,
  variantsProblem,
  MAX_VARIANTS,
  type VariantDraft,
  type VariantLike,
} from './variants';

const kettlebell = [{ name: 'Peso', values: ['8 kg', '12 kg', '16 kg', '24 kg'] }];
const v = (id: string, values: string[], quantity: number, price = 2990, status: 'active' | 'archived' = 'active') =>
  ({ id, sku: `KB-${id}`, option_values: values, price_cents: price, quantity, status }) satisfies VariantLike & {
    sku: string;
  };

describe('GTIN check digit (GS1 mod 10)', () => {
  it('accepts EAN-13, EAN-8, UPC-A and GTIN-14 with their check digit', () => {
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('00012345600012')).toBe(true);
  });
  it('refuses a wrong check digit, other lengths and non-digits', () => {
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('400638133393')).toBe(false);
    expect(isValidGtin('40063813339310')).toBe(false);
    expect(isValidGtin('400638133393A')).toBe(false);
    expect(isValidGtin('')).toBe(false);
  });
});

describe('SKU', () => {
  it('accepts letters, digits and . _ - / and compares without case', () => {
    expect(isValidSku('KB-16KG')).toBe(true);
    expect(isValidSku('belt/l.black_2')).toBe(true);
    expect(isValidSku('KB 16')).toBe(false);
    expect(isValidSku('-KB')).toBe(false);
    expect(isValidSku('A'.repeat(65))).toBe(false);
    expect(skuKey(' kb-16kg ')).toBe('KB-16KG');
  });
  it('gives a product without a typed SKU one from its id', () => {
    expect(defaultSku('1a2b3c4d-0000-4000-8000-000000000000')).toBe('AF-1A2B3C4D');
    expect(defaultSku('1a2b3c4d-0000-4000-8000-000000000000', 2)).toBe('AF-1A2B3C4D-3');
  });
});

describe('options', () => {
  it('accepts up to three options with unique names and values', () => {
    expect(optionsProblem([])).toBeNull();
    expect(
      optionsProblem([
        { name: 'Taglia', values: ['S', 'M', 'L', 'XL'] },
        { name: 'Colore', values: ['Nero', 'Oro'] },
        { name: 'Peso', values: ['8 kg'] },
      ]),
    ).toBeNull();
  });
  it('refuses a fourth option, a nameless one, repeated names or values, and options without values', () => {
    const one = { name: 'A', values: ['x'] };
    expect(optionsProblem([one, { ...one, name: 'B' }, { ...one, name: 'C' }, { ...one, name: 'D' }])).toEqual({
      kind: 'too_many_options',
    });
    expect(optionsProblem([{ name: ' ', values: ['x'] }])).toEqual({ kind: 'empty_name', option: 0 });
    expect(optionsProblem([one, { name: 'a', values: ['y'] }])).toEqual({ kind: 'duplicate_name', option: 1 });
    expect(optionsProblem([{ name: 'Taglia', values: ['L', 'l'] }])).toEqual({
      kind: 'duplicate_value',
      option: 0,
      value: 'l',
    });
    expect(optionsProblem([{ name: 'Taglia', values: [] }])).toEqual({ kind: 'no_values', option: 0 });
  });
  it('generates every combination, the first option varying slowest', () => {
    expect(combinations([])).toEqual([[]]);
    expect(
      combinations([
        { name: 'Taglia', values: ['S', 'M'] },
        { name: 'Colore', values: ['Nero', 'Oro'] },
      ]),
    ).toEqual([
      ['S', 'Nero'],
      ['S', 'Oro'],
      ['M', 'Nero'],
      ['M', 'Oro'],
    ]);
  });
  it('keeps each variant through a reordering of options and values, and drops it when its value is removed', () => {
    const before = [
      { name: 'Taglia', values: ['S', 'M'] },
      { name: 'Colore', values: ['Nero', 'Oro'] },
    ];
    const after = [
      { name: 'Colore', values: ['Oro', 'Nero'] },
      { name: 'taglia', values: ['M', 'S'] },
    ];
    expect(remapValues(before, after, ['S', 'Oro'])).toEqual(['Oro', 'S']);
    expect(remapValues(before, [{ name: 'Taglia', values: ['M'] }], ['S'])).toBeNull();
  });
  it('labels a variant by its values and names them by their options', () => {
    expect(variantLabel(['16 kg'])).toBe('16 kg');
    expect(variantLabel(['L', 'Nero'])).toBe('L / Nero');
    expect(variantLabel([])).toBe('');
    expect(variantDisplayName('Kettlebell', ['16 kg'])).toBe('Kettlebell – 16 kg');
    expect(variantDisplayName('Tappetino', [])).toBe('Tappetino');
    expect(variantOptionValues(kettlebell, ['16 kg'])).toEqual([{ name: 'Peso', value: '16 kg' }]);
  });
});

describe('variants as the shop shows them', () => {
  const variants = [
    v('8', ['8 kg'], 3, 2990),
    v('12', ['12 kg'], 0, 3990),
    v('16', ['16 kg'], 2, 4990),
    v('24', ['24 kg'], 9, 6990, 'archived'),
  ];

  it('prices a product from its active variants and counts their stock', () => {
    expect(priceRange(variants)).toEqual({ min_cents: 2990, max_cents: 4990 });
    expect(priceRange([])).toBeNull();
    expect(stockOfVariants(variants)).toBe(5);
  });
  it('starts on the variant of the URL, else the first active one in stock', () => {
    expect(initialVariant(variants, 'kb-16')?.id).toBe('16');
    expect(initialVariant(variants, 'nope')?.id).toBe('8');
    expect(initialVariant([v('12', ['12 kg'], 0), v('16', ['16 kg'], 1)], null)?.id).toBe('16');
  });
  it('finds the variant of a combination without regard to case', () => {
    expect(variantOf(variants, ['16 KG'])?.id).toBe('16');
    expect(variantOf(variants, ['20 kg'])).toBeNull();
  });
  it('shows every value: available, sold out, or unavailable (archived or not sold)', () => {
    const options = [{ name: 'Peso', values: ['8 kg', '12 kg', '16 kg', '24 kg', '32 kg'] }];
    expect(valueAvailability(options, variants, ['8 kg'], 0)).toEqual([
      { value: '8 kg', availability: 'available' },
      { value: '12 kg', availability: 'sold_out' },
      { value: '16 kg', availability: 'available' },
      { value: '24 kg', availability: 'unavailable' },
      { value: '32 kg', availability: 'unavailable' },
    ]);
  });
  it('judges a value with the other options kept as chosen', () => {
    const options = [
      { name: 'Taglia', values: ['S', 'M'] },
      { name: 'Colore', values: ['Nero', 'Oro'] },
    ];
    const belts = [v('a', ['S', 'Nero'], 1), v('b', ['M', 'Nero'], 0), v('c', ['S', 'Oro'], 4)];
    expect(valueAvailability(options, belts, ['M', 'Nero'], 1)).toEqual([
      { value: 'Nero', availability: 'sold_out' },
      { value: 'Oro', availability: 'unavailable' },
    ]);
  });
});

describe('a grid of variants', () => {
  const draft = (values: string[], sku: string, over: Partial<VariantDraft> = {}): VariantDraft => ({
    option_values: values,
    sku,
    price_cents: 2990,
    status: 'active',
    ...over,
  });
  const sizes = [
    { name: 'Taglia', values: ['S', 'M'] },
    { name: 'Colore', values: ['Nero', 'Oro'] },
  ];

  it('accepts one value of each option per variant, any case, and a product without options with one default variant', () => {
    expect(variantsProblem(sizes, [draft(['s', 'NERO'], 'C-S-N'), draft(['M', 'Oro'], 'C-M-O')])).toBeNull();
    expect(variantsProblem([], [draft([], 'AF-1')])).toBeNull();
    expect(canonicalValues(sizes, ['s', 'NERO'])).toEqual(['S', 'Nero']);
  });

  it('names the first variant at fault', () => {
    expect(variantsProblem(sizes, [])).toEqual({ kind: 'count' });
    const many = Array.from({ length: MAX_VARIANTS + 1 }, (_, i) => draft([], `X-${i}`));
    expect(variantsProblem([], many)).toEqual({ kind: 'count' });
    expect(variantsProblem([], [draft(['S'], 'A')])).toEqual({ kind: 'default_needs_no_values' });
    expect(variantsProblem([], [draft([], 'A'), draft([], 'B')])).toEqual({ kind: 'default_needs_no_values' });
    expect(variantsProblem(sizes, [draft(['S', 'Nero'], 'A'), draft(['S'], 'B')])).toEqual({
      kind: 'values',
      index: 1,
    });
    expect(variantsProblem(sizes, [draft(['S', 'Nero'], 'A'), draft(['XL', 'Nero'], 'B')])).toEqual({
      kind: 'values',
      index: 1,
    });
    expect(variantsProblem(sizes, [draft(['S', 'Nero'], 'A'), draft(['s', 'nero'], 'B')])).toEqual({
      kind: 'duplicate_combination',
      index: 1,
    });
    expect(variantsProblem(sizes, [draft(['S', 'Nero'], 'A'), draft(['M', 'Nero'], 'a')])).toEqual({
      kind: 'duplicate_sku',
      index: 1,
    });
    expect(variantsProblem(sizes, [draft(['S', 'Nero'], 'A B')])).toEqual({ kind: 'sku', index: 0 });
    expect(variantsProblem(sizes, [draft(['S', 'Nero'], 'A', { gtin: '4006381333932' })])).toEqual({
      kind: 'gtin',
      index: 0,
    });
    expect(variantsProblem(sizes, [draft(['S', 'Nero'], 'A', { gtin: '4006381333931' })])).toBeNull();
    expect(variantsProblem(sizes, [draft(['S', 'Nero'], 'A', { status: 'archived' })])).toEqual({
      kind: 'none_active',
    });
  });
});
