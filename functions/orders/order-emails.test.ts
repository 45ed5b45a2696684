/**
 * What the order emails show of a line of a variant: the product's name with its option values
 * ('Kettlebell – 16 kg'); a line of a product without options shows its name as before variants.
 */
import { describe, expect, it } from 'vitest';
import { anOrder, physicalLine } from './testing/order-fixtures';
import { orderEmailData, withdrawalEmailData } from './order-emails';
import { lineDisplayName } from './order-record';
import { renderEmail } from '../email/catalog';
import { defaultStageSettings } from '../../shared/stage-settings';

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
    expect(orderEmailData(order).lines.map((l) => l.sku ?? null)).toEqual(['KB-16', null]);
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

  it("the confirmation says 'Kettlebell – 16 kg'; the owner's notice adds the SKU to pick", async () => {
    const data = orderEmailData(anOrder({ items: [sixteen, mat] }));
    const context = {
      origin: 'https://negozio.example.com',
      settings: defaultStageSettings('info@negozio.example.com'),
    };
    const confirmation = await renderEmail('order-confirmation', data, context);
    expect(confirmation.text).toContain('1 × Kettlebell – 16 kg');
    expect(confirmation.text).toContain('2 × Tappetino');
    expect(confirmation.text).not.toContain('KB-16');
    const notice = await renderEmail('owner-new-order', data, context);
    expect(notice.text).toMatch(/1 × Kettlebell – 16 kg\s*SKU KB-16/);
  });
});
