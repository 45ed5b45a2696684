/**
 * The published document of a public product page: the prerendered product page of the build
 * (dist/web/prerendered/product.html, its skeleton hydrated by the SPA as today, so nothing shifts)
 * with the product's own head and a no-script summary:
 *  - `<title>` and meta description from the product; canonical URL; Open Graph (`og:type`
 *    product, title, description, url, image, price) and Twitter card tags;
 *  - schema.org JSON-LD (shared/structured-data.ts): Product with its Offer, AggregateRating,
 *    reviews and GPSR manufacturer (a product with options: ProductGroup with a Product and Offer
 *    per active variant); BreadcrumbList;
 *  - inside `<noscript>` (read by crawlers and link previews that run no script, never laid out by
 *    a browser that runs the app): breadcrumbs, the h1 with the name, the price with 'IVA inclusa',
 *    availability (a product with options: 'da' its lowest price, and each active variant with
 *    its price and availability, linked to `?variant={SKU}`), the images, the description and the
 *    approved reviews.
 * Pure. Amounts are integer euro cents.
 */
import type { ProductDetailDto } from '../../shared/api/catalog';
import { SHOP_NAME } from '../../shared/constants';
import { formatEuro } from '../../shared/money';
import { isSoldOut } from '../../shared/stock';
import { variantLabel } from '../../shared/variants';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  jsonLdScript,
  manufacturerOf,
  productJsonLd,
  schemaPrice,
  type Crumb,
} from '../../shared/structured-data';

/** What a product's document is built from. */
export interface ProductDocumentInput {
  /** The build's prerendered product page (its `<title>`, meta description and `#root` are replaced or kept). */
  template: string;
  product: ProductDetailDto;
  /** The shop origin, e.g. 'https://shop.example.com'. */
  origin: string;
  /** Approved reviews shown on the page (first page). */
  reviews?: readonly { content: string; created_at: string }[];
  /** The GTIN of each variant that has one, by variant id (a product with options). */
  gtins?: Readonly<Record<string, string>>;
}

/** Longest meta description, characters (what result pages show). */
export const META_DESCRIPTION_MAX = 160;

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The product's description on one line, cut at a word within META_DESCRIPTION_MAX characters. */
export function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= META_DESCRIPTION_MAX) return line;
  const cut = line.slice(0, META_DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,.;:]+$/, '')}…`;
}

/** The product page's breadcrumb trail: Home, Prodotti, its category (the listing filtered), the product. */
export function productTrail(product: ProductDetailDto): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Prodotti', path: '/products' },
    ...(product.category && product.category_id
      ? [{ name: product.category, path: `/products?categoria=${encodeURIComponent(product.category_id)}` }]
      : []),
    { name: product.name, path: `/product/${product.id}` },
  ];
}

function headTags(input: ProductDocumentInput, description: string, images: string[]): string {
  const { product, origin } = input;
  const url = absoluteUrl(origin, `/product/${product.id}`);
  const title = `${product.name} | ${SHOP_NAME}`;
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:locale', 'it_IT'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...images.slice(0, 1).map((i) => meta('property', 'og:image', i)),
    meta('property', 'product:price:amount', schemaPrice(product.price_cents)),
    meta('property', 'product:price:currency', 'EUR'),
    meta('name', 'twitter:card', images.length ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...images.slice(0, 1).map((i) => meta('name', 'twitter:image', i)),
    jsonLdScript(productJsonLd({ ...input, manufacturer: manufacturerOf(product) })),
    jsonLdScript(breadcrumbJsonLd(origin, productTrail(product))),
  ].join('\n    ');
}

function summary(input: ProductDocumentInput, images: string[]): string {
  const { product, reviews = [] } = input;
  // The struck-through price is the 30-day lowest price before the reduction (shared/price-history.ts).
  const reference = product.price_reduction?.reference_cents ?? null;
  const reduced = reference !== null && reference > product.price_cents;
  const trail = productTrail(product)
    .map((c) => `<a href="${escapeHtml(c.path)}">${escapeHtml(c.name)}</a>`)
    .join(' › ');
  // A product with options: its price range starts 'da' the lowest, and each active variant is listed.
  const variants = product.options?.length ? (product.variants ?? []).filter((v) => v.status === 'active') : [];
  const from = product.price_max_cents !== undefined && product.price_max_cents > product.price_cents ? 'da ' : '';
  const availability = (quantity: number) =>
    isSoldOut({ is_digital: product.is_digital, quantity }) ? 'Esaurito' : 'Disponibile';
  return [
    '<noscript><article>',
    `<nav aria-label="Percorso">${trail}</nav>`,
    `<h1>${escapeHtml(product.name)}</h1>`,
    `<p>${reduced ? `<s>${formatEuro(reference!)}</s> ` : ''}${from}<strong>${formatEuro(product.price_cents)}</strong> IVA inclusa</p>`,
    `<p>${isSoldOut(product) ? 'Esaurito' : 'Disponibile'}</p>`,
    ...(variants.length
      ? [
          '<ul>',
          ...variants.map(
            (v) =>
              `<li><a href="${escapeHtml(`/product/${product.id}?variant=${encodeURIComponent(v.sku)}`)}">${escapeHtml(variantLabel(v.option_values))}</a>: ${formatEuro(v.price_cents)}, ${availability(v.quantity)}</li>`,
          ),
          '</ul>',
        ]
      : []),
    ...images.map((i) => `<img src="${escapeHtml(i)}" alt="${escapeHtml(product.name)}" width="600" height="600" />`),
    `<p>${escapeHtml(product.description)}</p>`,
    ...(reviews.length
      ? ['<h2>Recensioni</h2>', ...reviews.map((r) => `<blockquote>${escapeHtml(r.content)}</blockquote>`)]
      : []),
    '</article></noscript>',
  ].join('\n');
}

/**
 * The product's published document (see the module comment).
 * @throws Error when the template has no `<title>`, no meta description or no `<div id="root"`
 */
export function productDocument(input: ProductDocumentInput): string {
  const { template, product, origin } = input;
  const titleTag = /<title>[^<]*<\/title>/;
  const descriptionTag = /<meta name="description" content="[^"]*"\s*\/?>/;
  const rootTag = /<div id="root"/;
  if (!titleTag.test(template) || !descriptionTag.test(template) || !rootTag.test(template))
    throw new Error('the product page template has no <title>, meta description or #root');
  const description = metaDescription(product.description || product.name);
  const images = (product.images.length ? product.images.map((i) => i.image_url) : [product.image_url])
    .filter((u): u is string => Boolean(u))
    .map((u) => absoluteUrl(origin, u));
  return template
    .replace(titleTag, () => `<title>${escapeHtml(`${product.name} | ${SHOP_NAME}`)}</title>`)
    .replace(descriptionTag, () => `<meta name="description" content="${escapeHtml(description)}" />`)
    .replace('</head>', () => `  ${headTags(input, description, images)}\n  </head>`)
    .replace(rootTag, () => `${summary(input, images)}\n    <div id="root"`);
}
