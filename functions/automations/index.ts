/**
 * Lambda handler of the automations context (route table fn 'automations'): suppliers
 * ('Fornitori'), product import from a supplier URL and the supplier stock sync ('Automazioni').
 * Every route is admin-only (capabilities 'suppliers' and 'automations', shared/permissions.ts).
 * Thin: parse, call a use-case, map the result; every write is audited. The product import and the
 * stock-sync start (with the supplier fetch, its address checks and the page extraction) are
 * imported on their first use: rare admin actions, kept out of every other route's cold start.
 */
import { emptyQuerySchema, idSchema, pageQuerySchema } from '../../shared/schemas';
import { importSchema, stockSyncStartSchema, supplierSchema } from '../../shared/schemas/admin-automations';
import { AUTOMATIONS_API, type StockSyncRunDto, type StockSyncRunSummaryDto } from '../../shared/api/admin-automations';
import { AUTOMATION_MSG, SUPPLIER_MSG } from '../../shared/messages/admin-automations';
import { createContextHandler, type ApiRequest } from '../lib/context-handler';
import { json } from '../lib/http';
import { notFound } from '../lib/errors';
import { parseInput, parseJsonBody } from '../lib/validate';
import { invokeStockSyncJob } from '../lib/invoke-job';
import { getStockSyncRun, listStockSyncRunsPage, type StockSyncRunSummary } from '../data/stock-sync-repository';
import { createSupplierUseCase, deleteSupplierUseCase, listSuppliersView, updateSupplierUseCase } from './suppliers';

const body = (req: ApiRequest) => parseJsonBody(req.event.body, req.event.isBase64Encoded);
const pathId = (req: ApiRequest) => parseInput(idSchema, req.pathParameters.id, 'id') as string;

/** A run summary as the API shows it. */
const toRunSummary = (r: StockSyncRunSummary): StockSyncRunSummaryDto => ({
  id: r.id,
  trigger: r.trigger,
  supplier_id: r.supplier_id ?? null,
  status: r.status,
  started_at: r.started_at,
  finished_at: r.finished_at ?? null,
  progress: r.progress ?? { done: 0, total: 0 },
  checked: r.checked ?? 0,
  changed: r.changed ?? 0,
  failed: r.failed ?? 0,
  error: r.error ?? null,
});

export const handler = createContextHandler('automations', AUTOMATIONS_API, {
  suppliers: async (req) => {
    parseInput(emptyQuerySchema, req.query);
    return json(200, await listSuppliersView());
  },
  createSupplier: async (req) => {
    const change = await createSupplierUseCase(parseInput(supplierSchema, body(req), '', SUPPLIER_MSG.labels));
    await req.audit({ action: 'create', target_type: 'supplier', target_id: change.after.id, ...change });
    return json(201, change.after);
  },
  updateSupplier: async (req) => {
    const id = pathId(req);
    const change = await updateSupplierUseCase(id, parseInput(supplierSchema, body(req), '', SUPPLIER_MSG.labels));
    await req.audit({ action: 'update', target_type: 'supplier', target_id: id, ...change });
    return json(200, change.after);
  },
  deleteSupplier: async (req) => {
    const id = pathId(req);
    const deleted = await deleteSupplierUseCase(id);
    await req.audit({ action: 'delete', target_type: 'supplier', target_id: id, before: deleted, after: null });
    return json(200, deleted);
  },
  importProduct: async (req) => {
    const { url } = parseInput(importSchema, body(req));
    const [{ importProductFromUrl }, { loopbackAllowedByEnv }] = await Promise.all([
      import('./import-product'),
      import('./safe-fetch'),
    ]);
    const { result, before } = await importProductFromUrl(url, { allowLoopback: loopbackAllowedByEnv() });
    await req.audit({
      action: result.created ? 'import' : 'reimport',
      target_type: 'product',
      target_id: result.product.id,
      before,
      after: result.product,
    });
    return json(result.created ? 201 : 200, result);
  },
  startStockSync: async (req) => {
    const { supplier_id } = parseInput(stockSyncStartSchema, body(req));
    const { startStockSyncRun } = await import('./stock-sync-run');
    const run = await startStockSyncRun(supplier_id ?? null, invokeStockSyncJob);
    await req.audit({
      action: 'start',
      target_type: 'stock_sync_run',
      target_id: run.id,
      before: null,
      after: toRunSummary(run),
    });
    return json(202, toRunSummary(run));
  },
  stockSyncRuns: async (req) => {
    const page = await listStockSyncRunsPage(parseInput(pageQuerySchema, req.query));
    return json(200, { items: page.items.map(toRunSummary), next_cursor: page.next_cursor });
  },
  stockSyncRun: async (req) => {
    const run = await getStockSyncRun(pathId(req));
    if (!run) throw notFound(AUTOMATION_MSG.runNotFound);
    const dto: StockSyncRunDto = {
      ...toRunSummary(run),
      outcomes: run.outcomes ?? [],
      outcomes_truncated: Boolean(run.outcomes_truncated),
      supplier_errors: run.supplier_errors ?? [],
      alerts: run.alerts ?? [],
    };
    return json(200, dto);
  },
});
