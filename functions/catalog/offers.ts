/**
 * Bundles, subscription plans, discount tiers (the Bundles and Premium pages) and shipping
 * methods (the cart and checkout show them).
 */
import { bundleAccessTier, canSeeBundle } from '../../shared/tiers';
import type { BundleDto, DiscountTierDto, ShippingMethodDto, SubscriptionPlanDto } from '../../shared/api/catalog';
import * as catalog from '../data/catalog-repository';
import { toBundleDto, toDiscountTierDto, toPlanDto } from '../data/catalog-items';
import { listShippingMethods, toShippingMethodDto } from '../data/shipping-repository';
import type { Caller } from '../lib/caller';
import { resolveMembership } from '../lib/membership';

/**
 * GET /api/bundles: bundles created_at ascending with their product count, only those the caller
 * may see (shared/tiers.ts canSeeBundle: premium ones for members, and never one holding a product
 * above the caller's tier: bundles respect tiers). The tier comes from the bundle item's stored access_tier.
 * DynamoDB: 1 Query (+1 GetItem profile); +1 BatchGetItem only when a bundle written before
 * access_tier existed is listed (its products are read to compute it).
 */
export async function listVisibleBundles(caller: Caller | null): Promise<BundleDto[]> {
  const [bundles, membership] = await Promise.all([catalog.listBundles(), resolveMembership(caller)]);
  const legacy = bundles.filter((b) => b.access_tier === undefined);
  if (legacy.length > 0) {
    const products = new Map(
      (await catalog.getProductsByIds([...new Set(legacy.flatMap((b) => b.product_ids))])).map((p) => [p.id, p]),
    );
    for (const b of legacy) b.access_tier = bundleAccessTier(b.product_ids.flatMap((id) => products.get(id) ?? []));
  }
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
