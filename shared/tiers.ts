/**
 * Premium tiers and product access (the membership rule, the product access rule, the tier levels).
 * This module is the single owner of the tier-level rule; the SPA and the functions both import it.
 */
export const PREMIUM_TIERS = ['none', 'Advanced', 'Premium', 'Expert', 'Legends'] as const;
export type PremiumTier = (typeof PREMIUM_TIERS)[number];
/** Tiers a subscription plan can grant (every tier but none). */
export const SUBSCRIPTION_TIERS = ['Advanced', 'Premium', 'Expert', 'Legends'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

const LEVELS: Record<PremiumTier, number> = { none: 0, Advanced: 1, Premium: 2, Expert: 3, Legends: 4 };

/** Admin-form labels; 'none' reads 'Nessuno (accessibile a tutti)'. */
export const TIER_LABELS: Record<PremiumTier, string> = {
  none: 'Nessuno (accessibile a tutti)',
  Advanced: 'Advanced',
  Premium: 'Premium',
  Expert: 'Expert',
  Legends: 'Legends',
};

/**
 * Normalises a stored tier: null, undefined, '' and unknown strings mean 'none' (public).
 * @param tier raw value from the table or a form
 * @returns a valid PremiumTier
 */
export function normaliseTier(tier: string | null | undefined): PremiumTier {
  return (PREMIUM_TIERS as readonly string[]).includes(tier ?? '') ? (tier as PremiumTier) : 'none';
}

/**
 * Level of a tier: none 0, Advanced 1, Premium 2, Expert 3, Legends 4 (the membership levels).
 * @param tier a tier name (null/empty counts as none)
 * @returns integer level 0..4
 */
export function tierLevel(tier: string | null | undefined): number {
  return LEVELS[normaliseTier(tier)];
}

/** The caller's membership as the server resolved it (the membership rule). */
export interface Membership {
  /** Tier granted by the active subscription, 'none' for non-members. */
  tier: PremiumTier;
  /** tierLevel(tier), 0..4. */
  level: number;
  /** Member discount in percent (0..100), 0 for non-members. */
  discount_percentage: number;
  /** True when an active subscription exists. */
  is_member: boolean;
}

/** Membership of a visitor, a non-member, or any caller whose membership lookup failed. */
export const NO_MEMBERSHIP: Membership = Object.freeze({
  tier: 'none',
  level: 0,
  discount_percentage: 0,
  is_member: false,
});

/**
 * Product access rule: granted when the product tier is none/empty, or the caller is a
 * member whose level is at least the product's level.
 * @param productTier the product's premium_tier (null/'' = none)
 * @param membership the caller's membership (NO_MEMBERSHIP for visitors)
 */
export function canAccessTier(productTier: string | null | undefined, membership: Membership): boolean {
  const required = tierLevel(productTier);
  if (required === 0) return true;
  return membership.is_member && membership.level >= required;
}

/**
 * The highest of some tiers (by tierLevel); 'none' for an empty list.
 * @param tiers tier names (null/empty/unknown count as none)
 */
export function highestTier(tiers: readonly (string | null | undefined)[]): PremiumTier {
  let best: PremiumTier = 'none';
  for (const t of tiers) if (tierLevel(t) > tierLevel(best)) best = normaliseTier(t);
  return best;
}

/**
 * THE bundle tier rule ("bundles respect tiers"): the tier a bundle requires is the
 * highest premium_tier among its products, because buying the bundle delivers every one of them.
 * Stored on the bundle item as `access_tier` when the bundle is written (catalog-repository
 * putBundle) and recomputed from the live products wherever a bundle is added, priced or paid.
 * @param products the bundle's products (their premium_tier)
 * @returns the required tier ('none' when every product is public)
 */
export function bundleAccessTier(products: readonly { premium_tier?: string | null }[]): PremiumTier {
  return highestTier(products.map((p) => p.premium_tier));
}

/**
 * Whether a bundle must be flagged is_premium (members only): true when any of its products has a
 * tier. The back office uses it when a bundle is saved, so the flag the shop shows ('Premium'
 * badge; "premium bundles are visible only to premium subscribers") matches the contents.
 * @param products the bundle's products (their premium_tier)
 */
export function bundleRequiresPremium(products: readonly { premium_tier?: string | null }[]): boolean {
  return tierLevel(bundleAccessTier(products)) > 0;
}

/**
 * Bundle access (premium bundles for members; bundles respect tiers): a bundle is visible,
 * addable and payable only by a caller who may see EVERY product in it, and premium bundles only
 * by members.
 * @param bundle is_premium and access_tier (the highest tier of its products, see bundleAccessTier;
 *   a missing access_tier counts as none)
 * @param membership the caller's membership (NO_MEMBERSHIP for visitors)
 */
export function canSeeBundle(
  bundle: { is_premium: boolean; access_tier?: string | null },
  membership: Membership,
): boolean {
  if (bundle.is_premium && !membership.is_member) return false;
  return canAccessTier(bundle.access_tier, membership);
}

/** Number of stars shown for a tier (1..4; 0 for none). */
export function tierStars(tier: string | null | undefined): number {
  return tierLevel(tier);
}
