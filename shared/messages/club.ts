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
  /** The box of the express request at the club's checkout (art. 50 c.3 Codice del Consumo). */
  serviceStartLabel:
    "Chiedo espressamente che l'abbonamento inizi subito, durante i 14 giorni per il recesso. So che, se recedo in quei giorni, pagherò la parte di abbonamento già goduta, in proporzione ai giorni trascorsi, e mi verrà rimborsato il resto.",
  serviceStartRequired:
    "Richiesta di inizio immediato dell'abbonamento: spunta la casella per chiedere che l'abbonamento inizi subito.",
  noWithdrawable: 'Non hai un abbonamento Aurum Club da cui recedere.',
  withdrawalNotAllowedTitle: 'Recesso non possibile',
  withdrawalPeriodOver: (lastDay: string) =>
    `Il periodo per recedere dall'abbonamento è terminato il ${lastDay}: puoi ancora annullare il rinnovo.`,
  alreadyWithdrawn: 'Hai già receduto da questo abbonamento.',
  withdrawalNotFirstPeriod:
    "Il recesso vale per il primo periodo dell'abbonamento: un rinnovo non è un nuovo contratto. Puoi annullare il rinnovo.",
} as const;
