/**
 * Italian refusals of the back office's status select (the order state machine, shared/orders.ts):
 * a paid order is not cancelled by its label alone, a refunded cancelled order is not reopened.
 */
export const ORDER_STATUS_MSG = {
  statusNotAllowedTitle: 'Stato non consentito',
  paidCancel: 'Questo ordine è pagato: per annullarlo usa «Rimborsa e annulla», così il cliente riceve il rimborso.',
  refundedReopen: 'Un ordine annullato e rimborsato non può essere riaperto.',
} as const;
