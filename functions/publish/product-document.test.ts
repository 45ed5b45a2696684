import { describe, expect, it } from 'vitest';
import type { ProductDetailDto, ProductVariantDto } from '../../shared/api/catalog';
import { validateStructuredData } from '../../test/support/structured-data';
import { escapeHtml, metaDescription, productDocument } from './product-document';

/** The shape of the build's prerendered product page (scripts/prerender.ts), shortened. */
const TEMPLATE = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="UTF-8" />
    <title>Aurum Fitness</title>
    <meta name="description" content="Aurum Fitness: attrezzatura fitness premium." />
    <script type="module" fetchpriority="low" crossorigin src="/assets/boot-abc.js"></script>
  </head>
  <body>
    <div id="root" inert><header data-testid="site-header"></header></div>
  </body>
</html>`;

const ORIGIN = 'https://shop.example.com';

function product(over: Partial<ProductDetailDto> = {}): ProductDetailDto {
  return {
    id: '4f2c8a1e-0000-4000-8000-000000000001',
    name: 'Kettlebell in Ghisa Aurum 16 kg',
    description: 'Kettlebell fusa in un unico pezzo di ghisa, con verniciatura a polvere nera opaca & logo "oro".',
    price_cents: 4990,
    price_reduction: null,
    vat_rate: 22,
    product_safety: null,
    image_url: '/media/products/kb/1.webp',
    category_id: 'c0ffee00-0000-4000-8000-000000000002',
    category: 'Attrezzi',
    badge: null,
    rating: 4.5,
    reviews: 2,
    is_digital: false,
    quantity: 12,
    premium_tier: 'none',
    created_at: '2026-01-10T10:00:00.000Z',
    images: [{ image_url: '/media/products/kb/1.webp' }, { image_url: '/media/products/kb/2.webp' }],
    related: [],
    ...over,
  } as ProductDetailDto;
}

const REVIEWS = [{ content: 'Ottima presa <3', created_at: '2026-02-01T09:00:00.000Z' }];

describe('productDocument', () => {
  it('puts the name in <title> and h1, the price with IVA inclusa, og:image, canonical and description in the HTML', () => {
    const html = productDocument({ template: TEMPLATE, product: product(), origin: ORIGIN, reviews: REVIEWS });
    expect(html).toContain('<title>Kettlebell in Ghisa Aurum 16 kg | Aurum Fitness</title>');
    expect(html).toContain('<h1>Kettlebell in Ghisa Aurum 16 kg</h1>');
    expect(html).toContain('<strong>49,90\u00a0€</strong> IVA inclusa');
    expect(html).toContain('<meta property="og:image" content="https://shop.example.com/media/products/kb/1.webp" />');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<meta property="product:price:amount" content="49.90" />');
    expect(html).toContain(
      '<link rel="canonical" href="https://shop.example.com/product/4f2c8a1e-0000-4000-8000-000000000001" />',
    );
    expect(html).toContain('<meta name="description" content="Kettlebell fusa in un unico pezzo di ghisa');
    expect(html).not.toContain('Aurum Fitness: attrezzatura fitness premium.');
    // text escaped, the app's document kept (boot module, inert #root after the no-script summary)
    expect(html).toContain('&amp; logo &quot;oro&quot;');
    expect(html).toContain('<blockquote>Ottima presa &lt;3</blockquote>');
    expect(html).toMatch(/<\/noscript>\s*<div id="root" inert><header data-testid="site-header">/);
    expect(html).toContain('src="/assets/boot-abc.js"');
  });

  it('has JSON-LD Product (offer, rating, brand, sku) and BreadcrumbList that the validator passes with 0 errors', async () => {
    for (const p of [
      product(),
      product({
        price_reduction: {
          reference_cents: 5990,
          reduced_at: '2026-01-20T10:00:00.000Z',
          window_start: '2025-12-21T10:00:00.000Z',
          full_window: true,
        },
        quantity: 0,
        reviews: 0,
        rating: 0,
      }),
    ]) {
      const html = productDocument({ template: TEMPLATE, product: p, origin: ORIGIN, reviews: REVIEWS });
      const { jsonld, issues } = await validateStructuredData(html);
      expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
      const [ld] = jsonld.Product as Record<string, unknown>[];
      expect(ld).toMatchObject({
        name: p.name,
        sku: p.id,
        brand: { '@type': 'Brand', name: 'Aurum Fitness' },
        offers: {
          price: '49.90',
          priceCurrency: 'EUR',
          availability: p.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          url: `${ORIGIN}/product/${p.id}`,
        },
      });
      if (p.reviews > 0) expect(ld!.aggregateRating).toMatchObject({ ratingValue: '4.5', reviewCount: 2 });
      else expect(ld).not.toHaveProperty('aggregateRating');
      expect((jsonld.BreadcrumbList as { itemListElement: unknown[] }[])[0]!.itemListElement).toHaveLength(4);
    }
  });

  it('names the GPSR manufacturer when the product has one', async () => {
    const p = product({
      manufacturer_name: 'Ferro Srl',
      manufacturer_address: 'Via Roma 1, 20100 Milano',
      manufacturer_email: 'info@ferro.example',
    } as Partial<ProductDetailDto>);
    const html = productDocument({ template: TEMPLATE, product: p, origin: ORIGIN });
    const { jsonld, issues } = await validateStructuredData(html);
    expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
    expect((jsonld.Product as Record<string, unknown>[])[0]!.manufacturer).toMatchObject({
      '@type': 'Organization',
      name: 'Ferro Srl',
    });
  });

  it('publishes a product with options as a ProductGroup: one Product and Offer per active variant, 0 validator errors', async () => {
    const id = '4f2c8a1e-0000-4000-8000-000000000009';
    const variant = (over: Partial<ProductVariantDto>): ProductVariantDto => ({
      id: 'v',
      sku: 'SKU',
      option_values: [],
      price_cents: 2990,
      price_reduction: null,
      quantity: 5,
      image_ids: [],
      status: 'active',
      ...over,
    });
    const p = product({
      id,
      name: 'Kettlebell regolabile',
      price_cents: 2990,
      price_max_cents: 4990,
      quantity: 5,
      images: [
        {
          id: 'img-1',
          image_url: '/media/products/kb/1.webp',
          is_primary: true,
          created_at: '2026-01-10T10:00:00.000Z',
        },
        {
          id: 'img-2',
          image_url: '/media/products/kb/2.webp',
          is_primary: false,
          created_at: '2026-01-10T10:00:00.000Z',
        },
      ],
      options: [
        { name: 'Peso', values: ['8 kg', '16 kg', '24 kg'] },
        { name: 'Colore', values: ['Nero'] },
      ],
      variants: [
        variant({ id: id, sku: 'KB-8', option_values: ['8 kg', 'Nero'] }),
        variant({
          id: 'v16',
          sku: 'KB-16',
          option_values: ['16 kg', 'Nero'],
          price_cents: 4990,
          quantity: 0,
          image_ids: ['img-2'],
        }),
        variant({ id: 'v24', sku: 'KB-24', option_values: ['24 kg', 'Nero'], status: 'archived', quantity: 0 }),
      ],
    } as Partial<ProductDetailDto>);
    const html = productDocument({ template: TEMPLATE, product: p, origin: ORIGIN, gtins: { v16: '4006381333931' } });
    const { jsonld, issues } = await validateStructuredData(html);
    expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
    expect(jsonld.Product).toBeUndefined();
    const [group] = jsonld.ProductGroup as Record<string, unknown>[];
    const url = `${ORIGIN}/product/${id}`;
    expect(group).toMatchObject({
      name: 'Kettlebell regolabile',
      url,
      productGroupID: id,
      variesBy: ['https://schema.org/weight', 'https://schema.org/color'],
      brand: { '@type': 'Brand', name: 'Aurum Fitness' },
      aggregateRating: { ratingValue: '4.5', reviewCount: 2 },
    });
    // the archived 24 kg is not offered
    expect(group!.hasVariant).toEqual([
      {
        '@type': 'Product',
        name: 'Kettlebell regolabile – 8 kg / Nero',
        sku: 'KB-8',
        image: [`${ORIGIN}/media/products/kb/1.webp`, `${ORIGIN}/media/products/kb/2.webp`],
        weight: { '@type': 'QuantitativeValue', value: 8, unitCode: 'KGM' },
        color: 'Nero',
        offers: expect.objectContaining({
          '@type': 'Offer',
          url: `${url}?variant=KB-8`,
          price: '29.90',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
        }),
      },
      {
        '@type': 'Product',
        name: 'Kettlebell regolabile – 16 kg / Nero',
        sku: 'KB-16',
        gtin: '4006381333931',
        image: [`${ORIGIN}/media/products/kb/2.webp`],
        weight: { '@type': 'QuantitativeValue', value: 16, unitCode: 'KGM' },
        color: 'Nero',
        offers: expect.objectContaining({
          url: `${url}?variant=KB-16`,
          price: '49.90',
          availability: 'https://schema.org/OutOfStock',
        }),
      },
    ]);
    // weight is schema.org's, not among the dimensions Google lists: a warning, not an error
    expect(issues).toContainEqual(
      expect.objectContaining({ severity: 'WARNING', issueMessage: expect.stringContaining('schema.org/weight') }),
    );
    // the no-script summary: the price range and each variant linked to its preselected page
    expect(html).toContain('da <strong>29,90\u00a0€</strong> IVA inclusa');
    expect(html).toContain(`<li><a href="/product/${id}?variant=KB-16">16 kg / Nero</a>: 49,90\u00a0€, Esaurito</li>`);
    expect(html).not.toContain('24 kg / Nero</a>');
  });

  it('maps Taglia to size and keeps an option of another name as an additionalProperty', async () => {
    const p = product({
      options: [
        { name: 'Taglia', values: ['S', 'L'] },
        { name: 'Lunghezza', values: ['Corta'] },
      ],
      variants: ['S', 'L'].map((size) => ({
        id: `v-${size}`,
        sku: `BELT-${size}`,
        option_values: [size, 'Corta'],
        price_cents: 3990,
        price_reduction: null,
        quantity: 2,
        image_ids: [],
        status: 'active' as const,
      })),
    } as Partial<ProductDetailDto>);
    const html = productDocument({ template: TEMPLATE, product: p, origin: ORIGIN });
    const { jsonld, issues } = await validateStructuredData(html);
    expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
    const [group] = jsonld.ProductGroup as { variesBy: string[]; hasVariant: Record<string, unknown>[] }[];
    expect(group!.variesBy).toEqual(['https://schema.org/size']);
    expect(group!.hasVariant[1]).toMatchObject({
      size: 'L',
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Lunghezza', value: 'Corta' }],
    });
  });

  it("the validator's ProductGroup rules refuse a group without productGroupID, variant IDs or the property variesBy names", async () => {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Cintura',
      url: `${ORIGIN}/product/x?variant=A`,
      variesBy: ['https://schema.org/size', 'color'],
      hasVariant: [
        {
          '@type': 'Product',
          name: 'Cintura – S',
          size: 'S',
          offers: { '@type': 'Offer', price: '1.00', priceCurrency: 'EUR' },
        },
        { '@type': 'Product', name: 'Cintura – M', offers: { '@type': 'Offer', price: '1.00', priceCurrency: 'EUR' } },
      ],
    };
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`;
    const errors = (await validateStructuredData(html)).issues.filter((i) => i.severity === 'ERROR');
    const messages = errors.map((e) => e.issueMessage).join('\n');
    expect(messages).toContain('"productGroupID" is missing');
    expect(messages).toContain('no unique ID');
    expect(messages).toContain('no "size"');
    expect(messages).toContain('not a full Schema.org URL: color');
    expect(messages).toContain('without variant selectors');
  });

  it('refuses a template without the places it fills', () => {
    expect(() =>
      productDocument({ template: '<html><head></head><body></body></html>', product: product(), origin: ORIGIN }),
    ).toThrow(/template/);
  });

  it('cuts a long description at a word', () => {
    const long = `${'parola '.repeat(40)}fine`;
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('parola…')).toBe(true);
    expect(escapeHtml(`<a href="x">'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&lt;/a&gt;');
  });
});
