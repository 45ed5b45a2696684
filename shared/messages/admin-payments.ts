/**
 * Italian texts of the Pagamenti screen (the payment settings rule) and of
 * the key check (POST /api/admin/payment-settings/verify).
 */
export const PAYMENTS_MSG = {
  title: 'Pagamenti',
  description:
    'Chiavi del fornitore dei pagamenti (Stripe) e metodi di pagamento offerti ai clienti. Le chiavi segrete non vengono mai mostrate.',
  stripeTitle: 'Stripe',
  publishableKey: 'Chiave pubblicabile',
  secretKey: 'Chiave segreta',
  webhookSecret: 'Segreto di firma del webhook',
  isSet: 'Impostata',
  notSet: 'Non impostata',
  keepHint: 'Lascia vuoto per non cambiarla.',
  requiredHint: 'Obbligatoria, inizia con pk_test_ o pk_live_.',
  saved: 'Impostazioni di pagamento salvate.',
  verify: 'Verifica',
  verifying: 'Verifica in corso...',
  lastUpdate: (when: string) => `Ultimo aggiornamento: ${when}`,
  shippingProviderTitle: 'Corriere',
  shippingProviderKey: 'Chiave API del corriere',
  shippingProviderHint: 'Per calcolare le spedizioni con il corriere.',

  // verify outcomes (server)
  verifyOk: (account: string, live: boolean) =>
    `Connessione riuscita: account ${account}, modalità ${live ? 'live' : 'test'}.`,
  verifyNoSecret: 'Nessuna chiave segreta salvata: inseriscila e salva.',
  verifyNoPublishable: 'Manca la chiave pubblicabile: inseriscila e salva.',
  verifyRejected: 'Stripe ha rifiutato la chiave segreta salvata: controlla di averla copiata per intero.',
  verifyForbidden: "La chiave salvata non ha i permessi per leggere l'account Stripe.",
  verifyModeMismatch: 'La chiave pubblicabile e la chiave segreta sono di modalità diverse (test e live).',
  verifyUnreachable: 'Stripe non risponde. Riprova tra poco.',
} as const;
