import { useEffect } from 'react';
import { MSG } from '../../../shared/messages';
import { useToast } from './toast';

/**
 * Shows a destructive toast once each time `error` becomes truthy (e.g. an SWR load failure).
 * @param error the current error (falsy when there is none)
 * @param message toast text; used as description under the title 'Errore' unless asTitle
 */
export function useErrorToast(error: unknown, message: string, asTitle = false): void {
  const { toast } = useToast();
  const failed = Boolean(error);
  useEffect(() => {
    if (!failed) return;
    toast(asTitle ? { variant: 'destructive', title: message } : { variant: 'destructive', title: MSG.errorTitle, description: message });
  }, [failed, message, asTitle, toast]);
}
