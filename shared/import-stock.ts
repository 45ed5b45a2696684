/**
 * The import's in-stock rule: the stock a product imported from a supplier's page starts with.
 *
 *  - the page gives a count (schema.org `inventoryLevel`): that count, which is also the
 *    supplier baseline of the stock sync;
 *  - the page says it is sold out (OutOfStock and friends): 0, sold out ('ESAURITO'), baseline 0;
 *  - the page says it is in stock WITHOUT a count (InStock alone, as most shops publish it): the
 *    product is on sale with IMPORT_IN_STOCK_DEFAULT_QUANTITY units, a stated default the owner
 *    sees in the import result and corrects in the product; no baseline, so the first count the
 *    supplier publishes (stock API or page) becomes the baseline of the sync, which never lowers a
 *    product to 0 for "available without a count";
 *  - the page says nothing about stock: 0 (sold out) until the owner sets it, with a note saying so.
 * A re-import never touches the stock (checkout and the sync own it).
 */

/** Units an imported product starts with when its page says in stock without a count. */
export const IMPORT_IN_STOCK_DEFAULT_QUANTITY = 5;

/** Which case of the rule applied. */
export type ImportStockRule = 'page_level' | 'out_of_stock' | 'in_stock_default' | 'unknown';

/** The starting stock of an imported product. */
export interface ImportedStock {
  rule: ImportStockRule;
  /** Units on sale. */
  quantity: number;
  /** The supplier level the sync starts from, or null when the supplier has published none. */
  baseline: number | null;
}

/**
 * The starting stock of a product imported from a page (the module's rule).
 * @param page the count read from the page (units, or null) and its availability (true in stock, false sold out, null not said)
 */
export function importedStock(page: { stock: number | null; in_stock: boolean | null }): ImportedStock {
  if (page.stock !== null) {
    const level = Math.max(0, Math.trunc(page.stock));
    return { rule: 'page_level', quantity: level, baseline: level };
  }
  if (page.in_stock === false) return { rule: 'out_of_stock', quantity: 0, baseline: 0 };
  if (page.in_stock === true)
    return { rule: 'in_stock_default', quantity: IMPORT_IN_STOCK_DEFAULT_QUANTITY, baseline: null };
  return { rule: 'unknown', quantity: 0, baseline: null };
}
