/**
 * The published document of a category page (`/category/{id}`): the build's SPA shell
 * (index.html, whose empty `#root` the app renders into, so nothing is hydrated against it) with
 * the category's own head and a no-script summary:
 *  - `<title>` and meta description from the category; canonical URL; Open Graph and Twitter tags;
 *  - schema.org JSON-LD (shared/structured-data.ts): BreadcrumbList and an ItemList of the first
 *    page's products (each its position, URL and name);
 *  - inside `<noscript>` (read by crawlers and link previews that run no script): breadcrumbs, the
 *    h1 with the name, the description and the first page of products, each a link with its price
 *    and 'IVA inclusa'.
 * Pure. Amounts are integer euro cents.
 */
import { SHOP_NAME } from '../../shared/constants';
import { formatEuro } from '../../shared/money';
import { absoluteUrl, breadcrumbJsonLd, jsonLdScript, type Crumb, type JsonLd } from '../../shared/structured-data';
import { escapeHtml, metaDescription } from './product-document';

/** What a category's document is built from. */
export interface CategoryDocumentInput {
  /** The build's SPA shell (its `<title>`, meta description and `#root` are replaced or kept). */
  template: string;
  category: { id: string; name: string; description: string };
  /** The first page of the category's public products, in the page's order. */
  products: readonly { id: string; name: string; price_cents: number }[];
  /** The shop origin, e.g. 'https://shop.example.com'. */
  origin: string;
}

/** The category page's breadcrumb trail: Home, Prodotti, the category. */
export function categoryTrail(category: { id: string; name: string }): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Prodotti', path: '/products' },
    { name: category.name, path: `/category/${category.id}` },
  ];
}

/** schema.org ItemList of the page's products (a summary page's list: position and URL of each). */
export function itemListJsonLd(origin: string, products: CategoryDocumentInput['products']): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: products.length,
    itemListElement: products.map((p, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: absoluteUrl(origin, `/product/${p.id}`),
      name: p.name,
    })),
  };
}

function headTags(input: CategoryDocumentInput, title: string, description: string): string {
  const url = absoluteUrl(input.origin, `/category/${input.category.id}`);
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:locale', 'it_IT'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    jsonLdScript(breadcrumbJsonLd(input.origin, categoryTrail(input.category))),
    jsonLdScript(itemListJsonLd(input.origin, input.products)),
  ].join('\n    ');
}

function summary(input: CategoryDocumentInput): string {
  const { category, products } = input;
  const trail = categoryTrail(category)
    .map((c) => `<a href="${escapeHtml(c.path)}">${escapeHtml(c.name)}</a>`)
    .join(' › ');
  return [
    '<noscript><section>',
    `<nav aria-label="Percorso">${trail}</nav>`,
    `<h1>${escapeHtml(category.name)}</h1>`,
    ...(category.description ? [`<p>${escapeHtml(category.description)}</p>`] : []),
    '<ul>',
    ...products.map(
      (p) =>
        `<li><a href="/product/${escapeHtml(p.id)}">${escapeHtml(p.name)}</a> <strong>${formatEuro(p.price_cents)}</strong> IVA inclusa</li>`,
    ),
    '</ul>',
    '</section></noscript>',
  ].join('\n');
}

/**
 * The category's published document (see the module comment).
 * @throws Error when the template has no `<title>`, no meta description or no `<div id="root"`
 */
export function categoryDocument(input: CategoryDocumentInput): string {
  const titleTag = /<title>[^<]*<\/title>/;
  const descriptionTag = /<meta name="description" content="[^"]*"\s*\/?>/;
  const rootTag = /<div id="root"/;
  if (!titleTag.test(input.template) || !descriptionTag.test(input.template) || !rootTag.test(input.template))
    throw new Error('the SPA shell template has no <title>, meta description or #root');
  const title = `${input.category.name} | ${SHOP_NAME}`;
  const description = metaDescription(
    input.category.description || `${input.category.name}: attrezzatura e prodotti ${SHOP_NAME}.`,
  );
  return input.template
    .replace(titleTag, () => `<title>${escapeHtml(title)}</title>`)
    .replace(descriptionTag, () => `<meta name="description" content="${escapeHtml(description)}" />`)
    .replace('</head>', () => `  ${headTags(input, title, description)}\n  </head>`)
    .replace(rootTag, () => `${summary(input)}\n    <div id="root"`);
}
