/**
 * Italian texts of the withdrawal from a contract (shared/withdrawals.ts) that the server writes: the
 * answers of the withdrawal routes and the reason recorded with its refund. The screens' own texts
 * are in withdrawals-ui.ts.
 */
export const WITHDRAWAL_MSG = {
  notAllowedTitle: 'Recesso non possibile',
  period:
    'Il recesso dal contratto è possibile entro 14 giorni dalla consegna dei prodotti fisici: per questo ordine il periodo non è in corso. Per un reso scrivi al supporto.',
  empty: 'Scegli almeno un prodotto da restituire.',
  digitalLine:
    'Una delle righe scelte non esiste o è un contenuto digitale, per il quale il diritto di recesso non si applica.',
  already: (left: number) =>
    left === 0
      ? 'Per questo prodotto il recesso è già stato richiesto (o il prodotto è già stato rimborsato).'
      : `Di questo prodotto puoi restituire ancora ${left} pezzi.`,
  unknownWithdrawal: 'Recesso non trovato.',
  stepTitle: 'Passaggio non possibile',
  notRequested: 'La merce di questo recesso è già stata registrata come ricevuta.',
  notReceived: 'Il rimborso di un recesso si fa dopo aver ricevuto la merce: registra prima la merce ricevuta.',
  refundReason: 'Recesso dal contratto',
} as const;
