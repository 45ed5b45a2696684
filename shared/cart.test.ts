/**
 * Cart line ids (shared/cart.ts): a product line names its variant only when it is not the
 * product's default (whose id is the product's), so lines written before variants keep their ids.
 */
import { describe, expect, it } from 'vitest';
import { cartLineId, parseCartLineId } from './cart';

const P = '0a1b2c3d-0000-4000-8000-000000000001';
const V = '0a1b2c3d-0000-4000-8000-0000000000ff';

describe('cart line ids', () => {
  it('a product, its default variant and a bundle keep the ids of before variants', () => {
    expect(cartLineId('product', P)).toBe(`p-${P}`);
    expect(cartLineId('product', P, P)).toBe(`p-${P}`);
    expect(cartLineId('product', P, null)).toBe(`p-${P}`);
    expect(cartLineId('bundle', P, V)).toBe(`b-${P}`);
    expect(parseCartLineId(`p-${P}`)).toEqual({ kind: 'product', itemId: P, variantId: P });
    expect(parseCartLineId(`b-${P}`)).toEqual({ kind: 'bundle', itemId: P, variantId: null });
  });

  it('another variant gets its own line, parsed back to the product and the variant (any case)', () => {
    expect(cartLineId('product', P, V)).toBe(`p-${P}.${V}`);
    expect(parseCartLineId(`p-${P}.${V}`.toUpperCase().replace('P-', 'p-'))).toEqual({
      kind: 'product',
      itemId: P,
      variantId: V,
    });
  });

  it('refuses malformed ids: a bundle with a variant, a missing or partial uuid, other kinds', () => {
    for (const bad of [`b-${P}.${V}`, `p-${P}.`, `p-${P}.${V.slice(0, 10)}`, `x-${P}`, P, `p-${P}${V}`])
      expect(parseCartLineId(bad)).toBeNull();
  });
});
