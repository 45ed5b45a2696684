import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { checkoutErrorToast, errorToast } from './error-toast';

describe('shop error toasts', () => {
  it("uses the server's title and message when it names the problem", () => {
    const err = new ApiError(409, 'Questo prodotto non è al momento disponibile.', undefined, 'Prodotto Esaurito');
    expect(errorToast(err, 'Impossibile aggiungere al carrello.')).toEqual({
      variant: 'destructive',
      title: 'Prodotto Esaurito',
      description: 'Questo prodotto non è al momento disponibile.',
    });
  });

  it("falls back to 'Errore' with the action's message", () => {
    expect(errorToast(new ApiError(500, 'boom'), 'Impossibile aggiornare la quantità.')).toEqual({
      variant: 'destructive',
      title: 'Errore',
      description: 'Impossibile aggiornare la quantità.',
    });
    expect(errorToast('weird', 'Impossibile svuotare il carrello.').description).toBe(
      'Impossibile svuotare il carrello.',
    );
  });

  it("titles untitled checkout failures 'Errore Checkout' with the server message", () => {
    expect(checkoutErrorToast(new ApiError(400, 'Il carrello è vuoto.'), 'Errore Checkout', 'x')).toEqual({
      variant: 'destructive',
      title: 'Errore Checkout',
      description: 'Il carrello è vuoto.',
    });
    const missing = new ApiError(
      409,
      "L'admin non ha ancora configurato i pagamenti. Riprova più tardi.",
      undefined,
      'Configurazione Pagamenti Mancante',
    );
    expect(checkoutErrorToast(missing, 'Errore Checkout', 'x').title).toBe('Configurazione Pagamenti Mancante');
  });
});
