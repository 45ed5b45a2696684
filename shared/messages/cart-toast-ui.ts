/**
 * Italian toasts of the cart, wishlist and discount-code actions (the spec's texts verbatim), apart
 * from the pages' copy in texts.ts: the header's cart and wishlist hooks need only these in a
 * shopper's first load.
 */
export const CART_TOAST_TEXT = {
  addedTitle: 'Aggiunto!',
  wishlistAdded: 'Prodotto aggiunto alla tua lista dei desideri.',
  cartAdded: 'Articolo aggiunto al carrello.',
  updatedTitle: 'Aggiornato!',
  cartUpdated: 'Quantità aggiornata nel carrello.',
  removedTitle: 'Rimosso!',
  wishlistRemoved: 'Prodotto rimosso dalla tua lista dei desideri.',
  cartRemoved: 'Articolo rimosso dal carrello.',
  wishlistAddError: 'Impossibile aggiungere il prodotto ai preferiti.',
  wishlistRemoveError: 'Impossibile rimuovere il prodotto dai preferiti.',
  cartAddError: 'Impossibile aggiungere al carrello.',
  cartRemoveError: 'Impossibile rimuovere dal carrello.',
  quantityError: 'Impossibile aggiornare la quantità.',
  cartClearError: 'Impossibile svuotare il carrello.',
  codeAppliedTitle: 'Codice applicato!',
  codeApplied: (code: string) => `Il codice ${code} è stato applicato al carrello.`,
  codeError: 'Impossibile applicare il codice sconto.',
} as const;
