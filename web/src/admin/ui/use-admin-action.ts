/**
 * Runs a back-office write and shows the spec's toasts: 'Successo!' with a description on
 * success; 'Salvataggio fallito: {message}' (save) or 'Eliminazione fallita.' (delete) on failure,
 * titled 'Errore' (or the server's title, e.g. 'Azione non permessa').
 */
import { useCallback, useState } from 'react';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { MSG } from '../../../../shared/messages';
import { ApiError } from '../../api/client';
import { useToast } from '../../ui/toast';

/** How a failure is worded. */
export type ActionKind = 'save' | 'delete' | 'update' | 'action';

/** The failure toast of a write (pure; unit-tested). */
export function failureToast(kind: ActionKind, error: unknown): { title: string; description: string } {
  const message = error instanceof Error ? error.message : String(error);
  const title = error instanceof ApiError && error.title ? error.title : MSG.errorTitle;
  if (error instanceof ApiError && error.title) return { title, description: message };
  switch (kind) {
    case 'delete':
      return {
        title,
        description:
          error instanceof ApiError && error.status !== 0 && error.status < 500
            ? `${ADMIN_MSG.deleteFailed} ${message}`
            : ADMIN_MSG.deleteFailed,
      };
    case 'update':
      return { title, description: `${ADMIN_MSG.updateFailed} ${message}`.trim() };
    case 'action':
      return { title, description: ADMIN_MSG.actionFailed(message) };
    default:
      return { title, description: ADMIN_MSG.saveFailed(message) };
  }
}

/**
 * @returns `run(work, { kind, success, successTitle, onError })`, resolving to the work's result or
 *   undefined when it failed (the toast has been shown; `onError` sees the error first, e.g. to mark
 *   the field a 400 names), and `busy` while a write runs
 */
export function useAdminAction() {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(
      work: () => Promise<T>,
      opts: {
        kind?: ActionKind;
        success?: string | null;
        successTitle?: string;
        onError?: (error: unknown) => void;
      } = {},
    ): Promise<T | undefined> => {
      setBusy(true);
      try {
        const result = await work();
        if (opts.success !== null)
          toast({ title: opts.successTitle ?? ADMIN_MSG.successTitle, description: opts.success ?? ADMIN_MSG.updated });
        return result;
      } catch (error) {
        // a form may show the error on its field instead (onError answers true); the toast says it too
        opts.onError?.(error);
        toast({ variant: 'destructive', ...failureToast(opts.kind ?? 'save', error) });
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [toast],
  );
  return { run, busy };
}
