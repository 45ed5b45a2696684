/**
 * Italian texts of the supplier and automation screens (Fornitori, Automazioni: the import URL
 * and supplier rules, the toasts 'Importazione Completata!', 'Avvio Sincronizzazione',
 * 'Sincronizzazione Avviata', 'Errore Importazione', 'Errore Sincronizzazione').
 */
export const SUPPLIER_MSG = {
  apiKeyNeedsHttps:
    "Con una chiave API l'URL API scorte deve iniziare con https://: la chiave non può viaggiare in chiaro.",
  title: 'Fornitori',
  description: "Fornitori con il loro sito, l'API delle scorte e l'email per gli avvisi.",
  add: 'Nuovo fornitore',
  createTitle: 'Nuovo fornitore',
  editTitle: 'Modifica fornitore',
  empty: 'Nessun fornitore',
  emptyHint: 'Aggiungi un fornitore per importarne i prodotti e sincronizzarne le scorte.',
  tableLabel: 'Elenco dei fornitori',
  saveFailed: (message: string) => `Salvataggio fornitore fallito: ${message}`,
  created: 'Fornitore creato.',
  updated: 'Fornitore aggiornato.',
  deleted: 'Fornitore eliminato.',
  syncNow: 'Sincronizza ora',
  noShippingMethod: 'Nessuno',
  apiWithKey: 'API con chiave',
  apiWithoutKey: 'API senza chiave',
  pagesOnly: 'Solo pagine prodotto',
  apiKeyKeepHint: 'Lascia vuoto per mantenere la chiave attuale.',
  apiKeyNewHint: 'Inviata all\'API come "Authorization: Bearer" e "X-Api-Key". Non viene mai mostrata.',
  domainHint: 'I prodotti importati da questo dominio (anche i sottodomini) vengono collegati al fornitore.',
  notificationHint: 'Riceve gli avvisi di scorte esaurite o basse dei prodotti di questo fornitore.',
  labels: {
    name: 'Nome',
    api_url: 'URL API scorte',
    api_key: 'Chiave API',
    notification_email: 'Email notifiche',
    domain_name: 'Dominio',
    default_shipping_method_id: 'Metodo di spedizione predefinito',
  },
  columns: {
    name: 'Nome',
    domain: 'Dominio',
    stock: 'Scorte',
    email: 'Email notifiche',
    shipping: 'Spedizione predefinita',
    actions: 'Azioni',
  },
  notFound: 'Fornitore non trovato.',
  shippingMethodNotFound: 'Metodo di spedizione non trovato.',
  domainTaken: (name: string) => `Dominio già usato dal fornitore "${name}".`,
  subscribeFailed: "Impossibile iscrivere l'email alle notifiche: riprova più tardi.",
} as const;

export const AUTOMATION_MSG = {
  title: 'Automazioni',
  description: 'Importa un prodotto dalla pagina di un fornitore e sincronizza le scorte con i fornitori.',
  importTitle: 'Importa un prodotto da URL',
  importHint:
    "Incolla l'indirizzo della pagina del prodotto sul sito del fornitore: nome, descrizione, prezzi, immagini e disponibilità vengono letti dai dati strutturati della pagina.",
  urlLabel: 'URL del prodotto',
  importButton: 'Importa prodotto',
  importing: 'Importazione...',
  /** Import URL rule: empty URL. */
  urlMissingTitle: 'URL Mancante',
  urlMissing: 'Per favore, inserisci un URL del prodotto.',
  /** Import URL rule: unparsable URL ({host} is an example host). */
  urlInvalidTitle: 'URL non valido',
  urlInvalid: (host: string) => `Per favore, inserisci un URL valido (es. ${host}/prodotto)`,
  exampleHost: 'https://fornitore.it',
  importDoneTitle: 'Importazione Completata!',
  importCreated: (name: string) => `"${name}" è stato creato.`,
  importUpdated: (name: string) => `"${name}" è stato aggiornato.`,
  importErrorTitle: 'Errore Importazione',
  editProduct: 'Modifica il prodotto',
  viewInShop: 'Vedi nel negozio',
  lastImport: 'Ultima importazione',
  linkedTo: (supplier: string) => `Collegato al fornitore ${supplier}`,
  notLinked: 'Nessun fornitore con questo dominio: prodotto non collegato.',
  imagesSaved: (n: number) =>
    n === 1 ? '1 immagine salvata nel nostro archivio' : `${n} immagini salvate nel nostro archivio`,
  /** The import's in-stock rule (shared/import-stock.ts), one sentence per case. */
  importStock: {
    page_level: (n: number) =>
      n === 0
        ? 'Scorta dalla pagina del fornitore: 0 pezzi (ESAURITO).'
        : `Scorta dalla pagina del fornitore: ${n === 1 ? '1 pezzo' : `${n} pezzi`}.`,
    out_of_stock: () => 'La pagina indica il prodotto esaurito: scorta a 0 (ESAURITO).',
    in_stock_default: (n: number) =>
      `La pagina indica «disponibile» senza quantità: il prodotto è in vendita con ${n} pezzi (valore predefinito). Correggi la scorta nel prodotto se la conosci; la sincronizzazione la aggiorna quando il fornitore pubblica una quantità.`,
    unknown: () =>
      'La pagina non indica né quantità né disponibilità: scorta a 0 (ESAURITO) finché non la imposti nel prodotto.',
  },

  syncTitle: 'Sincronizzazione scorte',
  syncHint:
    'Legge le scorte di ogni prodotto collegato a un fornitore (API delle scorte o pagina del prodotto) e aggiorna solo le quantità cambiate. Viene eseguita anche in automatico.',
  syncSchedule: (every: string) => `Esecuzione automatica: ${every}.`,
  startSync: 'Avvia Sincronizzazione',
  syncStartingTitle: 'Avvio Sincronizzazione',
  syncStarting: 'Richiesta di avvio inviata...',
  syncStartedTitle: 'Sincronizzazione Avviata',
  syncStarted: "La sincronizzazione è in corso: l'avanzamento è mostrato qui sotto.",
  syncSupplierStarted: (name: string) => `Sincronizzazione di ${name} in corso: l'avanzamento è in Automazioni.`,
  syncErrorTitle: 'Errore Sincronizzazione',
  syncBusy: 'Una sincronizzazione è già in corso: attendi che finisca.',
  syncInvokeFailed: 'Impossibile avviare la sincronizzazione: riprova più tardi.',
  runsTitle: 'Ultime sincronizzazioni',
  runsEmpty: 'Nessuna sincronizzazione',
  runsEmptyHint: 'Avvia la prima sincronizzazione o attendi quella automatica.',
  runsTable: 'Ultime sincronizzazioni delle scorte',
  runNotFound: 'Sincronizzazione non trovata.',
  runDetail: 'Dettaglio sincronizzazione',
  open: 'Apri',
  close: 'Chiudi',
  columns: {
    started: 'Avvio',
    trigger: 'Origine',
    status: 'Stato',
    checked: 'Controllati',
    changed: 'Cambiati',
    failed: 'Errori',
    actions: '',
  },
  trigger: { schedule: 'Pianificata', button: 'Manuale', supplier: 'Fornitore' } as Record<string, string>,
  status: { running: 'In corso', completed: 'Completata', failed: 'Fallita' } as Record<string, string>,
  progress: (done: number, total: number) => `${done} di ${total} prodotti`,
  duration: 'Durata',
  finished: 'Fine',
  allSuppliers: 'Tutti i fornitori',
  supplier: 'Fornitore',
  changedTitle: 'Scorte cambiate',
  failedTitle: 'Prodotti non sincronizzati',
  supplierErrorsTitle: 'Fornitori non raggiungibili',
  alertsTitle: 'Avvisi inviati',
  noChanges: 'Nessuna scorta cambiata.',
  truncated: 'Elenco troncato: sono mostrati i primi risultati.',
  alertState: { sold_out: 'Esaurito', low_stock: 'Scorta bassa' } as Record<string, string>,
  loadRuns: 'Impossibile caricare le sincronizzazioni.',
  runError: 'Errore',
} as const;

/** Notification texts (SNS: email subject and body). */
export const NOTIFICATION_MSG = {
  stockAlertSubject: (n: number) =>
    n === 1
      ? 'Aurum Fitness: 1 prodotto esaurito o in esaurimento'
      : `Aurum Fitness: ${n} prodotti esauriti o in esaurimento`,
  stockAlertIntro: (supplier: string) =>
    `La sincronizzazione delle scorte con ${supplier} ha cambiato lo stato di questi prodotti:`,
  salesStockAlertIntro: (order: string) => `L'ordine #${order} ha portato sotto la soglia le scorte di:`,
  soldOutLine: (name: string) => `- ${name}: ESAURITO (0 disponibili)`,
  lowLine: (name: string, q: number) => `- ${name}: scorta bassa (${q} disponibili)`,
  runFailuresSubject: (failed: number) =>
    `Aurum Fitness: sincronizzazione scorte con ${failed} ${failed === 1 ? 'errore' : 'errori'}`,
  runFailedSubject: 'Aurum Fitness: sincronizzazione scorte fallita',
  runSummary: (checked: number, changed: number, failed: number) =>
    `Prodotti controllati: ${checked}, cambiati: ${changed}, con errori: ${failed}.`,
  runFailedBody: (reason: string) => `La sincronizzazione delle scorte non è stata completata: ${reason}`,
  failureLine: (name: string, reason: string) => `- ${name}: ${reason}`,
  supplierErrorLine: (name: string, reason: string) => `- Fornitore ${name}: ${reason}`,
  more: (n: number) => `... e altri ${n}.`,
  openRun: (id: string) => `Dettagli in Automazioni, sincronizzazione ${id}.`,
} as const;
