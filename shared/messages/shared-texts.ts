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
