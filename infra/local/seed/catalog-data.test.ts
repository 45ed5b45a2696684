/**
 * Checks the seed catalogue against its requirements: counts, tiers, stock states, digital
 * products, galleries, bundles, plans, comments, id shapes and the generated SVG artwork.
 */
import { describe, expect, it } from 'vitest';
import { productSchema } from '../../../shared/schemas/admin-catalog';
import { BUNDLE_CATEGORIES } from '../../../shared/constants';
import { PREMIUM_TIERS, SUBSCRIPTION_TIERS } from '../../../shared/tiers';
import { MEDIA_PATH_PREFIX } from '../../definitions';
import { SEED, SEED_FIXTURES, UUID_PATTERN, buildComments, stableId } from './catalog-data';
import { ART_KINDS, bundleSvg, escapeXml, renderArtworkSvg } from './images';
import { buildSeedRecords, seedImageKey } from './seed-catalog';

const physical = SEED.products.filter((p) => !p.is_digital);
const byName = (name: string) => SEED.products.find((p) => p.name === name);
const COMMENTERS = ['sub-a', 'sub-b', 'sub-c'];

/** Light XML well-formedness check: balanced tags, no stray '&' or '<'. */
function assertXmlish(svg: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  expect(svg).toContain('viewBox="0 0 800 800"');
  expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    expect(svg.slice(last, m.index)).not.toContain('<');
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = m;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
}

describe('stableId', () => {
  it('is deterministic, RFC 4122 shaped (version 5, variant 10xx) and slug-specific', () => {
    const a = stableId('product:x');
    expect(a).toBe(stableId('product:x'));
    expect(a).not.toBe(stableId('product:y'));
    expect(a).toMatch(UUID_PATTERN);
    expect(a[14]).toBe('5');
    expect('89ab').toContain(a[19]!);
  });
});

describe('categories', () => {
  it('has the required categories, each with an Italian description', () => {
    const names = SEED.categories.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const required of ['Attrezzi', 'Accessori', 'Planner Digitali', 'Piani Alimentari', 'Crescita Personale']) {
      expect(names).toContain(required);
    }
    expect(names.some((n) => n === 'Cardio' || n === 'Abbigliamento Tecnico')).toBe(true);
    for (const c of SEED.categories) expect(c.description.length).toBeGreaterThan(60);
  });

  it('every category has products', () => {
    for (const c of SEED.categories) expect(SEED.products.some((p) => p.category_id === c.id)).toBe(true);
  });
});

describe('products', () => {
  it('has at least 32 products, each in an existing category', () => {
    expect(SEED.products.length).toBeGreaterThanOrEqual(32);
    const ids = new Set(SEED.categories.map((c) => c.id));
    for (const p of SEED.products) expect(ids.has(p.category_id)).toBe(true);
  });

  it('has unique names and slugs', () => {
    expect(new Set(SEED.products.map((p) => p.name)).size).toBe(SEED.products.length);
    expect(new Set(SEED.products.map((p) => p.slug)).size).toBe(SEED.products.length);
  });

  it('has at least 3 manubri products', () => {
    expect(
      SEED.products.filter((p) => p.name.toLowerCase().includes(SEED_FIXTURES.manubriSearch)).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('prices are positive integer cents; sale prices are above the price', () => {
    for (const p of SEED.products) {
      expect(Number.isInteger(p.price_cents), p.name).toBe(true);
      expect(p.price_cents, p.name).toBeGreaterThan(0);
      if (p.sale_from_cents !== null) {
        expect(Number.isInteger(p.sale_from_cents), p.name).toBe(true);
        expect(p.sale_from_cents, p.name).toBeGreaterThan(p.price_cents);
      }
      // the history ends at the current price
      expect(p.price_history.at(-1)?.price_cents, p.name).toBe(p.price_cents);
    }
    expect(SEED.products.filter((p) => p.announce_reduction).length).toBeGreaterThanOrEqual(3);
  });

  it('every physical product carries its GPSR safety information (Reg. (EU) 2023/988 art. 19), as the form requires', () => {
    for (const p of SEED.products) {
      const body = {
        name: p.name,
        price_cents: p.price_cents,
        is_digital: p.is_digital,
        product_safety: p.product_safety,
        vat_rate: p.vat_rate,
      };
      expect(productSchema.safeParse(body).success, p.name).toBe(true);
      expect(p.product_safety === null, p.name).toBe(p.is_digital);
    }
    // a manufacturer outside the EU comes with the EU responsible person
    const overseas = SEED.products.filter((p) => p.product_safety && !p.product_safety.manufacturer_in_eu);
    expect(overseas.length).toBeGreaterThan(0);
    for (const p of overseas) expect(p.product_safety!.responsible_person_name, p.name).toBeTruthy();
  });

  it('has rich descriptions, ratings 4.3-5.0 and review counts', () => {
    for (const p of SEED.products) {
      expect(p.description.length, p.name).toBeGreaterThan(80);
      expect(p.rating, p.name).toBeGreaterThanOrEqual(4.3);
      expect(p.rating, p.name).toBeLessThanOrEqual(5);
      expect(Number.isInteger(p.reviews) && p.reviews > 0, p.name).toBe(true);
    }
  });

  it('uses the expected badges', () => {
    const badges = new Set(SEED.products.map((p) => p.badge).filter((b) => b !== null));
    for (const b of ['Best Seller', 'Novità', 'Esclusivo', 'Offerta']) expect(badges.has(b)).toBe(true);
  });

  it('has at least 6 digital products', () => {
    expect(SEED.products.filter((p) => p.is_digital).length).toBeGreaterThanOrEqual(6);
  });

  it('covers every premium tier, at least twice for each paid tier', () => {
    for (const tier of PREMIUM_TIERS) {
      const n = SEED.products.filter((p) => p.premium_tier === tier).length;
      expect(n, tier).toBeGreaterThanOrEqual(2);
    }
    expect(SEED.products.filter((p) => p.premium_tier === 'none').length).toBeGreaterThan(SEED.products.length / 2);
  });

  it('has sold-out, low-stock and normally stocked physical products', () => {
    expect(physical.filter((p) => p.quantity === 0).length).toBeGreaterThanOrEqual(2);
    expect(physical.filter((p) => p.quantity >= 1 && p.quantity <= 5).length).toBeGreaterThanOrEqual(3);
    for (const p of physical.filter((x) => x.quantity > 5)) {
      expect(p.quantity, p.name).toBeGreaterThanOrEqual(6);
      expect(p.quantity, p.name).toBeLessThanOrEqual(120);
    }
  });

  it('has created_at timestamps within 2026, increasing in list order', () => {
    const times = SEED.products.map((p) => Date.parse(p.created_at));
    for (const p of SEED.products) expect(p.created_at.startsWith('2026-'), p.name).toBe(true);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
  });

  it('has at least 6 products with a gallery of 2-3 images', () => {
    const galleries = SEED.products.filter((p) => p.gallery >= 2);
    expect(galleries.length).toBeGreaterThanOrEqual(6);
    for (const p of SEED.products) expect(p.gallery >= 1 && p.gallery <= 3, p.name).toBe(true);
  });
});

describe('fixtures', () => {
  it('point at products with the promised properties', () => {
    expect(byName(SEED_FIXTURES.tierRestrictedProductName)?.premium_tier).toBe('Premium');
    const soldOut = byName(SEED_FIXTURES.soldOutProductName);
    expect(soldOut?.is_digital).toBe(false);
    expect(soldOut?.quantity).toBe(0);
    const low = byName(SEED_FIXTURES.lowStockProductName);
    expect(low?.is_digital).toBe(false);
    expect(low!.quantity).toBeGreaterThanOrEqual(1);
    expect(low!.quantity).toBeLessThanOrEqual(5);
    expect(byName(SEED_FIXTURES.productWithGallery)!.gallery).toBeGreaterThanOrEqual(2);
    expect(SEED.categories.map((c) => c.name)).toContain(SEED_FIXTURES.categoryForFilter);
    // The fixture products themselves are public, so visitor tests can see them.
    for (const name of [
      SEED_FIXTURES.soldOutProductName,
      SEED_FIXTURES.lowStockProductName,
      SEED_FIXTURES.productWithGallery,
    ]) {
      expect(byName(name)?.premium_tier, name).toBe('none');
    }
  });
});

describe('bundles', () => {
  it('has 4 bundles in the bundle categories, exactly one premium', () => {
    expect(SEED.bundles.length).toBe(4);
    for (const b of SEED.bundles) expect(BUNDLE_CATEGORIES).toContain(b.category);
    expect(SEED.bundles.filter((b) => b.is_premium).length).toBe(1);
  });

  it('each bundle has 2-5 existing products and costs less than their sum', () => {
    const byId = new Map(SEED.products.map((p) => [p.id, p]));
    for (const b of SEED.bundles) {
      expect(b.product_ids.length, b.name).toBeGreaterThanOrEqual(2);
      expect(b.product_ids.length, b.name).toBeLessThanOrEqual(5);
      expect(new Set(b.product_ids).size, b.name).toBe(b.product_ids.length);
      const sum = b.product_ids.reduce((acc, id) => {
        const p = byId.get(id);
        expect(p, `${b.name}: ${id}`).toBeDefined();
        return acc + (p?.price_cents ?? 0);
      }, 0);
      expect(Number.isInteger(b.price_cents) && b.price_cents > 0, b.name).toBe(true);
      expect(b.price_cents, b.name).toBeLessThan(sum);
    }
  });
});

describe('discount tiers and plans', () => {
  it('has 4 discount tiers with increasing percentages', () => {
    expect(SEED.discountTiers.map((t) => t.name)).toEqual(['Argento', 'Oro', 'Platino', 'Diamante']);
    expect(SEED.discountTiers.map((t) => t.discount_percentage)).toEqual([5, 10, 15, 20]);
  });

  it('has one plan per subscription tier, linked to a discount tier', () => {
    expect(SEED.plans.map((p) => p.subscription_tier)).toEqual([...SUBSCRIPTION_TIERS]);
    expect(SEED.plans.map((p) => p.duration_months)).toEqual([1, 3, 6, 12]);
    for (const p of SEED.plans) {
      const t = SEED.discountTiers.find((d) => d.id === p.discount_tier_id);
      expect(t, p.name).toBeDefined();
      expect(p.discount_percentage).toBe(t!.discount_percentage);
      expect(Number.isInteger(p.price_cents) && p.price_cents > 0).toBe(true);
      expect(p.name.startsWith('Aurum Club ')).toBe(true);
    }
  });
});

describe('comments', () => {
  const comments = buildComments(COMMENTERS);

  it('has at least 10 reviews on existing products, mostly approved, at least 3 pending', () => {
    expect(comments.length).toBeGreaterThanOrEqual(10);
    const productIds = new Set(SEED.products.map((p) => p.id));
    for (const c of comments) expect(productIds.has(c.product_id)).toBe(true);
    const pending = comments.filter((c) => !c.is_approved).length;
    expect(pending).toBeGreaterThanOrEqual(3);
    expect(comments.length - pending).toBeGreaterThan(pending);
  });

  it('has exactly one pinned comment, approved, and at least one admin reply', () => {
    const pinned = comments.filter((c) => c.is_pinned);
    expect(pinned.length).toBe(1);
    expect(pinned[0]!.is_approved).toBe(true);
    expect(comments.some((c) => c.admin_reply && c.admin_reply.length > 20)).toBe(true);
  });

  it('assigns authors round-robin and dates after the product', () => {
    expect(comments.map((c) => c.user_id).slice(0, 4)).toEqual(['sub-a', 'sub-b', 'sub-c', 'sub-a']);
    const byId = new Map(SEED.products.map((p) => [p.id, p]));
    for (const c of comments) {
      expect(c.created_at > byId.get(c.product_id)!.created_at).toBe(true);
      expect(c.created_at.startsWith('2026-')).toBe(true);
    }
    expect(() => buildComments([])).toThrow();
  });
});

describe('ids', () => {
  it('are unique UUIDs across every kind of item', () => {
    const ids = [
      ...SEED.categories.map((x) => x.id),
      ...SEED.products.map((x) => x.id),
      ...SEED.bundles.map((x) => x.id),
      ...SEED.discountTiers.map((x) => x.id),
      ...SEED.plans.map((x) => x.id),
      ...SEED.comments.map((x) => x.id),
    ];
    for (const id of ids) expect(id).toMatch(UUID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('images', () => {
  it('renders every kind and variant as well-formed SVG', () => {
    for (const kind of ART_KINDS) {
      for (const variant of [0, 1, 2])
        assertXmlish(
          renderArtworkSvg({ name: `Prova ${kind} & <co>`, caption: 'Attrezzi', kind, variant, seed: kind }),
        );
    }
    assertXmlish(bundleSvg({ name: 'Kit', category: 'Bundle Misto', slug: 'kit', is_premium: true }));
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });

  it('uses gold on black, the AURUM mark, serif fonts only and no external references', () => {
    const svg = renderArtworkSvg({ name: 'Manubri', kind: 'dumbbell', seed: 'm' });
    expect(svg).toContain('#D4AF37');
    expect(svg).toContain('AURUM');
    expect(svg).toContain('small-caps');
    expect(svg).not.toMatch(/@import|href=/);
  });
});

describe('buildSeedRecords', () => {
  const now = new Date('2026-12-31T00:00:00Z');
  const records = buildSeedRecords({ commenterIds: COMMENTERS, now });

  it('writes the kettlebell with options: four weights, 24 kg sold out, the product summing its variants', () => {
    const product = records.products.find((p) => p.name === SEED_FIXTURES.variantProductName)!;
    expect(product.options).toEqual([{ name: 'Peso', values: ['8 kg', '12 kg', '16 kg', '24 kg'] }]);
    const variants = records.variants.get(product.id)!;
    expect(variants.map((v) => [v.option_values.join(), v.sku, v.price_cents, v.quantity])).toEqual([
      ['8 kg', 'AF-KBC-8', 3990, 6],
      ['12 kg', 'AF-KBC-12', 4990, 4],
      ['16 kg', SEED_FIXTURES.variantProductSku16, 5990, 3],
      ['24 kg', 'AF-KBC-24', 7990, 0],
    ]);
    // the first variant is the default: the product's id (and its price history)
    expect(variants[0]!.id).toBe(product.id);
    expect(variants.every((v) => v.product_id === product.id && v.status === 'active')).toBe(true);
    expect(new Set(variants.map((v) => v.id)).size).toBe(4);
    expect(variants.map((v) => v.position)).toEqual([0, 1, 2, 3]);
    expect(product).toMatchObject({ price_cents: 3990, price_max_cents: 7990, quantity: 13, variant_count: 4 });
    // the heavier ones show the second image of the gallery
    expect(variants[2]!.image_ids).toEqual([product.images[1]!.id]);
    expect(variants[0]!.image_ids).toEqual([]);
  });

  it('records each variant price under its own history, the first under the product', () => {
    const product = records.products.find((p) => p.name === SEED_FIXTURES.variantProductName)!;
    const variants = records.variants.get(product.id)!;
    const histories = records.prices.filter((h) => h.id === product.id || variants.some((v) => v.id === h.id));
    expect(histories.map((h) => [h.kind, h.id, h.changes.map((c) => c.price_cents)])).toEqual([
      ['product', product.id, [3990]],
      ['variant', variants[1]!.id, [4990]],
      ['variant', variants[2]!.id, [5990]],
      ['variant', variants[3]!.id, [7990]],
    ]);
  });

  it('writes the nylon belt in four sizes at one price (no price range), XL sold out', () => {
    const product = records.products.find((p) => p.name === 'Cintura Lombare Aurum in Nylon')!;
    const variants = records.variants.get(product.id)!;
    expect(variants.map((v) => [v.option_values.join(), v.price_cents, v.quantity])).toEqual([
      ['S', 3490, 5],
      ['M', 3490, 8],
      ['L', 3490, 4],
      ['XL', 3490, 0],
    ]);
    expect(product).toMatchObject({ price_cents: 3490, price_max_cents: 3490, quantity: 17 });
  });

  it('gives every product without options no variants of its own (putProduct writes its default)', () => {
    const withOptions = records.products.filter((p) => p.options?.length);
    expect(withOptions).toHaveLength(2);
    expect([...records.variants.keys()].sort()).toEqual(withOptions.map((p) => p.id).sort());
    const skus = [...records.variants.values()].flat().map((v) => v.sku);
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('produces one upload per product image and per bundle, with stable keys', () => {
    const imageCount = SEED.products.reduce((n, p) => n + p.gallery, 0) + SEED.bundles.length;
    expect(records.uploads.length).toBe(imageCount);
    expect(new Set(records.uploads.map((u) => u.key)).size).toBe(imageCount);
    for (const u of records.uploads) {
      expect(u.key).toMatch(/^(products|bundles)\/[0-9a-f-]{36}\/\d{13}-\d{6}\.svg$/);
      assertXmlish(u.body);
    }
    const again = buildSeedRecords({ commenterIds: COMMENTERS, now: new Date('2026-02-01T00:00:00Z') });
    expect(again.uploads.map((u) => u.key)).toEqual(records.uploads.map((u) => u.key));
  });

  it('fills images, image_url and category_name on products', () => {
    const categoryNames = new Map(SEED.categories.map((c) => [c.id, c.name]));
    for (const p of records.products) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.filter((i) => i.is_primary)).toEqual([p.images[0]]);
      expect(p.image_url).toBe(p.images[0]!.image_url);
      expect(p.category_name).toBe(categoryNames.get(p.category_id!));
      for (const img of p.images) {
        expect(img.key.startsWith(`products/${p.id}/`)).toBe(true);
        expect(img.image_url).toBe(`${MEDIA_PATH_PREFIX}/${img.key}`);
        expect(img.id).toMatch(UUID_PATTERN);
      }
      expect(p).not.toHaveProperty('slug');
    }
    expect(records.products.filter((p) => p.images.length >= 2).length).toBeGreaterThanOrEqual(6);
    for (const b of records.bundles) {
      expect(b.image_url).toMatch(new RegExp(`^${MEDIA_PATH_PREFIX}/bundles/${b.id}/`));
      expect(b).not.toHaveProperty('slug');
    }
    expect(records.categories.every((c) => Object.keys(c).sort().join() === 'description,id,name')).toBe(true);
  });

  it('keeps the fixed 2026 dates when now is later, and shifts them into the past otherwise', () => {
    expect(records.products.map((p) => p.created_at)).toEqual(SEED.products.map((p) => p.created_at));
    const early = new Date('2026-03-01T00:00:00Z');
    const shifted = buildSeedRecords({ commenterIds: COMMENTERS, now: early });
    const all = [
      ...shifted.products.map((p) => p.created_at),
      ...shifted.bundles.map((b) => b.created_at),
      ...shifted.comments.map((c) => c.created_at),
    ];
    for (const iso of all) expect(Date.parse(iso)).toBeLessThanOrEqual(early.getTime());
    const times = shifted.products.map((p) => Date.parse(p.created_at));
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
  });

  it('builds image keys from the fixed timestamp plus the variant', () => {
    const key = seedImageKey('products', 'id', 'slug', '2026-01-06T09:00:00.000Z', 2);
    expect(key).toMatch(new RegExp(`^products/id/${Date.parse('2026-01-06T09:00:00.000Z') + 2000}-\\d{6}\\.svg$`));
  });
});
