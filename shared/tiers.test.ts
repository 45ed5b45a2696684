import { describe, expect, it } from 'vitest';
import {
  bundleAccessTier,
  bundleRequiresPremium,
  canAccessTier,
  canSeeBundle,
  highestTier,
  normaliseTier,
  NO_MEMBERSHIP,
  tierLevel,
  type Membership,
} from './tiers';
import { membershipFromSubscription } from './membership';

const member = (tier: Membership['tier'], discount = 10): Membership => ({
  tier,
  level: tierLevel(tier),
  discount_percentage: discount,
  is_member: true,
});

describe('tier levels', () => {
  it('maps none 0, Advanced 1, Premium 2, Expert 3, Legends 4', () => {
    expect(['none', 'Advanced', 'Premium', 'Expert', 'Legends'].map(tierLevel)).toEqual([0, 1, 2, 3, 4]);
  });
  it('treats null, empty and unknown tiers as none', () => {
    expect(normaliseTier(null)).toBe('none');
    expect(normaliseTier('')).toBe('none');
    expect(normaliseTier('Gold')).toBe('none');
    expect(tierLevel(undefined)).toBe(0);
  });
});

describe('product access rule', () => {
  it('opens public products to everyone', () => {
    expect(canAccessTier('none', NO_MEMBERSHIP)).toBe(true);
    expect(canAccessTier(null, NO_MEMBERSHIP)).toBe(true);
  });
  it('hides every premium tier from visitors and non-members', () => {
    for (const t of ['Advanced', 'Premium', 'Expert', 'Legends']) expect(canAccessTier(t, NO_MEMBERSHIP)).toBe(false);
  });
  it('opens tiers up to the member level and no further', () => {
    const premium = member('Premium');
    expect(canAccessTier('Advanced', premium)).toBe(true);
    expect(canAccessTier('Premium', premium)).toBe(true);
    expect(canAccessTier('Expert', premium)).toBe(false);
    expect(canAccessTier('Legends', member('Legends'))).toBe(true);
  });
  it('shows premium bundles to members only', () => {
    expect(canSeeBundle({ is_premium: true }, NO_MEMBERSHIP)).toBe(false);
    expect(canSeeBundle({ is_premium: false }, NO_MEMBERSHIP)).toBe(true);
    expect(canSeeBundle({ is_premium: true }, member('Advanced'))).toBe(true);
  });
  it('requires the highest tier of the bundle products (bundles respect tiers)', () => {
    expect(highestTier([])).toBe('none');
    expect(highestTier(['Advanced', null, 'Expert', 'Premium'])).toBe('Expert');
    const elite = [{ premium_tier: 'none' }, { premium_tier: 'Advanced' }, { premium_tier: 'Premium' }];
    expect(bundleAccessTier(elite)).toBe('Premium');
    expect(bundleRequiresPremium(elite)).toBe(true);
    expect(bundleRequiresPremium([{ premium_tier: 'none' }, { premium_tier: null }])).toBe(false);
    // An Advanced member may not see a premium bundle holding a Premium-tier product; a Premium one may.
    expect(canSeeBundle({ is_premium: true, access_tier: 'Premium' }, member('Advanced'))).toBe(false);
    expect(canSeeBundle({ is_premium: true, access_tier: 'Premium' }, member('Premium'))).toBe(true);
    // A bundle not flagged premium but holding an Expert product is not open to everyone.
    expect(canSeeBundle({ is_premium: false, access_tier: 'Expert' }, NO_MEMBERSHIP)).toBe(false);
    expect(canSeeBundle({ is_premium: false, access_tier: 'Expert' }, member('Premium'))).toBe(false);
    expect(canSeeBundle({ is_premium: false, access_tier: 'Expert' }, member('Legends'))).toBe(true);
  });
});

describe('membership from the active subscription', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it('gives tier, level and discount for an active subscription', () => {
    expect(
      membershipFromSubscription(
        { status: 'active', subscription_tier: 'Expert', discount_percentage: 15, ends_at: '2027-01-01T00:00:00Z' },
        now,
      ),
    ).toEqual({ tier: 'Expert', level: 3, discount_percentage: 15, is_member: true });
  });
  it('falls back to none when missing, not active, ended or malformed', () => {
    expect(membershipFromSubscription(null, now)).toEqual(NO_MEMBERSHIP);
    expect(
      membershipFromSubscription({ status: 'cancelled', subscription_tier: 'Expert', discount_percentage: 15 }, now),
    ).toEqual(NO_MEMBERSHIP);
    expect(
      membershipFromSubscription(
        { status: 'active', subscription_tier: 'Expert', discount_percentage: 15, ends_at: '2026-11-01T00:00:00Z' },
        now,
      ),
    ).toEqual(NO_MEMBERSHIP);
    expect(
      membershipFromSubscription({ status: 'active', subscription_tier: 'Gold', discount_percentage: 15 }, now),
    ).toEqual(NO_MEMBERSHIP);
  });
  it('clamps the discount to 0..100', () => {
    expect(
      membershipFromSubscription({ status: 'active', subscription_tier: 'Premium', discount_percentage: 140 }, now)
        .discount_percentage,
    ).toBe(100);
  });
});
