/**
 * A destructive delete behind the confirmation dialog ('Sei assolutamente sicuro?', 'Elimina' /
 * 'Annulla'): `ask(item)` opens it; confirming runs the delete with the spec's toasts ('Successo!'
 * / 'Eliminazione fallita.') and calls `onDeleted`.
 */
import { useState, type ReactElement } from 'react';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useAdminAction } from './use-admin-action';

export function useDeleteConfirm<T>(opts: {
  /** What the dialog names ('Stai per eliminare "{name}"...'). */
  name(item: T): string;
  /** Another text for the dialog (e.g. what happens to a plan's members). */
  body?(item: T): string;
  remove(item: T): Promise<unknown>;
  onDeleted(item: T): void;
}): { ask(item: T): void; dialog: ReactElement } {
  const [item, setItem] = useState<T | null>(null);
  const { run } = useAdminAction();
  const confirm = async (target: T) => {
    if (await run(() => opts.remove(target), { kind: 'delete', success: ADMIN_MSG.deleted })) opts.onDeleted(target);
  };
  const dialog = (
    <ConfirmDialog
      open={item !== null}
      title={ADMIN_MSG.confirmTitle}
      body={item === null ? '' : (opts.body?.(item) ?? ADMIN_MSG.deleteBody(opts.name(item)))}
      confirmLabel={ADMIN_MSG.delete}
      onConfirm={() => {
        if (item !== null) void confirm(item);
      }}
      onClose={() => setItem(null)}
    />
  );
  return { ask: setItem, dialog };
}
