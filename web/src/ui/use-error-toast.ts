import { useEffect, useRef } from 'react';
import { MSG } from '../../../shared/messages';
import { useToast } from './toast';

/**
 * Shows one destructive toast when `error` becomes set (e.g. an SWR load failure); it fires
 * again only after the error has cleared.
 * @param error the current error (falsy when there is none)
 * @param message toast text: the description under the title 'Errore', or the title itself when asTitle
 */
export function useLoadErrorToast(error: unknown, message: string, asTitle = false): void {
  const { toast } = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (!error) {
      shown.current = false;
      return;
    }
    if (shown.current) return;
    shown.current = true;
    toast(
      asTitle
        ? { variant: 'destructive', title: message }
        : { variant: 'destructive', title: MSG.errorTitle, description: message },
    );
  }, [error, message, asTitle, toast]);
}
