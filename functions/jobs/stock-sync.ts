/**
 * Scheduled job 'stock-sync' (docs/stock-sync.md): syncs the stock of every supplier-linked product with its
 * supplier. Run by EventBridge Scheduler per stage (hourly by default, with a retry policy and a
 * dead-letter queue; infra/stacks/automations.ts) and by the API's asynchronous invoke for
 * 'Avvia Sincronizzazione' / 'Sincronizza ora'; locally by the runtime's timer and Lambda-invoke
 * stand-in through the same handler.
 *
 * Input: StockSyncJobEvent `{ trigger?: 'schedule' | 'button' | 'supplier', run_id?, supplier_id? }`
 * (the schedule sends `{ "trigger": "schedule" }`).
 * Output: `{ run_id, status, checked, changed, failed }`, or `{ skipped: true }` when another run
 * holds the lock or the event's run already finished.
 * Throws when the run itself failed (recorded and notified first), so Lambda retries the event and
 * then sends it to the dead-letter queue.
 */
import { executeStockSync, type StockSyncJobEvent } from '../automations/public';

export async function handler(
  event: StockSyncJobEvent | null | undefined,
): Promise<{ run_id: string; status: string; checked: number; changed: number; failed: number } | { skipped: true }> {
  const run = await executeStockSync(event ?? {});
  if (!run) return { skipped: true };
  return { run_id: run.id, status: run.status, checked: run.checked, changed: run.changed, failed: run.failed };
}
