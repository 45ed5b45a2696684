import { CART_TOAST_TEXT } from './cart-toast-ui';
import { API_MSG } from './api-messages';
import { CATALOG_TEXT } from './catalog-ui';

/**
 * Italian interface text of the cart, wishlist, checkout and orders screens. The toast texts are
 * the spec's (section 8) verbatim; the rest is page copy in the shop's voice. The cart and wishlist
 * actions' toasts live in cart-toast-texts.ts (the header's hooks load only those).
 */
export const SHOP_TEXT = {
  ...CART_TOAST_TEXT,
  // Toasts
  wishlistLoadError: 'Impossibile caricare la lista dei desideri.',
  cartLoadError: 'Impossibile caricare il carrello.',
  cartUpdateError: 'Impossibile aggiornare il carrello.',
  paymentsMissingTitle: API_MSG.paymentsMissingTitle,
  paymentsMissing: API_MSG.paymentsMissing,
  checkoutErrorTitle: API_MSG.checkoutErrorTitle,
  redirectErrorTitle: 'Errore di reindirizzamento',
  redirectMissingUrl: 'Il servizio di pagamento non ha restituito un indirizzo valido.',
  ordersLoadError: 'Impossibile caricare gli ordini.',

  // Wishlist page
  wishlistTitle: 'Lista dei Desideri',
  wishlistOverline: 'I tuoi preferiti',
  wishlistSubtitle: 'I prodotti che hai salvato, pronti quando lo sei tu.',
  wishlistEmpty: 'La tua lista dei desideri è vuota.',
  wishlistEmptyHint: 'Tocca il cuore su un prodotto per salvarlo qui.',
  discoverProducts: 'Scopri i prodotti',
  removeFromWishlist: CATALOG_TEXT.wishlistRemoveAria,
  wishlistCount: (n: number) => (n === 1 ? '1 prodotto salvato' : `${n} prodotti salvati`),

  // Cart page
  cartTitle: 'Carrello',
  cartOverline: 'Il tuo carrello',
  cartEmpty: 'Il tuo carrello è vuoto',
  cartEmptyHint: 'Scopri attrezzatura premium, programmi digitali e bundle esclusivi.',
  startShopping: 'Inizia lo Shopping',
  summaryTitle: 'Riepilogo ordine',
  itemCount: (n: number) => (n === 1 ? '1 articolo' : `${n} articoli`),
  subtotal: (n: number) => `Subtotale (${n === 1 ? '1 articolo' : `${n} articoli`})`,
  premiumDiscount: 'Sconto Premium',
  premiumDiscountPct: (pct: number) => `Sconto Premium (${pct}%)`,
  shipping: 'Spedizione',
  shippingFree: 'GRATIS',
  total: 'Totale',
  checkout: 'Procedi al Checkout',
  checkoutBusy: 'Inizializzazione...',
  clearCart: 'Svuota carrello',
  clearCartConfirmTitle: 'Svuotare il carrello?',
  clearCartConfirmBody: 'Tutti gli articoli verranno rimossi dal carrello.',
  clearCartConfirm: 'Svuota',
  cancel: 'Annulla',
  continueShopping: 'Continua lo Shopping',
  removeLine: (name: string) => `Rimuovi ${name} dal carrello`,
  decrease: 'Diminuisci quantità',
  increase: 'Aumenta quantità',
  quantity: 'Quantità',
  unitPrice: 'cad.',
  digital: 'Prodotto digitale',
  bundle: 'Bundle',
  onlyAvailable: (n: number) =>
    n <= 0 ? 'Non più disponibile' : n === 1 ? 'Disponibile solo 1 pezzo' : `Disponibili solo ${n} pezzi`,
  securePayment: 'Pagamento sicuro con Stripe',
  memberSaving: (amount: string) => `Come membro Aurum Club risparmi ${amount}`,
  // Checkout details: discount code, shipping method, shipping address
  codeLabel: 'Codice sconto',
  codeApply: 'Applica',
  codeRemove: 'Rimuovi codice',
  codeRemovedTitle: 'Codice rimosso',
  codeRow: (code: string, value: string) => `Codice ${code} (${value})`,
  shippingTitle: 'Metodo di spedizione',
  shippingFreeFrom: (amount: string) => `Gratis da ${amount}`,
  shippingMissing: (amount: string) => `Aggiungi ${amount} per la spedizione gratuita`,
  shippingNone: 'Nessun metodo di spedizione disponibile al momento. Riprova più tardi.',
  digitalOnly: 'Solo prodotti digitali: nessuna spedizione, li scarichi dal tuo profilo.',
  addressTitle: 'Indirizzo di spedizione',
  addressAdd: 'Aggiungi indirizzo',
  addressNone: 'Non hai ancora indirizzi salvati: aggiungine uno per ricevere il tuo ordine.',
  addressLoadError: 'Impossibile caricare gli indirizzi.',
  addressSaveError: "Impossibile salvare l'indirizzo.",
  addressSaved: 'Indirizzo salvato e selezionato per la spedizione.',
  chooseShipping: 'Scegli un metodo di spedizione per continuare.',
  chooseAddress: 'Scegli un indirizzo di spedizione per continuare.',
  digitalConsentMissing: 'Per i contenuti digitali spunta la casella del consenso per continuare.',

  // Checkout outcome
  successTitle: 'Grazie per il tuo ordine!',
  successConfirming: 'Stiamo confermando il pagamento...',
  successConfirmed: 'Il pagamento è andato a buon fine e il tuo ordine è in elaborazione.',
  successOrderNumber: 'Numero ordine',
  successSlow:
    'La conferma del pagamento sta richiedendo qualche istante in più: troverai l\u2019ordine nel tuo profilo non appena sarà registrato.',
  successEmail: 'Potrai seguirne lo stato dalla sezione Ordini del tuo profilo.',
  goToOrders: 'Vai ai miei ordini',
  cancelTitle: 'Pagamento Annullato',
  cancelBody: 'Il pagamento è stato annullato e non ti è stato addebitato nulla.',
  cancelStillInCart: 'I tuoi articoli sono ancora nel carrello: puoi completare l\u2019ordine quando vuoi.',
  backToCart: 'Torna al Carrello',

  // Orders tab
  ordersTitle: 'I Miei Ordini',
  ordersEmpty: 'Non hai ancora effettuato ordini.',
  orderLabel: 'Ordine',
  orderDate: 'Data',
  orderTotal: 'Totale',
  download: 'Scarica',
  receipt: 'Scarica ricevuta',
  bundleContents: 'Contenuto del bundle',
  track: 'Traccia il mio ordine',
  trackingNumber: 'Tracking',
  quantityShort: (n: number) => `Qtà ${n}`,
  /** A cart line's option value of its variant: 'Peso: 16 kg'. */
  optionValue: (name: string, value: string) => `${name}: ${value}`,
} as const;
