/**
 * Italian user-facing messages, exactly as the spec gives them (its error catalogue and screens).
 * Code and comments stay English; only these strings are Italian.
 */
import { CATEGORY_NOT_FOUND, PRODUCT_NOT_FOUND, SOLD_OUT_BODY, SOLD_OUT_TITLE } from './shared-texts';

export { INTERNAL_ERROR, THROTTLED, UNAVAILABLE, UNAVAILABLE_TITLE } from './shared-texts';

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
