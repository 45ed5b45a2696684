/**
 * Italian user-facing messages, exactly as the spec gives them (its error catalogue and screens).
 * Code and comments stay English; only these strings are Italian.
 */
/*
 * Texts both the SPA (MSG) and the API (API_MSG) show, defined once as constants of their own:
 * a reference from API_MSG into MSG would put the SPA's whole MSG object into every Lambda bundle.
 */
const PRODUCT_NOT_FOUND = 'Prodotto non trovato.';
const CATEGORY_NOT_FOUND = 'Categoria non trovata.';
const SOLD_OUT_TITLE = 'Prodotto Esaurito';
const SOLD_OUT_BODY = 'Questo prodotto non è al momento disponibile.';

export const MSG = {
  errorTitle: 'Errore',
  notImplemented: 'Questa funzione non è ancora implementata',
  inDevelopment: 'Funzionalità in sviluppo',
  logoutOk: 'Logout effettuato con successo',
  loading: 'Caricamento...',
  loadMore: 'Carica altri',
  loadingProducts: 'Caricamento prodotti...',
  noProducts: 'Nessun prodotto trovato',
  noProductsHint: 'Prova a modificare i filtri o il termine di ricerca.',
  searchPlaceholder: 'Cerca un prodotto...',
  all: 'Tutti',
  noCategory: 'Senza Categoria',
  soldOutOverlay: 'ESAURITO',
  soldOutButton: 'Esaurito',
  details: 'Dettagli',
  add: 'Aggiungi',
  addToCart: 'Aggiungi al Carrello',
  shopNow: 'Shop Ora',
  productNotFoundTitle: 'Prodotto non Trovato',
  productNotFound: PRODUCT_NOT_FOUND,
  categoryNotFound: CATEGORY_NOT_FOUND,
  pageNotFound: 'Pagina non trovata',
  deniedPremium: 'Accesso Negato: Questo è un prodotto esclusivo. Abbonati per vederlo!',
  soldOutTitle: SOLD_OUT_TITLE,
  soldOutBody: SOLD_OUT_BODY,
  noBundles: 'Nessun Bundle Disponibile',
  bundlesLoadError: 'Errore nel caricamento dei bundle',
  subscribeNow: 'Abbonati Ora',
  loadProducts: 'Impossibile caricare i prodotti.',
  loadPlans: 'Impossibile caricare i piani di abbonamento.',
  loadPremiumProducts: 'Impossibile caricare i prodotti premium.',
  loadCategories: 'Impossibile caricare le categorie.',
  loadComments: 'Impossibile caricare i commenti.',
  loadCategoryProducts: 'Impossibile caricare i prodotti per questa categoria.',
  loginRequiredTitle: 'Login Richiesto',
  accessRequiredTitle: 'Accesso Richiesto',
  cartLoginRequired: 'Devi effettuare il login per aggiungere prodotti al carrello.',
  wishlistLoginRequired: 'Devi effettuare il login per aggiungere prodotti alla tua lista dei desideri.',
} as const;

/** API error messages (server side), Italian, naming the field where there is one. */
export const API_MSG = {
  rateLimitedTitle: 'Troppe Richieste',
  rateLimited: 'Troppe richieste da questa connessione. Attendi qualche minuto e riprova.',
  notFoundProduct: PRODUCT_NOT_FOUND,
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
  internal: 'Si è verificato un errore interno. Riprova più tardi.',
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
