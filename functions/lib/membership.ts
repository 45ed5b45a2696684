/**
^ * The membership lookup: the one place the functions decide a caller's tier, level and discount
 * (the membership rule). It reads the profile's active subscription; on any lookup error or for a visitor it
 * falls back to no membership.
 */
import { NO_MEMBERSHIP, type Membership } from '../../shared/tiers';
import { membershipFromSubscription } from '../../shared/membership';
import { getProfile, type ProfileRecord } from '../data/profile-repository';
import type { Caller } from './caller';
import { isBanned } from './access';
import { logger } from './logger';

/**
 * Membership from an already-loaded profile (null profile: none). A banned user is no member
 * while the ban lasts, whatever the subscription says: public routes accept a still-valid token
 * of a user banned after it was issued, and must not give it tier products or member prices.
 */
export function membershipOfProfile(profile: ProfileRecord | null, now = new Date()): Membership {
  if (isBanned(profile, now)) return NO_MEMBERSHIP;
  return membershipFromSubscription(profile?.subscription ?? null);
}

/**
 * The caller's membership. Visitors cost no request; signed-in callers cost 1 GetItem.
 * Never throws: a failed lookup is logged and answers NO_MEMBERSHIP.
 */
export async function resolveMembership(caller: Caller | null): Promise<Membership> {
  if (!caller) return NO_MEMBERSHIP;
  try {
    return membershipOfProfile(await getProfile(caller.sub));
  } catch (error) {
    logger.warn('membership lookup failed; treating caller as non-member', { error: error as Error });
    return NO_MEMBERSHIP;
  }
}
