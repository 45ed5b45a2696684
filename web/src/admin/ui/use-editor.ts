/**
 * Which item a section's create/edit dialog is open for: `create()` opens it empty, `edit(item)`
 * with an item, `saved()` closes it and reloads the list.
 */
import { useState } from 'react';

export function useEditor<T>(reload: () => unknown) {
  const [target, setTarget] = useState<{ item: T | null } | null>(null);
  return {
    /** null when closed; `{ item: null }` when creating. */
    target,
    create: () => setTarget({ item: null }),
    edit: (item: T) => setTarget({ item }),
    close: () => setTarget(null),
    saved: () => {
      setTarget(null);
      void reload();
    },
  };
}
