/**
 * What the order emails show of a line of a variant: the product's name with its option values
 * ('Kettlebell – 16 kg'); a line of a product without options shows its name as before variants.
 */
import { describe, expect, it } from 'vitest';
import { anOrder, physicalLine } from './testing/order-fixtures';
import { orderEmailData, withdrawalEmailData } from './order-emails';
import { lineDisplayName } from './order-record';

const sixteen = {
  ...physicalLine('p-kb', 'Kettlebell', 4990, 1),
  variant_id: 'v-16',
  sku: 'KB-16',
  option_values: [{ name: 'Peso', value: '16 kg' }],
};
const mat = physicalLine('p-mat', 'Tappetino', 1990, 2);

describe('order lines of a variant in the emails', () => {
  it('names the variant on its line, and only there', () => {
    const order = anOrder({ items: [sixteen, mat] });
    expect(orderEmailData(order).lines.map((l) => l.name)).toEqual(['Kettlebell – 16 kg', 'Tappetino']);
    const w = {
      id: 'w-1',
      requested_at: '2026-03-02T10:00:00.000Z',
      lines: [{ index: 0, quantity: 1 }],
    } as Parameters<typeof withdrawalEmailData>[1];
    expect(withdrawalEmailData(order, w).lines).toEqual([
      { name: 'Kettlebell – 16 kg', quantity: 1, unit_cents: 4990 },
    ]);
    expect(
      lineDisplayName({
        name: 'Kettlebell',
        option_values: [
          { name: 'Peso', value: '8 kg' },
          { name: 'Colore', value: 'Nero' },
        ],
      }),
    ).toBe('Kettlebell – 8 kg / Nero');
  });
});
