/**
 * Starts a stock sync from the back office: 'Avvia Sincronizzazione' in Automazioni and
 * a supplier's 'Sincronizza ora'. The spec's toasts: 'Avvio Sincronizzazione' at once, then
 * 'Sincronizzazione Avviata' when the server has queued the job (202), or 'Errore
 * Sincronizzazione' with the server's reason (a run already in progress, the job not queued).
 */
import { useCallback, useState } from 'react';
import { AUTOMATIONS_API, type StockSyncRunSummaryDto } from '../../../../shared/api/admin-automations';
import { AUTOMATION_MSG } from '../../../../shared/messages/admin-automations';
import { callApi } from '../../api/client';
import { useToast } from '../../ui/toast';

/** Minimum time the starting spinner shows (the business constant "sync button spinner 2 s"). */
export const SYNC_SPINNER_MS = 2000;

/**
 * @returns `start(supplier?)`, resolving to the started run or null after an error toast, and the
 *   id of what is starting ('all', a supplier id, or null)
 */
export function useStartSync() {
  const { toast } = useToast();
  const [starting, setStarting] = useState<string | null>(null);
  const start = useCallback(
    async (supplier?: { id: string; name: string }): Promise<StockSyncRunSummaryDto | null> => {
      setStarting(supplier?.id ?? 'all');
      toast({ title: AUTOMATION_MSG.syncStartingTitle, description: AUTOMATION_MSG.syncStarting });
      const spinner = new Promise((r) => setTimeout(r, SYNC_SPINNER_MS));
      try {
        const run = await callApi(AUTOMATIONS_API.startStockSync, {
          body: supplier ? { supplier_id: supplier.id } : {},
        });
        toast({
          title: AUTOMATION_MSG.syncStartedTitle,
          description: supplier ? AUTOMATION_MSG.syncSupplierStarted(supplier.name) : AUTOMATION_MSG.syncStarted,
        });
        return run;
      } catch (error) {
        toast({ variant: 'destructive', title: AUTOMATION_MSG.syncErrorTitle, description: (error as Error).message });
        return null;
      } finally {
        await spinner;
        setStarting(null);
      }
    },
    [toast],
  );
  return { start, starting };
}
