/**
 * Membership rule: a user with an active subscription record is a
 * member with its tier and discount; otherwise (no record, not active, ended, lookup error,
 * signed out) tier none, level 0, discount 0.
 */
import { NO_MEMBERSHIP, normaliseTier, tierLevel, type Membership } from './tiers';

export interface SubscriptionLike {
  status: string;
  subscription_tier: string;
  discount_percentage: number;
  /** ISO date the subscription ends; a past date means it is no longer active. */
  ends_at?: string | null;
}

/**
 * Membership from the user's subscription record.
 * @param subscription the stored active subscription, or null
 * @param now the current time (for the end date)
 */
export function membershipFromSubscription(
  subscription: SubscriptionLike | null | undefined,
  now: Date = new Date(),
): Membership {
  if (!subscription || subscription.status !== 'active') return NO_MEMBERSHIP;
  if (subscription.ends_at && Date.parse(subscription.ends_at) <= now.getTime()) return NO_MEMBERSHIP;
  const tier = normaliseTier(subscription.subscription_tier);
  if (tier === 'none') return NO_MEMBERSHIP;
  const pct = Number(subscription.discount_percentage);
  return {
    tier,
    level: tierLevel(tier),
    discount_percentage: Number.isFinite(pct) ? Math.min(100, Math.max(0, pct)) : 0,
    is_member: true,
  };
}
