/**
 * Bundles, subscription plans, discount tiers (spec 2 Bundles and Premium pages) and shipping
 * methods (spec 3 shipping_methods; the cart and checkout show them).
 */
import { canSeeBundle } from '../../shared/tiers';
import type { BundleDto, DiscountTierDto, ShippingMethodDto, SubscriptionPlanDto } from '../../shared/api/catalog';
import * as catalog from '../data/catalog-repository';
import { toBundleDto, toDiscountTierDto, toPlanDto } from '../data/catalog-items';
import { listShippingMethods, toShippingMethodDto } from '../data/shipping-repository';
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

/** GET /api/subscription-plans: listed (not archived) plans by duration_months ascending. DynamoDB: 1 Query. */
export async function listSubscriptionPlans(): Promise<SubscriptionPlanDto[]> {
  return (await catalog.listPlans()).map(toPlanDto);
}

/** GET /api/discount-tiers: discount tiers by name. DynamoDB: 1 Query. */
export async function listAllDiscountTiers(): Promise<DiscountTierDto[]> {
  return (await catalog.listDiscountTiers()).map(toDiscountTierDto);
}

/** GET /api/shipping-methods: every method, cheapest first (then by name). DynamoDB: 1 Query (AP67). */
export async function listPublicShippingMethods(): Promise<ShippingMethodDto[]> {
  return (await listShippingMethods()).map(toShippingMethodDto);
}
