import { describe, expect, it } from 'vitest';
import { importedStock } from './import-stock';

describe("the import's in-stock rule", () => {
  it('a page in stock without a count puts the product on sale with 5 units and no supplier baseline', () => {
    expect(importedStock({ stock: null, in_stock: true })).toEqual({
      rule: 'in_stock_default',
      quantity: 5,
      baseline: null,
    });
  });

  it('a count is the stock and the baseline; sold out is 0 with baseline 0; nothing said is 0 without a baseline', () => {
    expect(importedStock({ stock: 14, in_stock: true })).toEqual({ rule: 'page_level', quantity: 14, baseline: 14 });
    expect(importedStock({ stock: 0, in_stock: null })).toEqual({ rule: 'page_level', quantity: 0, baseline: 0 });
    expect(importedStock({ stock: null, in_stock: false })).toEqual({ rule: 'out_of_stock', quantity: 0, baseline: 0 });
    expect(importedStock({ stock: null, in_stock: null })).toEqual({ rule: 'unknown', quantity: 0, baseline: null });
  });
});
