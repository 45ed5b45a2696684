/**
 * Which Stripe events are about refunds, and the payment they name: small, so the webhook handler
 * tells them apart at init and loads the reconciliation (reconcile.ts) only when one arrives.
 */
import type Stripe from 'stripe';

/** The refund events the shop reconciles. */
export const REFUND_EVENTS = ['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed'] as const;

/** The PaymentIntent a refund event is about (a Charge's or a Refund's), or null for any other event. */
export function paymentIntentOfEvent(event: Stripe.Event): string | null {
  if (!(REFUND_EVENTS as readonly string[]).includes(event.type)) return null;
  const pi = (event.data.object as { payment_intent?: string | { id: string } | null }).payment_intent;
  return typeof pi === 'string' ? pi : (pi?.id ?? null);
}
