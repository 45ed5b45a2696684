/**
 * Italian texts of the Aurum Club sold online: subscription checkout, the profile's
 * Abbonamenti tab and its cancellation.
 */
export const CLUB_MSG = {
  planNotFound: 'Piano di abbonamento non trovato.',
  alreadyMemberTitle: 'Sei già membro',
  alreadyMember: 'Hai già un abbonamento Aurum Club attivo: lo trovi nel profilo, scheda Abbonamenti.',
  planNotSellableTitle: 'Piano non disponibile',
  planNotSellable:
    'Questo piano non può essere acquistato online: la sua durata supera i 36 mesi. Contattaci per attivarlo.',
  noSubscription: 'Non hai un abbonamento Aurum Club da annullare.',
  notCancellableTitle: 'Abbonamento senza rinnovo',
  notCancellable: (date: string) => `Il tuo abbonamento non si rinnova automaticamente: resta attivo fino al ${date}.`,
} as const;
