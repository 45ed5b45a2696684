/**
 * Italian texts of the refund screens: the back office's refund form, refund history and
 * 'Da rimborsare' filter, and the customer's 'Annulla ordine' and refund state in Ordini; with the
 * server's texts (refunds.ts), which the screens show too.
 */
import { REFUND_MSG } from './refunds';

export const REFUND_UI_MSG = {
  ...REFUND_MSG,
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
} as const;
