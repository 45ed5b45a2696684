import { describe, expect, it } from 'vitest';
import { categoryPath, productPath, productsPath, withQuery } from './query';

describe('withQuery', () => {
  it('leaves the path alone without params', () => {
    expect(withQuery('/api/products', {})).toBe('/api/products');
    expect(withQuery('/api/products', { q: '', category_id: null, x: undefined })).toBe('/api/products');
  });

  it('trims values and drops blank ones', () => {
    expect(withQuery('/api/products', { q: '  pesi ', category_id: '   ' })).toBe('/api/products?q=pesi');
  });

  it('encodes special characters', () => {
    expect(withQuery('/api/products', { q: 'kettlebell & co' })).toBe('/api/products?q=kettlebell+%26+co');
  });
});

describe('api paths', () => {
  it('builds the product list path with both filters', () => {
    expect(productsPath({ q: 'panca', categoryId: 'abc' })).toBe('/api/products?q=panca&category_id=abc');
    expect(productsPath({})).toBe('/api/products');
  });

  it('builds category and product paths, encoding the id', () => {
    expect(categoryPath('c1', 'corda')).toBe('/api/categories/c1?q=corda');
    expect(categoryPath('c1')).toBe('/api/categories/c1');
    expect(productPath('a/b')).toBe('/api/products/a%2Fb');
  });
});
