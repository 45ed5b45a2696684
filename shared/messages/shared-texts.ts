/**
 * Texts both the SPA (MSG) and the API (API_MSG) show, defined once as constants of their own: a
 * reference from API_MSG into MSG would put the SPA's whole MSG object into every Lambda bundle.
 */
export const PRODUCT_NOT_FOUND = 'Prodotto non trovato.';
export const CATEGORY_NOT_FOUND = 'Categoria non trovata.';
export const SOLD_OUT_TITLE = 'Prodotto Esaurito';
export const SOLD_OUT_BODY = 'Questo prodotto non è al momento disponibile.';

/**
 * The answer to an unexpected server error (API_MSG.internal), exported alone for the SPA's API
 * client, so the shop's first load carries this text, not the API's whole message catalogue.
 */
export const INTERNAL_ERROR = 'Si è verificato un errore interno. Riprova più tardi.';

/** Title of a 503 (a service the shop depends on is throttled or down for a moment) and of a throttled request. */
export const UNAVAILABLE_TITLE = 'Riprova tra poco';
/** A service the shop depends on is throttled or down for a moment (503): nothing was recorded. */
export const UNAVAILABLE =
  'Il servizio è momentaneamente sovraccarico. Riprova tra poco: non è stato registrato nulla.';
/** API Gateway's throttle (429 `Too Many Requests`), shown by the SPA's API client. */
export const THROTTLED = 'Troppe richieste in questo momento. Riprova tra poco.';
