/**
 * The stock a cart needs (stock-needs.ts), per variant: a product with options by the variant of
 * each line, a product without options and a bundle's products by their default variant (no
 * variant_id: the product's id), digital products not at all.
 */
import { describe, expect, it } from 'vitest';
import type { JoinedLine } from '../cart/public';
import type { ProductRecord, VariantRecord } from '../data/catalog-items';
import { stockNeeds } from './stock-needs';

const product = (id: string, over: Partial<ProductRecord> = {}) =>
  ({ id, name: `Prodotto ${id}`, is_digital: false, ...over }) as ProductRecord;
const variant = (id: string, productId: string, values: string[]) =>
  ({ id, product_id: productId, option_values: values, status: 'active', quantity: 9 }) as unknown as VariantRecord;
const line = (quantity: number, over: Partial<JoinedLine>): JoinedLine => ({
  line: { id: 'l', user_id: 'u', product_id: null, bundle_id: null, quantity, created_at: '' },
  product: null,
  variant: null,
  bundle: null,
  bundleProducts: [],
  ...over,
});

describe('stock needs', () => {
  it('sums the units per variant; names the variant; a product without options needs its default variant', () => {
    const kb = product('kb', { name: 'Kettlebell', options: [{ name: 'Peso', values: ['8 kg', '16 kg'] }] });
    const mat = product('mat');
    const plan = product('plan', { is_digital: true });
    const v16 = variant('v16', 'kb', ['16 kg']);
    const v8 = variant('kb', 'kb', ['8 kg']);
    const needs = stockNeeds([
      line(2, { product: kb, variant: v16 }),
      line(1, { product: kb, variant: v8 }),
      line(3, { product: mat, variant: variant('mat', 'mat', []) }),
      line(1, { product: plan }),
      // a bundle with the mat: 2 bundles take 2 more mats
      line(2, { bundle: {} as JoinedLine['bundle'], bundleProducts: [mat, plan] }),
    ]);
    expect(needs).toEqual([
      { product_id: 'kb', variant_id: 'v16', name: 'Kettlebell – 16 kg', quantity: 2 },
      { product_id: 'kb', variant_id: 'kb', name: 'Kettlebell – 8 kg', quantity: 1 },
      { product_id: 'mat', name: 'Prodotto mat', quantity: 5 },
    ]);
  });
});
