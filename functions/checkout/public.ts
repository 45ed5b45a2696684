/**
 * The checkout context's public entry: what other contexts use of it (the Aurum Club's
 * subscription sync for the webhook, the reservation sweep for its job, giving up a user's open
 * checkouts for an erasure, stopping a banned user's purchases for the back office). Nothing else
 * of functions/checkout is imported from outside it. The rare ones are loaded on first use.
 */
import type { ProfileRecord } from '../data/profile-repository';
import type { BanPaymentEffects } from './ban';

export { subscriptionOfEvent } from './club-events';
export { sweepExpiredReservations } from './abandon';
export type { BanPaymentEffects };

/**
 * Stores the Aurum Club subscription as Stripe has it now (club.ts `syncSubscription`).
 * @returns what the sync did
 */
export async function syncSubscription(
  ...args: Parameters<typeof import('./club').syncSubscription>
): ReturnType<typeof import('./club').syncSubscription> {
  return (await import('./club')).syncSubscription(...args);
}

/**
 * Releases the user's open checkouts (their Stripe sessions expired first), e.g. before an erasure.
 * @returns how many were released
 */
export async function releaseOpenCheckouts(sub: string): Promise<number> {
  return (await import('./abandon')).releaseOpenCheckouts(sub);
}

/**
 * Finishes the club withdrawals left 'requested' by a failure part-way, or alerts (club-withdrawal.ts).
 * @returns how many were finished, and the subscriptions still stuck
 */
export async function finishRequestedWithdrawals(now?: Date): Promise<{ finished: number; stuck: string[] }> {
  return (await import('./club-withdrawal')).finishRequestedWithdrawals(now);
}

/** Stops a banned user's purchases: open checkouts, the club's checkout and subscription (ban.ts). */
export async function stopBannedPurchases(profile: ProfileRecord): Promise<BanPaymentEffects> {
  return (await import('./ban')).stopBannedPurchases(profile);
}
