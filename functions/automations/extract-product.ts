/**
 * Reads a product from a supplier's HTML page, in this order of trust:
 *  1. schema.org `Product` JSON-LD (`<script type="application/ld+json">`): single documents,
 *     arrays of documents, `@graph` documents (Yoast/WooCommerce, Shopify apps), `@type` as a
 *     string or an array (also full IRIs and `schema:` prefixes), `@id` references inside the
 *     page (offers, images), `ProductGroup` with `hasVariant`, and `offers` as an object, an array
 *     or an `AggregateOffer` (with `lowPrice` or nested offers);
 *  2. microdata (`itemscope itemtype="https://schema.org/Product"` with `itemprop`s, nested
 *     `Offer` / `AggregateOffer` / `QuantitativeValue` items);
 *  3. OpenGraph / Facebook product meta tags (`og:title`, `og:description`, `og:image`,
 *     `product:price:amount` / `:currency`, `og:price:amount`, `product:sale_price:amount`,
 *     `product:original_price:amount`, `product:availability`, `product:retailer_item_id`).
 * Fields missing from the first source found are filled from the later ones (e.g. JSON-LD without
 * images plus `og:image`).
 *
 * Microdata is read with cheerio rather than a microdata library: the npm candidates
 * (microdata-node, htmlmetaparser) have had no release for years and pull an old htmlparser2 of
 * their own, and microdata-node, by design, ignores the `content` attribute on non-`meta`
 * elements, which schema.org's own Product examples and Google use for the machine-readable
 * price (`<span itemprop="price" content="1299.00">1.299,00 €</span>`). Reading itemscope /
 * itemprop / itemtype by the WHATWG value rules takes a few lines over the DOM cheerio builds.
 *
 * The parser is `cheerio/slim` (htmlparser2), not cheerio's default entry: that one adds parse5,
 * undici (for `fromURL`) and the encoding tables of `loadBuffer`, megabytes of minified JS. Page
 * bytes are decoded by decode-html.ts with the platform's TextDecoder. This module is loaded on
 * first use through product-extraction.ts (`loadProductExtractor`), which also holds the result
 * type and the error class for callers that must not load the parser at cold start.
 */
import { load, type CheerioAPI } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import { decodeHtml } from './decode-html';
import { extractVariants } from './extract-variants';
import { parsePrice } from './parse-price';
import { ProductExtractionError, type ExtractedProduct } from './product-extraction';

import {
  asArray,
  availabilityInStock,
  isNode,
  localName,
  readOffer,
  text,
  typesOf,
  type Json,
  type Node,
  type OfferReading,
} from './structured-values';

export { ProductExtractionError, type ExtractedProduct, type ProductExtractionErrorCode } from './product-extraction';
export { availabilityInStock } from './structured-values';

/** What one source (JSON-LD, microdata, OpenGraph) gives; merged field by field. */
type Reading = Omit<ExtractedProduct, 'name' | 'source' | 'warnings' | 'options' | 'variants' | 'variant_source'> & {
  name: string | null;
  /** Currencies seen that are not EUR. */
  foreign: string[];
  /** A price was read without any currency. */
  currencyAssumed: boolean;
};

const NAME_MAX = 200;
const DESCRIPTION_MAX = 5000;
const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel']);

/** Plain text of a possibly HTML-bearing string: entities decoded, tags dropped, whitespace collapsed. */
function plainText(s: string | null, max: number): string | null {
  if (!s) return null;
  const t = load(`<div>${s}</div>`, null, false)('div').text().replace(/\s+/g, ' ').trim();
  return t ? t.slice(0, max) : null;
}

/** Absolute http(s) URL of a string relative to the page, or null. */
function absoluteUrl(raw: string, base: string): string | null {
  try {
    const u = new URL(raw.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Image URLs of an `image` value: string, array, ImageObject {url|contentUrl}, or an @id reference. */
function imageUrls(v: Json | undefined, base: string, deref: (n: Node) => Node): string[] {
  const out: string[] = [];
  for (const item of asArray(v)) {
    if (typeof item === 'string') {
      const u = absoluteUrl(item, base);
      if (u) out.push(u);
    } else if (isNode(item)) {
      const n = deref(item);
      const raw =
        text(n.contentUrl) ??
        text(n.url) ??
        (typeof n['@id'] === 'string' && /\.(jpe?g|png|webp|gif|avif)(\?|$)/i.test(n['@id']) ? n['@id'] : null);
      const u = raw ? absoluteUrl(raw, base) : null;
      if (u) out.push(u);
    }
  }
  return out;
}

/** Maps a schema.org Product node (from JSON-LD or microdata) to a partial product. */
function readProductNode(p: Node, base: string, deref: (n: Node) => Node): Reading {
  let offers = asArray(p.offers)
    .filter(isNode)
    .map(deref)
    .flatMap((o) => readOffer(o, deref));
  if (offers.length === 0 && typesOf(p).includes('productgroup')) {
    offers = asArray(p.hasVariant)
      .filter(isNode)
      .map(deref)
      .flatMap((v) =>
        asArray(v.offers)
          .filter(isNode)
          .map(deref)
          .flatMap((o) => readOffer(o, deref)),
      );
  }
  // The lowest euro price a shopper can buy now (offers not marked unavailable), else the lowest at all.
  const euro = offers.filter((o) => o.foreign === null && o.price !== null);
  const buyable = euro.filter((o) => o.inStock !== false);
  const best = (buyable.length > 0 ? buyable : euro).reduce<OfferReading | null>(
    (acc, o) => (acc === null || o.price! < acc.price! ? o : acc),
    null,
  );
  const levels = offers.map((o) => o.stock);
  const availability = offers.map((o) => o.inStock).filter((v): v is boolean => v !== null);
  const stock =
    levels.length > 0 && levels.every((l) => l !== null) ? levels.reduce<number>((a, b) => a + b!, 0) : null;
  return {
    name: plainText(text(p.name), NAME_MAX),
    description: plainText(text(p.description), DESCRIPTION_MAX),
    price_cents: best?.price ?? null,
    original_price_cents: best?.original ?? null,
    images: imageUrls(p.image, base, deref),
    sku: text(p.sku) ?? offers.find((o) => o.sku)?.sku ?? text(p.productGroupID) ?? text(p.mpn) ?? text(p.productID),
    in_stock:
      stock !== null && availability.length === 0
        ? stock > 0
        : availability.length > 0
          ? availability.some(Boolean)
          : null,
    stock,
    foreign: best ? [] : offers.flatMap((o) => (o.foreign ? [o.foreign] : [])),
    currencyAssumed: best?.currencyAssumed ?? false,
  };
}

/** Parses a JSON-LD block leniently (HTML comments / CDATA wrappers, stray control characters). */
function parseJsonLd(raw: string): Json | null {
  const cleaned = raw
    .replace(/^\s*(<!--|\/\*\s*<!\[CDATA\[\s*\*\/)/, '')
    .replace(/(-->|\/\*\s*\]\]>\s*\*\/)\s*$/, '')
    .trim();
  try {
    return JSON.parse(cleaned) as Json;
  } catch {
    try {
      // Some themes print raw newlines/tabs inside strings.
      // eslint-disable-next-line no-control-regex -- control characters are what this strips
      return JSON.parse(cleaned.replace(/[\u0000-\u001f]+/g, ' ')) as Json;
    } catch {
      return null;
    }
  }
}

/** Every object node of the page's JSON-LD (documents, arrays, @graph, nested values). */
function jsonLdNodes($: CheerioAPI): Node[] {
  const nodes: Node[] = [];
  const visit = (v: Json, depth: number) => {
    if (depth > 12) return;
    if (Array.isArray(v)) v.forEach((x) => visit(x, depth + 1));
    else if (isNode(v)) {
      nodes.push(v);
      for (const [k, child] of Object.entries(v)) if (k !== '@context') visit(child, depth + 1);
    }
  };
  $('script').each((_, el) => {
    const type = ($(el).attr('type') ?? '').toLowerCase().split(';')[0]!.trim();
    if (type !== 'application/ld+json') return;
    const doc = parseJsonLd($(el).text());
    if (doc !== null) visit(doc, 0);
  });
  return nodes;
}

/** Dereferences {"@id": "..."} stubs against the page's nodes that carry more than an @id. */
function makeDeref(nodes: Node[]): (n: Node) => Node {
  const byId = new Map<string, Node>();
  for (const n of nodes) {
    const id = n['@id'];
    if (typeof id === 'string' && Object.keys(n).length > 1 && !byId.has(id)) byId.set(id, n);
  }
  return (n) => {
    const id = n['@id'];
    return typeof id === 'string' && Object.keys(n).length === 1 ? (byId.get(id) ?? n) : n;
  };
}

/** Picks the page's main product: the first Product node with a name and offers, else the first with a name. */
function pickProduct(nodes: Node[]): Node | null {
  const products = nodes.filter((n) => typesOf(n).some((t) => PRODUCT_TYPES.has(t)) && text(n.name));
  // A variant inside a ProductGroup is not the page's product when the group itself is there.
  const top = products.filter((p) => !products.some((g) => g !== p && asArray(g.hasVariant).includes(p)));
  return top.find((p) => p.offers !== undefined || p.hasVariant !== undefined) ?? top[0] ?? null;
}

// ---- microdata --------------------------------------------------------------------------------

/** The value of a microdata property element (WHATWG rules, with `content` first as Google reads it). */
function microdataValue($: CheerioAPI, el: Element, base: string): string {
  const $el = $(el);
  const content = $el.attr('content');
  if (content !== undefined) return content;
  const tag = el.tagName.toLowerCase();
  const url = (attr: string) => absoluteUrl($el.attr(attr) ?? '', base) ?? '';
  if (['img', 'audio', 'embed', 'iframe', 'source', 'track', 'video'].includes(tag)) return url('src');
  if (['a', 'area', 'link'].includes(tag)) return url('href');
  if (tag === 'object') return url('data');
  if (tag === 'data' || tag === 'meter') return $el.attr('value') ?? '';
  if (tag === 'time') return $el.attr('datetime') ?? $el.text();
  return $el.text();
}

/** Reads a microdata item into a JSON-LD-like node (property values as arrays). */
function readMicrodataItem($: CheerioAPI, item: Element, base: string, depth = 0): Node {
  const node: Node = { '@type': ($(item).attr('itemtype') ?? '').split(/\s+/).filter(Boolean) };
  const add = (name: string, value: Json) => {
    const list = (node[name] ??= []) as Json[];
    list.push(value);
  };
  const walk = (children: AnyNode[]) => {
    for (const child of children) {
      if (child.type !== 'tag' && child.type !== 'script' && child.type !== 'style') continue;
      const el = child as Element;
      const props = ($(el).attr('itemprop') ?? '').split(/\s+/).filter(Boolean);
      const scoped = $(el).attr('itemscope') !== undefined;
      if (props.length > 0) {
        const value: Json =
          scoped && depth < 8 ? readMicrodataItem($, el, base, depth + 1) : microdataValue($, el, base);
        for (const name of props) add(name, value);
      }
      if (!scoped) walk(el.children);
    }
  };
  walk(item.children);
  return node;
}

function microdataProduct($: CheerioAPI, base: string): Node | null {
  const items = $('[itemscope][itemtype]')
    .toArray()
    .filter((el) => ($(el).attr('itemtype') ?? '').split(/\s+/).some((t) => PRODUCT_TYPES.has(localName(t))));
  for (const el of items) {
    const node = readMicrodataItem($, el, base);
    if (text(node.name)) return node;
  }
  return null;
}

// ---- OpenGraph --------------------------------------------------------------------------------

function openGraphProduct($: CheerioAPI, base: string): Reading | null {
  const meta = (...names: string[]) => {
    for (const name of names) {
      const v = $(`meta[property="${name}"], meta[name="${name}"]`).first().attr('content');
      if (v && v.trim()) return v.trim();
    }
    return null;
  };
  const amount = meta('product:price:amount', 'og:price:amount', 'product:price');
  const sale = meta('product:sale_price:amount');
  const listed = meta('product:original_price:amount');
  const isProductPage = /product/i.test(meta('og:type') ?? '') || amount !== null || sale !== null;
  if (!isProductPage) return null;
  const currency =
    (meta('product:price:currency', 'og:price:currency', 'product:sale_price:currency') ?? '').toUpperCase() || null;
  const parsed = [sale, amount, listed].map((v) => (v === null ? null : parsePrice(v)));
  const [saleCents, amountCents, listedCents] = parsed.map((p) => p?.cents ?? null) as [
    number | null,
    number | null,
    number | null,
  ];
  const price = saleCents ?? amountCents;
  const originalCandidate = saleCents !== null ? (amountCents ?? listedCents) : listedCents;
  const seenCurrency = currency ?? parsed.find((p) => p?.currency)?.currency ?? null;
  const images = $('meta[property="og:image"], meta[property="og:image:url"], meta[property="og:image:secure_url"]')
    .toArray()
    .map((el) => absoluteUrl($(el).attr('content') ?? '', base))
    .filter((u): u is string => u !== null);
  const foreign = seenCurrency && seenCurrency !== 'EUR' ? [seenCurrency] : [];
  return {
    name: plainText(meta('og:title', 'twitter:title'), NAME_MAX),
    description: plainText(meta('og:description', 'description', 'twitter:description'), DESCRIPTION_MAX),
    price_cents: foreign.length ? null : price,
    original_price_cents:
      !foreign.length && originalCandidate !== null && price !== null && originalCandidate > price
        ? originalCandidate
        : null,
    images,
    sku: meta('product:retailer_item_id', 'product:sku'),
    in_stock: availabilityInStock(meta('product:availability', 'og:availability')),
    stock: null,
    foreign,
    currencyAssumed: price !== null && seenCurrency === null,
  };
}

/** The page's meta description and og:image, to fill gaps of a structured source when the page is no OpenGraph product. */
function pageFallbacks($: CheerioAPI, base: string): Reading {
  const description = plainText(
    $('meta[property="og:description"]').attr('content') ?? $('meta[name="description"]').attr('content') ?? null,
    DESCRIPTION_MAX,
  );
  const images = $('meta[property="og:image"]')
    .toArray()
    .map((el) => absoluteUrl($(el).attr('content') ?? '', base))
    .filter((u): u is string => u !== null);
  return {
    name: null,
    description,
    price_cents: null,
    original_price_cents: null,
    images,
    sku: null,
    in_stock: null,
    stock: null,
    foreign: [],
    currencyAssumed: false,
  };
}

/** Fills the null fields of `a` from `b`. Prices are taken together (price with its list price). */
function merge(a: Reading, b: Reading | null): Reading {
  if (!b) return a;
  const takePrice = a.price_cents === null && b.price_cents !== null;
  return {
    name: a.name ?? b.name,
    description: a.description ?? b.description,
    price_cents: takePrice ? b.price_cents : a.price_cents,
    original_price_cents: takePrice ? b.original_price_cents : a.original_price_cents,
    images: a.images.length > 0 ? a.images : b.images,
    sku: a.sku ?? b.sku,
    in_stock: a.in_stock ?? b.in_stock,
    stock: a.stock ?? b.stock,
    foreign: [...a.foreign, ...b.foreign],
    currencyAssumed: takePrice ? b.currencyAssumed : a.currencyAssumed,
  };
}

/**
 * Reads the product of a page.
 * @param html the page (string, or the raw bytes: decoded by decode-html.ts from the BOM, `charset`, `<meta charset>`, else UTF-8)
 * @param pageUrl the page's final URL; relative image URLs are resolved against it (and `<base href>`)
 * @param opts.charset the Content-Type charset when the HTML is given as bytes
 * @returns the product (prices in EUR cents, absolute image URLs)
 * @throws ProductExtractionError 'no_product_data' when no source names a product,
 *   'unsupported_currency' when the only prices are in another currency
 */
export function extractProduct(
  html: string | Buffer,
  pageUrl: string,
  opts: { charset?: string | null } = {},
): ExtractedProduct {
  const $ = load(typeof html === 'string' ? html : decodeHtml(html, opts.charset));
  // An HTML5 parser with scripting on (parse5, browsers, Google's renderer) reads <noscript> as
  // text; htmlparser2 builds its elements. Drop them so their fallback markup counts as before.
  $('noscript').remove();
  const baseHref = $('base[href]').attr('href');
  const base = (baseHref && absoluteUrl(baseHref, pageUrl)) || pageUrl;

  const nodes = jsonLdNodes($);
  const deref = makeDeref(nodes);
  const ldNode = pickProduct(nodes);
  const fromLd = ldNode ? readProductNode(ldNode, base, deref) : null;
  const mdNode = microdataProduct($, base);
  const fromMd = mdNode ? readProductNode(mdNode, base, (n) => n) : null;
  const fromOg = openGraphProduct($, base);

  const primary = fromLd ?? fromMd ?? fromOg;
  if (!primary || !primary.name) {
    throw new ProductExtractionError(
      'no_product_data',
      'Nessun dato prodotto trovato nella pagina: servono dati strutturati schema.org Product (JSON-LD o microdata) o i meta tag OpenGraph del prodotto.',
    );
  }
  const source: ExtractedProduct['source'] =
    primary === fromLd ? 'json-ld' : primary === fromMd ? 'microdata' : 'opengraph';
  let merged = primary;
  for (const next of [fromLd, fromMd, fromOg ?? pageFallbacks($, base)])
    if (next && next !== primary) merged = merge(merged, next);

  if (merged.price_cents === null && merged.foreign.length > 0) {
    const list = [...new Set(merged.foreign)].join(', ');
    throw new ProductExtractionError(
      'unsupported_currency',
      `Valuta non supportata: la pagina indica i prezzi in ${list}, il negozio vende solo in euro.`,
    );
  }
  const found = extractVariants($, ldNode, nodes, deref);
  if (found) {
    // the product's summary follows its variants (as the shop's own product item does)
    const priced = found.variants.filter((v) => v.price_cents !== null);
    const buyable = priced.filter((v) => v.in_stock !== false);
    const lowest = Math.min(...(buyable.length ? buyable : priced).map((v) => v.price_cents!));
    if (priced.length) merged = { ...merged, price_cents: lowest, original_price_cents: null };
    const levels = found.variants.map((v) => v.stock);
    if (levels.every((l) => l !== null)) merged = { ...merged, stock: levels.reduce<number>((a, b) => a + b!, 0) };
    const availability = found.variants.map((v) => v.in_stock).filter((v): v is boolean => v !== null);
    if (availability.length) merged = { ...merged, in_stock: availability.some(Boolean) };
  }
  const warnings: string[] = [];
  if (merged.price_cents === null) warnings.push('Prezzo non trovato nella pagina.');
  else if (merged.currencyAssumed) warnings.push('Valuta non indicata nella pagina: prezzo considerato in euro.');
  return {
    name: merged.name!,
    description: merged.description,
    price_cents: merged.price_cents,
    original_price_cents: merged.original_price_cents,
    images: [...new Set(merged.images)],
    sku: merged.sku,
    in_stock: merged.in_stock ?? (merged.stock !== null ? merged.stock > 0 : null),
    stock: merged.stock,
    source,
    warnings,
    options: found?.options ?? [],
    variants: found?.variants ?? [],
    variant_source: found?.source ?? null,
  };
}
