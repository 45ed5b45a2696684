/**
 * The extractor on htmlparser2 (cheerio/slim) and bytes decoded by decode-html.ts: markup shapes
 * where a non-HTML5 tree builder could differ from parse5 (unclosed elements, tables, upper-case
 * tags, <noscript>), and pages given as bytes in legacy encodings. The fixtures and the fake
 * supplier's page shapes are covered by extract-product.test.ts and infra/local/stand-ins/supplier/server.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { extractProduct } from './extract-product';
import { loadProductExtractor, ProductExtractionError } from './product-extraction';
import { thrown } from '../../test/support/caught';

const cp1252 = (s: string) =>
  Buffer.from([...s].map((c) => ({ '€': 0x80, '’': 0x92, '–': 0x96 })[c] ?? c.charCodeAt(0)));
const ld = (doc: unknown) => `<script type="application/ld+json">${JSON.stringify(doc)}</script>`;
const product = {
  '@type': 'Product',
  name: 'Panca più robusta – l’originale',
  offers: { price: '1.099,00', priceCurrency: 'EUR', availability: 'InStock' },
};

describe('extractProduct: pages as bytes', () => {
  it('windows-1252 declared only by <meta charset>', () => {
    const html = `<!doctype html><html><head><meta charset="windows-1252">${ld(product)}</head><body>Città</body></html>`;
    const p = extractProduct(cp1252(html), 'https://shop.example/panca');
    expect(p).toMatchObject({ name: 'Panca più robusta – l’originale', price_cents: 109900, in_stock: true });
  });

  it('windows-1252 declared by <meta http-equiv="Content-Type">, OpenGraph price with the € sign', () => {
    const html = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">
      <meta property="og:type" content="product"><meta property="og:title" content="Corda perché è leggera">
      <meta property="product:price:amount" content="29,90 €"></head></html>`;
    const p = extractProduct(cp1252(html), 'https://shop.example/corda');
    expect(p).toMatchObject({ name: 'Corda perché è leggera', price_cents: 2990, source: 'opengraph', warnings: [] });
  });

  it('undeclared UTF-8 bytes are read as UTF-8, undeclared legacy bytes as windows-1252', () => {
    const html = `<html><head>${ld(product)}</head></html>`;
    expect(extractProduct(Buffer.from(html, 'utf8'), 'https://shop.example/p').name).toBe(
      'Panca più robusta – l’originale',
    );
    expect(extractProduct(cp1252(html), 'https://shop.example/p').name).toBe('Panca più robusta – l’originale');
  });

  it('the Content-Type charset wins over a wrong <meta charset>', () => {
    const html = `<html><head><meta charset="utf-8">${ld(product)}</head></html>`;
    expect(extractProduct(cp1252(html), 'https://shop.example/p', { charset: 'windows-1252' }).name).toBe(
      'Panca più robusta – l’originale',
    );
  });
});

describe('extractProduct: markup htmlparser2 builds differently from an HTML5 tree builder', () => {
  it('JSON-LD with upper-case tags and type, in the body, and with markup inside its strings', () => {
    const doc = { '@type': 'Product', name: 'A <b>B</b> </p>', offers: { price: 5, priceCurrency: 'EUR' } };
    expect(
      extractProduct(
        `<HTML><BODY><P>testo<DIV><SCRIPT TYPE="Application/LD+JSON">${JSON.stringify(doc)}</SCRIPT></DIV></BODY></HTML>`,
        'https://shop.example/p',
      ),
    ).toMatchObject({ name: 'A B', price_cents: 500, source: 'json-ld' });
  });

  it('microdata with unclosed <p> and <li>, void elements without a slash and a table layout', () => {
    const p = extractProduct(
      `<div itemscope itemtype="https://schema.org/Product"><p><span itemprop="name">Step</span><p>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="9.90"><meta itemprop="priceCurrency" content="EUR">
      <link itemprop="availability" href="https://schema.org/InStock"></div><p>testo<img itemprop="image" src="a.jpg"></div>`,
      'https://shop.example/p/step',
    );
    expect(p).toMatchObject({
      name: 'Step',
      price_cents: 990,
      in_stock: true,
      images: ['https://shop.example/p/a.jpg'],
      source: 'microdata',
    });
    const list = extractProduct(
      '<ul itemscope itemtype="http://schema.org/Product"><li itemprop="name">Fune<li itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price" content="3">3</span><li><meta itemprop="sku" content="F1"></ul>',
      'https://shop.example/f',
    );
    expect(list).toMatchObject({ name: 'Fune', price_cents: 300, sku: 'F1' });
    const table = extractProduct(
      '<table itemscope itemtype="https://schema.org/Product"><tr><td itemprop="name">Disco &amp; 5 kg</td><td><span itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">12,50 €</span></span></td></tr></table>',
      'https://shop.example/d',
    );
    expect(table).toMatchObject({ name: 'Disco & 5 kg', price_cents: 1250 });
  });

  it('<noscript> fallback markup is ignored, as by a browser with scripts on', () => {
    const p = extractProduct(
      `<head><noscript><meta property="og:image" content="/n.jpg"></noscript>${ld({ '@type': 'Product', name: 'N', offers: { price: 1, priceCurrency: 'EUR' } })}</head>`,
      'https://shop.example/n',
    );
    expect(p.images).toEqual([]);
  });
});

describe('loadProductExtractor', () => {
  it('loads the same extractor, whose errors are the ProductExtractionError of product-extraction.ts', async () => {
    const extract = await loadProductExtractor();
    expect(extract).toBe(extractProduct);
    expect(thrown(() => extract('<p>nulla</p>', 'https://blog.example/a'), ProductExtractionError).code).toBe(
      'no_product_data',
    );
  });
});
