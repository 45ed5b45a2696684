/**
 * Italian messages of checkout (one shopper, many tabs; no stock hoarding).
 */
export const CHECKOUT_MSG = {
  checkoutBusyTitle: 'Checkout in corso',
  checkoutBusy: 'Un altro pagamento è già in corso per il tuo account. Attendi qualche secondo e riprova.',
  checkoutSuperseded: 'Questo pagamento è stato sostituito da uno più recente. Riprova dal carrello.',
  /** The Idempotency-Key header of a checkout request: 1 to 255 visible characters (400 naming it). */
  idempotencyKeyInvalid: "L'intestazione Idempotency-Key non è valida: usa da 1 a 255 caratteri visibili.",
  /** The same key with another request body (Stripe answers such a reuse 400 too). */
  idempotencyKeyReused:
    'Questa richiesta di pagamento è già stata usata per un carrello diverso: ricarica la pagina e riprova.',
  /** The first request with this key still runs (Stripe answers 409). */
  idempotencyInProgress: 'La tua richiesta di pagamento è ancora in corso: attendi qualche secondo e riprova.',
  tooManyCheckoutsTitle: 'Troppi Tentativi',
  tooManyCheckouts: (minutes: number) =>
    `Hai avviato troppi pagamenti nell'ultima ora. Riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`,
  perProductCap: (name: string, max: number) =>
    `Puoi acquistare al massimo ${max} pezzi di "${name}" per ordine (contando anche i bundle).`,
  /** A cart that ships must name its method and address (400, field named). */
  shippingMethodRequired: 'Scegli un metodo di spedizione.',
  addressRequired: 'Scegli un indirizzo di spedizione o aggiungine uno.',
  shippingMethodUnknown: 'Il metodo di spedizione scelto non esiste più: scegline un altro.',
  addressUnknown: "L'indirizzo scelto non è tra i tuoi indirizzi salvati.",
  /**
   * A cart with digital content without the consent to its immediate supply (art. 59 c.1 lett. o
   * Codice del Consumo): 400 on field 'digital_consent'.
   */
  digitalConsentRequired:
    'Consenso alla fornitura immediata dei contenuti digitali: spunta la casella per acquistare i contenuti digitali del carrello.',
  /** The box at checkout, shown only when the cart holds digital content. */
  digitalConsentLabel:
    "Acconsento all'inizio immediato della fornitura dei contenuti digitali e riconosco di perdere così il diritto di recesso per questi contenuti (art. 59 c.1 lett. o Codice del Consumo).",
  /** A total Stripe cannot charge (under its minimum, but not free): 400 on field 'cart'. */
  belowMinimum: (minimum: string) =>
    `Il totale è inferiore a ${minimum}, l'importo minimo che possiamo addebitare: aggiungi un altro articolo al carrello.`,
  /** The server's total differs from the one the cart showed (prices, code or shipping changed meanwhile). */
  totalChangedTitle: 'Totale aggiornato',
  totalChanged: (amount: string) => `Il totale del carrello è cambiato ed è ora ${amount}. Controllalo e riprova.`,
} as const;
