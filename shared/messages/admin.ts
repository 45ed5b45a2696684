/**
 * Italian texts of the back office shared by every section (the admin shell, the confirmation
 * dialog, the spec's load-failure and save/delete toasts). Section-specific texts live next to their section.
 */
export const ADMIN_MSG = {
  title: 'Pannello Admin',
  sectionsLabel: 'Sezioni admin',
  backToSite: 'Torna al sito',
  logout: 'Logout',
  openMenu: 'Apri il menu',
  themeToDark: 'Passa al tema scuro',
  themeToLight: 'Passa al tema chiaro',
  signedInAs: (email: string) => `Accesso come ${email}`,
  roleLabel: { admin: 'Admin', collaborator: 'Collaboratore', user: 'Utente' } as const,

  successTitle: 'Successo!',
  created: 'Creato con successo.',
  updated: 'Aggiornato con successo.',
  deleted: 'Eliminato con successo.',
  saveFailed: (message?: string) => (message ? `Salvataggio fallito: ${message}` : 'Salvataggio fallito.'),
  deleteFailed: 'Eliminazione fallita.',
  updateFailed: 'Aggiornamento fallito.',
  actionFailed: (message: string) => `Impossibile completare l'azione: ${message}`,

  confirmTitle: 'Sei assolutamente sicuro?',
  confirm: 'Conferma',
  cancel: 'Annulla',
  save: 'Salva',
  saving: 'Salvataggio...',
  create: 'Crea',
  edit: 'Modifica',
  delete: 'Elimina',
  deleteBody: (name: string) => `Stai per eliminare "${name}". Questa azione non può essere annullata.`,
  search: 'Cerca',
  loadMore: 'Carica altri',
  retry: 'Riprova',
  noResults: 'Nessun risultato',
  noResultsHint: 'Prova a modificare i filtri o il termine di ricerca.',

  /** Load failures (the spec's error catalogue). */
  load: {
    products: 'Impossibile caricare i prodotti.',
    productImages: 'Impossibile caricare le immagini del prodotto',
    plans: 'Impossibile caricare gli abbonamenti.',
    bundles: 'Impossibile caricare i bundle.',
    comments: 'Impossibile caricare i commenti.',
    categories: 'Impossibile caricare le categorie.',
    shippingMethods: 'Impossibile caricare i metodi di spedizione.',
    discountCodes: 'Impossibile caricare i codici sconto.',
    assets: 'Impossibile caricare gli asset digitali.',
    suppliers: 'Impossibile caricare i fornitori.',
    discountTiers: 'Impossibile caricare i livelli di sconto.',
    inventoryAlerts: 'Impossibile caricare gli avvisi di inventario.',
    paymentSettings: 'Impossibile caricare le impostazioni di pagamento.',
    users: (message: string) => `Impossibile caricare gli utenti: ${message}`,
    orders: 'Impossibile caricare gli ordini.',
    orderItems: "Impossibile caricare i prodotti dell'ordine.",
  },
} as const;
