/**
 * What the receipt says of a line of a product with options: the product's name with the variant
 * bought ('Kettlebell – 16 kg'), in the receipt's data and in the PDF as drawn; a line of a product
 * without options keeps its name.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../../shared/seller';
import { pdfTexts } from '../../test/support/pdf-text';
import { anOrder, physicalLine } from '../orders/testing/order-fixtures';
import { orderVatBreakdown } from '../orders/order-views';
import { receiptOf } from './receipt';
import { renderReceiptPdf } from './receipt-pdf';

const order = anOrder({
  items: [
    {
      ...physicalLine('p-kb', 'Kettlebell regolabile', 4990, 1),
      variant_id: 'v-16',
      sku: 'KB-16',
      option_values: [{ name: 'Peso', value: '16 kg' }],
    },
    physicalLine('p-mat', 'Tappetino Yoga', 1990, 2),
  ],
});

describe('receipt of an order with a variant line', () => {
  it("names the variant bought on its line ('Kettlebell regolabile – 16 kg'), in the data and in the PDF", async () => {
    const receipt = receiptOf(order, DEMO_SELLER, orderVatBreakdown(order));
    expect(receipt.lines.map((l) => [l.name, l.quantity, l.amount_cents])).toEqual([
      ['Kettlebell regolabile – 16 kg', 1, 4990],
      ['Tappetino Yoga', 2, 3980],
    ]);
    const texts = pdfTexts(await renderReceiptPdf(receipt));
    expect(texts).toContain('Kettlebell regolabile – 16 kg');
    expect(texts).toContain('Tappetino Yoga');
  });
});
