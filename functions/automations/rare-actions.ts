/**
 * The automations API's rare admin actions, behind one dynamic import of functions/automations/
 * index.ts: the product import from a supplier URL (with the safe fetch's loopback switch) and the
 * stock-sync start. One lazily loaded entry instead of three lets esbuild keep the cold start's
 * shared code in fewer chunk files (8 → 6 ES modules at init: ~3.5 ms less, measured in interleaved
 * fresh processes, issue 11); either action loads the other's code too, both being rare.
 */
export { importProductFromUrl } from './import-product';
export { loopbackAllowedByEnv } from './safe-fetch';
export { startStockSyncRun } from './stock-sync-run';
