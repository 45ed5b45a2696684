/**
 * Italian texts of shoppers' reviews (the product page's reviews and the spec's comment toasts).
 */
import { REVIEW_MAX_LENGTH, REVIEW_RATE_LIMIT } from '../reviews';

export const REVIEW_MSG = {
  /** The review was sent. */
  sent: "Il tuo commento è stato inviato e sarà visibile dopo l'approvazione.",
  sentTitle: 'Grazie!',
  /** Sending failed. */
  sendFailed: 'Impossibile inviare il commento.',
  loginRequired: 'Login richiesto: Devi accedere per commentare.',
  rateLimitedTitle: 'Troppi commenti',
  rateLimited: `Puoi inviare al massimo ${REVIEW_RATE_LIMIT} commenti all'ora. Riprova più tardi.`,
  tooLong: `Il commento può contenere al massimo ${REVIEW_MAX_LENGTH} caratteri.`,
  formTitle: 'Lascia una recensione',
  label: 'La tua recensione',
  placeholder: 'Racconta la tua esperienza con questo prodotto...',
  submit: 'Invia recensione',
  submitting: 'Invio in corso...',
  counter: (length: number) => `${length}/${REVIEW_MAX_LENGTH}`,
  verified: 'Acquisto verificato',
  moderationNote: 'Le recensioni sono pubblicate dopo la verifica del nostro team.',
} as const;
