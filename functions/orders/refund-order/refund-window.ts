/**
 * The refund period of each payment method: how long after the payment the method still accepts a
 * refund (shared/payment-methods.ts, PAYMENT_METHOD_RULES `refund_days`, each with the sentence it
 * comes from: PayPal and Satispay 180 days; cards and Klarna publish none). A refund past it would
 * be refused by Stripe; the shop refuses it first, with a message that says what to do instead, and
 * tells the operator (refund-order.ts). Pure.
 */
import { italianDate } from '../../../shared/calendar';
import { PAYMENT_METHOD_RULES, SHOP_PAYMENT_METHODS, type PaymentMethodUsed } from '../../../shared/payment-methods';
import { paymentMethodLabel } from '../../../shared/messages/payment-methods';

/** Why a method no longer takes a refund: its name, its period in days and the last day it did. */
export interface RefundWindowClosed {
  /** The method, in Italian ('PayPal'). */
  method: string;
  /** The method's refund period, days. */
  days: number;
  /** The last Italian calendar day the refund was accepted, 'YYYY-MM-DD'. */
  last_day: string;
}

/**
 * Whether the method that paid an order still accepts a refund at `now`: null when it does (or
 * publishes no period, or the method is not known), else why not. The period runs from the payment
 * (the charge's creation) for whole periods of 24 hours, as Stripe counts the charge's age.
 * @param paid how the order was paid (null: not known, nothing refused here; Stripe still judges)
 * @param now the time of the refund
 */
export function refundWindowClosed(paid: PaymentMethodUsed | null, now: Date): RefundWindowClosed | null {
  if (!paid || !(SHOP_PAYMENT_METHODS as readonly string[]).includes(paid.type)) return null;
  const days = PAYMENT_METHOD_RULES[paid.type as (typeof SHOP_PAYMENT_METHODS)[number]].refund_days;
  if (days === null) return null;
  const end = Date.parse(paid.paid_at) + days * 86_400_000;
  if (now.getTime() <= end) return null;
  return { method: paymentMethodLabel(paid), days, last_day: italianDate(new Date(end)) };
}
