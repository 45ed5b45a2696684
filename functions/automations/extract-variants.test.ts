/**
 * Variants read from supplier pages (fixtures/ reconstructed from the documented markup of Google's
 * ProductGroup example, a Shopify theme's product JSON and WooCommerce's variations form): options
 * named as the shop shows them, one variant per size or colour with its SKU, price and stock.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractProduct } from './extract-product';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const page = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const ld = (doc: unknown) => `<script type="application/ld+json">${JSON.stringify(doc)}</script>`;

describe('extractProduct: variants', () => {
  it('JSON-LD ProductGroup (Google example shape): variesBy size/color become Taglia/Colore, each variant its SKU, GTIN, price', () => {
    const p = extractProduct(fixture('google-product-group.html'), 'https://oronero-sportswear.example/felpa-aurum');
    expect(p.variant_source).toBe('json-ld-product-group');
    expect(p.options).toEqual([
      { name: 'Taglia', values: ['S', 'M'] },
      { name: 'Colore', values: ['Nero', 'Oro'] },
    ]);
    expect(p.variants).toEqual([
      {
        sku: 'FELPA-AU-S-NER',
        gtin: '08001234567002',
        option_values: ['S', 'Nero'],
        price_cents: 5900,
        in_stock: true,
        stock: null,
      },
      {
        sku: 'FELPA-AU-M-NER',
        gtin: '08001234567019',
        option_values: ['M', 'Nero'],
        price_cents: 5900,
        in_stock: true,
        stock: null,
      },
      {
        sku: 'FELPA-AU-S-ORO',
        gtin: '08001234567026',
        option_values: ['S', 'Oro'],
        price_cents: 6400,
        in_stock: false,
        stock: null,
      },
      {
        sku: 'FELPA-AU-M-ORO',
        gtin: '08001234567033',
        option_values: ['M', 'Oro'],
        price_cents: 6400,
        in_stock: true,
        stock: null,
      },
    ]);
    expect(p.price_cents).toBe(5900);
    expect(p.sku).toBe('FELPA-AU');
  });

  it("Shopify theme: the picker's product JSON (options, option1, price in cents, available, barcode)", () => {
    const p = extractProduct(
      fixture('shopify-product-json-sizes.html'),
      'https://atelier-fitness.example/products/maglia-tecnica-aurum',
    );
    expect(p.variant_source).toBe('shopify-json');
    expect(p.options).toEqual([{ name: 'Taglia', values: ['S', 'M', 'L', 'XL'] }]);
    expect(p.variants.map((v) => [v.sku, v.option_values[0], v.price_cents, v.in_stock])).toEqual([
      ['MT-AU-S', 'S', 3490, true],
      ['MT-AU-M', 'M', 3490, true],
      ['MT-AU-L', 'L', 3490, false],
      ['MT-AU-XL', 'XL', 3690, true],
    ]);
    expect(p.variants[0]!.gtin).toBe('8001234000011');
  });

  it("Shopify's analytics snippet alone (var meta): values from public_title, a size-like option called Taglia", () => {
    const meta = {
      product: {
        id: 1,
        variants: [
          { id: 11, price: 2990, name: 'Fascia - S', public_title: 'S', sku: 'FA-S' },
          { id: 12, price: 3190, name: 'Fascia - XL', public_title: 'XL', sku: 'FA-XL' },
        ],
      },
      page: { pageType: 'product' },
    };
    const p = extractProduct(
      page(
        '<h1>Fascia</h1>',
        `<meta property="og:type" content="product"><meta property="og:title" content="Fascia"><script>var meta = ${JSON.stringify(meta)};\nfor (var attr in meta) {}</script>`,
      ),
      'https://shop.example/products/fascia',
    );
    expect(p.options).toEqual([{ name: 'Taglia', values: ['S', 'XL'] }]);
    expect(p.variants.map((v) => [v.sku, v.price_cents])).toEqual([
      ['FA-S', 2990],
      ['FA-XL', 3190],
    ]);
  });

  it("WooCommerce variations form: the select's label and option texts, display_price in euro, max_qty as stock", () => {
    const p = extractProduct(
      fixture('woocommerce-variable-sizes.html'),
      'https://palestra-forniture.example/prodotto/guanti-allenamento-aurum/',
    );
    expect(p.variant_source).toBe('woocommerce-variations');
    expect(p.options).toEqual([{ name: 'Taglia', values: ['S', 'M', 'L', 'XL'] }]);
    expect(p.variants.map((v) => [v.sku, v.option_values[0], v.price_cents, v.in_stock, v.stock])).toEqual([
      ['GUA-AU-S', 'S', 2490, true, 6],
      ['GUA-AU-M', 'M', 2490, true, 7],
      ['GUA-AU-L', 'L', 2490, true, null],
      ['GUA-AU-XL', 'XL', 2690, false, 0],
    ]);
  });

  it('WooCommerce: an empty attribute value is "any" (one variant per value); a SKU shared by variations is dropped', () => {
    const variations = [
      {
        attributes: { attribute_pa_taglia: 's', attribute_colore: '' },
        display_price: 10,
        sku: 'P',
        is_in_stock: true,
        max_qty: '',
      },
      {
        attributes: { attribute_pa_taglia: 'm', attribute_colore: 'Oro' },
        display_price: 12,
        sku: 'P',
        is_in_stock: true,
        max_qty: 3,
      },
    ];
    const attr = JSON.stringify(variations).replace(/"/g, '&quot;');
    const p = extractProduct(
      page(
        `<h1>Polsini</h1><form class="variations_form cart" data-product_variations="${attr}">
        <label for="pa_taglia">Taglia</label><select id="pa_taglia" name="attribute_pa_taglia"><option value="">Scegli</option><option value="s">S</option><option value="m">M</option></select>
        <select id="colore" name="attribute_colore"><option value="">Scegli</option><option value="Nero">Nero</option><option value="Oro">Oro</option></select></form>`,
        ld({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Polsini',
          offers: { '@type': 'Offer', price: '10.00', priceCurrency: 'EUR' },
        }),
      ),
      'https://shop.example/polsini',
    );
    expect(p.options).toEqual([
      { name: 'Taglia', values: ['S', 'M'] },
      { name: 'Colore', values: ['Nero', 'Oro'] },
    ]);
    expect(p.variants.map((v) => [v.option_values.join('/'), v.sku, v.price_cents])).toEqual([
      ['S/Nero', null, 1000],
      ['S/Oro', null, 1000],
      ['M/Oro', null, 1200],
    ]);
  });

  it('WooCommerce with data-product_variations="false" (variations loaded by AJAX): no variants', () => {
    const p = extractProduct(
      page(
        '<form class="variations_form cart" data-product_variations="false"></form>',
        ld({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Panca',
          offers: { '@type': 'Offer', price: 99, priceCurrency: 'EUR' },
        }),
      ),
      'https://shop.example/panca',
    );
    expect(p.variants).toEqual([]);
    expect(p.options).toEqual([]);
  });

  it('JSON-LD Product with several Offers: sizes from itemOffered, or from the offer name; weight values are Peso', () => {
    const withItems = extractProduct(
      page(
        '',
        ld({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Leggings Aurum',
          offers: [
            {
              '@type': 'Offer',
              sku: 'LG-S',
              price: 39,
              priceCurrency: 'EUR',
              availability: 'InStock',
              inventoryLevel: 4,
              itemOffered: { '@type': 'Product', size: 'S', color: 'Nero' },
            },
            {
              '@type': 'Offer',
              sku: 'LG-M',
              price: 39,
              priceCurrency: 'EUR',
              availability: 'InStock',
              inventoryLevel: 2,
              itemOffered: { '@type': 'Product', size: { '@type': 'SizeSpecification', name: 'M' }, color: 'Nero' },
            },
          ],
        }),
      ),
      'https://shop.example/leggings',
    );
    expect(withItems.variant_source).toBe('json-ld-offers');
    expect(withItems.options).toEqual([
      { name: 'Taglia', values: ['S', 'M'] },
      { name: 'Colore', values: ['Nero'] },
    ]);
    expect(withItems.variants.map((v) => [v.sku, v.stock])).toEqual([
      ['LG-S', 4],
      ['LG-M', 2],
    ]);
    expect(withItems.stock).toBe(6);

    const byName = extractProduct(
      page(
        '',
        ld({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Kettlebell',
          offers: [
            { '@type': 'Offer', sku: 'KB-8', name: 'Kettlebell – 8 kg', price: 29.9, priceCurrency: 'EUR' },
            { '@type': 'Offer', sku: 'KB-16', name: 'Kettlebell – 16 kg', price: 49.9, priceCurrency: 'EUR' },
          ],
        }),
      ),
      'https://shop.example/kb',
    );
    expect(byName.options).toEqual([{ name: 'Peso', values: ['8 kg', '16 kg'] }]);
    expect(byName.variants.map((v) => v.price_cents)).toEqual([2990, 4990]);
  });

  it('offers without a size or colour (the offers-array fixture) stay one product', () => {
    const p = extractProduct(
      fixture('shopify-offers-array.html'),
      'https://atelier-fitness.example/products/kettlebell-oro-nero',
    );
    expect(p.variants).toEqual([]);
    expect(p.variant_source).toBeNull();
  });

  it('ProductGroup with additionalProperty and weight as a QuantitativeValue, without variesBy', () => {
    const p = extractProduct(
      page(
        '',
        ld({
          '@context': 'https://schema.org',
          '@type': 'ProductGroup',
          name: 'Kettlebell',
          hasVariant: [
            {
              '@type': 'Product',
              sku: 'K8',
              weight: { '@type': 'QuantitativeValue', value: 8, unitCode: 'KGM' },
              additionalProperty: [{ '@type': 'PropertyValue', name: 'Finitura', value: 'Opaca' }],
              offers: { '@type': 'Offer', price: 29.9, priceCurrency: 'EUR' },
            },
            {
              '@type': 'Product',
              sku: 'K16',
              weight: { '@type': 'QuantitativeValue', value: 16, unitCode: 'KGM' },
              additionalProperty: [{ '@type': 'PropertyValue', name: 'Finitura', value: 'Lucida' }],
              offers: { '@type': 'Offer', price: 49.9, priceCurrency: 'EUR' },
            },
          ],
        }),
      ),
      'https://shop.example/kb',
    );
    expect(p.options).toEqual([
      { name: 'Peso', values: ['8 kg', '16 kg'] },
      { name: 'Finitura', values: ['Opaca', 'Lucida'] },
    ]);
  });
});
