/**
 * Italian answers of the account's own routes that only the server gives ('Elimina account' and a
 * deleted account's tokens): apart from API_MSG, which every page's first load carries.
 */
export const ACCOUNT_MSG = {
  accountErased: 'Questo account è stato eliminato.',
  wrongPassword: 'La password non è corretta.',
  erasurePaymentFailed:
    'Non è stato possibile annullare l’abbonamento Aurum Club: riprova tra qualche minuto. Il tuo account non è stato eliminato.',
} as const;
