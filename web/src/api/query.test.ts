import { describe, expect, it } from 'vitest';
import { productCommentsPath, productPath, productsPath } from './query';

describe('catalogue paths from the contract', () => {
  it('builds the product list path with both filters', () => {
    expect(productsPath({ q: 'panca', categoryId: 'abc' })).toBe('/api/products?q=panca&category_id=abc&limit=24');
    expect(productsPath({})).toBe('/api/products?limit=24');
  });

  it('builds product and comments paths, encoding the id', () => {
    expect(productPath('a/b')).toBe('/api/products/a%2Fb');
    expect(productCommentsPath('p1')).toBe('/api/products/p1/comments?limit=10');
  });
});
