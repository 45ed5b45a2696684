import { describe, expect, it } from 'vitest';
import { validateStructuredData } from '../../test/support/structured-data';
import { categoryDocument } from './category-document';

/** The shape of the build's SPA shell (web/index.html), shortened. */
const TEMPLATE = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="UTF-8" />
    <title>Aurum Fitness</title>
    <meta name="description" content="Aurum Fitness: attrezzatura fitness premium." />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const ORIGIN = 'https://shop.example.com';
const CATEGORY = { id: 'c0ffee00-0000-4000-8000-000000000002', name: 'Attrezzi & Pesi', description: 'Ghisa "vera".' };
const PRODUCTS = [
  { id: '4f2c8a1e-0000-4000-8000-000000000001', name: 'Kettlebell 16 kg', price_cents: 4990 },
  { id: '4f2c8a1e-0000-4000-8000-000000000002', name: 'Manubri <esagonali>', price_cents: 12900 },
];

describe('categoryDocument', () => {
  it('puts the name in <title> and h1, the description, canonical, breadcrumbs and the products with their prices IVA inclusa', () => {
    const html = categoryDocument({ template: TEMPLATE, category: CATEGORY, products: PRODUCTS, origin: ORIGIN });
    expect(html).toContain('<title>Attrezzi &amp; Pesi | Aurum Fitness</title>');
    expect(html).toContain('<h1>Attrezzi &amp; Pesi</h1>');
    expect(html).toContain('<meta name="description" content="Ghisa &quot;vera&quot;." />');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/category/${CATEGORY.id}" />`);
    expect(html).toContain('<a href="/">Home</a> › <a href="/products">Prodotti</a> › ');
    expect(html).toContain(
      `<li><a href="/product/${PRODUCTS[0]!.id}">Kettlebell 16 kg</a> <strong>49,90\u00a0€</strong> IVA inclusa</li>`,
    );
    expect(html).toContain('Manubri &lt;esagonali&gt;</a> <strong>129,00\u00a0€</strong> IVA inclusa');
    expect(html).not.toContain('Aurum Fitness: attrezzatura fitness premium.');
    // the app still renders into an empty #root after the no-script summary
    expect(html).toMatch(/<\/noscript>\s*<div id="root"><\/div>/);
    expect(html).toContain('src="/assets/index-abc.js"');
  });

  it('has JSON-LD BreadcrumbList and ItemList that the validator passes with 0 errors', async () => {
    const html = categoryDocument({ template: TEMPLATE, category: CATEGORY, products: PRODUCTS, origin: ORIGIN });
    const { jsonld, issues } = await validateStructuredData(html);
    expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
    const [list] = jsonld.ItemList as { itemListElement: { position: number; url: string }[] }[];
    expect(list!.itemListElement).toEqual([
      expect.objectContaining({ position: 1, url: `${ORIGIN}/product/${PRODUCTS[0]!.id}` }),
      expect.objectContaining({ position: 2, url: `${ORIGIN}/product/${PRODUCTS[1]!.id}` }),
    ]);
    const [crumbs] = jsonld.BreadcrumbList as { itemListElement: { name: string; item: string }[] }[];
    expect(crumbs!.itemListElement.map((c) => c.item)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/products`,
      `${ORIGIN}/category/${CATEGORY.id}`,
    ]);
  });

  it('refuses a template without the places it fills', () => {
    expect(() =>
      categoryDocument({
        template: '<html><head></head><body></body></html>',
        category: CATEGORY,
        products: [],
        origin: ORIGIN,
      }),
    ).toThrow(/template/);
  });
});
