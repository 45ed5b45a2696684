/**
 * Maps a failed shop call to its toast: when the server names the problem with a title
 * (e.g. 'Prodotto Esaurito', 'Prodotto Esclusivo') its title and Italian message are shown;
 * otherwise the toast reads 'Errore' with the action's own message
 * (e.g. 'Impossibile aggiungere al carrello.').
 */
import { MSG } from '../../../shared/messages';
import type { ToastOptions } from './toast';

/** The parts of an error the toast needs (an ApiError, or anything thrown). */
export interface ErrorLike {
  title?: string;
  message?: string;
}

/**
 * Destructive toast for a failed action.
 * @param error what was thrown (ApiError carries the server's title and message)
 * @param fallback the spec's message for this action, used when the server gave no title
 */
export function errorToast(error: unknown, fallback: string): ToastOptions {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  if (typeof e.title === 'string' && e.title !== '') {
    return {
      variant: 'destructive',
      title: e.title,
      description: typeof e.message === 'string' && e.message !== '' ? e.message : fallback,
    };
  }
  return { variant: 'destructive', title: MSG.errorTitle, description: fallback };
}

/**
 * Destructive toast for a failed checkout start ('Errore Checkout' with the error's
 * message); a titled server error (e.g. 'Configurazione Pagamenti Mancante', 'Prodotto Esaurito')
 * keeps its own title.
 */
export function checkoutErrorToast(error: unknown, checkoutTitle: string, fallback: string): ToastOptions {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const message = typeof e.message === 'string' && e.message !== '' ? e.message : fallback;
  const title = typeof e.title === 'string' && e.title !== '' ? e.title : checkoutTitle;
  return { variant: 'destructive', title, description: message };
}
