import { describe, expect, it } from 'vitest';
import type { ProductDetailDto, ProductVariantDto } from '../../../shared/api/catalog';
import { asChosenVariant, chosenVariant, pickerOptions, variantImages } from './variant-choice';

const variant = (sku: string, values: string[], price_cents: number, quantity: number, extra = {}) =>
  ({
    id: `id-${sku}`,
    sku,
    option_values: values,
    price_cents,
    price_reduction: null,
    quantity,
    image_ids: [],
    status: 'active',
    ...extra,
  }) as ProductVariantDto;

const image = (id: string, primary = false) => ({
  id,
  image_url: `/media/${id}.svg`,
  is_primary: primary,
  created_at: '2026-01-01T00:00:00Z',
});

/** A kettlebell: 8 kg 39,90 € ×6, 12 kg ×4, 16 kg 59,90 € ×3 (its own image), 24 kg sold out. */
const kettlebell = {
  id: 'p1',
  name: 'Kettlebell',
  price_cents: 3990,
  price_reduction: null,
  quantity: 13,
  is_digital: false,
  image_url: '/media/a.svg',
  images: [image('a', true), image('b')],
  options: [{ name: 'Peso', values: ['8 kg', '12 kg', '16 kg', '24 kg'] }],
  variants: [
    variant('KB-8', ['8 kg'], 3990, 6),
    variant('KB-12', ['12 kg'], 4990, 4),
    variant('KB-16', ['16 kg'], 5990, 3, { image_ids: ['b'] }),
    variant('KB-24', ['24 kg'], 7990, 0),
  ],
} as unknown as ProductDetailDto;

/** A shirt in two options where L / Rosso is not sold and S / Nero is archived. */
const shirt = {
  ...kettlebell,
  options: [
    { name: 'Taglia', values: ['S', 'L'] },
    { name: 'Colore', values: ['Nero', 'Rosso'] },
  ],
  variants: [
    variant('S-N', ['S', 'Nero'], 2000, 0, { status: 'archived' }),
    variant('S-R', ['S', 'Rosso'], 2000, 2),
    variant('L-N', ['L', 'Nero'], 2200, 5),
  ],
} as unknown as ProductDetailDto;

describe('chosenVariant', () => {
  it("takes the URL's SKU in any case, else the first variant in stock", () => {
    expect(chosenVariant(kettlebell, 'kb-16')?.sku).toBe('KB-16');
    expect(chosenVariant(kettlebell, null)?.sku).toBe('KB-8');
    expect(chosenVariant(kettlebell, 'NOT-A-SKU')?.sku).toBe('KB-8');
    // a sold-out variant named by the URL is still the one shown (its page says it is sold out)
    expect(chosenVariant(kettlebell, 'KB-24')?.sku).toBe('KB-24');
  });

  it('skips an archived first variant for the first one on sale', () => {
    expect(chosenVariant(shirt, null)?.sku).toBe('S-R');
  });

  it('is null for a product without options', () => {
    expect(chosenVariant({ is_digital: false }, 'KB-8')).toBeNull();
  });
});

describe('asChosenVariant', () => {
  it("sells the product at the variant's price, reduction and stock", () => {
    const reduction = {
      reference_cents: 6990,
      reduced_at: '2026-11-01T00:00:00.000Z',
      window_start: '2026-10-02T00:00:00.000Z',
      full_window: true,
    };
    const v16 = { ...kettlebell.variants![2]!, price_reduction: reduction };
    const shown = asChosenVariant({ ...kettlebell, price_max_cents: 7990 }, v16);
    expect(shown).toMatchObject({ id: 'p1', price_cents: 5990, price_reduction: reduction, quantity: 3 });
    // one price: the listing's range ('da 39,90 €') is not the chosen variant's
    expect(shown).not.toHaveProperty('price_max_cents');
  });

  it('counts an archived variant as sold out, and leaves a product without a variant unchanged', () => {
    expect(asChosenVariant(shirt, shirt.variants![0]!).quantity).toBe(0);
    expect(asChosenVariant(kettlebell, null)).toBe(kettlebell);
  });
});

describe('variantImages', () => {
  it("shows the variant's own images, else the product's gallery (primary first)", () => {
    expect(variantImages(kettlebell, kettlebell.variants![2]!)).toEqual(['/media/b.svg']);
    expect(variantImages(kettlebell, kettlebell.variants![0]!)).toEqual(['/media/a.svg', '/media/b.svg']);
    expect(variantImages(kettlebell, null)).toEqual(['/media/a.svg', '/media/b.svg']);
  });

  it('ignores an image id the product no longer has', () => {
    expect(variantImages(kettlebell, { image_ids: ['gone'] })).toEqual(['/media/a.svg', '/media/b.svg']);
  });
});

describe('pickerOptions', () => {
  it('lists every weight, the chosen one checked, the sold-out one as such (never hidden)', () => {
    const [peso] = pickerOptions(kettlebell, kettlebell.variants![2]!);
    expect(peso!.name).toBe('Peso');
    expect(peso!.values).toEqual([
      { value: '8 kg', availability: 'available', checked: false, sku: 'KB-8' },
      { value: '12 kg', availability: 'available', checked: false, sku: 'KB-12' },
      { value: '16 kg', availability: 'available', checked: true, sku: 'KB-16' },
      { value: '24 kg', availability: 'sold_out', checked: false, sku: 'KB-24' },
    ]);
  });

  it('judges each value with the other options kept: a missing or archived combination is unavailable', () => {
    const [size, colour] = pickerOptions(shirt, shirt.variants![2]!); // L / Nero
    expect(size!.values).toEqual([
      { value: 'S', availability: 'unavailable', checked: false, sku: 'S-N' },
      { value: 'L', availability: 'available', checked: true, sku: 'L-N' },
    ]);
    expect(colour!.values).toEqual([
      { value: 'Nero', availability: 'available', checked: true, sku: 'L-N' },
      { value: 'Rosso', availability: 'unavailable', checked: false, sku: null },
    ]);
  });

  it('is empty for a product without options', () => {
    expect(pickerOptions({ is_digital: false }, null)).toEqual([]);
  });
});
