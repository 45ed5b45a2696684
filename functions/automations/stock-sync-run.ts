/**
 * One stock-sync run from start to record (docs/stock-sync.md, "A run"): the lock, the suppliers and
 * their keys, the linked products, the engine (stock-sync-engine.ts, whose docstring states the
 * stock rule), progress, the run record, and the SNS notifications. Used by the job Lambda
 * (functions/jobs/stock-sync.ts, run by EventBridge Scheduler and by the API's async invoke) and,
 * for the start, by the API (POST /api/admin/automations/stock-sync).
 *
 * Run lifecycle:
 *  - schedule: the job takes the lock with a new run id (a live lock = another run is going: the
 *    scheduled tick is skipped and logged), records the run 'running', syncs, records the result.
 *  - button / supplier: the API takes the lock for a new run id, records it 'running' and queues
 *    the job with that id (202 to the browser); the job takes the same lock again as its owner.
 *  - The lock expires after LOCK_TTL_MS (longer than the job's timeout), so a dead run never
 *    blocks the next one. A failing product or supplier is an outcome of the run, not a failure of
 *    it; only an error outside the engine (table unreachable...) fails the run: recorded
 *    'failed' with its reason, notified, and rethrown so Lambda retries the event and finally
 *    sends it to the dead-letter queue.
 */
import { randomUUID } from 'node:crypto';
import { AUTOMATION_MSG, NOTIFICATION_MSG, SUPPLIER_MSG } from '../../shared/messages/admin-automations';
import {
  acquireStockSyncLock,
  createStockSyncStore,
  getStockSyncRun,
  listLinkedProducts,
  putStockSyncRun,
  releaseStockSyncLock,
  runRecordFromReport,
  updateStockSyncProgress,
  type StockSyncRunRecord,
  type StockSyncTrigger,
} from '../data/stock-sync-repository';
import { getSupplier, listSuppliers, type SupplierRecord } from '../data/supplier-repository';
import { readSupplierKeys } from '../lib/supplier-secrets';
import { publishNotification, type Notification } from '../lib/notifications';
import { logger } from '../lib/logger';
import { AppError, conflict, notFound } from '../lib/errors';
import { loopbackAllowedByEnv } from './safe-fetch';
import { runStockSync, type RunStockSyncOptions } from './stock-sync-engine';
import type { StockSyncReport, SyncSupplier } from '../../shared/stock-sync';

/** Lock lifetime: longer than the job's 10-minute Lambda timeout, so only a dead run's lock expires. */
export const LOCK_TTL_MS = 15 * 60_000;
/** At most this many progress writes per run (plus the final record). */
const PROGRESS_WRITES = 20;

/** The job's input: the scheduler sends `{ "trigger": "schedule" }`; the API adds the run it started. */
export interface StockSyncJobEvent {
  trigger?: StockSyncTrigger;
  run_id?: string;
  supplier_id?: string | null;
}

/** A new 'running' run record. */
function runningRecord(
  id: string,
  trigger: StockSyncTrigger,
  supplierId: string | null,
  now = new Date(),
): StockSyncRunRecord {
  return {
    id,
    trigger,
    supplier_id: supplierId,
    status: 'running',
    started_at: now.toISOString(),
    finished_at: null,
    progress: { done: 0, total: 0 },
    checked: 0,
    changed: 0,
    failed: 0,
    outcomes: [],
    outcomes_truncated: false,
    supplier_errors: [],
    alerts: [],
    error: null,
  };
}

/**
 * API side of 'Avvia Sincronizzazione' and a supplier's 'Sincronizza ora': takes the lock for a
 * new run, records it 'running' and queues the job with its id.
 * @param invoke queues the job (Lambda async invoke; the local stand-in locally)
 * @returns the run as recorded ('running')
 * @throws AppError 404 unknown supplier; 409 'Errore Sincronizzazione' when a run is in progress;
 *   502 when the job could not be queued (the run is then recorded 'failed' and the lock released)
 */
export async function startStockSyncRun(
  supplierId: string | null,
  invoke: (event: StockSyncJobEvent) => Promise<void>,
): Promise<StockSyncRunRecord> {
  if (supplierId && !(await getSupplier(supplierId))) throw notFound(SUPPLIER_MSG.notFound);
  const trigger: StockSyncTrigger = supplierId ? 'supplier' : 'button';
  const run = runningRecord(randomUUID(), trigger, supplierId);
  if (!(await acquireStockSyncLock(run.id, LOCK_TTL_MS)))
    throw conflict(AUTOMATION_MSG.syncBusy, AUTOMATION_MSG.syncErrorTitle);
  let recorded = false;
  try {
    await putStockSyncRun(run);
    recorded = true;
    await invoke({ trigger, run_id: run.id, supplier_id: supplierId });
  } catch (e) {
    logger.error('stock sync: the job could not be queued', { error: e as Error, run: run.id });
    if (recorded)
      await putStockSyncRun({
        ...run,
        status: 'failed',
        finished_at: new Date().toISOString(),
        error: AUTOMATION_MSG.syncInvokeFailed,
      }).catch(() => undefined);
    await releaseStockSyncLock(run.id);
    throw new AppError(502, AUTOMATION_MSG.syncInvokeFailed, undefined, AUTOMATION_MSG.syncErrorTitle);
  }
  return run;
}

/** Options of executeStockSync (tests shorten retries). */
export interface ExecuteOptions {
  engine?: Pick<RunStockSyncOptions, 'stock' | 'concurrency'>;
  publish?: (n: Notification) => Promise<unknown>;
}

/**
 * Job side: runs the sync the event asks for and records it.
 * @returns the finished run, or null when skipped (another run holds the lock, or the event's run
 *   is already finished: a repeated delivery)
 * @throws the error that failed the run (after recording and notifying it)
 */
export async function executeStockSync(
  event: StockSyncJobEvent,
  opts: ExecuteOptions = {},
): Promise<StockSyncRunRecord | null> {
  const publish = opts.publish ?? publishNotification;
  let run: StockSyncRunRecord;
  if (event.run_id) {
    const existing = await getStockSyncRun(event.run_id);
    if (!existing) {
      logger.warn('stock sync: unknown run in the event', { run: event.run_id });
      return null;
    }
    if (existing.status === 'completed') return null;
    if (!(await acquireStockSyncLock(existing.id, LOCK_TTL_MS))) {
      logger.warn('stock sync: another run holds the lock', { run: existing.id });
      return null;
    }
    run = { ...existing, status: 'running', error: null, finished_at: null };
  } else {
    run = runningRecord(randomUUID(), event.trigger ?? 'schedule', event.supplier_id ?? null);
    if (!(await acquireStockSyncLock(run.id, LOCK_TTL_MS))) {
      logger.info('stock sync: skipped, another run is in progress');
      return null;
    }
  }
  if (run.supplier_id && !(await getSupplier(run.supplier_id))) {
    // Deleted after the start: nothing to sync, and nothing a retry would change.
    const gone: StockSyncRunRecord = {
      ...run,
      status: 'failed',
      finished_at: new Date().toISOString(),
      error: SUPPLIER_MSG.notFound,
    };
    await releaseStockSyncLock(run.id);
    await putStockSyncRun(gone);
    return gone;
  }
  try {
    await putStockSyncRun(run);
    const report = await syncOnce(run, opts);
    const done = { ...runRecordFromReport(run, report), started_at: run.started_at };
    // Notified and unlocked before the record says 'completed': whoever sees it finished may start the next run.
    await notifyReport(done, report, publish);
    await releaseStockSyncLock(run.id);
    await putStockSyncRun(done);
    logger.info('stock sync finished', {
      run: done.id,
      checked: done.checked,
      changed: done.changed,
      failed: done.failed,
    });
    return done;
  } catch (e) {
    const reason = (e as Error).message || String(e);
    logger.error('stock sync failed', { error: e as Error, run: run.id });
    const failed: StockSyncRunRecord = {
      ...run,
      status: 'failed',
      finished_at: new Date().toISOString(),
      error: reason,
    };
    await safePublish(publish, {
      kind: 'run_failed',
      subject: NOTIFICATION_MSG.runFailedSubject,
      message: `${NOTIFICATION_MSG.runFailedBody(reason)}\n\n${NOTIFICATION_MSG.openRun(run.id)}`,
    });
    await releaseStockSyncLock(run.id).catch(() => undefined);
    await putStockSyncRun(failed).catch((err: unknown) =>
      logger.error('stock sync: could not record the failure', { error: err as Error }),
    );
    throw e;
  } finally {
    // Safety net (a no-op when released above: the lock is conditioned on its owner).
    await releaseStockSyncLock(run.id).catch((err: unknown) =>
      logger.error('stock sync: could not release the lock', { error: err as Error }),
    );
  }
}

/** The suppliers of a run with their API keys (from the secret store, never the table). */
async function suppliersOf(run: StockSyncRunRecord): Promise<SyncSupplier[]> {
  const [all, apiKeys] = await Promise.all([
    run.supplier_id ? getSupplier(run.supplier_id).then((s) => (s ? [s] : [])) : listSuppliers(),
    readSupplierKeys(),
  ]);
  return all.map((s: SupplierRecord) => ({
    id: s.id,
    name: s.name,
    api_url: s.api_url,
    api_key: apiKeys[s.id] ?? null,
    notification_email: s.notification_email,
  }));
}

async function syncOnce(run: StockSyncRunRecord, opts: ExecuteOptions): Promise<StockSyncReport> {
  const suppliers = await suppliersOf(run);
  const known = new Set(suppliers.map((s) => s.id));
  // Products of a deleted supplier are no longer linked to anything: left out of the run.
  const products = (await listLinkedProducts(run.supplier_id ?? undefined)).filter((p) => known.has(p.supplier_id));
  let written = 0;
  let chain: Promise<unknown> = Promise.resolve();
  const step = (total: number) => Math.max(1, Math.ceil(total / PROGRESS_WRITES));
  return runStockSync({ suppliers, products }, createStockSyncStore(), {
    ...opts.engine,
    stock: { allowLoopback: loopbackAllowedByEnv(), ...opts.engine?.stock },
    onProgress: (done, total) => {
      if (done < total && done - written < step(total)) return;
      written = done;
      chain = chain
        .then(() => updateStockSyncProgress(run.id, done, total))
        .catch((e: unknown) => logger.warn('stock sync: progress not saved', { error: e as Error }));
    },
  }).then(async (report) => {
    await chain;
    return report;
  });
}

async function safePublish(publish: (n: Notification) => Promise<unknown>, n: Notification): Promise<void> {
  try {
    await publish(n);
  } catch (e) {
    logger.error('notification not published', { error: e as Error, kind: n.kind });
  }
}

/** At most this many product lines in one message. */
const MAX_LINES = 30;

function listLines(lines: string[]): string {
  return [
    ...lines.slice(0, MAX_LINES),
    ...(lines.length > MAX_LINES ? [NOTIFICATION_MSG.more(lines.length - MAX_LINES)] : []),
  ].join('\n');
}

/**
 * The notifications of a finished run: one stock alert per supplier whose products went
 * out of stock or low (1-5) because of this run, and one run-failures message when products or
 * suppliers failed.
 */
export function notificationsFor(
  run: StockSyncRunRecord,
  report: StockSyncReport,
  supplierNames: Map<string, string>,
): Notification[] {
  const out: Notification[] = [];
  const bySupplier = new Map<string, StockSyncReport['alerts']>();
  for (const a of report.alerts) bySupplier.set(a.supplier_id, [...(bySupplier.get(a.supplier_id) ?? []), a]);
  for (const [supplierId, alerts] of bySupplier) {
    const name = supplierNames.get(supplierId) ?? supplierId;
    const lines = alerts.map((a) =>
      a.state === 'sold_out' ? NOTIFICATION_MSG.soldOutLine(a.name) : NOTIFICATION_MSG.lowLine(a.name, a.quantity),
    );
    out.push({
      kind: 'stock_alert',
      supplierId,
      subject: NOTIFICATION_MSG.stockAlertSubject(alerts.length),
      message: `${NOTIFICATION_MSG.stockAlertIntro(name)}\n${listLines(lines)}\n\n${NOTIFICATION_MSG.openRun(run.id)}`,
    });
  }
  if (report.failed > 0 || report.supplier_errors.length > 0) {
    const failures = report.outcomes.flatMap((o) =>
      o.status === 'failed' ? [NOTIFICATION_MSG.failureLine(o.name, o.reason)] : [],
    );
    const suppliers = report.supplier_errors.map((s) => NOTIFICATION_MSG.supplierErrorLine(s.name, s.reason));
    out.push({
      kind: 'run_failures',
      subject: NOTIFICATION_MSG.runFailuresSubject(report.failed),
      message: `${NOTIFICATION_MSG.runSummary(report.checked, report.changed, report.failed)}\n${listLines([...suppliers, ...failures])}\n\n${NOTIFICATION_MSG.openRun(run.id)}`,
    });
  }
  return out;
}

async function notifyReport(
  run: StockSyncRunRecord,
  report: StockSyncReport,
  publish: (n: Notification) => Promise<unknown>,
): Promise<void> {
  const notifications = notificationsFor(run, report, new Map((await listSuppliers()).map((s) => [s.id, s.name])));
  for (const n of notifications) await safePublish(publish, n);
}
