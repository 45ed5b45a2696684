import { describe, expect, it } from 'vitest';
import { shortAsRead, stockNeeds } from './stock-needs';
import type { JoinedLine } from '../cart/public';
import type { BundleRecord, ProductRecord } from '../data/catalog-items';

const product = (id: string, quantity: number, extra: Partial<ProductRecord> = {}) =>
  ({ id, name: `Prodotto ${id}`, quantity, is_digital: false, ...extra }) as ProductRecord;
const productLine = (p: ProductRecord, quantity: number): JoinedLine => ({
  line: { id: `l-${p.id}`, product_id: p.id, quantity } as JoinedLine['line'],
  product: p,
  bundle: null,
  bundleProducts: [],
});
const bundleLine = (id: string, products: ProductRecord[], quantity: number): JoinedLine => ({
  line: { id: `l-${id}`, bundle_id: id, quantity } as JoinedLine['line'],
  product: null,
  bundle: { id, name: `Bundle ${id}`, product_ids: products.map((p) => p.id) } as BundleRecord,
  bundleProducts: products,
});

describe('shortAsRead: a sold-out product is answered from the read', () => {
  it('finds the product that showed fewer units than the cart needs', () => {
    const joined = [productLine(product('a', 5), 2), productLine(product('b', 0), 1)];
    expect(shortAsRead(joined, stockNeeds(joined))).toEqual({ product_id: 'b', name: 'Prodotto b', quantity: 1 });
  });

  it('lets through a cart whose products showed enough, to the last unit', () => {
    const joined = [productLine(product('a', 2), 2), productLine(product('c', 1), 1)];
    expect(shortAsRead(joined, stockNeeds(joined))).toBeUndefined();
  });

  it("adds a product's units over its line and the bundles that hold it", () => {
    const kettlebell = product('k', 3);
    const joined = [productLine(kettlebell, 2), bundleLine('set', [kettlebell, product('m', 9)], 2)];
    // 2 on its own line + 2 through the bundle = 4 > 3
    expect(shortAsRead(joined, stockNeeds(joined))?.product_id).toBe('k');
  });

  it('never stops a digital product, which needs no stock', () => {
    const joined = [productLine(product('pdf', 0, { is_digital: true }), 1)];
    expect(shortAsRead(joined, stockNeeds(joined))).toBeUndefined();
  });

  it('treats a product read without a quantity as having none', () => {
    const joined = [productLine(product('x', undefined as unknown as number), 1)];
    expect(shortAsRead(joined, stockNeeds(joined))?.product_id).toBe('x');
  });
});
