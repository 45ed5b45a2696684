/**
 * The supplier stock sync's vocabulary, shared by its engine (functions/automations) and its
 * store (functions/data/stock-sync-repository.ts): suppliers and products as a run sees them,
 * what a supplier says, the writes the stock rule decides and the run's report. Types only,
 * plus the URL key both sides match products by.
 */

/** The supplier fields the stock reader needs. */
export interface StockSupplier {
  id: string;
  name: string;
  /** Stock API endpoint, or null/empty when the supplier has none. */
  api_url: string | null;
  /** Secret key for the stock API (from Secrets Manager, never from the table). */
  api_key: string | null;
}

/** The product fields the stock reader needs. */
export interface StockProductRef {
  id: string;
  /** The product's page at the supplier (set by the import). */
  supplier_product_url: string | null;
  /** The supplier's SKU, when known (read at import). */
  supplier_sku: string | null;
}

/** What the supplier says about a product. */
export type SupplierStock =
  | { kind: 'level'; level: number; source: 'api' | 'page' }
  /** In stock, but the supplier publishes no count. */
  | { kind: 'available'; source: 'page' };

/** A supplier in a run (the supplier fields the sync needs). */
export interface SyncSupplier extends StockSupplier {
  notification_email?: string | null;
}

/**
 * One variant of a product linked to a supplier (the unit the sync counts), as listed at the start
 * of a run: `id` is its product's, `supplier_sku` the variant's own.
 */
export interface SyncProduct extends StockProductRef {
  /** The variant (a product without options: its default variant, whose id is the product's). */
  variant_id: string;
  /** The product's name, with the variant's label when it has options ('Cintura – L'). */
  name: string;
  supplier_id: string;
  is_digital: boolean;
  /** Available units (reservations already subtracted). */
  quantity: number;
  /** Supplier level of the last sync; null before the first sync. */
  supplier_level: number | null;
}

/** The stock fields of a product as stored now. */
export interface ProductStockState {
  quantity: number;
  /** Null when the product was never synced. */
  supplier_level: number | null;
}

/** An atomic write decided by the sync. */
export type StockWrite =
  /** ADD quantity `delta`, SET supplier_level = `level`, IF supplier_level = `expectLevel` (synced before). */
  | { kind: 'delta'; delta: number; expectLevel: number; level: number }
  /** SET quantity = `quantity`, supplier_level = `level`, IF never synced AND quantity = `expectQuantity`. */
  | { kind: 'baseline'; expectQuantity: number; quantity: number; level: number };

/** The variant a store call is about: its product's id and its own. */
export type StockRef = Pick<SyncProduct, 'id' | 'variant_id'>;

/** Key of a variant in the held-units map: `{product_id}/{variant_id}`. */
export const stockRefKey = (ref: StockRef): string => `${ref.id}/${ref.variant_id}`;

/** Persistence the engine needs (DynamoDB: functions/data/stock-sync-repository.ts). */
export interface StockSyncStore {
  /** Units held by open checkout reservations, per variant (key: stockRefKey). */
  heldUnits(): Promise<Map<string, number>>;
  /** The variant's current stock fields (strongly consistent), or null when it no longer exists. */
  readStock(ref: StockRef): Promise<ProductStockState | null>;
  /** Applies `write` atomically: 'conflict' when its condition failed, 'missing' when the variant is gone. */
  applyStock(ref: StockRef, write: StockWrite): Promise<'applied' | 'conflict' | 'missing'>;
}

export interface OutcomeBase {
  product_id: string;
  /** The variant synced (absent on runs recorded before variants). */
  variant_id?: string;
  name: string;
  supplier_id: string;
}

/** Result for one product. */
export type ProductOutcome =
  | (OutcomeBase & { status: 'unchanged'; quantity: number; note?: string })
  | (OutcomeBase & { status: 'changed'; from: number; to: number; supplier_level: number })
  | (OutcomeBase & { status: 'failed'; code: string; reason: string });

/** A product that went out of stock or low (1-5) because of this run (the stock states). */
export interface StockAlert {
  product_id: string;
  name: string;
  supplier_id: string;
  state: 'sold_out' | 'low_stock';
  quantity: number;
}

/** The report of one run. */
export interface StockSyncReport {
  /** ISO timestamps. */
  started_at: string;
  finished_at: string;
  /** Physical linked products attempted. */
  checked: number;
  changed: number;
  failed: number;
  /** One per checked product, in input order. */
  outcomes: ProductOutcome[];
  /** Suppliers whose every product failed, with the first reason (e.g. a wrong API key). */
  supplier_errors: { supplier_id: string; name: string; reason: string }[];
  alerts: StockAlert[];
}

/** URL key for matching feed items to products: host lower-cased, no fragment, no trailing slash. */
export function urlKey(raw: string): string | null {
  try {
    const u = new URL(raw);
    const path = u.pathname.replace(/\/+$/, '') || '/';
    return `${u.protocol}//${u.host.toLowerCase()}${path}${u.search}`;
  } catch {
    return null;
  }
}
