/**
 * schema.org structured data (JSON-LD) of the published documents: Product with its Offer,
 * AggregateRating and manufacturer, and BreadcrumbList; Organization and WebSite of the home page. Used by the publish step
 * (functions/publish/product-document.ts). Pure; validated in tests with a schema.org validator
 * (test/support/structured-data.ts).
 *
 * Amounts: the DTOs hold integer euro cents; schema.org's `price` is the decimal euro amount as
 * text with a dot ('49.90').
 */
import type { ProductDetailDto } from './api/catalog';
import { SHOP_NAME } from './constants';
import type { SellerIdentity } from './seller';
import { isSoldOut } from './stock';

/** A JSON-LD node. */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** Cents as schema.org's price text: 4990 -> '49.90'. */
export function schemaPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An absolute URL on the shop origin for a path or a URL ('/media/x.png' -> 'https://shop/media/x.png'). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin.replace(/\/$/, '')}/`).href;
}

/**
 * The manufacturer that product safety law asks the shop to name (GPSR, Regulation (EU) 2023/988,
 * art. 19: the manufacturer's name and postal and electronic address).
 */
export interface Manufacturer {
  name: string;
  /** Postal address, one line. */
  address?: string | null;
  email?: string | null;
  url?: string | null;
}

/**
 * GPSR MANUFACTURER FIELDS: where the product's manufacturer is read from. The product record's
 * field names are those of the GPSR block of the product page; wire the final names here (this is
 * the only place that reads them). Reads `manufacturer` (an object with name, address, email, url)
 * or the flat `manufacturer_name`, `manufacturer_address`, `manufacturer_email`,
 * `manufacturer_url`; null when the product names no manufacturer.
 */
export function manufacturerOf(product: object): Manufacturer | null {
  const p = product as Record<string, unknown>;
  const nested =
    p.manufacturer && typeof p.manufacturer === 'object' ? (p.manufacturer as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const name = text(nested.name) ?? text(p.manufacturer_name);
  if (!name) return null;
  return {
    name,
    address: text(nested.address) ?? text(p.manufacturer_address),
    email: text(nested.email) ?? text(p.manufacturer_email),
    url: text(nested.url) ?? text(p.manufacturer_url),
  };
}

function organization(m: Manufacturer): JsonLd {
  return {
    '@type': 'Organization',
    name: m.name,
    ...(m.address ? { address: m.address } : {}),
    ...(m.email ? { email: m.email } : {}),
    ...(m.url ? { url: m.url } : {}),
  };
}

/** What a product's JSON-LD is built from. */
export interface ProductLdInput {
  product: ProductDetailDto;
  /** The shop origin, e.g. 'https://shop.example.com' (no trailing slash). */
  origin: string;
  /** The GPSR manufacturer (manufacturerOf), when the product names one. */
  manufacturer?: Manufacturer | null;
}

/**
 * schema.org Product: name, description, images, sku, brand (the shop's own), category, the
 * Offer (price in euro with VAT, EUR, availability, url, the original price as the reference
 * price when reduced), AggregateRating when the product has reviews, and the GPSR manufacturer
 * when there is one. The approved reviews' texts are not Review nodes: a comment carries no rating
 * of its own, and a Review without `reviewRating` is an error for search engines' product results.
 */
export function productJsonLd({ product, origin, manufacturer }: ProductLdInput): JsonLd {
  const url = absoluteUrl(origin, `/product/${product.id}`);
  const images = (product.images.length ? product.images.map((i) => i.image_url) : [product.image_url]).filter(
    (u): u is string => Boolean(u),
  );
  // A reduction's struck-through price: the 30-day lowest price before it (shared/price-history.ts).
  const reference = product.price_reduction?.reference_cents ?? null;
  const offer: JsonLd = {
    '@type': 'Offer',
    url,
    priceCurrency: 'EUR',
    price: schemaPrice(product.price_cents),
    availability: isSoldOut(product) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: SHOP_NAME },
    ...(reference !== null && reference > product.price_cents
      ? {
          priceSpecification: [
            {
              '@type': 'UnitPriceSpecification',
              price: schemaPrice(product.price_cents),
              priceCurrency: 'EUR',
              valueAddedTaxIncluded: true,
            },
            {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/StrikethroughPrice',
              price: schemaPrice(reference),
              priceCurrency: 'EUR',
              valueAddedTaxIncluded: true,
            },
          ],
        }
      : {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: schemaPrice(product.price_cents),
            priceCurrency: 'EUR',
            valueAddedTaxIncluded: true,
          },
        }),
  };
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    url,
    sku: product.id,
    ...(images.length ? { image: images.map((i) => absoluteUrl(origin, i)) } : {}),
    brand: { '@type': 'Brand', name: SHOP_NAME },
    ...(product.category ? { category: product.category } : {}),
    offers: offer,
    ...(product.reviews > 0 && product.rating > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: String(product.rating),
            bestRating: '5',
            worstRating: '1',
            reviewCount: product.reviews,
          },
        }
      : {}),
    // GPSR: the manufacturer named on the product page (manufacturerOf reads its fields).
    ...(manufacturer ? { manufacturer: organization(manufacturer) } : {}),
  };
}

/** One step of a breadcrumb trail: its label and path on the shop ('/products'). */
export interface Crumb {
  name: string;
  path: string;
}

/** schema.org BreadcrumbList of a trail (the page itself last). */
export function breadcrumbJsonLd(origin: string, trail: readonly Crumb[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(origin, c.path),
    })),
  };
}

/** A JSON-LD node as the `<script type="application/ld+json">` element of a document ('<' escaped). */
export function jsonLdScript(node: JsonLd): string {
  return `<script type="application/ld+json">${JSON.stringify(node).replace(/</g, '\\u003c')}</script>`;
}

/**
 * schema.org Organization of the shop: its brand name, the seller's legal name, VAT number
 * ('IT' + partita IVA), registered office, support email and the shop's URL.
 */
export function organizationJsonLd(origin: string, seller: SellerIdentity): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: SHOP_NAME,
    legalName: seller.company_name,
    url: absoluteUrl(origin, '/'),
    email: seller.support_email,
    vatID: `IT${seller.vat_number}`,
    address: { '@type': 'PostalAddress', streetAddress: seller.registered_office, addressCountry: 'IT' },
  };
}

/** schema.org WebSite of the shop with its SearchAction: the listing's search ('/products?q={search_term_string}'). */
export function websiteJsonLd(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: SHOP_NAME,
    url: absoluteUrl(origin, '/'),
    inLanguage: 'it-IT',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(origin, '/products')}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
