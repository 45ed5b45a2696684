/**
 * The variant grid's state and its rules (docs/decisions/0018-product-variants.md): a product's
 * options with their ordered values, and one row per variant. Pure; unit-tested.
 *
 * - A row's `option_values` follow the options' order; an option added later gets '' on every row
 *   until its first value is typed, which then fills the rows (a product's default variant becomes
 *   its first combination, keeping its id, stock and SKU).
 * - Renaming a value renames it on the rows; a value or an option a saved variant needs cannot be
 *   removed (a variant is archived, never deleted): only rows not saved yet go away with it.
 * - 'Genera combinazioni' appends a new row for every combination no row has yet.
 * - Prices are typed in euro with the Italian comma ('39,90'); the PUT body carries cents. A saved
 *   variant's stock is never sent (it changes only by restock); a new row sends its starting stock.
 */
import type { AdminVariantsDto, VariantsBody } from '../../../../shared/api/admin-catalog';
import { API_MSG } from '../../../../shared/messages/api-messages';
import { parseEuroInput } from '../../../../shared/money';
import type { PriceReduction } from '../../../../shared/price-history';
import {
  combinationKey,
  combinations,
  MAX_OPTIONS,
  MAX_VARIANTS,
  optionText,
  type ProductOption,
  type VariantStatus,
} from '../../../../shared/variants';
import type { FieldErrors } from '../ui/form-errors';

/** One row of the grid, as typed (texts) and as read (ids, stock of a saved variant). */
export interface VariantRow {
  /** React key and selection key: the variant's id, or 'new-…' for a row not saved yet. */
  key: string;
  /** The saved variant's id; absent on a new row. */
  id?: string;
  option_values: string[];
  sku: string;
  /** Euro, Italian comma ('39,90'). */
  price: string;
  announce_reduction: boolean;
  /** What the shop shows struck through for the saved price (null: nothing); read only. */
  price_reduction: PriceReduction | null;
  /** A saved variant: its stock as read (changed only by restock). A new row: its starting stock, typed. */
  quantity: string;
  /** Grams, typed ('' = not given). */
  weight: string;
  gtin: string;
  image_ids: string[];
  status: VariantStatus;
}

export interface VariantGrid {
  options: ProductOption[];
  rows: VariantRow[];
}

const same = (a: string, b: string) => optionText(a).toLocaleLowerCase('it') === optionText(b).toLocaleLowerCase('it');

/** Cents as the grid's euro text: 3990 → '39,90'. */
export function euroText(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/**
 * The grid of a product as the server answered it (GET or PUT .../variants).
 * @param gallery the ids of the product's saved gallery images, when known: a variant's image an
 *   admin has since removed from the gallery is dropped (the server would refuse it on save)
 */
export function gridFromDto(dto: AdminVariantsDto, gallery?: readonly string[]): VariantGrid {
  const inGallery = gallery ? new Set(gallery) : null;
  return {
    options: dto.options.map((o) => ({ name: o.name, values: [...o.values] })),
    rows: dto.variants.map((v) => ({
      key: v.id,
      id: v.id,
      option_values: [...v.option_values],
      sku: v.sku,
      price: euroText(v.price_cents),
      announce_reduction: v.announce_reduction,
      price_reduction: v.price_reduction,
      quantity: String(v.quantity),
      weight: v.weight_grams === null ? '' : String(v.weight_grams),
      gtin: v.gtin ?? '',
      image_ids: inGallery ? v.image_ids.filter((id) => inGallery.has(id)) : [...v.image_ids],
      status: v.status,
    })),
  };
}

/** The option values saved variants use, per option (a value in this set cannot be removed). */
function savedUses(grid: VariantGrid, option: number, value: string): boolean {
  return grid.rows.some((r) => r.id !== undefined && same(r.option_values[option] ?? '', value));
}

/** Adds an empty option (at most MAX_OPTIONS); every row gets '' for it until its first value. */
export function addOption(grid: VariantGrid): VariantGrid {
  if (grid.options.length >= MAX_OPTIONS) return grid;
  return {
    options: [...grid.options, { name: '', values: [] }],
    rows: grid.rows.map((r) => ({ ...r, option_values: [...r.option_values, ''] })),
  };
}

export function renameOption(grid: VariantGrid, option: number, name: string): VariantGrid {
  return { ...grid, options: grid.options.map((o, i) => (i === option ? { ...o, name } : o)) };
}

/**
 * Whether option `option` may go: without it, no two saved variants may share a combination
 * (new rows that would are dropped by removeOption).
 */
export function canRemoveOption(grid: VariantGrid, option: number): boolean {
  const seen = new Set<string>();
  for (const r of grid.rows.filter((row) => row.id !== undefined)) {
    const key = combinationKey(r.option_values.filter((_, i) => i !== option));
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

/** Removes an option (when canRemoveOption): rows lose its value; a new row left a duplicate goes away. */
export function removeOption(grid: VariantGrid, option: number): VariantGrid {
  if (!canRemoveOption(grid, option)) return grid;
  const rows = grid.rows.map((r) => ({ ...r, option_values: r.option_values.filter((_, i) => i !== option) }));
  const saved = new Set(rows.filter((r) => r.id !== undefined).map((r) => combinationKey(r.option_values)));
  const kept: VariantRow[] = [];
  const taken = new Set<string>();
  for (const r of rows) {
    const key = combinationKey(r.option_values);
    if (r.id === undefined && (saved.has(key) || taken.has(key))) continue;
    if (r.id === undefined) taken.add(key);
    kept.push(r);
  }
  return { options: grid.options.filter((_, i) => i !== option), rows: kept };
}

/**
 * Appends a value to an option (trimmed; ignored when empty or already there, any case). The rows
 * without a value for that option (it was just added) get this one.
 */
export function addValue(grid: VariantGrid, option: number, text: string): VariantGrid {
  const value = optionText(text);
  const o = grid.options[option];
  if (!o || !value || o.values.some((v) => same(v, value))) return grid;
  return {
    options: grid.options.map((x, i) => (i === option ? { ...x, values: [...x.values, value] } : x)),
    rows: grid.rows.map((r) =>
      r.option_values[option] === ''
        ? { ...r, option_values: r.option_values.map((v, i) => (i === option ? value : v)) }
        : r,
    ),
  };
}

/** Renames a value of an option, and on every row that has it. */
export function renameValue(grid: VariantGrid, option: number, index: number, text: string): VariantGrid {
  const old = grid.options[option]?.values[index];
  if (old === undefined) return grid;
  return {
    options: grid.options.map((o, i) =>
      i === option ? { ...o, values: o.values.map((v, j) => (j === index ? text : v)) } : o,
    ),
    rows: grid.rows.map((r) =>
      old !== '' && same(r.option_values[option] ?? '', old)
        ? { ...r, option_values: r.option_values.map((v, i) => (i === option ? text : v)) }
        : r,
    ),
  };
}

/** Whether a value may be removed: no saved variant has it. */
export function canRemoveValue(grid: VariantGrid, option: number, index: number): boolean {
  const value = grid.options[option]?.values[index];
  return value !== undefined && (value.trim() === '' || !savedUses(grid, option, value));
}

/** Removes a value (when canRemoveValue) and the new rows that have it. */
export function removeValue(grid: VariantGrid, option: number, index: number): VariantGrid {
  if (!canRemoveValue(grid, option, index)) return grid;
  const value = grid.options[option]!.values[index]!;
  return {
    options: grid.options.map((o, i) => (i === option ? { ...o, values: o.values.filter((_, j) => j !== index) } : o)),
    rows: grid.rows.filter(
      (r) => r.id !== undefined || value.trim() === '' || !same(r.option_values[option] ?? '', value),
    ),
  };
}

/** Moves a value up (-1) or down (+1) in its option's order (the order the shop shows). */
export function moveValue(grid: VariantGrid, option: number, index: number, delta: -1 | 1): VariantGrid {
  const o = grid.options[option];
  const to = index + delta;
  if (!o || to < 0 || to >= o.values.length) return grid;
  const values = [...o.values];
  [values[index], values[to]] = [values[to]!, values[index]!];
  return { ...grid, options: grid.options.map((x, i) => (i === option ? { ...x, values } : x)) };
}

/** A SKU proposed for a new combination: the first row's SKU and the values ('KB-01' + '16 kg' → 'KB-01-16KG'). */
export function suggestedSku(base: string, values: readonly string[]): string {
  const parts = values.map((v) =>
    optionText(v)
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase(),
  );
  return [base.trim(), ...parts].filter(Boolean).join('-').slice(0, 64);
}

let newRows = 0;
/** A key for a row not saved yet (unique in the page). */
export const newRowKey = (): string => `new-${++newRows}`;

/**
 * Appends a new row for every combination of the options' values that no row has, in the shop's
 * order (the first option varies slowest), up to MAX_VARIANTS rows. Nothing when an option has no
 * name or no value yet. A new row takes the first row's price and a SKU proposed from the first
 * row's SKU, with a starting stock of 0.
 * @returns the grid and how many rows were added
 */
export function addMissingCombinations(
  grid: VariantGrid,
  keyOf: () => string = newRowKey,
): { grid: VariantGrid; added: number } {
  if (grid.options.length === 0 || grid.options.some((o) => !optionText(o.name) || o.values.length === 0))
    return { grid, added: 0 };
  const have = new Set(grid.rows.map((r) => combinationKey(r.option_values)));
  const first = grid.rows[0];
  const base = first ? first.sku.replace(new RegExp(`-${suggestedSku('', first.option_values)}$`), '') : '';
  const rows = [...grid.rows];
  for (const values of combinations(grid.options)) {
    if (rows.length >= MAX_VARIANTS) break;
    if (values.some((v) => !optionText(v)) || have.has(combinationKey(values))) continue;
    have.add(combinationKey(values));
    rows.push({
      key: keyOf(),
      option_values: values,
      sku: suggestedSku(base, values),
      price: first?.price ?? '',
      announce_reduction: false,
      price_reduction: null,
      quantity: '0',
      weight: first?.weight ?? '',
      gtin: '',
      image_ids: [],
      status: 'active',
    });
  }
  return { grid: { ...grid, rows }, added: rows.length - grid.rows.length };
}

/**
 * Adds a gallery image to a row's own images, or removes it when the row has it. The row's images
 * stay in the gallery's order (the shop shows them in that order); none means the variant shows
 * the product's whole gallery.
 * @param gallery the ids of the product's gallery images, in gallery order
 */
export function toggleImage(grid: VariantGrid, key: string, imageId: string, gallery: readonly string[]): VariantGrid {
  return {
    ...grid,
    rows: grid.rows.map((r) => {
      if (r.key !== key) return r;
      const chosen = new Set(r.image_ids);
      if (chosen.has(imageId)) chosen.delete(imageId);
      else chosen.add(imageId);
      return { ...r, image_ids: gallery.filter((id) => chosen.has(id)) };
    }),
  };
}

/** Sets the price text of the rows whose keys are given (the bulk 'Tutti a 39,90 €'). */
export function setPriceOf(grid: VariantGrid, keys: ReadonlySet<string>, price: string): VariantGrid {
  return { ...grid, rows: grid.rows.map((r) => (keys.has(r.key) ? { ...r, price } : r)) };
}

/**
 * Adds units to the starting stock of the given rows not saved yet (the bulk '+5 pezzi'); saved
 * variants are restocked through the server instead (see restockTargets).
 */
export function addStockToNew(grid: VariantGrid, keys: ReadonlySet<string>, units: number): VariantGrid {
  return {
    ...grid,
    rows: grid.rows.map((r) =>
      keys.has(r.key) && r.id === undefined ? { ...r, quantity: String((Number(r.quantity) || 0) + units) } : r,
    ),
  };
}

/**
 * The restocks the bulk '+n pezzi' makes on saved variants: each selected saved, active variant
 * with the units to add (`add`): the server adds them to the stock as it is when it writes, so a
 * sale made since the grid was opened is kept.
 */
export function restockTargets(
  grid: VariantGrid,
  keys: ReadonlySet<string>,
  units: number,
): { variant_id: string; add: number }[] {
  return grid.rows
    .filter((r) => keys.has(r.key) && r.id !== undefined && r.status === 'active')
    .map((r) => ({ variant_id: r.id!, add: units }));
}

/** Records a saved variant's stock after a restock. */
export function withStock(grid: VariantGrid, variantId: string, quantity: number): VariantGrid {
  return { ...grid, rows: grid.rows.map((r) => (r.id === variantId ? { ...r, quantity: String(quantity) } : r)) };
}

const INTEGER = /^\d+$/;

/**
 * The PUT body of the grid: every option and every row in grid order (index n of the body is row
 * n, so the server's `variants.{n}.…` names row n). Prices from euro text to cents, weight and
 * starting stock to integers, an empty GTIN as null. SKUs, combinations and GTIN check digits are
 * left to the server, which names the field of each refusal.
 * @returns the body, or null with the fields typed wrong (`variants.{n}.price_cents`, ...)
 */
export function gridBody(grid: VariantGrid): { body: VariantsBody | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const variants = grid.rows.map((r, n) => {
    const price = parseEuroInput(r.price);
    if (price === null || price < 1) errors[`variants.${n}.price_cents`] = API_MSG.invalidField('Prezzo');
    const weight = r.weight.trim();
    if (weight !== '' && !INTEGER.test(weight)) errors[`variants.${n}.weight_grams`] = API_MSG.invalidField('Peso');
    const quantity = r.quantity.trim();
    if (r.id === undefined && !INTEGER.test(quantity))
      errors[`variants.${n}.quantity`] = API_MSG.invalidField('Scorta');
    return {
      ...(r.id !== undefined ? { id: r.id } : { quantity: Number(quantity) }),
      option_values: r.option_values.map(optionText),
      sku: r.sku.trim(),
      price_cents: price ?? 0,
      announce_reduction: r.announce_reduction,
      weight_grams: weight === '' ? null : Number(weight),
      gtin: r.gtin.trim() === '' ? null : r.gtin.trim(),
      image_ids: r.image_ids,
      status: r.status,
    };
  });
  if (Object.keys(errors).length) return { body: null, errors };
  return {
    body: {
      options: grid.options.map((o) => ({ name: optionText(o.name), values: o.values.map(optionText) })),
      variants,
    },
    errors,
  };
}

/** The name of a row for screen readers and messages: its values ('16 kg / Nero'), else 'variante n'. */
export function rowName(row: VariantRow, index: number, fallback: (n: number) => string): string {
  const label = row.option_values.filter((v) => v.trim() !== '').join(' / ');
  return label || fallback(index);
}
