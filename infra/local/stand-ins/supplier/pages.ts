/**
 * HTML of the fake supplier: one renderer per structured-data shape (catalogue.ts `PageShape`),
 * the catalogue index, and the product images (PNG, gold on black).
 */
import { encodePng, type Rgb } from './png';
import type { Motif, PageShape, SupplierProduct } from './catalogue';

export const SUPPLIER_NAME = 'Ferro Sud Forniture';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON for a <script> block (no '</script>' break-out). */
const ldJson = (v: unknown) => JSON.stringify(v, null, 1).replace(/</g, '\\u003c');
const euroDot = (cents: number) => (cents / 100).toFixed(2);
const euroIt = (cents: number) =>
  new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(
    cents / 100,
  );
const availability = (p: SupplierProduct) =>
  p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

const STYLE = `body{margin:0;font-family:Georgia,serif;background:#0b0b0b;color:#eee}header{padding:18px 28px;border-bottom:1px solid #3a3114;color:#d4af37;font-size:22px;letter-spacing:.08em}
main{max-width:960px;margin:24px auto;padding:0 20px;display:grid;grid-template-columns:1fr 1fr;gap:28px}img{width:100%;border:1px solid #3a3114;border-radius:8px}
h1{color:#d4af37;font-weight:400}.price{font-size:26px}.was{text-decoration:line-through;color:#999;margin-left:10px;font-size:18px}.stock{color:#bbb}ul{list-style:none;padding:0}li{margin:8px 0}a{color:#d4af37}
@media(max-width:700px){main{grid-template-columns:1fr}}`;

function layout(title: string, head: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,">
<title>${esc(title)} | ${SUPPLIER_NAME}</title>
<style>${STYLE}</style>
${head}
</head>
<body><header>${SUPPLIER_NAME.toUpperCase()}</header>
${body}
</body>
</html>`;
}

const imagePath = (p: SupplierProduct, n: number) => `/immagini/${p.slug}-${n}.png`;
const imageUrls = (p: SupplierProduct, base: string) =>
  Array.from({ length: p.images }, (_, i) => `${base}${imagePath(p, i + 1)}`);

/** Visible part shared by the structured-data shapes (no markup of its own). */
function visible(
  p: SupplierProduct,
  attrs: { name?: string; price?: string; image?: string; description?: string } = {},
): string {
  const imgs = Array.from(
    { length: p.images },
    (_, i) => `<img ${attrs.image ?? ''} src="${imagePath(p, i + 1)}" alt="${esc(p.name)}">`,
  ).join('\n');
  return `<main><div>${imgs}</div><div>
<h1 ${attrs.name ?? ''}>${esc(p.name)}</h1>
<p class="price">${euroIt(p.price_cents)}&nbsp;€${p.original_price_cents ? `<span class="was">${euroIt(p.original_price_cents)}&nbsp;€</span>` : ''}</p>
<p class="stock">${p.stock > 0 ? `Disponibile: ${p.stock} pezzi` : 'Esaurito'}</p>
<div ${attrs.description ?? ''}><p>${esc(p.description)}</p></div>
</div></main>`;
}

function jsonLdGraph(p: SupplierProduct, base: string, url: string): string {
  const imgs = imageUrls(p, base);
  const site = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': ['WebPage', 'ItemPage'],
        '@id': url,
        url,
        name: `${p.name} - ${SUPPLIER_NAME}`,
        primaryImageOfPage: { '@id': `${url}#primaryimage` },
        inLanguage: 'it-IT',
      },
      {
        '@type': 'ImageObject',
        '@id': `${url}#primaryimage`,
        url: imgs[0],
        contentUrl: imgs[0],
        width: 480,
        height: 480,
      },
      { '@type': 'WebSite', '@id': `${base}/#website`, url: `${base}/`, name: SUPPLIER_NAME },
    ],
  };
  const product = {
    '@context': 'https://schema.org/',
    '@graph': [
      {
        '@type': 'BreadcrumbList',
        itemListElement: [{ '@type': 'ListItem', position: 1, item: { name: 'Home', '@id': base } }],
      },
      {
        '@type': 'Product',
        '@id': `${url}#product`,
        name: p.name,
        url,
        description: `<p>${esc(p.description)}</p>`,
        image: [{ '@id': `${url}#primaryimage` }, ...imgs.slice(1).map((u) => u.replace(base, ''))],
        sku: p.sku,
        offers: [
          {
            '@type': 'Offer',
            price: euroDot(p.price_cents),
            priceCurrency: 'EUR',
            availability: availability(p),
            url,
            priceSpecification: { price: euroDot(p.price_cents), priceCurrency: 'EUR', valueAddedTaxIncluded: 'true' },
            inventoryLevel: { '@type': 'QuantitativeValue', value: p.stock },
            seller: { '@type': 'Organization', name: SUPPLIER_NAME, url: base },
          },
        ],
      },
    ],
  };
  return layout(
    p.name,
    `<meta property="og:type" content="product">
<script type="application/ld+json" class="yoast-schema-graph">${ldJson(site)}</script>
<script type="application/ld+json">${ldJson(product)}</script>`,
    visible(p),
  );
}

function jsonLdOffersArray(p: SupplierProduct, base: string, url: string): string {
  const doc = {
    '@context': 'http://schema.org/',
    '@type': 'Product',
    name: p.name,
    url,
    image: imageUrls(p, base).map((u) => u.replace(/^https?:/, '')),
    description: p.description,
    sku: p.sku,
    brand: { '@type': 'Brand', name: SUPPLIER_NAME },
    offers: [
      {
        '@type': 'Offer',
        sku: p.sku,
        availability: availability(p),
        price: p.price_cents / 100,
        priceCurrency: 'EUR',
        url: `${url}?variant=1`,
        inventoryLevel: { '@type': 'QuantitativeValue', value: String(p.stock) },
      },
    ],
  };
  return layout(
    p.name,
    `<meta property="og:type" content="product">
<meta property="og:title" content="${esc(p.name)}">
<meta property="og:price:amount" content="${euroIt(p.price_cents)}">
<meta property="og:price:currency" content="EUR">
<script type="application/ld+json">${ldJson(doc)}</script>`,
    visible(p),
  );
}

function jsonLdAggregate(p: SupplierProduct, base: string, url: string): string {
  const docs = [
    { '@context': 'https://schema.org', '@type': 'Organization', name: SUPPLIER_NAME, url: base },
    {
      '@context': 'https://schema.org',
      '@type': ['Product', 'Thing'],
      name: p.name,
      description: p.description,
      mpn: p.sku,
      url,
      image: { '@type': 'ImageObject', url: imagePath(p, 1).slice(1), width: 480, height: 480 },
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: euroIt(p.price_cents),
        highPrice: euroIt(p.price_cents),
        priceCurrency: 'EUR',
        offerCount: '1',
        availability: availability(p),
        inventoryLevel: p.stock,
      },
    },
  ];
  return layout(
    p.name,
    `<base href="${base}/"><script type="application/ld+json">${ldJson(docs)}</script>`,
    visible(p),
  );
}

function jsonLdSale(p: SupplierProduct, base: string, url: string): string {
  const doc = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    image: p.images > 1 ? imageUrls(p, base) : imageUrls(p, base)[0],
    sku: p.sku,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'EUR',
      price: p.price_cents / 100,
      availability: availability(p).replace('https://schema.org/', ''),
      inventoryLevel: p.stock,
      priceSpecification: [
        { '@type': 'UnitPriceSpecification', price: p.price_cents / 100, priceCurrency: 'EUR' },
        ...(p.original_price_cents
          ? [
              {
                '@type': 'UnitPriceSpecification',
                priceType: 'https://schema.org/StrikethroughPrice',
                price: p.original_price_cents / 100,
                priceCurrency: 'EUR',
              },
            ]
          : []),
      ],
    },
  };
  return layout(p.name, `<script type="application/ld+json">${ldJson(doc)}</script>`, visible(p));
}

function microdata(p: SupplierProduct): string {
  const imgs = Array.from(
    { length: p.images },
    (_, i) => `<img itemprop="image" src="${imagePath(p, i + 1)}" alt="${esc(p.name)}">`,
  ).join('\n');
  const body = `<main itemscope itemtype="http://schema.org/Product"><div>${imgs}</div><div>
<h1 itemprop="name">${esc(p.name)}</h1>
<meta itemprop="sku" content="${esc(p.sku)}">
<div itemprop="brand" itemscope itemtype="http://schema.org/Brand"><meta itemprop="name" content="${SUPPLIER_NAME}"></div>
<div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
<p class="price"><span itemprop="price" content="${euroDot(p.price_cents)}">${euroIt(p.price_cents)}</span>&nbsp;€</p>
<meta itemprop="priceCurrency" content="EUR">
<link itemprop="availability" href="${availability(p).replace('https:', 'http:')}">
<div itemprop="inventoryLevel" itemscope itemtype="http://schema.org/QuantitativeValue"><meta itemprop="value" content="${p.stock}"></div>
<p class="stock">${p.stock > 0 ? `Disponibile: ${p.stock} pezzi` : 'Esaurito'}</p>
</div>
<div itemprop="description"><p>${esc(p.description)}</p></div>
</div></main>`;
  return layout(p.name, '', body);
}

function openGraph(p: SupplierProduct, base: string): string {
  const list = p.original_price_cents ?? p.price_cents;
  const head = [
    `<meta name="description" content="${esc(p.description)}">`,
    '<meta property="og:type" content="og:product">',
    `<meta property="og:title" content="${esc(p.name)}">`,
    `<meta property="og:description" content="${esc(p.description)}">`,
    ...imageUrls(p, base).map((u, i) => `<meta property="og:image" content="${i === 0 ? u.replace(base, '') : u}">`),
    `<meta property="product:price:amount" content="${euroIt(list)}">`,
    '<meta property="product:price:currency" content="EUR">',
    ...(p.original_price_cents
      ? [`<meta property="product:sale_price:amount" content="${euroIt(p.price_cents)}">`]
      : []),
    `<meta property="product:availability" content="${p.stock > 0 ? 'in stock' : 'out of stock'}">`,
    `<meta property="product:retailer_item_id" content="${esc(p.sku)}">`,
  ].join('\n');
  return layout(p.name, head, visible(p));
}

function jsonLdProductGroup(p: SupplierProduct, base: string, url: string): string {
  const doc = {
    '@context': 'https://schema.org/',
    '@type': 'ProductGroup',
    name: p.name,
    description: p.description,
    url,
    image: imageUrls(p, base),
    brand: { '@type': 'Brand', name: SUPPLIER_NAME },
    productGroupID: p.sku,
    variesBy: ['https://schema.org/size'],
    hasVariant: (p.variants ?? []).map((v) => ({
      '@type': 'Product',
      sku: v.sku,
      name: `${p.name} ${v.size}`,
      size: v.size,
      offers: {
        '@type': 'Offer',
        url: `${url}?taglia=${encodeURIComponent(v.size)}`,
        priceCurrency: 'EUR',
        price: euroDot(v.price_cents),
        availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        inventoryLevel: { '@type': 'QuantitativeValue', value: v.stock },
      },
    })),
  };
  return layout(p.name, `<script type="application/ld+json">${ldJson(doc)}</script>`, visible(p));
}

/**
 * The product page in the product's shape.
 * @param base public origin of the fake supplier, e.g. 'http://localhost:14130'
 */
export function productPage(p: SupplierProduct, base: string): string {
  const url = `${base}/prodotti/${p.slug}`;
  const render: Record<PageShape, () => string> = {
    'jsonld-graph': () => jsonLdGraph(p, base, url),
    'jsonld-offers-array': () => jsonLdOffersArray(p, base, url),
    'jsonld-aggregate': () => jsonLdAggregate(p, base, url),
    'jsonld-sale': () => jsonLdSale(p, base, url),
    microdata: () => microdata(p),
    opengraph: () => openGraph(p, base),
    'jsonld-product-group': () => jsonLdProductGroup(p, base, url),
  };
  return render[p.shape]();
}

/** The catalogue index: links to every product page. */
export function indexPage(products: SupplierProduct[]): string {
  const items = products
    .map(
      (p) =>
        `<li><a href="/prodotti/${p.slug}">${esc(p.name)}</a> · ${euroIt(p.price_cents)} € · ${p.stock > 0 ? `${p.stock} disponibili` : 'esaurito'} <small>(${p.shape})</small></li>`,
    )
    .join('\n');
  return layout('Catalogo', '', `<main style="display:block"><h1>Catalogo all'ingrosso</h1><ul>${items}</ul></main>`);
}

const GOLD: Rgb = [212, 175, 55];
const BLACK: Rgb = [12, 12, 12];

/** Signed-distance style tests for each motif, on a 0..1 square. */
function inMotif(m: Motif, x: number, y: number): boolean {
  const circle = (cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  const ring = (cx: number, cy: number, r: number, w: number) => {
    const d = Math.hypot(x - cx, y - cy);
    return d <= r && d >= r - w;
  };
  const rect = (x0: number, y0: number, x1: number, y1: number) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
  switch (m) {
    case 'kettlebell':
      return circle(0.5, 0.6, 0.24) || (ring(0.5, 0.36, 0.17, 0.05) && y < 0.42) || rect(0.32, 0.8, 0.68, 0.84);
    case 'dumbbell':
      return rect(0.25, 0.47, 0.75, 0.53) || rect(0.14, 0.32, 0.26, 0.68) || rect(0.74, 0.32, 0.86, 0.68);
    case 'barbell':
      return (
        rect(0.08, 0.48, 0.92, 0.52) ||
        rect(0.18, 0.3, 0.24, 0.7) ||
        rect(0.76, 0.3, 0.82, 0.7) ||
        rect(0.25, 0.36, 0.28, 0.64) ||
        rect(0.72, 0.36, 0.75, 0.64)
      );
    case 'bench':
      return (
        rect(0.15, 0.45, 0.7, 0.52) ||
        rect(0.6, 0.28, 0.66, 0.5) ||
        rect(0.22, 0.52, 0.26, 0.78) ||
        rect(0.58, 0.52, 0.62, 0.78) ||
        rect(0.16, 0.76, 0.68, 0.8)
      );
    case 'rope':
      return ring(0.5, 0.55, 0.3, 0.025) || rect(0.16, 0.2, 0.22, 0.42) || rect(0.78, 0.2, 0.84, 0.42);
    case 'mat':
      return (rect(0.15, 0.42, 0.85, 0.6) && !rect(0.18, 0.45, 0.82, 0.57)) || circle(0.85, 0.51, 0.09);
    case 'band':
      return ring(0.38, 0.5, 0.22, 0.04) || ring(0.62, 0.5, 0.22, 0.04);
    case 'rack':
      return (
        rect(0.2, 0.15, 0.25, 0.85) ||
        rect(0.75, 0.15, 0.8, 0.85) ||
        rect(0.2, 0.15, 0.8, 0.19) ||
        rect(0.15, 0.55, 0.85, 0.58) ||
        rect(0.12, 0.83, 0.88, 0.87)
      );
  }
}

/**
 * A product image: the motif in gold on black, 480x480 PNG. Image 2+ adds a gold frame.
 * @param n image number, 1-based
 */
export function productImage(p: SupplierProduct, n: number): Buffer {
  const size = 480;
  return encodePng(size, size, (px, py) => {
    const x = px / size;
    const y = py / size;
    const frame = n > 1 && (x < 0.03 || x > 0.97 || y < 0.03 || y > 0.97);
    if (frame || inMotif(p.motif, x, y)) {
      const shade = 0.75 + 0.25 * (1 - y);
      return [Math.round(GOLD[0] * shade), Math.round(GOLD[1] * shade), Math.round(GOLD[2] * shade)];
    }
    const glow = Math.max(0, 0.12 - Math.hypot(x - 0.5, y - 0.45) * 0.15);
    return [BLACK[0] + Math.round(glow * 200), BLACK[1] + Math.round(glow * 160), BLACK[2] + Math.round(glow * 40)];
  });
}
