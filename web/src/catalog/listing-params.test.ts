import { describe, expect, it } from 'vitest';
import { readListingParams, writeListingParams } from './listing-params';

describe('readListingParams', () => {
  it('reads q and categoria', () => {
    expect(readListingParams(new URLSearchParams('q=%20panca%20&categoria=c1'))).toEqual({
      q: 'panca',
      categoryId: 'c1',
    });
  });

  it('defaults to no filters', () => {
    expect(readListingParams(new URLSearchParams(''))).toEqual({ q: '', categoryId: null });
    expect(readListingParams(new URLSearchParams('categoria='))).toEqual({ q: '', categoryId: null });
  });
});

describe('writeListingParams', () => {
  it('sets and removes values without touching other params', () => {
    const base = new URLSearchParams('utm=x&q=old');
    expect(writeListingParams(base, { q: 'nuovo' }).toString()).toBe('utm=x&q=nuovo');
    expect(writeListingParams(base, { q: '  ' }).toString()).toBe('utm=x');
    expect(writeListingParams(base, { categoryId: 'c2' }).toString()).toBe('utm=x&q=old&categoria=c2');
    expect(writeListingParams(new URLSearchParams('categoria=c2'), { categoryId: null }).toString()).toBe('');
  });

  it('does not mutate its input', () => {
    const base = new URLSearchParams('q=a');
    writeListingParams(base, { q: 'b' });
    expect(base.toString()).toBe('q=a');
  });
});
