import { describe, expect, it } from 'vitest';
import { bundleIsPremium, highestTier, isImageContentType } from './admin-catalog';
import { bundleSchema, commentModerationSchema, productImagesSchema, productSchema } from './schemas/admin-catalog';

/** Complete safety information of a physical product made in the EU. */
const SAFETY = {
  manufacturer_name: 'Aurum Fitness S.r.l.',
  manufacturer_address: 'Via Sparano 1, 70121 Bari, Italia',
  manufacturer_contact: 'sicurezza@aurumfitness.example',
  warnings: 'Usare su una superficie piana.',
};

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
  it('defaults: description empty, rating and reviews 0, not digital, tier none, VAT 22 %, no announced reduction', () => {
    expect(productSchema.parse({ name: ' Manubri ', price_cents: 1990, is_digital: true })).toEqual({
      name: 'Manubri',
      description: '',
      price_cents: 1990,
      announce_reduction: false,
      vat_rate: 22,
      category_id: null,
      badge: null,
      rating: 0,
      reviews: 0,
      is_digital: true,
      digital_asset_id: null,
      premium_tier: 'none',
      supplier_product_url: null,
      product_safety: null,
    });
    expect(productSchema.parse({ name: 'x', price_cents: 1, is_digital: true, premium_tier: null }).premium_tier).toBe(
      'none',
    );
  });

  it('a struck-through price cannot be typed: only the announcement is (art. 17-bis Codice del Consumo)', () => {
    expect(
      productSchema.safeParse({ name: 'x', price_cents: 1, is_digital: true, original_price_cents: 2490 }).success,
    ).toBe(false);
    expect(
      productSchema.parse({ name: 'x', price_cents: 1, is_digital: true, announce_reduction: true }),
    ).toMatchObject({
      announce_reduction: true,
    });
  });

  it("VAT: one of Italy's rates (22, 10, 5, 4 %)", () => {
    for (const rate of [22, 10, 5, 4])
      expect(productSchema.parse({ name: 'x', price_cents: 1, is_digital: true, vat_rate: rate }).vat_rate).toBe(rate);
    for (const rate of [0, 21, '22', null])
      expect(productSchema.safeParse({ name: 'x', price_cents: 1, is_digital: true, vat_rate: rate }).success).toBe(
        false,
      );
    expect(bundleSchema.parse({ name: 'x', price_cents: 1, category: 'Bundle Digitale' }).vat_rate).toBe(22);
    expect(bundleSchema.parse({ name: 'x', price_cents: 1, category: 'Bundle Digitale', vat_rate: 4 }).vat_rate).toBe(
      4,
    );
  });

  it('a physical product needs its GPSR safety information (Reg. (EU) 2023/988 art. 19); a digital one drops it', () => {
    const missing = productSchema.safeParse({ name: 'Kettlebell', price_cents: 4990 });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['product_safety'], message: 'required' });
    const safe = productSchema.parse({ name: 'Kettlebell', price_cents: 4990, product_safety: SAFETY });
    expect(safe.product_safety).toEqual({
      ...SAFETY,
      manufacturer_in_eu: true,
      responsible_person_name: null,
      responsible_person_address: null,
      responsible_person_contact: null,
      product_identifier: null,
    });
    expect(
      productSchema.parse({ name: 'Planner', price_cents: 990, is_digital: true, product_safety: SAFETY })
        .product_safety,
    ).toBeNull();
  });

  it('a manufacturer outside the EU needs the EU responsible person, all three fields', () => {
    const outside = { ...SAFETY, manufacturer_in_eu: false };
    const r = productSchema.safeParse({ name: 'x', price_cents: 1, product_safety: outside });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'product_safety.responsible_person_name',
      'product_safety.responsible_person_address',
      'product_safety.responsible_person_contact',
    ]);
    const withPerson = {
      ...outside,
      responsible_person_name: 'EU Rep S.r.l.',
      responsible_person_address: 'Via Roma 1, 00100 Roma, Italia',
      responsible_person_contact: 'rep@eurep.example',
    };
    expect(productSchema.parse({ name: 'x', price_cents: 1, product_safety: withPerson }).product_safety).toMatchObject(
      withPerson,
    );
    for (const contact of ['nessuno', 'ftp://x.example', ''])
      expect(
        productSchema.safeParse({
          name: 'x',
          price_cents: 1,
          product_safety: { ...SAFETY, manufacturer_contact: contact },
        }).success,
        contact,
      ).toBe(false);
  });

  it('a product that is not digital has no digital asset', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(
      productSchema.parse({
        name: 'x',
        price_cents: 1,
        is_digital: false,
        digital_asset_id: id,
        product_safety: SAFETY,
      }).digital_asset_id,
    ).toBeNull();
    expect(
      productSchema.parse({ name: 'x', price_cents: 1, is_digital: true, digital_asset_id: id }).digital_asset_id,
    ).toBe(id);
  });

  it('quantity: missing stays missing (an edit keeps the stock), null means 0 on the server, fractions are refused', () => {
    const p = { name: 'x', price_cents: 1, product_safety: SAFETY };
    expect(productSchema.parse(p).quantity).toBeUndefined();
    expect(productSchema.parse({ ...p, quantity: null }).quantity).toBeNull();
    expect(productSchema.safeParse({ ...p, quantity: 1.5 }).success).toBe(false);
  });

  it('refuses unknown fields, prices with fractions of a cent, unknown tiers, non-http URLs', () => {
    for (const bad of [
      { price: 10 },
      { price_cents: 9.5 },
      { premium_tier: 'Gold' },
      { supplier_product_url: 'javascript:alert(1)' },
    ]) {
      expect(
        productSchema.safeParse({ name: 'x', price_cents: 1, product_safety: SAFETY, ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
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
