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
import { variantDisplayName } from './variants';

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
  /** The GTIN of each variant that has one, by variant id (the product page's DTO does not carry them). */
  gtins?: Readonly<Record<string, string>>;
}

/**
 * An Offer: price in euro with VAT, EUR, availability, url, and the reference price (the 30-day
 * lowest price before a reduction, shared/price-history.ts) as a strikethrough price when reduced.
 */
function offerJsonLd(url: string, priceCents: number, referenceCents: number | null, soldOut: boolean): JsonLd {
  const unitPrice = (cents: number) => ({
    '@type': 'UnitPriceSpecification',
    price: schemaPrice(cents),
    priceCurrency: 'EUR',
    valueAddedTaxIncluded: true,
  });
  return {
    '@type': 'Offer',
    url,
    priceCurrency: 'EUR',
    price: schemaPrice(priceCents),
    availability: soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: SHOP_NAME },
    priceSpecification:
      referenceCents !== null && referenceCents > priceCents
        ? [
            unitPrice(priceCents),
            {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/StrikethroughPrice',
              price: schemaPrice(referenceCents),
              priceCurrency: 'EUR',
              valueAddedTaxIncluded: true,
            },
          ]
        : unitPrice(priceCents),
  };
}

/** The product's gallery as absolute URLs (its own image_url when it has no gallery). */
function galleryOf(product: ProductDetailDto, origin: string): string[] {
  return (product.images.length ? product.images.map((i) => i.image_url) : [product.image_url])
    .filter((u): u is string => Boolean(u))
    .map((u) => absoluteUrl(origin, u));
}

/** The start of a product's node: its type, id (`{url}#product`), name, description and page URL. */
function nodeHead(type: 'Product' | 'ProductGroup', product: ProductDetailDto, url: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': type,
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    url,
  };
}

/** The brand (the shop's own) and the category of a product node. */
function brandAndCategory(product: ProductDetailDto): JsonLd {
  return { brand: { '@type': 'Brand', name: SHOP_NAME }, ...(product.category ? { category: product.category } : {}) };
}

/** The AggregateRating when the product has reviews, and the GPSR manufacturer when it names one. */
function ratingAndManufacturer(product: ProductDetailDto, manufacturer: Manufacturer | null | undefined): JsonLd {
  return {
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

/**
 * schema.org Product: name, description, images, sku, brand (the shop's own), category, the
 * Offer (price in euro with VAT, EUR, availability, url, the original price as the reference
 * price when reduced), AggregateRating when the product has reviews, and the GPSR manufacturer
 * when there is one. The approved reviews' texts are not Review nodes: a comment carries no rating
 * of its own, and a Review without `reviewRating` is an error for search engines' product results.
 *
 * A product with options is a ProductGroup instead (productGroupJsonLd).
 */
export function productJsonLd(input: ProductLdInput): JsonLd {
  const { product, origin, manufacturer } = input;
  if (product.options?.length && product.variants?.some((v) => v.status === 'active')) return productGroupJsonLd(input);
  const url = absoluteUrl(origin, `/product/${product.id}`);
  const images = galleryOf(product, origin);
  return {
    ...nodeHead('Product', product, url),
    sku: product.id,
    ...(images.length ? { image: images } : {}),
    ...brandAndCategory(product),
    offers: offerJsonLd(url, product.price_cents, product.price_reduction?.reference_cents ?? null, isSoldOut(product)),
    ...ratingAndManufacturer(product, manufacturer),
  };
}

/**
 * The schema.org property a variant's option names, by the option's name (compared lower case):
 * Google's product variants read `size` and `color` (its supported `variesBy` values); `weight`
 * is schema.org's own property of a Product (a QuantitativeValue), which Google does not list
 * among its variant dimensions. Options of other names are `additionalProperty` values.
 */
export const OPTION_PROPERTIES: Readonly<Record<string, 'size' | 'color' | 'weight'>> = {
  taglia: 'size',
  colore: 'color',
  peso: 'weight',
};

const optionProperty = (name: string) => OPTION_PROPERTIES[name.trim().toLocaleLowerCase('it')] ?? null;

/** UN/CEFACT codes of the weight units an option value may name ('16 kg', '500 g'). */
const WEIGHT_UNITS: Readonly<Record<string, string>> = { kg: 'KGM', g: 'GRM' };

/** A weight option's value as a QuantitativeValue ('16 kg' -> 16 KGM), or null when it names no known unit. */
export function weightValue(text: string): JsonLd | null {
  const m = /^(\d+(?:[.,]\d+)?)\s*(kg|g)$/i.exec(text.trim());
  if (!m) return null;
  return {
    '@type': 'QuantitativeValue',
    value: Number(m[1]!.replace(',', '.')),
    unitCode: WEIGHT_UNITS[m[2]!.toLowerCase()]!,
  };
}

/**
 * schema.org ProductGroup of a product with options (Google's 'Product variant structured data',
 * the single-page design: every variant is chosen on the product's one page, `?variant=SKU`
 * preselecting it): the group's name, description, images, brand, category, rating and
 * manufacturer; `productGroupID` (the product's id), `url` (the page without a variant),
 * `variesBy` (the schema.org URL of each option's property: size, color, weight) and `hasVariant`,
 * one Product per active variant: its name ('Kettlebell – 16 kg'), SKU, GTIN when it has one,
 * images (its own, else the product's), its option values (size, color, weight, else an
 * additionalProperty named by the option) and its Offer (its price and reduction, its stock,
 * url `/product/{id}?variant={SKU}`).
 */
export function productGroupJsonLd({ product, origin, manufacturer, gtins = {} }: ProductLdInput): JsonLd {
  const url = absoluteUrl(origin, `/product/${product.id}`);
  const options = product.options ?? [];
  const gallery = galleryOf(product, origin);
  const imageById = new Map(product.images.map((i) => [i.id, absoluteUrl(origin, i.image_url)]));
  const variants = (product.variants ?? []).filter((v) => v.status === 'active');
  // Each option's property, when every active variant's value fits it (a weight must name its unit).
  const properties = options.map((o, i) => {
    const property = optionProperty(o.name);
    return property === 'weight' && !variants.every((v) => weightValue(v.option_values[i] ?? '')) ? null : property;
  });
  const variesBy = [...new Set(properties.filter((p) => p !== null))];
  return {
    ...nodeHead('ProductGroup', product, url),
    productGroupID: product.id,
    ...(gallery.length ? { image: gallery } : {}),
    ...brandAndCategory(product),
    ...ratingAndManufacturer(product, manufacturer),
    ...(variesBy.length ? { variesBy: variesBy.map((p) => `${CONTEXT}/${p}`) } : {}),
    hasVariant: variants.map((v) => {
      const own = v.image_ids.map((id) => imageById.get(id)).filter((u): u is string => Boolean(u));
      const images = own.length ? own : gallery;
      const values: JsonLd = {};
      const additional: JsonLd[] = [];
      options.forEach((o, i) => {
        const value = v.option_values[i] ?? '';
        const property = properties[i];
        if (property === 'weight') values.weight = weightValue(value);
        else if (property) values[property] = value;
        else additional.push({ '@type': 'PropertyValue', name: o.name, value });
      });
      const variantUrl = `${url}?variant=${encodeURIComponent(v.sku)}`;
      return {
        '@type': 'Product',
        name: variantDisplayName(product.name, v.option_values),
        sku: v.sku,
        ...(gtins[v.id] ? { gtin: gtins[v.id] } : {}),
        ...(images.length ? { image: images } : {}),
        ...values,
        ...(additional.length ? { additionalProperty: additional } : {}),
        offers: offerJsonLd(
          variantUrl,
          v.price_cents,
          v.price_reduction?.reference_cents ?? null,
          isSoldOut({ is_digital: product.is_digital, quantity: v.quantity }),
        ),
      };
    }),
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
