/**
 * The API's error messages (API_MSG), a module of its own so the SPA's first load, which needs
 * only MSG, does not carry them (a lazily loaded screen that shows one loads this module).
 */
import {
  CATEGORY_NOT_FOUND,
  INTERNAL_ERROR,
  PRODUCT_NOT_FOUND,
  SOLD_OUT_BODY,
  SOLD_OUT_TITLE,
  THROTTLED,
  UNAVAILABLE,
  UNAVAILABLE_TITLE,
} from './shared-texts';

/** API error messages (server side), Italian, naming the field where there is one. */
export const API_MSG = {
  rateLimitedTitle: 'Troppe Richieste',
  rateLimited: 'Troppe richieste da questa connessione. Attendi qualche minuto e riprova.',
  notFoundProduct: PRODUCT_NOT_FOUND,
  notFoundVariant: 'Variante non trovata.',
  chooseVariant: "Il campo 'variant_id' è obbligatorio: scegli una variante del prodotto.",
  notFoundCategory: CATEGORY_NOT_FOUND,
  notFoundRoute: 'Risorsa non trovata.',
  invalidId: (field: string) => `Il campo '${field}' non è un identificativo valido.`,
  invalidField: (field: string) => `Il campo '${field}' non è valido.`,
  requiredField: (field: string) => `Il campo '${field}' è obbligatorio.`,
  invalidJson: 'Il corpo della richiesta non è un JSON valido.',
  unauthorized: 'Devi effettuare il login.',
  forbidden: 'Non hai i permessi per questa azione.',
  notThroughShop: 'Richiesta non consentita: usa il sito del negozio.',
  banned: 'Il tuo account è sospeso.',
  internal: INTERNAL_ERROR,
  unavailableTitle: UNAVAILABLE_TITLE,
  /** A service the shop depends on is throttled or down for a moment (503). */
  unavailable: UNAVAILABLE,
  /** API Gateway's throttle (429 `Too Many Requests`), shown by the SPA. */
  throttled: THROTTLED,
  principalAdminTitle: 'Azione non permessa',
  principalAdmin: "Non puoi modificare l'account admin principale.",
  notFoundUser: 'Utente non trovato.',
  notFoundAddress: 'Indirizzo non trovato.',
  notFoundBundle: 'Bundle non trovato.',
  notFoundCartLine: 'Articolo non presente nel carrello.',
  notFoundOrder: 'Ordine non trovato.',
  exclusiveTitle: 'Prodotto Esclusivo',
  deniedPremiumShort: 'Questo è un prodotto esclusivo. Abbonati per acquistarlo!',
  exclusiveBundle: 'Questo bundle è riservato ai membri Aurum Club.',
  exclusiveBundleTier: 'Questo bundle contiene prodotti riservati a un livello Aurum Club superiore al tuo.',
  soldOutTitle: SOLD_OUT_TITLE,
  soldOut: SOLD_OUT_BODY,
  notEnoughStock: (name: string, available: number) =>
    `Disponibilità insufficiente per "${name}": ne restano ${available}.`,
  cartLimit: (max: number) => `Puoi aggiungere al massimo ${max} pezzi per articolo.`,
  emptyCart: 'Il carrello è vuoto.',
  /** More distinct items than the cart holds (MAX_CART_LINES). */
  tooManyLines: (max: number, count: number) =>
    count > max
      ? `Il carrello può contenere al massimo ${max} articoli diversi: rimuovine ${count - max} per procedere.`
      : `Il carrello può contenere al massimo ${max} articoli diversi.`,
  cartFullTitle: 'Carrello Pieno',
  paymentsMissingTitle: 'Configurazione Pagamenti Mancante',
  paymentsMissing: "L'admin non ha ancora configurato i pagamenti. Riprova più tardi.",
  checkoutErrorTitle: 'Errore Checkout',
  paymentProviderError: 'Il servizio di pagamento non risponde. Riprova tra poco.',
  webhookSignature: 'Firma del webhook non valida.',
  selfAction: 'Non puoi eseguire questa azione sul tuo account.',
  staffMfaRequiredTitle: 'Verifica a due fattori richiesta',
  searchUnavailable: 'La ricerca non è disponibile al momento. Riprova tra poco.',
  staffMfaRequired: 'Per usare il pannello di amministrazione attiva la verifica a due fattori e accedi di nuovo.',
  staffSessionStale:
    'Il tuo ruolo o la tua verifica a due fattori sono cambiati dopo questo accesso: esci e accedi di nuovo.',
} as const;
