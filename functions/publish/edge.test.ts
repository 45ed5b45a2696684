import { describe, expect, it } from 'vitest';
import { chunks, INVALIDATION_PATH_LIMIT, invalidationPaths, productPageKey, updateEdge } from './edge';

describe('invalidationPaths', () => {
  it("names each changed page's path and its published document, once", () => {
    expect(invalidationPaths([productPageKey('a'), productPageKey('b'), productPageKey('a')])).toEqual([
      '/product/a',
      '/product/b',
      '/published/product/a.html',
      '/published/product/b.html',
    ]);
    expect(invalidationPaths([])).toEqual([]);
  });

  it('names the folders instead when a batch changes more pages than the limit (a bulk import)', () => {
    const keys = Array.from({ length: INVALIDATION_PATH_LIMIT + 1 }, (_, i) => productPageKey(`p${i}`));
    expect(invalidationPaths(keys)).toEqual(['/product/*', '/published/*']);
    expect(invalidationPaths([...keys, '/category/c1'])).toEqual(['/category/*', '/product/*', '/published/*']);
    expect(invalidationPaths(keys.slice(1))).toHaveLength(2 * INVALIDATION_PATH_LIMIT);
  });
});

describe('updateEdge', () => {
  it('splits key updates into chunks and does nothing without the published pages parameter (the local runtime)', async () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    const before = process.env.PUBLISHED_PAGES_PARAMETER;
    delete process.env.PUBLISHED_PAGES_PARAMETER;
    try {
      await expect(updateEdge({ put: ['/product/a'], invalidate: ['/product/a'] })).resolves.toEqual({
        skipped: true,
        put: 0,
        removed: 0,
        invalidated: [],
      });
    } finally {
      if (before !== undefined) process.env.PUBLISHED_PAGES_PARAMETER = before;
    }
  });
});
