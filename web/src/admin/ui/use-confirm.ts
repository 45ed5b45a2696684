/**
 * State of a confirmation dialog for one item at a time: `ask(item)` opens it, `props` feed
 * ConfirmDialog (web/src/ui/confirm-dialog.tsx) with the spec's title and buttons.
 */
import { useState } from 'react';
import { ADMIN_MSG } from '../../../../shared/messages/admin';

export function useConfirm<T>(body: (item: T) => string, onConfirm: (item: T) => void) {
  const [item, setItem] = useState<T | null>(null);
  return {
    ask: (next: T) => setItem(next),
    props: {
      open: item !== null,
      title: ADMIN_MSG.confirmTitle,
      body: item !== null ? body(item) : '',
      confirmLabel: ADMIN_MSG.delete,
      onConfirm: () => {
        if (item !== null) onConfirm(item);
      },
      onClose: () => setItem(null),
    },
  };
}
