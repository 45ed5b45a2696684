import { useEffect, useRef } from 'react';
import { MSG } from '../../../shared/messages';
import { useToast } from '../ui/toast';

/**
 * Shows one destructive toast ('Errore' + description) when `error` becomes set; it fires again
 * only after the error has cleared. Pass `enabled: false` to let the caller handle the error.
 */
export function useErrorToast(error: unknown, description: string, enabled = true): void {
  const { toast } = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (!error) {
      shown.current = false;
      return;
    }
    if (!enabled || shown.current) return;
    shown.current = true;
    toast({ title: MSG.errorTitle, description, variant: 'destructive' });
  }, [error, description, enabled, toast]);
}
