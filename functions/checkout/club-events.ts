/**
 * Which Stripe events are about the Aurum Club's subscriptions: small, so the webhook handler tells
 * them apart at init and loads the subscription sync (club.ts) only when one arrives.
 */
import type Stripe from 'stripe';

/** The subscription id an event is about (a subscription, an invoice of one, or a subscription-mode session), or null. */
export function subscriptionOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const idOf = (v: unknown) =>
    typeof v === 'string'
      ? v
      : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string'
        ? (v as { id: string }).id
        : null;
  if (event.type.startsWith('customer.subscription.')) return idOf(object);
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
  }
  if (event.type.startsWith('checkout.session.') && object.mode === 'subscription') return idOf(object.subscription);
  return null;
}
