/**
 * Italian texts of the back office's variant grid (the 'Varianti' panel of a product's edit
 * screen): options and their values, the grid's columns, the bulk changes and the statuses. The
 * server's refusals are in admin-catalog.ts (CATALOG_ADMIN_API_MSG.variants).
 */
export const VARIANTS_ADMIN_TEXT = {
  panelTitle: 'Varianti',
  panelHint:
    'Fino a 3 opzioni (per esempio Peso, Taglia, Colore) e una variante per combinazione, ciascuna con SKU, prezzo e scorta.',
  manage: 'Gestisci varianti',
  /** Under the product form's price and stock when the product has options (the server keeps the variants'). */
  fromVariants: 'Prezzo e scorta sono quelli delle varianti: cambiali in «Gestisci varianti».',
  dialogTitle: (product: string) => `Varianti: ${product}`,
  loading: 'Caricamento varianti...',
  loadFailed: 'Impossibile caricare le varianti.',
  // options
  optionsTitle: 'Opzioni',
  noOptions: 'Nessuna opzione: il prodotto ha una sola variante.',
  addOption: 'Aggiungi opzione',
  optionName: (n: number) => `Nome opzione ${n + 1}`,
  removeOption: (name: string) => `Rimuovi opzione ${name}`,
  removeOptionBlocked: 'Senza questa opzione due varianti salvate avrebbero la stessa combinazione.',
  optionValues: (name: string) => `Valori di ${name}`,
  valueText: (option: string, n: number) => `${option}: valore ${n + 1}`,
  newValue: (option: string) => `Nuovo valore di ${option}`,
  addValue: 'Aggiungi',
  moveValueUp: (value: string) => `Sposta ${value} su`,
  moveValueDown: (value: string) => `Sposta ${value} giù`,
  removeValue: (value: string) => `Rimuovi ${value}`,
  valueInUse: (value: string) => `${value} è usato da una variante salvata: rinominalo o archivia la variante.`,
  unnamedOption: (n: number) => `Opzione ${n + 1}`,
  generate: 'Genera combinazioni',
  generated: (n: number) =>
    n === 0
      ? 'Tutte le combinazioni hanno già una variante.'
      : n === 1
        ? '1 variante aggiunta.'
        : `${n} varianti aggiunte.`,
  tooManyVariants: (max: number) => `Al massimo ${max} varianti per prodotto.`,
  // grid
  gridLabel: 'Varianti del prodotto',
  columns: {
    select: 'Seleziona',
    sku: 'SKU',
    price: 'Prezzo (€)',
    announce: 'Annuncia riduzione',
    stock: 'Scorta',
    weight: 'Peso (g)',
    gtin: 'GTIN (EAN)',
    images: 'Immagini',
    status: 'Stato',
    actions: 'Azioni',
  },
  /** Accessible name of a cell's field: the column and the row's variant ('SKU – 16 kg'). */
  cell: (column: string, variant: string) => `${column} – ${variant}`,
  rowName: (n: number) => `variante ${n + 1}`,
  // a variant's own images, chosen from the product's gallery
  imagesOfProduct: 'Galleria del prodotto',
  imagesChosen: (n: number) => (n === 1 ? '1 immagine' : `${n} immagini`),
  imagesOf: (variant: string) => `Immagini di ${variant}`,
  imageLabel: (n: number) => `Immagine ${n + 1}`,
  imagesHint: 'Se non ne scegli nessuna, la variante mostra tutta la galleria del prodotto.',
  noGallery: 'Il prodotto non ha immagini: caricale e salva il prodotto, poi scegli qui quelle di ogni variante.',
  defaultVariant: 'variante unica',
  selectRow: (variant: string) => `Seleziona ${variant}`,
  selectAll: 'Seleziona tutte le varianti',
  reductionShown: (reference: string, percent: number) => `Barrato ${reference} (-${percent}%)`,
  newRow: 'Nuova',
  newStockHint: 'Scorta iniziale',
  active: 'In vendita',
  archived: 'Archiviata',
  archive: (variant: string) => `Archivia ${variant}`,
  restore: (variant: string) => `Ripristina ${variant}`,
  archiveShort: 'Archivia',
  restoreShort: 'Ripristina',
  removeNew: (variant: string) => `Togli ${variant} (non salvata)`,
  // bulk changes on the selected rows
  selected: (n: number) => (n === 1 ? '1 variante selezionata' : `${n} varianti selezionate`),
  bulkPrice: 'Nuovo prezzo (€)',
  bulkPriceApply: (price: string) => `Tutti a ${price} €`,
  bulkStock: 'Pezzi da aggiungere',
  bulkStockApply: (n: number) => `+${n} pezzi`,
  bulkStockHint: 'Le varianti salvate ricevono subito il rifornimento; le nuove lo aggiungono alla scorta iniziale.',
  restocked: (n: number, units: number) =>
    n === 1 ? `Rifornimento: +${units} pezzi a 1 variante.` : `Rifornimento: +${units} pezzi a ${n} varianti.`,
  invalidPrice: 'Prezzo non valido (per esempio 39,90).',
  invalidUnits: 'Numero intero di pezzi, da 1 a 100000.',
  // save
  save: 'Salva varianti',
  saved: 'Varianti salvate.',
  close: 'Chiudi',
  // orders: the variant an order line bought
  orderLineVariant: (values: readonly { name: string; value: string }[], sku: string) =>
    [...values.map((v) => `${v.name}: ${v.value}`), sku ? `SKU ${sku}` : ''].filter(Boolean).join(' · '),
} as const;
