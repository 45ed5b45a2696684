/**
 * The stock a cart needs (stock-needs.ts), per variant: a product with options by the variant of
 * each line, a product without options and a bundle's products by their default variant (no
 * variant_id: the product's id), digital products not at all; and the flash sale's answer from
 * reads (shortAsRead), per variant.
 */
import { describe, expect, it } from 'vitest';
import type { JoinedLine } from '../cart/public';
import type { BundleRecord, ProductRecord, VariantRecord } from '../data/catalog-items';
import { shortAsRead, stockNeeds } from './stock-needs';

const product = (id: string, over: Partial<ProductRecord> = {}) =>
  ({ id, name: `Prodotto ${id}`, is_digital: false, ...over }) as ProductRecord;
const variant = (id: string, productId: string, values: string[], over: Partial<VariantRecord> = {}) =>
  ({ id, product_id: productId, option_values: values, status: 'active', quantity: 9, ...over }) as VariantRecord;
const line = (quantity: number, over: Partial<JoinedLine>): JoinedLine => ({
  line: { id: 'l', user_id: 'u', product_id: null, bundle_id: null, quantity, created_at: '' },
  product: null,
  variant: null,
  bundle: null,
  bundleProducts: [],
  ...over,
});
const stocked = (id: string, quantity: number, extra: Partial<ProductRecord> = {}) =>
  product(id, { quantity, ...extra });
const productLine = (p: ProductRecord, quantity: number, v: VariantRecord | null = null): JoinedLine =>
  line(quantity, { product: p, variant: v });
const bundleLine = (id: string, products: ProductRecord[], quantity: number): JoinedLine =>
  line(quantity, {
    bundle: { id, name: `Bundle ${id}`, product_ids: products.map((p) => p.id) } as BundleRecord,
    bundleProducts: products,
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

describe('shortAsRead: a sold-out product is answered from the read', () => {
  it('finds the product that showed fewer units than the cart needs', () => {
    const joined = [productLine(stocked('a', 5), 2), productLine(stocked('b', 0), 1)];
    expect(shortAsRead(joined, stockNeeds(joined))).toEqual({ product_id: 'b', name: 'Prodotto b', quantity: 1 });
  });

  it('lets through a cart whose products showed enough, to the last unit', () => {
    const joined = [productLine(stocked('a', 2), 2), productLine(stocked('c', 1), 1)];
    expect(shortAsRead(joined, stockNeeds(joined))).toBeUndefined();
  });

  it("adds a product's units over its line and the bundles that hold it", () => {
    const kettlebell = stocked('k', 3);
    const joined = [productLine(kettlebell, 2), bundleLine('set', [kettlebell, stocked('m', 9)], 2)];
    // 2 on its own line + 2 through the bundle = 4 > 3
    expect(shortAsRead(joined, stockNeeds(joined))?.product_id).toBe('k');
  });

  it('never stops a digital product, which needs no stock', () => {
    const joined = [productLine(stocked('pdf', 0, { is_digital: true }), 1)];
    expect(shortAsRead(joined, stockNeeds(joined))).toBeUndefined();
  });

  it('treats a product read without a quantity as having none', () => {
    const joined = [productLine(stocked('x', undefined as unknown as number), 1)];
    expect(shortAsRead(joined, stockNeeds(joined))?.product_id).toBe('x');
  });

  it("compares a variant's own stock, not its product's sum: the last 16 kg sold out, the 8 kg still sold", () => {
    // the product item's quantity is the sum of its variants' (3 + 0)
    const kb = stocked('kb', 3, { name: 'Kettlebell', options: [{ name: 'Peso', values: ['8 kg', '16 kg'] }] });
    const v8 = variant('kb', 'kb', ['8 kg'], { quantity: 3 });
    const v16 = variant('v16', 'kb', ['16 kg'], { quantity: 0 });
    const wants16 = [productLine(kb, 1, v16)];
    expect(shortAsRead(wants16, stockNeeds(wants16))).toEqual({
      product_id: 'kb',
      variant_id: 'v16',
      name: 'Kettlebell – 16 kg',
      quantity: 1,
    });
    const wants8 = [productLine(kb, 3, v8)];
    expect(shortAsRead(wants8, stockNeeds(wants8))).toBeUndefined();
  });

  it('treats an archived variant as having none, whatever its stock field says', () => {
    const kb = stocked('kb', 5, { name: 'Kettlebell', options: [{ name: 'Peso', values: ['24 kg'] }] });
    const archived = variant('v24', 'kb', ['24 kg'], { quantity: 5, status: 'archived' });
    const joined = [productLine(kb, 1, archived)];
    expect(shortAsRead(joined, stockNeeds(joined))?.variant_id).toBe('v24');
  });
});
