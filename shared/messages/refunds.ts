/**
 * Italian texts of refunds and order cancellation: the back office's refund form and history,
 * the customer's 'Annulla ordine', and the answers of both routes.
 */
import type { RefundStatus } from '../refunds';

export const REFUND_MSG = {
  // answers (server)
  nothingToRefundTitle: 'Niente da rimborsare',
  nothingToRefund: 'Questo ordine è già stato rimborsato per intero.',
  tooMuch: (left: string) => `L'importo supera quanto resta da rimborsare (${left}).`,
  unknownLine: 'Una delle righe indicate non esiste in questo ordine.',
  tooManyUnits: (left: number) =>
    left === 0
      ? 'Questa riga è già stata rimborsata per intero.'
      : `Di questa riga restano da rimborsare ${left} pezzi.`,
  emptyRequest: 'Indica almeno un pezzo o un importo da rimborsare.',
  noPayment: 'Questo ordine non ha un pagamento Stripe registrato: il rimborso va fatto dalla dashboard di Stripe.',
  noPaymentTitle: 'Pagamento non trovato',
  neverTaken: 'Le unità di questo ordine non sono mai state prelevate dal magazzino: non possono esservi rimesse.',
  changedTitle: 'Ordine aggiornato',
  changed: "L'ordine è stato modificato nel frattempo: ricarica e riprova.",
  // the state machine's refusals
  cancelNotAllowedTitle: 'Annullamento non possibile',
  cancelShipped: "L'ordine è già stato spedito: non può più essere annullato. Per un reso scrivi al supporto.",
  cancelDone: "L'ordine è già annullato.",
  paidCancel: 'Questo ordine è pagato: per annullarlo usa «Rimborsa e annulla», così il cliente riceve il rimborso.',
  refundedReopen: 'Un ordine annullato e rimborsato non può essere riaperto.',
  statusNotAllowedTitle: 'Stato non consentito',
  // reasons written by the shop
  cancellationReason: 'Annullato dal cliente',
  stripeReason: (reason: string | null) =>
    reason === 'requested_by_customer'
      ? 'Rimborso fatto su Stripe (richiesto dal cliente)'
      : reason === 'duplicate'
        ? 'Rimborso fatto su Stripe (pagamento doppio)'
        : reason === 'fraudulent'
          ? 'Rimborso fatto su Stripe (frode)'
          : 'Rimborso fatto su Stripe',
  // the back office's refund form and history
  refundsSection: 'Rimborsi',
  noRefunds: 'Nessun rimborso.',
  refundButton: 'Rimborsa',
  cancelAndRefundButton: 'Rimborsa e annulla',
  refundTitle: (shortId: string) => `Rimborso dell'ordine #${shortId}`,
  modeLabel: 'Cosa rimborsare',
  modes: { lines: 'Articoli', amount: 'Importo', full: 'Tutto il rimanente' },
  unitsOf: (name: string) => `Pezzi di «${name}» da rimborsare`,
  unitsLeft: (left: number, paid: string) => `Restano ${left} · pagato ${paid} in tutto`,
  amountLabel: 'Importo (€)',
  amountHint: (left: string) => `Al massimo ${left}.`,
  reasonLabel: 'Motivo',
  reasonHint: 'Resta nello storico dei rimborsi dell’ordine.',
  restockLabel: 'Rimetti in magazzino i pezzi rimborsati',
  restockNever: 'Pezzi mai prelevati dal magazzino: nulla da rimettere.',
  cancelLabel: "Annulla anche l'ordine",
  preview: (amount: string) => `Verrà rimborsato ${amount} sulla carta del cliente tramite Stripe.`,
  previewShipping: 'La spedizione è inclusa: è un rimborso totale.',
  refundableLeft: (left: string) => `Da rimborsare ancora: ${left}`,
  submit: (amount: string) => `Rimborsa ${amount}`,
  doneTitle: 'Rimborso eseguito',
  done: (amount: string) => `Rimborsati ${amount} al cliente.`,
  failedTitle: 'Rimborso non riuscito',
  failed: (reason: string) => `Stripe ha rifiutato il rimborso (${reason}): il denaro non è stato restituito.`,
  pendingNote: 'Stripe non ha ancora confermato il rimborso: lo stato si aggiorna da solo.',
  by: (who: string | null) => (who ? `da ${who}` : 'da Stripe'),
  shippingIncluded: 'spedizione inclusa',
  restocked: 'rimesso in magazzino',
  needsRefund: 'Da rimborsare',
  needsRefundFilter: 'Da rimborsare',
  oneClick: 'Rimborsa tutto e annulla',
  oneClickReason: 'Pagato dopo il rilascio della merce: prodotto esaurito',
  // the customer's Ordini
  cancelOrderButton: 'Annulla ordine',
  cancelConfirmTitle: 'Annullare questo ordine?',
  cancelConfirm: (amount: string) =>
    `L'ordine verrà annullato e ti rimborseremo ${amount} sul metodo di pagamento usato. L'operazione non si può annullare.`,
  cancelConfirmFree: "L'ordine verrà annullato. L'operazione non si può annullare.",
  cancelKeep: 'No, mantieni',
  cancelYes: 'Sì, annulla ordine',
  cancelledTitle: 'Ordine annullato',
  cancelled: (amount: string) => `Rimborso di ${amount} avviato: lo vedrai sul conto in 5-10 giorni lavorativi.`,
  cancelledFree: "L'ordine è stato annullato.",
  refundedUnits: (n: number) => (n === 1 ? '1 pezzo rimborsato' : `${n} pezzi rimborsati`),
  refundedAmount: (amount: string) => `Rimborsati ${amount}`,
  // labels
  statuses: {
    pending: 'In corso',
    succeeded: 'Completato',
    failed: 'Non riuscito',
    canceled: 'Annullato',
  } satisfies Record<RefundStatus, string>,
} as const;
