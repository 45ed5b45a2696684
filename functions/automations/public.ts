/** The automations context's public entry: one run of the stock sync, for its scheduled job (functions/jobs/stock-sync.ts). */
export { executeStockSync, type StockSyncJobEvent } from './stock-sync-run';
