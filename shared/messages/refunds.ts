/**
 * Italian texts of refunds and order cancellation that the server writes: the answers of the
 * refund and cancellation routes, the reasons the shop records, the refund statuses. The screens'
 * own texts are in refunds-ui.ts (kept apart so the functions' bundles do not carry them).
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
  // labels
  statuses: {
    pending: 'In corso',
    succeeded: 'Completato',
    failed: 'Non riuscito',
    canceled: 'Annullato',
  } satisfies Record<RefundStatus, string>,
} as const;
