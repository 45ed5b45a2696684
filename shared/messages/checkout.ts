/**
 * Italian messages of checkout (issue 10 "One shopper, many tabs", "No stock hoarding").
 */
export const CHECKOUT_MSG = {
  checkoutBusyTitle: 'Checkout in corso',
  checkoutBusy: 'Un altro pagamento è già in corso per il tuo account. Attendi qualche secondo e riprova.',
  checkoutSuperseded: 'Questo pagamento è stato sostituito da uno più recente. Riprova dal carrello.',
  tooManyCheckoutsTitle: 'Troppi Tentativi',
  tooManyCheckouts: (minutes: number) => `Hai avviato troppi pagamenti nell'ultima ora. Riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`,
  perProductCap: (name: string, max: number) => `Puoi acquistare al massimo ${max} pezzi di "${name}" per ordine (contando anche i bundle).`,
} as const;
