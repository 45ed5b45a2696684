/**
 * The light face of the product extractor (extract-product.ts): its result type, its error class
 * and a loader that imports the extractor on first use.
 *
 * The extractor brings an HTML parser (cheerio/slim: htmlparser2, css-select, domutils), which
 * only a product import and a stock read from a supplier's page need. Callers import this module
 * statically and the extractor through `loadProductExtractor()`, so the bundler puts the parser in
 * a chunk loaded on first use: supplier CRUD, run listings and a stock sync from a supplier's
 * API feed never load it at cold start (scripts/lambda-bundles.test.ts checks this).
 */

/**
 * One variant a supplier page sells (a size, a colour...): what the import creates and the stock
 * sync matches by `sku`. Amounts are integer euro cents.
 */
export interface ExtractedVariant {
  /** The supplier's SKU of the variant, or null when the page gives none. */
  sku: string | null;
  /** GTIN (EAN/UPC) as the page gives it, digits only, or null. */
  gtin: string | null;
  /** Its value of each of the product's `options`, in their order. */
  option_values: string[];
  /** What a shopper pays now for it, or null when the page gives no euro price for it. */
  price_cents: number | null;
  /** From the page's availability; null when not given. */
  in_stock: boolean | null;
  /** Units the page publishes (inventoryLevel, WooCommerce `max_qty`); null when not given. */
  stock: number | null;
}

/** Where a page's variants were read. */
export type VariantSource = 'json-ld-product-group' | 'json-ld-offers' | 'shopify-json' | 'woocommerce-variations';

/** The product read from a page. Amounts are integer euro cents. */
export interface ExtractedProduct {
  name: string;
  /** Plain text (tags removed, whitespace collapsed), or null. */
  description: string | null;
  /** What a shopper pays now: the sale price when the page shows one. Null when the page has no usable price. */
  price_cents: number | null;
  /** The list price struck through when on sale (greater than price_cents), else null. */
  original_price_cents: number | null;
  /** Absolute http(s) URLs, page order, without duplicates. */
  images: string[];
  sku: string | null;
  /** From schema.org availability (InStock, OutOfStock, ...); null when not given. */
  in_stock: boolean | null;
  /** Units from inventoryLevel (summed over offers when each gives one); null when not given. */
  stock: number | null;
  /** Where the name came from. */
  source: 'json-ld' | 'microdata' | 'opengraph';
  /** Things worth telling the shop owner (Italian), e.g. an assumed currency. */
  warnings: string[];
  /**
   * The options the page's variants differ by (names as the shop shows them: 'Taglia', 'Colore',
   * 'Peso' for schema.org size, color, weight; the source's own name otherwise), each with its
   * values in page order; [] when the page sells one product without choices.
   */
  options: { name: string; values: string[] }[];
  /** One per combination the page sells, in page order; [] without options. All of them, even beyond MAX_VARIANTS (the import decides). */
  variants: ExtractedVariant[];
  /** Where the variants were read (null without variants). */
  variant_source: VariantSource | null;
}

/** Why no product could be read. */
export type ProductExtractionErrorCode = 'no_product_data' | 'unsupported_currency';

/** Extraction failure with an Italian `reason` a shop owner can act on. */
export class ProductExtractionError extends Error {
  override readonly name = 'ProductExtractionError';
  constructor(
    readonly code: ProductExtractionErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The extractor function of extract-product.ts (see its docstring). */
export type ProductExtractor = typeof import('./extract-product').extractProduct;

/**
 * Loads extract-product.ts (and its HTML parser) on first use; later calls get the loaded module.
 * @returns extractProduct(html, pageUrl, opts), which throws ProductExtractionError
 */
export async function loadProductExtractor(): Promise<ProductExtractor> {
  return (await import('./extract-product')).extractProduct;
}
