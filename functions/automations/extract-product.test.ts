/**
 * The product extractor on realistic page shapes (fixtures/ modelled on what WooCommerce+Yoast,
 * Shopify, wholesale catalogues, microdata-only and OpenGraph-only shops publish) and on edge cases.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractProduct, ProductExtractionError } from './extract-product';
import { thrown } from '../../test/support/caught';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

const extractionError = (fn: () => unknown) => thrown(fn, ProductExtractionError);

describe('extractProduct: fixtures', () => {
  it('JSON-LD @graph (WooCommerce + Yoast): entities, HTML description, @id image reference, offers array', () => {
    const p = extractProduct(
      fixture('woocommerce-yoast-graph.html'),
      'https://forniture.example/prodotto/panca-regolabile-pro/',
    );
    expect(p).toEqual({
      name: 'Panca Regolabile Pro & Rack',
      description: 'Panca regolabile in acciaio con rack integrato. Portata 300 kg.',
      price_cents: 129900,
      original_price_cents: null,
      images: [
        'https://forniture.example/wp-content/uploads/2025/03/panca-1.jpg',
        'https://forniture.example/wp-content/uploads/2025/03/panca-2.jpg',
      ],
      sku: 'FPF-PANCA-PRO',
      in_stock: true,
      stock: null,
      source: 'json-ld',
      warnings: [],
      options: [],
      variants: [],
      variant_source: null,
    });
  });

  it('JSON-LD offers array (Shopify variants): lowest buyable price, stock summed, protocol-relative images', () => {
    const p = extractProduct(
      fixture('shopify-offers-array.html'),
      'https://atelier-fitness.example/products/kettlebell-oro-nero',
    );
    expect(p.name).toBe('Kettlebell in ghisa Oro Nero');
    expect(p.description).toBe(
      'Kettlebell in ghisa con finitura nera opaca e maniglia dorata. Disponibile in tre pesi.',
    );
    expect(p.price_cents).toBe(6490);
    expect(p.original_price_cents).toBeNull();
    expect(p.images).toEqual([
      'https://atelier-fitness.example/cdn/shop/files/kettlebell-1.png?v=1710000000&width=1920',
      'https://atelier-fitness.example/cdn/shop/files/kettlebell-2.png?v=1710000000&width=1920',
    ]);
    expect(p.sku).toBe('KB-ON-08');
    expect(p.in_stock).toBe(true);
    expect(p.stock).toBe(13);
  });

  it('array of JSON-LD documents, @type as an array, AggregateOffer with an Italian lowPrice, relative ImageObject', () => {
    const p = extractProduct(
      fixture('aggregate-offer-array-docs.html'),
      'https://ingrosso-sud.example/pesi/manubri-esagonali',
    );
    expect(p).toMatchObject({
      name: 'Manubri esagonali gommati',
      price_cents: 129900,
      original_price_cents: null,
      images: ['https://ingrosso-sud.example/pesi/img/manubri-esagonali.webp'],
      sku: 'ISS-HEX-SET',
      in_stock: true,
      stock: null,
      source: 'json-ld',
    });
  });

  it('sale price: priceSpecification with a StrikethroughPrice becomes the original price; inventoryLevel as a bare number', () => {
    const p = extractProduct(fixture('sale-price-specification.html'), 'https://yoga-store.example/tappetino-aurum');
    expect(p).toMatchObject({
      price_cents: 3990,
      original_price_cents: 5990,
      stock: 23,
      in_stock: true,
      sku: 'YS-MAT-AUR',
      images: ['https://yoga-store.example/media/tappetino.jpg'],
    });
  });

  it('microdata only: content attribute over text, relative images, nested Offer and QuantitativeValue, other items ignored', () => {
    const p = extractProduct(
      fixture('microdata-only.html'),
      'https://magazzino-atletico.example/bilancieri/olimpico-20',
    );
    expect(p).toEqual({
      name: 'Bilanciere Olimpico 20 kg',
      description: 'Bilanciere olimpico da 220 cm, boccole in bronzo, finitura nero e oro.',
      price_cents: 24900,
      original_price_cents: null,
      images: [
        'https://magazzino-atletico.example/media/catalog/bilanciere-olimpico.jpg',
        'https://cdn.magazzino-atletico.example/bilanciere-dettaglio.jpg',
      ],
      sku: 'MA-BIL-20',
      in_stock: true,
      stock: 7,
      source: 'microdata',
      warnings: [],
      options: [],
      variants: [],
      variant_source: null,
    });
  });

  it('OpenGraph only: sale price and list price, every og:image, availability text', () => {
    const p = extractProduct(fixture('opengraph-only.html'), 'https://palestracasa.example/corda-per-saltare');
    expect(p).toEqual({
      name: 'Corda per saltare con cuscinetti',
      description: 'Corda per saltare professionale, cavo in acciaio, manopole in alluminio dorato.',
      price_cents: 2990,
      original_price_cents: 3490,
      images: [
        'https://palestracasa.example/immagini/corda-oro.jpg',
        'https://palestracasa.example/immagini/corda-oro-2.jpg',
      ],
      sku: 'PC-CORDA-01',
      in_stock: true,
      stock: null,
      source: 'opengraph',
      warnings: [],
      options: [],
      variants: [],
      variant_source: null,
    });
  });

  it('no product data (an article page): no_product_data with an Italian reason', () => {
    const e = extractionError(() => extractProduct(fixture('no-product.html'), 'https://blog.example/kettlebell'));
    expect(e.code).toBe('no_product_data');
    expect(e.reason).toMatch(/^Nessun dato prodotto trovato nella pagina/);
  });
});

describe('extractProduct: edge cases', () => {
  const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  const ld = (doc: unknown) => `<script type="application/ld+json">${JSON.stringify(doc)}</script>`;

  it('refuses a product priced only in another currency', () => {
    const html = page(
      ld({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Dumbbell',
        offers: { '@type': 'Offer', price: '19.99', priceCurrency: 'USD' },
      }),
    );
    const e = extractionError(() => extractProduct(html, 'https://shop.example/p'));
    expect(e.code).toBe('unsupported_currency');
    expect(e.reason).toBe('Valuta non supportata: la pagina indica i prezzi in USD, il negozio vende solo in euro.');
  });

  it('takes the euro offer when a page lists several currencies', () => {
    const html = page(
      ld({
        '@type': 'Product',
        name: 'Fascia elastica',
        offers: [
          { price: 12, priceCurrency: 'GBP' },
          { price: '14,50', priceCurrency: 'EUR' },
        ],
      }),
    );
    expect(extractProduct(html, 'https://shop.example/p').price_cents).toBe(1450);
  });

  it('a price without currency is read as euro with a warning; a product without price has a warning', () => {
    const bare = extractProduct(
      page(ld({ '@type': 'Product', name: 'Step', offers: { price: '25,00' } })),
      'https://shop.example/p',
    );
    expect(bare.price_cents).toBe(2500);
    expect(bare.warnings).toEqual(['Valuta non indicata nella pagina: prezzo considerato in euro.']);
    const none = extractProduct(page(ld({ '@type': 'Product', name: 'Step' })), 'https://shop.example/p');
    expect(none.price_cents).toBeNull();
    expect(none.warnings).toEqual(['Prezzo non trovato nella pagina.']);
  });

  it('ProductGroup with hasVariant; the group is the product, not a variant', () => {
    const html = page(
      ld({
        '@context': 'https://schema.org',
        '@type': 'ProductGroup',
        name: 'Guanti da allenamento',
        productGroupID: 'GUA-1',
        hasVariant: [
          {
            '@type': 'Product',
            name: 'Guanti da allenamento S',
            sku: 'GUA-S',
            offers: {
              '@type': 'Offer',
              price: 24.9,
              priceCurrency: 'EUR',
              availability: 'https://schema.org/OutOfStock',
            },
          },
          {
            '@type': 'Product',
            name: 'Guanti da allenamento M',
            sku: 'GUA-M',
            offers: { '@type': 'Offer', price: 26.9, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
          },
        ],
      }),
    );
    const p = extractProduct(html, 'https://shop.example/guanti');
    expect(p).toMatchObject({ name: 'Guanti da allenamento', price_cents: 2690, sku: 'GUA-1', in_stock: true });
  });

  it('prefixed and IRI types, @id offers elsewhere in the graph, availability as a bare word', () => {
    const html = page(
      ld({
        '@context': { schema: 'https://schema.org/' },
        '@graph': [
          { '@type': 'schema:Product', name: 'Rullo massaggiante', offers: { '@id': '#offerta' } },
          {
            '@id': '#offerta',
            '@type': 'http://schema.org/Offer',
            price: '19,00',
            priceCurrency: 'EUR',
            availability: 'SoldOut',
          },
        ],
      }),
    );
    expect(extractProduct(html, 'https://shop.example/rullo')).toMatchObject({
      name: 'Rullo massaggiante',
      price_cents: 1900,
      in_stock: false,
    });
  });

  it('skips a broken JSON-LD block and reads the next source; fills missing images from og:image', () => {
    const html = page(`<script type="application/ld+json">{"@type": "Product", "name": "Rotto",</script>
      ${ld({ '@type': 'Product', name: 'Panca piana', offers: { price: 199, priceCurrency: 'EUR' } })}
      <meta property="og:image" content="/img/panca.jpg">`);
    const p = extractProduct(html, 'https://shop.example/panca');
    expect(p.name).toBe('Panca piana');
    expect(p.images).toEqual(['https://shop.example/img/panca.jpg']);
  });

  it('resolves relative URLs against <base href> and drops non-http images', () => {
    const html = page(
      `<base href="https://cdn.shop.example/it/">${ld({ '@type': 'Product', name: 'Sacco', image: ['sacco.jpg', 'data:image/png;base64,AAAA', 'javascript:alert(1)'], offers: { price: 89, priceCurrency: 'EUR' } })}`,
    );
    expect(extractProduct(html, 'https://shop.example/sacco').images).toEqual([
      'https://cdn.shop.example/it/sacco.jpg',
    ]);
  });

  it('decodes a page given as bytes in its declared charset', () => {
    const html = page(
      '<meta charset="iso-8859-1">' +
        ld({ '@type': 'Product', name: 'Panca più robusta', offers: { price: '1.099,00', priceCurrency: 'EUR' } }),
    );
    const bytes = Buffer.from(html, 'latin1');
    const p = extractProduct(bytes, 'https://shop.example/panca', { charset: 'iso-8859-1' });
    expect(p.name).toBe('Panca più robusta');
    expect(p.price_cents).toBe(109900);
    expect(p.warnings).toEqual([]);
  });

  it('OutOfStock with an inventory level of 0 and microdata availability given as content', () => {
    const html = page(
      '',
      `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Disco 10 kg</span>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="39.00"><meta itemprop="priceCurrency" content="EUR">
      <meta itemprop="availability" content="https://schema.org/OutOfStock"><meta itemprop="inventoryLevel" content="0"></div></div>`,
    );
    expect(extractProduct(html, 'https://shop.example/disco')).toMatchObject({
      price_cents: 3900,
      in_stock: false,
      stock: 0,
      source: 'microdata',
    });
  });
});
