/**
 * One run of the supplier stock sync: for every supplier and each variant of its linked physical
 * products, read the supplier's level (stock-source.ts), decide what to write, write it
 * atomically through a StockSyncStore, and report per variant and in total. (The stock is the
 * variant's: "product" below is the unit the sync counts, a variant; a product without options has
 * one.)
 *
 * ## The stock rule (what keeps stock held by open checkouts safe)
 *
 * - A product's `quantity` is its AVAILABLE stock: checkout reservations subtract their units at
 *   reserve time and give them back on release (functions/data/reservation-repository.ts, both as
 *   `quantity = quantity ± n`). So `quantity` never includes units held by open checkouts.
 * - Each supplier-linked product also stores `supplier_level`, the supplier's level as of the
 *   last sync, and `supplier_synced_at`. The invariant the sync maintains is
 *       quantity = supplier_level - (units held by open reservations)
 *   with the supplier authoritative for everything except what our open checkouts hold.
 * - A sync that reads a new level L for a product whose baseline is B applies the CHANGE, never
 *   the level: `ADD quantity (L - B)` and `SET supplier_level = L`, in one UpdateItem conditioned
 *   on `supplier_level = B`. ADD commutes with the reservations' own updates, so a checkout that
 *   reserves or releases units while the sync runs is never overwritten. If another writer moved
 *   the baseline (a second run, a sale), the condition fails; the engine re-reads the product
 *   (strongly consistent) and decides again (up to 3 times).
 * - Nothing is written when L = B: an unchanged supplier level costs no write.
 * - `quantity` may go below 0 when the supplier drops under what open checkouts hold (shown as
 *   sold out, listed in the inventory alerts); when those reservations are released the units
 *   come back exactly to L - (still held). Clamping at 0 would instead create stock from nothing.
 * - First sync of a product (no `supplier_synced_at`): quantity := L - held, supplier_level := L,
 *   conditioned on the quantity read being unchanged (`quantity = q`), so a reservation landing
 *   in between makes it re-read. `held` comes from the open reservations listed once per run.
 * - Sales: a paid order leaves its units subtracted from `quantity`, and the supplier drops its own
 *   level once the order reaches it. To keep the invariant, fulfilment must lower the expected
 *   level by the units sold (`ADD supplier_level -n`, see stock-sync-repository.ts
 *   `saleLevelAdjustment`), otherwise the next sync would subtract those units a second time.
 * - A supplier that says "in stock" without a count changes nothing (noted in the report); a
 *   supplier's "out of stock" is level 0. Digital products are never synced.
 */
import pLimit from 'p-limit';
import { stockState } from '../../shared/stock';
import { createStockReader, StockReadError, type StockReader, type StockSourceOptions } from './stock-source';
import type {
  OutcomeBase,
  ProductOutcome,
  ProductStockState,
  StockAlert,
  StockSyncReport,
  StockSyncStore,
  StockWrite,
  SupplierStock,
  SyncProduct,
  SyncSupplier,
} from '../../shared/stock-sync';
import { stockRefKey } from '../../shared/stock-sync';

/** What the sync decided for one product. */
export interface StockDecision {
  /** Null when nothing is to be written. */
  write: StockWrite | null;
  /** Available units before and after. */
  from: number;
  to: number;
  /** Italian note for the report, e.g. a count the supplier does not publish. */
  note: string | null;
}

/**
 * Decides the write for one product (the stock rule above).
 * @param state the product's stock fields now
 * @param observed what the supplier says
 * @param held units of the product held by open checkout reservations (used on the first sync only)
 */
export function decideStockWrite(state: ProductStockState, observed: SupplierStock, held: number): StockDecision {
  const q = state.quantity;
  if (observed.kind === 'available') {
    return {
      write: null,
      from: q,
      to: q,
      note: q > 0 ? null : 'Il fornitore indica il prodotto disponibile senza quantità: scorta non modificata.',
    };
  }
  const level = Math.max(0, Math.trunc(observed.level));
  if (state.supplier_level === null) {
    const target = level - held;
    return { write: { kind: 'baseline', expectQuantity: q, quantity: target, level }, from: q, to: target, note: null };
  }
  const delta = level - state.supplier_level;
  if (delta === 0) return { write: null, from: q, to: q, note: null };
  return {
    write: { kind: 'delta', delta, expectLevel: state.supplier_level, level },
    from: q,
    to: q + delta,
    note: null,
  };
}

export interface RunStockSyncOptions {
  /** Products read and written at the same time, across suppliers. Default 16. */
  concurrency?: number;
  /** Re-reads after a failed condition before giving up on a product. Default 3. */
  maxConflictRetries?: number;
  /** Options of the default stock readers (allowLoopback, retries, timeouts). */
  stock?: StockSourceOptions;
  /** Reader factory (default createStockReader). */
  readerFor?: (supplier: SyncSupplier) => StockReader;
  /** Called after each product (progress on the screen). */
  onProgress?: (done: number, total: number) => void;
  now?: () => Date;
}

/** The alert this change causes, if any: entering sold out, or entering low stock from available. */
export function alertFor(from: number, to: number): StockAlert['state'] | null {
  const before = stockState({ is_digital: false, quantity: from });
  const after = stockState({ is_digital: false, quantity: to });
  if (after === before) return null;
  if (after === 'sold_out') return 'sold_out';
  if (after === 'low_stock' && before === 'available') return 'low_stock';
  return null;
}

/**
 * Runs one sync over `products` (those with a supplier in `suppliers`; digital ones skipped).
 * Never throws for a product or supplier failure: each becomes a 'failed' outcome.
 * @returns the run report (counters, outcomes in input order, supplier errors, stock alerts)
 */
export async function runStockSync(
  input: { suppliers: SyncSupplier[]; products: SyncProduct[] },
  store: StockSyncStore,
  opts: RunStockSyncOptions = {},
): Promise<StockSyncReport> {
  const now = opts.now ?? (() => new Date());
  const started_at = now().toISOString();
  const maxRetries = opts.maxConflictRetries ?? 3;
  const suppliers = new Map(input.suppliers.map((s) => [s.id, s]));
  const readers = new Map<string, StockReader>();
  const readerOf = (s: SyncSupplier) => {
    let r = readers.get(s.id);
    if (!r) {
      r = opts.readerFor ? opts.readerFor(s) : createStockReader(s, opts.stock);
      readers.set(s.id, r);
    }
    return r;
  };
  let heldPromise: Promise<Map<string, number>> | null = null;
  const held = () => (heldPromise ??= store.heldUnits());

  const products = input.products.filter((p) => !p.is_digital);
  const limit = pLimit(opts.concurrency ?? 16);
  let done = 0;

  const syncOne = async (p: SyncProduct): Promise<ProductOutcome> => {
    const base: OutcomeBase = { product_id: p.id, variant_id: p.variant_id, name: p.name, supplier_id: p.supplier_id };
    const supplier = suppliers.get(p.supplier_id);
    if (!supplier)
      return { ...base, status: 'failed', code: 'no_supplier', reason: 'Fornitore del prodotto non trovato.' };
    let observed: SupplierStock;
    try {
      observed = await readerOf(supplier).read(p);
    } catch (e) {
      const err =
        e instanceof StockReadError ? e : new StockReadError('unreachable', `Errore inatteso: ${(e as Error).message}`);
      return { ...base, status: 'failed', code: err.code, reason: err.reason };
    }
    try {
      let state: ProductStockState | null = { quantity: p.quantity, supplier_level: p.supplier_level };
      for (let attempt = 0; attempt <= maxRetries; attempt++) {
        if (!state) break;
        const decision = decideStockWrite(
          state,
          observed,
          state.supplier_level === null ? ((await held()).get(stockRefKey(p)) ?? 0) : 0,
        );
        if (!decision.write)
          return {
            ...base,
            status: 'unchanged',
            quantity: decision.from,
            ...(decision.note ? { note: decision.note } : {}),
          };
        const result = await store.applyStock(p, decision.write);
        if (result === 'applied') {
          return decision.to === decision.from
            ? { ...base, status: 'unchanged', quantity: decision.to }
            : {
                ...base,
                status: 'changed',
                from: decision.from,
                to: decision.to,
                supplier_level: decision.write.level,
              };
        }
        if (result === 'missing') break;
        state = await store.readStock(p);
      }
      if (state === null)
        return {
          ...base,
          status: 'failed',
          code: 'missing',
          reason: 'Prodotto eliminato durante la sincronizzazione.',
        };
      return {
        ...base,
        status: 'failed',
        code: 'conflict',
        reason: 'Scorta modificata più volte durante la sincronizzazione: riprova.',
      };
    } catch (e) {
      return {
        ...base,
        status: 'failed',
        code: 'store',
        reason: `Errore di scrittura della scorta: ${(e as Error).message}`,
      };
    }
  };

  const outcomes = await Promise.all(
    products.map((p) =>
      limit(async () => {
        const outcome = await syncOne(p);
        opts.onProgress?.(++done, products.length);
        return outcome;
      }),
    ),
  );

  const supplier_errors: StockSyncReport['supplier_errors'] = [];
  for (const s of input.suppliers) {
    const mine = outcomes.filter((o) => o.supplier_id === s.id);
    const firstFailure = mine.find((o) => o.status === 'failed');
    if (mine.length > 0 && firstFailure && mine.every((o) => o.status === 'failed')) {
      supplier_errors.push({ supplier_id: s.id, name: s.name, reason: firstFailure.reason });
    }
  }
  const alerts: StockAlert[] = outcomes.flatMap((o) => {
    if (o.status !== 'changed') return [];
    const state = alertFor(o.from, o.to);
    return state ? [{ product_id: o.product_id, name: o.name, supplier_id: o.supplier_id, state, quantity: o.to }] : [];
  });
  return {
    started_at,
    finished_at: now().toISOString(),
    checked: outcomes.length,
    changed: outcomes.filter((o) => o.status === 'changed').length,
    failed: outcomes.filter((o) => o.status === 'failed').length,
    outcomes,
    supplier_errors,
    alerts,
  };
}
