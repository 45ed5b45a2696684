import { describe, expect, it } from 'vitest';
import { lineNameAt, orderLineName, orderLineVariant } from './order-line-name';

describe('an order line in the back office', () => {
  const variantLine = {
    name: 'Kettlebell',
    variant_id: 'v-16',
    sku: 'KB-16',
    option_values: [{ name: 'Peso', value: '16 kg' }],
  };

  it('names the variant bought: its values after the name, its options and SKU as details', () => {
    expect(orderLineName(variantLine)).toBe('Kettlebell – 16 kg');
    expect(orderLineVariant(variantLine)).toBe('Peso: 16 kg · SKU KB-16');
    expect(
      orderLineVariant({
        ...variantLine,
        option_values: [
          { name: 'Taglia', value: 'L' },
          { name: 'Colore', value: 'Nero' },
        ],
      }),
    ).toBe('Taglia: L · Colore: Nero · SKU KB-16');
  });

  it('reads a line without a variant (no options, a bundle, an order before variants) as before', () => {
    expect(orderLineName({ name: 'Tappetino' })).toBe('Tappetino');
    expect(orderLineVariant({})).toBeNull();
    expect(lineNameAt([{ name: 'Tappetino' }, variantLine], 1)).toBe('Kettlebell – 16 kg');
    expect(lineNameAt([], 3)).toBe('—');
  });
});
