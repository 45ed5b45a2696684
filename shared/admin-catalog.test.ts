import { describe, expect, it } from 'vitest';
import { bundleIsPremium, highestTier, isImageContentType } from './admin-catalog';
import { bundleSchema, commentModerationSchema, productImagesSchema, productSchema } from './schemas/admin-catalog';

describe('bundle tiers', () => {
  it('the highest tier of the products decides; any tier product makes the bundle premium', () => {
    expect(highestTier([])).toBe('none');
    expect(highestTier(['none', null, 'Advanced', 'Expert', 'Premium'])).toBe('Expert');
    expect(bundleIsPremium(false, ['none', null])).toBe(false);
    expect(bundleIsPremium(true, ['none'])).toBe(true);
    expect(bundleIsPremium(false, ['none', 'Advanced'])).toBe(true);
  });
});

describe('product form rules', () => {
  it('defaults: description empty, rating and reviews 0, not digital, tier none; 0 original price is null', () => {
    expect(productSchema.parse({ name: ' Manubri ', price_cents: 1990, original_price_cents: 0 })).toEqual({
      name: 'Manubri',
      description: '',
      price_cents: 1990,
      original_price_cents: null,
      category_id: null,
      badge: null,
      rating: 0,
      reviews: 0,
      is_digital: false,
      digital_asset_id: null,
      premium_tier: 'none',
      supplier_product_url: null,
    });
    expect(
      productSchema.parse({ name: 'x', price_cents: 1, original_price_cents: null, premium_tier: null }).premium_tier,
    ).toBe('none');
    expect(productSchema.parse({ name: 'x', price_cents: 1, original_price_cents: 2490 }).original_price_cents).toBe(
      2490,
    );
  });

  it('a product that is not digital has no digital asset', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(
      productSchema.parse({ name: 'x', price_cents: 1, is_digital: false, digital_asset_id: id }).digital_asset_id,
    ).toBeNull();
    expect(
      productSchema.parse({ name: 'x', price_cents: 1, is_digital: true, digital_asset_id: id }).digital_asset_id,
    ).toBe(id);
  });

  it('quantity: missing stays missing (an edit keeps the stock), null means 0 on the server, fractions are refused', () => {
    expect(productSchema.parse({ name: 'x', price_cents: 1 }).quantity).toBeUndefined();
    expect(productSchema.parse({ name: 'x', price_cents: 1, quantity: null }).quantity).toBeNull();
    expect(productSchema.safeParse({ name: 'x', price_cents: 1, quantity: 1.5 }).success).toBe(false);
  });

  it('refuses unknown fields, prices with fractions of a cent, unknown tiers, non-http URLs', () => {
    for (const bad of [
      { price: 10 },
      { price_cents: 9.5 },
      { premium_tier: 'Gold' },
      { supplier_product_url: 'javascript:alert(1)' },
    ]) {
      expect(productSchema.safeParse({ name: 'x', price_cents: 1, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('gallery keys must not repeat; a moderation needs at least one field; a bundle category is one of three', () => {
    expect(productImagesSchema.safeParse({ keys: ['a', 'a'] }).success).toBe(false);
    expect(commentModerationSchema.safeParse({}).success).toBe(false);
    expect(commentModerationSchema.parse({ admin_reply: '  ' })).toEqual({ admin_reply: null });
    expect(bundleSchema.safeParse({ name: 'x', price_cents: 1, category: 'Bundle Vario' }).success).toBe(false);
    expect(bundleSchema.parse({ name: 'x', price_cents: 1, category: 'Bundle Digitale' })).toMatchObject({
      is_premium: false,
      product_ids: [],
      image_key: null,
    });
  });

  it('accepts exactly the raster types JPEG, PNG, WebP, AVIF and GIF; never SVG (it can carry script)', () => {
    for (const t of ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])
      expect(isImageContentType(t)).toBe(true);
    for (const t of ['image/svg+xml', 'image/heic', 'image/x-icon', 'IMAGE/PNG', 'text/html', 'image/', 'toString'])
      expect(isImageContentType(t), t).toBe(false);
  });
});
