import { describe, expect, it } from 'vitest';
import type { ProductDetailDto } from '../../shared/api/catalog';
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
