/**
 * Bundles, subscription plans and discount tiers (spec 2 Bundles and Premium pages).
 */
import { canSeeBundle } from '../../shared/tiers';
import type { BundleDto, SubscriptionPlanDto } from '../../shared/api/catalog';
import * as catalog from '../data/catalog-repository';
import { toBundleDto, toPlanDto, type DiscountTierRecord } from '../data/catalog-items';
import type { Caller } from '../lib/caller';
import { resolveMembership } from '../account/membership-service';

/**
 * GET /api/bundles: bundles created_at ascending with their product count; premium bundles only
 * for members (spec 4). DynamoDB: 1 Query (+1 GetItem profile).
 */
export async function listVisibleBundles(caller: Caller | null): Promise<BundleDto[]> {
  const [bundles, membership] = await Promise.all([catalog.listBundles(), resolveMembership(caller)]);
  return bundles.filter((b) => canSeeBundle(b, membership)).map(toBundleDto);
}

/** GET /api/subscription-plans: plans by duration_months ascending. DynamoDB: 1 Query. */
export async function listSubscriptionPlans(): Promise<SubscriptionPlanDto[]> {
  return (await catalog.listPlans()).map(toPlanDto);
}

/** GET /api/discount-tiers: discount tiers by name. DynamoDB: 1 Query. */
export async function listAllDiscountTiers(): Promise<DiscountTierRecord[]> {
  return catalog.listDiscountTiers();
}
