/**
 * Product variants (docs/decisions/0018-product-variants.md): a product has up to MAX_OPTIONS
 * options (e.g. 'Peso', 'Taglia', 'Colore'), each with its ordered values, and one variant per
 * combination in use. A variant is what a shopper buys and what the shop counts: its SKU (unique
 * in the shop), price, stock, weight, GTIN, images and status. A product without options has
 * exactly one variant, its default, whose id is the product's own id (so every cart line, order,
 * price history and wishlist entry written before variants keeps pointing at it).
 *
 * Pure: shared by the SPA (picker, back-office grid) and the functions (validation, cart, orders).
 * Amounts in integer euro cents, weights in grams.
 */

/** Most options a product may have (Shopify's limit too). */
export const MAX_OPTIONS = 3;
/**
 * Most variants a product may have. The product page reads the product and its variants with one
 * Query (at most 1 MB: 100 variants take far less), and the back-office grid edits them on one
 * screen; a product with more combinations is split into several products.
 */
export const MAX_VARIANTS = 100;
/** Longest option name or value, characters. */
export const MAX_OPTION_TEXT = 40;
/** Longest SKU, characters. */
export const MAX_SKU_LENGTH = 64;

/** One option of a product and its values, in the order the shop shows them. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant's status: archived variants are no longer sold but keep their orders valid. */
export type VariantStatus = 'active' | 'archived';

/** One option value of a variant, as a line of a cart or an order shows it: 'Peso' → '16 kg'. */
export interface VariantOptionValue {
  name: string;
  value: string;
}

/** What the rules below read of a variant. */
export interface VariantLike {
  id: string;
  /** The variant's value of each option, in the product's option order (empty for a default variant). */
  option_values: string[];
  price_cents: number;
  quantity: number;
  status: VariantStatus;
}

/**
 * SKU format: letters, digits and . _ - / (no spaces), starting with a letter or digit. Compared
 * without regard to case (the uniqueness claim stores it upper-cased).
 */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,63}$/;

/** The form a SKU is compared and claimed in: trimmed, upper-cased. */
export const skuKey = (sku: string): string => sku.trim().toUpperCase();

/** True for a SKU of the accepted format (SKU_PATTERN). */
export const isValidSku = (sku: string): boolean => SKU_PATTERN.test(sku.trim());

/**
 * The SKU a product gets when nobody typed one (new products, the migration of the products
 * written before variants): 'AF-' and the first 8 characters of its id, upper-cased; a variant of
 * a product with options adds its position ('AF-1A2B3C4D-2').
 */
export function defaultSku(productId: string, position = 0): string {
  const base = `AF-${productId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  return position === 0 ? base : `${base}-${position + 1}`;
}

/**
 * Whether a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) is well formed: 8, 12, 13 or 14 digits whose last
 * digit is the GS1 check digit (GS1 General Specifications §7.9.1: from the right, the digits before
 * the check digit are weighted 3, 1, 3, 1...; the check digit brings the sum to a multiple of 10).
 */
export function isValidGtin(gtin: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin)) return false;
  const digits = [...gtin].map(Number);
  const check = digits.pop()!;
  let sum = 0;
  digits.reverse().forEach((d, i) => {
    sum += d * (i % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10 === check;
}

/** The text of an option name or value as stored: trimmed, inner spaces collapsed. */
export const optionText = (s: string): string => s.trim().replace(/\s+/g, ' ');

const sameText = (a: string, b: string) => a.toLocaleLowerCase('it') === b.toLocaleLowerCase('it');

/** Why a set of options is refused, or null when it is valid. */
export type OptionsProblem =
  | { kind: 'too_many_options' }
  | { kind: 'empty_name'; option: number }
  | { kind: 'duplicate_name'; option: number }
  | { kind: 'no_values'; option: number }
  | { kind: 'empty_value'; option: number }
  | { kind: 'duplicate_value'; option: number; value: string }
  | { kind: 'too_long'; option: number };

/**
 * Checks a product's options: at most MAX_OPTIONS, each with a name and at least one value, names
 * unique and values unique within their option (case-insensitive), texts at most MAX_OPTION_TEXT.
 * @returns the first problem found, or null
 */
export function optionsProblem(options: readonly ProductOption[]): OptionsProblem | null {
  if (options.length > MAX_OPTIONS) return { kind: 'too_many_options' };
  for (const [i, o] of options.entries()) {
    const name = optionText(o.name);
    if (!name) return { kind: 'empty_name', option: i };
    if (name.length > MAX_OPTION_TEXT) return { kind: 'too_long', option: i };
    if (options.slice(0, i).some((p) => sameText(optionText(p.name), name)))
      return { kind: 'duplicate_name', option: i };
    if (o.values.length === 0) return { kind: 'no_values', option: i };
    for (const [j, raw] of o.values.entries()) {
      const value = optionText(raw);
      if (!value) return { kind: 'empty_value', option: i };
      if (value.length > MAX_OPTION_TEXT) return { kind: 'too_long', option: i };
      if (o.values.slice(0, j).some((v) => sameText(optionText(v), value)))
        return { kind: 'duplicate_value', option: i, value };
    }
  }
  return null;
}

/**
 * Every combination of the options' values, in the shop's order (the first option varies slowest):
 * [['8 kg','S'], ['8 kg','M'], ['12 kg','S'], ...]. No options: one empty combination (the default).
 */
export function combinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>((acc, o) => acc.flatMap((combo) => o.values.map((v) => [...combo, v])), [[]]);
}

/** The key of a combination, to compare variants by their values (case-insensitive). */
export const combinationKey = (values: readonly string[]): string =>
  values.map((v) => optionText(v).toLocaleLowerCase('it')).join('\u0000');

/** A variant's label as lines, emails and receipts show it: its values joined by ' / ' ('16 kg', 'L / Nero'); '' for a default variant. */
export const variantLabel = (values: readonly string[]): string => values.join(' / ');

/**
 * The name of a product's variant as messages, payment pages and alerts show it: the product's name
 * with the variant's label ('Kettlebell – 16 kg'); the name alone for a default variant.
 */
export function variantDisplayName(productName: string, values: readonly string[]): string {
  const label = variantLabel(values);
  return label ? `${productName} – ${label}` : productName;
}

/** The option values of a variant with their option names ('Peso' → '16 kg'), in the product's order. */
export function variantOptionValues(
  options: readonly ProductOption[],
  values: readonly string[],
): VariantOptionValue[] {
  return options.map((o, i) => ({ name: o.name, value: values[i] ?? '' }));
}

/**
 * Where each variant goes when the options change: its values in the new options, or null when one
 * of its values no longer exists. A value is matched by its option's name and the value's text
 * (case-insensitive), so reordering options or values keeps every variant.
 */
export function remapValues(
  before: readonly ProductOption[],
  after: readonly ProductOption[],
  values: readonly string[],
): string[] | null {
  const out: string[] = [];
  for (const option of after) {
    const i = before.findIndex((o) => sameText(optionText(o.name), optionText(option.name)));
    if (i < 0) return null;
    const found = option.values.find((v) => sameText(optionText(v), optionText(values[i] ?? '')));
    if (found === undefined) return null;
    out.push(found);
  }
  return out;
}

/** The variants a shopper may buy: the active ones, in the order given. */
export const activeVariants = <V extends Pick<VariantLike, 'status'>>(variants: readonly V[]): V[] =>
  variants.filter((v) => v.status === 'active');

/**
 * The price range of a product: the lowest and highest price of its active variants (cents), or
 * null without any. The listing shows 'da {min}' when they differ.
 */
export function priceRange(
  variants: readonly Pick<VariantLike, 'price_cents' | 'status'>[],
): { min_cents: number; max_cents: number } | null {
  const prices = activeVariants(variants).map((v) => v.price_cents);
  return prices.length ? { min_cents: Math.min(...prices), max_cents: Math.max(...prices) } : null;
}

/** Units of a product in stock: the sum of its active variants' stock (never below 0 per variant). */
export const stockOfVariants = (variants: readonly Pick<VariantLike, 'quantity' | 'status'>[]): number =>
  activeVariants(variants).reduce((n, v) => n + Math.max(0, v.quantity), 0);

/**
 * The variant a product page shows first: the one named in the URL (`?variant=SKU`, any case), else
 * the first active variant in stock, else the first active one, else the first.
 */
export function initialVariant<V extends VariantLike & { sku: string }>(
  variants: readonly V[],
  sku: string | null | undefined,
  isDigital = false,
): V | null {
  const named = sku ? variants.find((v) => skuKey(v.sku) === skuKey(sku)) : undefined;
  if (named) return named;
  const active = activeVariants(variants);
  return active.find((v) => isDigital || v.quantity > 0) ?? active[0] ?? variants[0] ?? null;
}

/**
 * The variant of the chosen values, or null when no variant has them (the combination is not sold).
 * Archived variants are matched too (the picker shows them as unavailable).
 */
export function variantOf<V extends Pick<VariantLike, 'option_values'>>(
  variants: readonly V[],
  values: readonly string[],
): V | null {
  const key = combinationKey(values);
  return variants.find((v) => combinationKey(v.option_values) === key) ?? null;
}

/** How the picker shows one value of an option, given the values chosen for the others. */
export type ValueAvailability = 'available' | 'sold_out' | 'unavailable';

/**
 * Each value of option `optionIndex`, with the other options kept at `chosen`: 'available' when its
 * variant is active and in stock (or digital), 'sold_out' when active without stock, 'unavailable'
 * when no active variant has that combination. The picker shows every value, never hides one.
 */
export function valueAvailability(
  options: readonly ProductOption[],
  variants: readonly VariantLike[],
  chosen: readonly string[],
  optionIndex: number,
  isDigital = false,
): { value: string; availability: ValueAvailability }[] {
  const option = options[optionIndex];
  if (!option) return [];
  return option.values.map((value) => {
    const values = chosen.map((c, i) => (i === optionIndex ? value : c));
    const v = variantOf(variants, values);
    const availability: ValueAvailability =
      !v || v.status !== 'active' ? 'unavailable' : isDigital || v.quantity > 0 ? 'available' : 'sold_out';
    return { value, availability };
  });
}

/** A variant as the back office's grid sends it (an existing one has its id; a new one none). */
export interface VariantDraft {
  id?: string;
  option_values: string[];
  sku: string;
  price_cents: number;
  /** Starting stock of a new variant; an existing variant's stock changes by restock only. */
  quantity?: number;
  gtin?: string | null;
  status: VariantStatus;
}

/** Why a grid of variants is refused (the field is named by the caller: `variants.{index}.{field}`). */
export type VariantsProblem =
  | { kind: 'count' }
  | { kind: 'none_active' }
  | { kind: 'default_needs_no_values' }
  | { kind: 'values'; index: number }
  | { kind: 'duplicate_combination'; index: number }
  | { kind: 'sku'; index: number }
  | { kind: 'duplicate_sku'; index: number }
  | { kind: 'gtin'; index: number };

/**
 * Checks the variants of a product against its options: 1 to MAX_VARIANTS of them, at least one
 * active; without options exactly one, with no values; with options, each variant has one value
 * of each option (in the option's order, among its values) and no two the same combination;
 * every SKU well formed and unique in the list (case-insensitive); every GTIN given valid.
 * @returns the first problem found, or null
 */
export function variantsProblem(
  options: readonly ProductOption[],
  variants: readonly VariantDraft[],
): VariantsProblem | null {
  if (variants.length === 0 || variants.length > MAX_VARIANTS) return { kind: 'count' };
  if (options.length === 0 && (variants.length !== 1 || variants[0]!.option_values.length !== 0))
    return { kind: 'default_needs_no_values' };
  const combos = new Set<string>();
  const skus = new Set<string>();
  for (const [index, v] of variants.entries()) {
    const fits =
      v.option_values.length === options.length &&
      v.option_values.every((value, i) => options[i]!.values.some((o) => sameText(optionText(o), optionText(value))));
    if (!fits) return { kind: 'values', index };
    const combo = combinationKey(v.option_values);
    if (combos.has(combo)) return { kind: 'duplicate_combination', index };
    combos.add(combo);
    if (!isValidSku(v.sku)) return { kind: 'sku', index };
    if (skus.has(skuKey(v.sku))) return { kind: 'duplicate_sku', index };
    skus.add(skuKey(v.sku));
    if (v.gtin != null && !isValidGtin(v.gtin)) return { kind: 'gtin', index };
  }
  if (!variants.some((v) => v.status === 'active')) return { kind: 'none_active' };
  return null;
}

/**
 * A variant's values written as its options spell them ('16 KG' → '16 kg' when the option has
 * '16 kg'), so the picker and the orders show one spelling.
 */
export function canonicalValues(options: readonly ProductOption[], values: readonly string[]): string[] {
  return values.map(
    (value, i) => options[i]?.values.find((o) => sameText(optionText(o), optionText(value))) ?? optionText(value),
  );
}
