/**
 * Italian interface text of the catalogue screens that shared/messages/ does not hold.
 * Strings come from the spec verbatim.
 */
export const CATALOG_TEXT = {
  catalogOverline: 'Il Catalogo',
  categoryOverline: 'Categoria',
  productsSubtitle:
    'Attrezzatura premium, programmi digitali e bundle esclusivi selezionati per chi si allena a casa e in palestra.',
  categoriesLabel: 'Filtra per categoria',
  wishlistAria: 'Aggiungi alla lista dei desideri',
  wishlistRemoveAria: 'Rimuovi dalla lista dei desideri',
  lowStock: (n: number) => (n === 1 ? 'Ultimo pezzo' : `Ultimi ${n} pezzi`),
  home: 'Home',
  products: 'Prodotti',
  backToProducts: 'Torna ai prodotti',
  soldOutNoticeTitle: 'Prodotto esaurito',
  soldOutNoticeBody: 'Questo prodotto non è al momento disponibile.',
  onlyLeft: (n: number) => (n === 1 ? 'Solo 1 disponibile' : `Solo ${n} disponibili`),
  digitalNotice: "Prodotto digitale: download immediato dopo l'acquisto",
  reviews: 'Recensioni',
  noReviews: 'Ancora nessuna recensione.',
  anonymousAuthor: 'Utente anonimo',
  pinned: 'In evidenza',
  adminReply: 'Risposta di Aurum Fitness',
  signInToReview: 'Accedi per lasciare una recensione',
  related: 'Prodotti Correlati',
  premiumLink: "Scopri l'Aurum Club",
  premiumHint: 'I membri del club ottengono sconti esclusivi e accesso ai prodotti riservati.',
  exclusiveTier: (tier: string) => `Esclusiva ${tier}`,
  imageLabel: (n: number) => `Immagine ${n}`,
  /** The listing's price of a product whose variants' prices differ: 'da 29,90 €' (before the lowest price). */
  priceFrom: 'da',
  /** A product page's option value whose variant is active without stock. */
  valueSoldOut: 'esaurito',
  /** A product page's option value with no variant on sale in that combination. */
  valueUnavailable: 'non disponibile',
  /** The card's and the wishlist's button of a product with options: it leads to the product page's choice. */
  chooseOptions: 'Scegli',
} as const;
