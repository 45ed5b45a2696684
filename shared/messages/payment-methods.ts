/**
 * Italian texts of the payment methods: their names, how an order was paid ('PayPal',
 * 'Carta Visa •••• 4242'), the Pagamenti switches and the refusals of a refund a method no longer
 * accepts. Kept apart from the screens' other texts so the functions that only label an order
 * carry just these.
 */
import type { PaymentMethodUsed, ShopPaymentMethod } from '../payment-methods';

/** Card brands as Stripe names them (`payment_method_details.card.brand`), as shoppers know them. */
const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

/** Wallets a card is paid through (`card.wallet.type`). */
const WALLETS: Record<string, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', link: 'Link' };

export const PAYMENT_METHOD_MSG = {
  /** The methods' names. */
  names: {
    card: 'Carta',
    paypal: 'PayPal',
    satispay: 'Satispay',
    klarna: 'Klarna',
  } satisfies Record<ShopPaymentMethod, string>,

  // Pagamenti: the switches
  title: 'Metodi di pagamento',
  description:
    'Scegli come possono pagare i clienti sulla pagina di pagamento di Stripe. Sono offerti solo metodi con esito immediato, perché la merce resta prenotata per i 30 minuti del pagamento.',
  switchLabels: {
    card: 'Carte (con Apple Pay e Google Pay)',
    paypal: 'PayPal',
    satispay: 'Satispay',
    klarna: 'Klarna',
  } satisfies Record<ShopPaymentMethod, string>,
  switchHints: {
    card: 'Carte di credito e di debito; Apple Pay e Google Pay compaiono sui dispositivi che li hanno.',
    paypal: "Anche per l'abbonamento al club. Rimborsi entro 180 giorni dal pagamento.",
    satispay:
      "Solo ordini del negozio, non l'abbonamento al club. Da 0,50 € a 999.999,99 €. Rimborsi entro 180 giorni.",
    klarna: "Solo ordini del negozio, non l'abbonamento al club. Klarna decide a ogni acquisto se accettarlo.",
  } satisfies Record<ShopPaymentMethod, string>,
  saved: 'Metodi di pagamento salvati.',
  oneForClub: "Lascia attive le carte o PayPal: l'abbonamento al club si paga solo così.",
  fieldLabel: 'Metodi di pagamento',

  // how an order was paid
  paidWith: 'Pagato con',
  none: 'Nessun pagamento dovuto',
  unknown: 'Non registrato',

  // a refund the method refuses
  refundClosedTitle: 'Rimborso non accettato dal metodo di pagamento',
  refundClosed: (method: string, days: number, lastDay: string) =>
    `${method} accetta rimborsi solo entro ${days} giorni dal pagamento (fino al ${lastDay}): questo rimborso non può più passare da ${method}. Restituisci l'importo al cliente in un altro modo (per esempio con un bonifico) e annotalo nell'ordine.`,
  refundClosedCustomer: (method: string) =>
    `Non possiamo rimborsare questo ordine su ${method}: il pagamento è troppo vecchio per un rimborso automatico. Scrivici dalla pagina Contatti e ti restituiremo l'importo in un altro modo.`,
  clubRefundRefusedTitle: 'Rimborso non riuscito',
  clubRefundRefused:
    "Il recesso è registrato e l'abbonamento è terminato, ma il metodo di pagamento non ha accettato il rimborso: ti contatteremo per restituirti l'importo in un altro modo.",
} as const;

/**
 * How an order was paid, in Italian: 'PayPal', 'Satispay', 'Klarna', 'Carta Visa •••• 4242',
 * 'Apple Pay (Visa •••• 4242)'. Another Stripe type is shown by its name as Stripe writes it.
 */
export function paymentMethodLabel(
  pm: Pick<PaymentMethodUsed, 'type' | 'card_brand' | 'card_last4' | 'wallet'>,
): string {
  if (pm.type !== 'card') return (PAYMENT_METHOD_MSG.names as Record<string, string>)[pm.type] ?? pm.type;
  const brand = pm.card_brand ? (CARD_BRANDS[pm.card_brand] ?? pm.card_brand) : null;
  const detail = [brand, pm.card_last4 ? `•••• ${pm.card_last4}` : null].filter(Boolean).join(' ');
  const wallet = pm.wallet ? WALLETS[pm.wallet] : undefined;
  if (wallet) return detail ? `${wallet} (${detail})` : wallet;
  return detail ? `${PAYMENT_METHOD_MSG.names.card} ${detail}` : PAYMENT_METHOD_MSG.names.card;
}

/**
 * How an order was paid, in Italian: the method's label, 'Nessun pagamento dovuto' for an order of
 * 0 €, or null when the method was not recorded (orders stored before it was).
 */
export function orderPaymentLabel(o: {
  total_cents: number;
  payment_method?: Pick<PaymentMethodUsed, 'type' | 'card_brand' | 'card_last4' | 'wallet'> | null;
}): string | null {
  if (o.total_cents === 0) return PAYMENT_METHOD_MSG.none;
  return o.payment_method ? paymentMethodLabel(o.payment_method) : null;
}
