import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../shared/messages';
import type { ApiError } from '../api/client';
import { useToast } from '../ui/toast';

/** Delay before leaving a missing product's page, so 'Prodotto non Trovato' is seen (ms). */
export const NOT_FOUND_REDIRECT_MS = 1500;

/**
 * Product page load errors:
 * - 404/400: after a short delay (the page shows 'Prodotto non Trovato'), toast 'Prodotto non trovato.' and go to '/';
 * - 403 (tier): toast 'Accesso Negato: ...' and go to /premium;
 * - anything else: toast the server's message.
 */
export function useProductErrorRedirect(error: ApiError | undefined): void {
  const { toast } = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    if (error.status === 404 || error.status === 400) {
      // The toast comes with the redirect, so it never sits beside the 'Prodotto non Trovato' heading.
      const timer = setTimeout(() => {
        toast({ title: MSG.errorTitle, description: MSG.productNotFound, variant: 'destructive' });
        void navigate('/', { replace: true });
      }, NOT_FOUND_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (error.status === 403) {
      toast({ title: MSG.errorTitle, description: MSG.deniedPremium, variant: 'destructive' });
      void navigate('/premium', { replace: true });
      return;
    }
    toast({ title: MSG.errorTitle, description: error.message, variant: 'destructive' });
  }, [error, toast, navigate]);
}
