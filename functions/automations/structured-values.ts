/**
 * Values of schema.org structured data as extract-product.ts and extract-variants.ts read them
 * (JSON-LD, or microdata read into the same shape): scalars, availability, inventory levels, and
 * one Offer's price, list price, stock and SKU. Pure; prices in integer euro cents.
 */
import { parsePrice } from './parse-price';
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Node = { [k: string]: Json };

export const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
export const asArray = (v: Json | undefined): Json[] =>
  v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
/** Local name of a type or enumeration IRI: 'https://schema.org/InStock' -> 'instock'. */
export const localName = (v: string) =>
  v
    .trim()
    .replace(/^.*[/#:]/, '')
    .toLowerCase();
export const typesOf = (n: Node) =>
  asArray(n['@type'])
    .filter((t): t is string => typeof t === 'string')
    .map(localName);

/** First scalar of a value (arrays and {'@value'} objects unwrapped) as a trimmed string. */
export function text(v: Json | undefined): string | null {
  for (const item of asArray(v)) {
    if (typeof item === 'string' && item.trim()) return item.trim();
    if (typeof item === 'number') return String(item);
    if (isNode(item) && item['@value'] !== undefined) return text(item['@value']);
  }
  return null;
}

/** The first usable value, keeping numbers as numbers (for prices). */
export function scalar(v: Json | undefined): string | number | null {
  for (const item of asArray(v)) {
    if (typeof item === 'number') return item;
    if (typeof item === 'string' && item.trim()) return item.trim();
    if (isNode(item) && item['@value'] !== undefined) return scalar(item['@value']);
  }
  return null;
}

/** Maps a schema.org ItemAvailability (or a feed's 'in stock') to in stock / not / unknown. */
export function availabilityInStock(v: string | null): boolean | null {
  if (!v) return null;
  const key = localName(v).replace(/[^a-z]/g, '');
  if (['instock', 'limitedavailability', 'onlineonly', 'instoreonly', 'available'].includes(key)) return true;
  if (
    [
      'outofstock',
      'soldout',
      'discontinued',
      'backorder',
      'preorder',
      'presale',
      'madetoorder',
      'reserved',
      'oos',
      'unavailable',
    ].includes(key)
  )
    return false;
  return null;
}

/** Units of an inventoryLevel (number, string, or QuantitativeValue {value}); null when unusable. */
export function units(v: Json | undefined): number | null {
  for (const item of asArray(v)) {
    const raw = isNode(item) ? scalar(item.value ?? item['@value'] ?? null) : scalar(item);
    const n = typeof raw === 'number' ? raw : raw !== null && /^\s*\d+(\.0+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
    if (Number.isFinite(n) && n >= 0) return Math.floor(n);
  }
  return null;
}

export const isListPrice = (priceType: string | null) =>
  !!priceType && /(listprice|strikethroughprice|srp|msrp)$/i.test(localName(priceType));

export interface OfferReading {
  price: number | null;
  original: number | null;
  inStock: boolean | null;
  stock: number | null;
  sku: string | null;
  foreign: string | null;
  currencyAssumed: boolean;
}

/** Reads one Offer / AggregateOffer node (prices in cents). */
export function readOffer(o: Node, deref: (n: Node) => Node): OfferReading[] {
  const types = typesOf(o);
  const nested = asArray(o.offers).filter(isNode).map(deref);
  if (types.includes('aggregateoffer') && nested.length > 0 && text(o.lowPrice) === null && text(o.price) === null) {
    return nested.flatMap((n) => readOffer(n, deref));
  }
  const currencyOf = (n: Node, amountText: string | number | null) =>
    text(n.priceCurrency) ?? (typeof amountText === 'string' ? (parsePrice(amountText)?.currency ?? null) : null);
  let price: number | null = null;
  let original: number | null = null;
  let currency: string | null = null;
  const amount = scalar(o.price) ?? scalar(o.lowPrice);
  if (amount !== null) {
    price = parsePrice(amount)?.cents ?? null;
    currency = currencyOf(o, amount);
  }
  for (const specRaw of asArray(o.priceSpecification).filter(isNode)) {
    const spec = deref(specRaw);
    const specAmount = scalar(spec.price) ?? scalar(spec.minPrice);
    const cents = specAmount === null ? null : (parsePrice(specAmount)?.cents ?? null);
    if (cents === null) continue;
    currency ??= currencyOf(spec, specAmount);
    if (isListPrice(text(spec.priceType))) original = cents;
    else price ??= cents;
  }
  const upper = currency?.toUpperCase() ?? null;
  return [
    {
      price,
      original: original !== null && price !== null && original > price ? original : null,
      inStock: availabilityInStock(text(o.availability)),
      stock: units(o.inventoryLevel),
      sku: text(o.sku),
      foreign: upper && upper !== 'EUR' ? upper : null,
      currencyAssumed: price !== null && upper === null,
    },
  ];
}
