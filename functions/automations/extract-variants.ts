/**
 * Reads the variants a supplier page sells (sizes, colours, weights), for extract-product.ts. Four
 * sources, the first that gives at least two variants wins:
 *  1. schema.org JSON-LD `ProductGroup` (Google's "Product variant structured data"): `hasVariant`
 *     Products (or Products whose `isVariantOf` names the group), each with its `sku`, `gtin*`,
 *     `size` / `color` / `weight` / `material` / `pattern` or an `additionalProperty`, and its
 *     `offers`; `variesBy` names the properties (schema.org IRIs such as https://schema.org/size);
 *  2. the product JSON a Shopify theme embeds for its variant picker: `<script type="application/json"
 *     data-product-json>`, `<script id="ProductJson-…">`, or the `var meta = {"product":{…}}` of
 *     Shopify's analytics snippet (`options`, `variants[].{sku, price (cents), available, option1..3,
 *     barcode}`);
 *  3. WooCommerce's `data-product_variations` on `form.variations_form` (`attributes.attribute_pa_*`,
 *     `display_price` in euro, `sku`, `is_in_stock`, `max_qty`), with the option names and value
 *     labels of the form's own `<select>`s and `<label>`s;
 *  4. a JSON-LD `Product` with several `Offer`s, each with a SKU and its value in `itemOffered`
 *     (size, color...) or in its `name`.
 * Option names: schema.org size, color, weight, material, pattern become the shop's Italian
 * 'Taglia', 'Colore', 'Peso', 'Materiale', 'Fantasia'; a name the source gives is kept as it is;
 * values without a name (an Offer's name, Shopify's analytics snippet) are called 'Taglia' when
 * they all look like sizes (XS…XXL, 36…50), 'Peso' when they are weights ('16 kg'), else 'Variante'.
 * A SKU that several variants share (WooCommerce prints the parent's SKU for a variation without
 * its own) is dropped from all of them: it cannot tell them apart. Every variant is returned; the
 * import applies the shop's limits (MAX_OPTIONS, MAX_VARIANTS).
 */
import type { CheerioAPI } from 'cheerio/slim';
import { parsePrice } from './parse-price';
import type { ExtractedVariant, VariantSource } from './product-extraction';
import {
  asArray,
  isNode,
  localName,
  readOffer,
  text,
  typesOf,
  units,
  type Json,
  type Node,
  type OfferReading,
} from './structured-values';

/** The variants of a page. */
export interface PageVariants {
  options: { name: string; values: string[] }[];
  variants: ExtractedVariant[];
  source: VariantSource;
}

/** A variant before its values are put in the options' order. */
interface RawVariant extends Omit<ExtractedVariant, 'option_values'> {
  /** Option name -> value. */
  values: Map<string, string>;
}

/** schema.org properties a ProductGroup varies by, with the shop's Italian option name. */
const SCHEMA_OPTIONS: Record<string, string> = {
  size: 'Taglia',
  color: 'Colore',
  colour: 'Colore',
  weight: 'Peso',
  material: 'Materiale',
  pattern: 'Fantasia',
};
const SCHEMA_PROPERTIES = ['size', 'color', 'weight', 'material', 'pattern'];
/** UN/CEFACT unit codes of a weight (QuantitativeValue.unitCode). */
const WEIGHT_UNITS: Record<string, string> = { KGM: 'kg', GRM: 'g', LBR: 'lb', ONZ: 'oz' };

const clean = (s: string | null | undefined): string | null => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t ? t : null;
};
const gtinOf = (v: Json | undefined): string | null => {
  const t = text(v)?.replace(/\D/g, '');
  return t && [8, 12, 13, 14].includes(t.length) ? t : null;
};

/** A name for values that come without one (see the module's comment). */
export function guessOptionName(values: readonly string[]): string {
  const size = /^(xxs|xs|s|m|l|xl|xxl|xxxl|[2-5]xl|taglia unica|\d{2}(\.5|,5)?)$/i;
  if (values.length > 0 && values.every((v) => size.test(v.trim()))) return 'Taglia';
  if (values.length > 0 && values.every((v) => /^\d+([.,]\d+)?\s?(kg|g|lb)$/i.test(v.trim()))) return 'Peso';
  return 'Variante';
}

/** Text of a schema.org property value: a string, a {name}/{value} node, a QuantitativeValue with its unit. */
function propertyText(v: Json | undefined, deref: (n: Node) => Node): string | null {
  for (const raw of asArray(v)) {
    if (!isNode(raw)) {
      const t = clean(text(raw));
      if (t) return t;
      continue;
    }
    const n = deref(raw);
    const value = text(n.value);
    if (value !== null) {
      const unitCode = text(n.unitCode);
      const unit = text(n.unitText) ?? (unitCode ? (WEIGHT_UNITS[unitCode.toUpperCase()] ?? unitCode) : null);
      return clean(unit ? `${value} ${unit}` : value);
    }
    const t = clean(text(n.name));
    if (t) return t;
  }
  return null;
}

/** The first euro offer of a list (else the first one), as one variant's price and stock. */
function bestOffer(offers: OfferReading[]): OfferReading | null {
  return offers.find((o) => o.foreign === null && o.price !== null) ?? offers[0] ?? null;
}

function offersOf(n: Node, deref: (n: Node) => Node): OfferReading[] {
  return asArray(n.offers)
    .filter(isNode)
    .map(deref)
    .flatMap((o) => readOffer(o, deref));
}

function fromOffer(o: OfferReading | null): Pick<ExtractedVariant, 'price_cents' | 'in_stock' | 'stock'> {
  return {
    price_cents: o && o.foreign === null ? o.price : null,
    in_stock: o?.inStock ?? (o?.stock != null ? o.stock > 0 : null),
    stock: o?.stock ?? null,
  };
}

// ---- 1. JSON-LD ProductGroup ------------------------------------------------------------------

function productGroupVariants(group: Node, nodes: Node[], deref: (n: Node) => Node): RawVariant[] {
  const id = typeof group['@id'] === 'string' ? group['@id'] : null;
  let members = asArray(group.hasVariant).filter(isNode).map(deref);
  if (members.length === 0 && id)
    members = nodes.filter((n) => asArray(n.isVariantOf).some((r) => isNode(r) && r['@id'] === id));
  const varies = asArray(group.variesBy)
    .map((v) => (typeof v === 'string' ? localName(v) : null))
    .filter((v): v is string => v !== null);
  const additional = (m: Node) =>
    asArray(m.additionalProperty)
      .filter(isNode)
      .map(deref)
      .map((p) => ({ name: clean(text(p.name)), value: propertyText(p.value, deref) }))
      .filter((p): p is { name: string; value: string } => p.name !== null && p.value !== null);
  // Without variesBy: the schema.org properties and additional properties whose value differs.
  const properties = varies.length
    ? varies
    : SCHEMA_PROPERTIES.filter((p) => new Set(members.map((m) => propertyText(m[p], deref))).size > 1);
  const extraNames = varies.length
    ? []
    : [...new Set(members.flatMap((m) => additional(m).map((p) => p.name)))].filter(
        (name) => new Set(members.map((m) => additional(m).find((p) => p.name === name)?.value ?? '')).size > 1,
      );
  return members.map((m) => {
    const values = new Map<string, string>();
    for (const p of properties) {
      const label = SCHEMA_OPTIONS[p] ?? p;
      const value =
        propertyText(m[p], deref) ??
        additional(m).find((a) => [p, label].some((n) => n.toLowerCase() === a.name.toLowerCase()))?.value ??
        null;
      if (value) values.set(label, value);
    }
    for (const name of extraNames) {
      const value = additional(m).find((a) => a.name === name)?.value;
      if (value) values.set(name, value);
    }
    const offer = bestOffer(offersOf(m, deref));
    return {
      values,
      sku: clean(text(m.sku)) ?? offer?.sku ?? null,
      gtin: gtinOf(m.gtin ?? m.gtin14 ?? m.gtin13 ?? m.gtin12 ?? m.gtin8),
      ...fromOffer(offer),
    };
  });
}

// ---- 4. JSON-LD Product with several Offers ---------------------------------------------------

function offerVariants(product: Node, deref: (n: Node) => Node): RawVariant[] {
  const offers = asArray(product.offers)
    .filter(isNode)
    .map(deref)
    .flatMap((o) => (typesOf(o).includes('aggregateoffer') ? asArray(o.offers).filter(isNode).map(deref) : [o]));
  if (offers.length < 2) return [];
  const productName = clean(text(product.name)) ?? '';
  const named: { offer: Node; values: Map<string, string> }[] = [];
  const unnamed: { offer: Node; value: string }[] = [];
  for (const o of offers) {
    const item = isNode(o.itemOffered) ? deref(o.itemOffered) : null;
    const values = new Map<string, string>();
    for (const p of SCHEMA_PROPERTIES) {
      const v = item ? propertyText(item[p], deref) : null;
      if (v) values.set(SCHEMA_OPTIONS[p]!, v);
    }
    if (values.size) {
      named.push({ offer: o, values });
      continue;
    }
    // 'Maglia tecnica – M', 'Taglia: M', 'M'
    let name = clean(text(o.name) ?? (item ? text(item.name) : null));
    if (!name) return [];
    if (productName && name.toLowerCase().startsWith(productName.toLowerCase()))
      name = clean(name.slice(productName.length).replace(/^\s*[-–—:|/,]\s*/, ''));
    const labelled = name ? /^([\p{L} ]{2,30}):\s*(.+)$/u.exec(name) : null;
    if (labelled) named.push({ offer: o, values: new Map([[clean(labelled[1])!, clean(labelled[2])!]]) });
    else if (name) unnamed.push({ offer: o, value: name });
    else return [];
  }
  const guessed = guessOptionName(unnamed.map((u) => u.value));
  const all = [...named, ...unnamed.map((u) => ({ offer: u.offer, values: new Map([[guessed, u.value]]) }))];
  // keep the page order
  all.sort((a, b) => offers.indexOf(a.offer) - offers.indexOf(b.offer));
  return all.map(({ offer, values }) => {
    const reading = bestOffer(readOffer(offer, deref));
    const item = isNode(offer.itemOffered) ? deref(offer.itemOffered) : null;
    return {
      values,
      sku: reading?.sku ?? (item ? clean(text(item.sku)) : null),
      gtin: gtinOf(offer.gtin ?? offer.gtin13 ?? offer.gtin14 ?? item?.gtin ?? item?.gtin13),
      ...fromOffer(reading),
    };
  });
}

// ---- 2. Shopify product JSON ------------------------------------------------------------------

/** The JSON object literal that starts at `from` in a script's text (string-aware brace matching). */
function objectAt(src: string, from: number): string | null {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return src.slice(from, i + 1);
  }
  return null;
}

const parseJson = (raw: string | null | undefined): Json | null => {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Json;
  } catch {
    return null;
  }
};

/** Shopify prices: integer cents in a theme's product JSON, '29.90' strings in the `.json` endpoint's shape. */
function shopifyCents(v: Json | undefined): number | null {
  if (typeof v === 'number') return Number.isInteger(v) ? v : Math.round(v * 100);
  if (typeof v === 'string') return parsePrice(v)?.cents ?? null;
  return null;
}

function shopifyProductJson($: CheerioAPI): Node | null {
  const scripts = $('script[data-product-json], script[id^="ProductJson-"], script[type="application/json"]')
    .toArray()
    .filter((el) => {
      const $el = $(el);
      return $el.attr('data-product-json') !== undefined || ($el.attr('id') ?? '').startsWith('ProductJson-');
    });
  for (const el of scripts) {
    const doc = parseJson($(el).text());
    const product = isNode(doc) && isNode(doc.product) ? doc.product : doc;
    if (isNode(product) && Array.isArray(product.variants)) return product;
  }
  // Shopify's analytics snippet: var meta = {"product":{"id":…,"variants":[…]},"page":{…}};
  for (const el of $('script').toArray()) {
    const src = $(el).text();
    const at = src.search(/\bvar\s+meta\s*=\s*\{/);
    if (at < 0) continue;
    const meta = parseJson(objectAt(src, src.indexOf('{', at)));
    if (isNode(meta) && isNode(meta.product) && Array.isArray(meta.product.variants)) return meta.product;
  }
  return null;
}

function shopifyVariants($: CheerioAPI): RawVariant[] {
  const product = shopifyProductJson($);
  if (!product) return [];
  const variants = asArray(product.variants).filter(isNode);
  // options: ["Taglia","Colore"] (theme JSON) or [{name, values}] (options_with_values, .json endpoint)
  const optionNames = asArray(product.options_with_values ?? product.options).map((o) =>
    isNode(o) ? clean(text(o.name)) : clean(text(o)),
  );
  // the analytics snippet has no options: values from public_title 'M / Nero'
  const valuesOf = (v: Node): string[] => {
    const explicit = [v.option1, v.option2, v.option3].map((x) => clean(text(x))).filter((x): x is string => !!x);
    if (explicit.length) return explicit;
    const listed = asArray(v.options)
      .map((x) => clean(text(x)))
      .filter((x): x is string => !!x);
    if (listed.length) return listed;
    return (clean(text(v.public_title)) ?? '').split(' / ').flatMap((x) => clean(x) ?? []);
  };
  const rows = variants.map((v) => ({ v, values: valuesOf(v) }));
  const width = Math.max(0, ...rows.map((r) => r.values.length));
  const names = Array.from({ length: width }, (_, i) =>
    optionNames[i] && optionNames[i] !== 'Title' ? optionNames[i] : guessOptionName(rows.map((r) => r.values[i] ?? '')),
  );
  return rows.map(({ v, values }) => ({
    values: new Map(values.map((value, i) => [names[i]!, value])),
    sku: clean(text(v.sku)),
    gtin: gtinOf(v.barcode),
    price_cents: shopifyCents(v.price),
    in_stock: typeof v.available === 'boolean' ? v.available : null,
    stock: null,
  }));
}

// ---- 3. WooCommerce variations form -----------------------------------------------------------

function wooVariants($: CheerioAPI): RawVariant[] {
  const form = $('form.variations_form[data-product_variations]').first();
  if (!form.length) return [];
  // 'false' when the shop loads variations by AJAX (more than its threshold, 30 by default)
  const data = parseJson(form.attr('data-product_variations'));
  if (!Array.isArray(data)) return [];
  const selects = form.find('select[name^="attribute_"]').toArray();
  const options = selects.map((el) => {
    const $el = $(el);
    const key = $el.attr('name')!;
    const id = $el.attr('id');
    const label = id ? clean(form.find(`label[for="${id}"]`).first().text()) : null;
    const humane = key.replace(/^attribute_(pa_)?/, '').replace(/[-_]+/g, ' ');
    const labels = new Map(
      $el
        .find('option')
        .toArray()
        .map((o) => [$(o).attr('value') ?? '', clean($(o).text()) ?? ''] as const)
        .filter(([value]) => value !== ''),
    );
    return { key, name: label ?? humane.charAt(0).toUpperCase() + humane.slice(1), labels };
  });
  const out: RawVariant[] = [];
  for (const raw of data.filter(isNode)) {
    const attrs = isNode(raw.attributes) ? raw.attributes : {};
    const keys = options.length ? options.map((o) => o.key) : Object.keys(attrs);
    // an empty value means "any": one variant per value of that option
    let combos: Map<string, string>[] = [new Map()];
    for (const key of keys) {
      const option = options.find((o) => o.key === key);
      const name = option?.name ?? key.replace(/^attribute_(pa_)?/, '');
      const given = text(attrs[key]);
      const values = given ? [option?.labels.get(given) ?? given] : [...(option?.labels.values() ?? [])];
      combos = combos.flatMap((c) => values.map((v) => new Map([...c, [name, v]])));
      if (combos.length > 1000) return [];
    }
    const price = typeof raw.display_price === 'number' ? Math.round(raw.display_price * 100) : null;
    const maxQty = units(raw.max_qty);
    const inStock = typeof raw.is_in_stock === 'boolean' ? raw.is_in_stock : null;
    for (const values of combos)
      out.push({
        values,
        sku: clean(text(raw.sku)),
        gtin: gtinOf(raw.global_unique_id),
        price_cents: price,
        in_stock: inStock,
        stock: inStock === false ? 0 : maxQty,
      });
  }
  return out;
}

// ---- shared -----------------------------------------------------------------------------------

/** Puts raw variants in the shape of the result: options in first-seen order, values per option in page order. */
function finish(raw: RawVariant[], source: VariantSource): PageVariants | null {
  const usable = raw.filter((v) => v.values.size > 0);
  if (usable.length < 2) return null;
  const options: { name: string; values: string[] }[] = [];
  for (const v of usable)
    for (const [name, value] of v.values) {
      let option = options.find((o) => o.name.toLowerCase() === name.toLowerCase());
      if (!option) options.push((option = { name, values: [] }));
      if (!option.values.some((x) => x.toLowerCase() === value.toLowerCase())) option.values.push(value);
    }
  const skuCount = new Map<string, number>();
  for (const v of usable) if (v.sku) skuCount.set(v.sku.toUpperCase(), (skuCount.get(v.sku.toUpperCase()) ?? 0) + 1);
  const seen = new Set<string>();
  const variants: ExtractedVariant[] = [];
  for (const v of usable) {
    const option_values = options.map(
      (o) => [...v.values].find(([name]) => name.toLowerCase() === o.name.toLowerCase())?.[1] ?? '',
    );
    const key = option_values.join('\u0000').toLowerCase();
    if (option_values.includes('') || seen.has(key)) continue;
    seen.add(key);
    const { values: _values, ...rest } = v;
    variants.push({ ...rest, sku: v.sku && skuCount.get(v.sku.toUpperCase()) === 1 ? v.sku : null, option_values });
  }
  return variants.length >= 2 ? { options, variants, source } : null;
}

/**
 * The variants of a page (see the module's comment), or null when it sells one product without choices.
 * @param $ the parsed page
 * @param product the page's main JSON-LD product node (ProductGroup or Product), or null
 * @param nodes every JSON-LD node of the page (for `isVariantOf` references and SKU look-ups)
 * @param deref resolves `{"@id"}` references against `nodes`
 */
export function extractVariants(
  $: CheerioAPI,
  product: Node | null,
  nodes: Node[],
  deref: (n: Node) => Node,
): PageVariants | null {
  const group = product && typesOf(product).includes('productgroup') ? product : null;
  const found =
    (group && finish(productGroupVariants(group, nodes, deref), 'json-ld-product-group')) ||
    finish(shopifyVariants($), 'shopify-json') ||
    finish(wooVariants($), 'woocommerce-variations') ||
    (product && !group ? finish(offerVariants(product, deref), 'json-ld-offers') : null);
  if (!found) return null;
  // a shop's picker JSON rarely has counts; its JSON-LD offers may (inventoryLevel per SKU)
  const ldOffers = nodes.filter((n) => typesOf(n).includes('offer')).flatMap((o) => readOffer(o, deref));
  for (const v of found.variants) {
    if (v.stock !== null || !v.sku) continue;
    const offer = ldOffers.find((o) => o.sku?.toUpperCase() === v.sku!.toUpperCase() && o.stock !== null);
    if (offer) {
      v.stock = offer.stock;
      v.in_stock ??= offer.stock! > 0;
    }
  }
  return found;
}
