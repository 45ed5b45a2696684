/**
 * Aurum Club plans and discount tiers in the back office (the Abbonamenti screen; "choosing a tier
 * copies its percentage (0 if none)"; the subscription rule). Capability 'subscriptions' (admin).
 *
 * Rules (see plan-repository.ts for how they hold under concurrency):
 *  - a plan copies its discount tier's percentage when written; 0 without a tier;
 *  - changing a tier's percentage rewrites the copy on every plan that uses it, in the same
 *    transaction, so the public plan list is always true; members keep the discount they bought
 *    (a copy on their profile) until their subscription renews;
 *  - a tier that plans use cannot be deleted (409 naming the plans);
 *  - deleting a plan archives it: it is no longer listed or sold, and members who hold it keep
 *    their tier and discount until their period ends (the membership is a copy on the profile).
 */
import { randomUUID } from 'node:crypto';
import type { DiscountTierDto, SubscriptionPlanDto } from '../../shared/api/catalog';
import type { DiscountTierInput, PlanInput } from '../../shared/schemas/admin-subscriptions';
import { OFFERS_MSG } from '../../shared/messages/admin-offers';
import { listPlans } from '../data/catalog-repository';
import { toDiscountTierDto, toPlanDto, type PlanRecord } from '../data/catalog-items';
import * as repo from '../data/plan-repository';
import { AppError, badRequest, conflict, notFound } from '../lib/errors';
import type { Change } from '../lib/audit';

/** GET /api/admin/subscription-plans: listed plans by price, then duration, then name. DynamoDB: 1 Query (AP7), sorted here (a handful of plans). */
export async function listPlansByPrice(): Promise<SubscriptionPlanDto[]> {
  return (await listPlans())
    .sort(
      (a, b) =>
        a.price_cents - b.price_cents || a.duration_months - b.duration_months || a.name.localeCompare(b.name, 'it'),
    )
    .map(toPlanDto);
}

/** The percentage a plan copies from `tierId` (0 without a tier). @throws AppError 400 naming discount_tier_id when the tier does not exist */
async function copiedPercentage(tierId: string | null): Promise<number> {
  if (!tierId) return 0;
  const tier = await repo.getDiscountTier(tierId);
  if (!tier) throw badRequest(OFFERS_MSG.notFoundDiscountTier, 'discount_tier_id');
  return tier.discount_percentage;
}

function planRecord(id: string, input: PlanInput, percentage: number): PlanRecord {
  return {
    id,
    name: input.name,
    description: input.description,
    price_cents: input.price_cents,
    duration_months: input.duration_months,
    subscription_tier: input.subscription_tier,
    discount_tier_id: input.discount_tier_id,
    discount_percentage: percentage,
  };
}

/** Maps a plan write's outcome; 'ok' passes. */
function planOutcome(outcome: repo.WriteOutcome): void {
  if (outcome === 'missing') throw notFound(OFFERS_MSG.notFoundPlan);
  if (outcome === 'tier-changed') throw conflict(OFFERS_MSG.tierChanged);
}

/**
 * POST /api/admin/subscription-plans. DynamoDB: 1 GetItem (the tier) + 1 TransactWriteItems.
 * @throws AppError 400 when the discount tier does not exist; 409 when it changed meanwhile
 */
export async function createPlan(input: PlanInput): Promise<Change<SubscriptionPlanDto>> {
  const plan = planRecord(randomUUID(), input, await copiedPercentage(input.discount_tier_id));
  planOutcome(await repo.savePlan(plan));
  return { before: null, after: toPlanDto(plan) };
}

/**
 * PUT /api/admin/subscription-plans/{id}: replaces the plan's fields (the percentage is copied again).
 * @throws AppError 404 'Piano non trovato.' (also for an archived plan); 400/409 as createPlan
 */
export async function updatePlan(id: string, input: PlanInput): Promise<Change<SubscriptionPlanDto>> {
  const before = await repo.getPlan(id);
  if (!before || before.archived_at) throw notFound(OFFERS_MSG.notFoundPlan);
  const plan = planRecord(id, input, await copiedPercentage(input.discount_tier_id));
  planOutcome(await repo.savePlan(plan, before.discount_tier_id ?? null, { priceCents: before.price_cents }));
  return { before: toPlanDto(before), after: toPlanDto(plan) };
}

/**
 * DELETE /api/admin/subscription-plans/{id}: archives the plan (see the module rules).
 * @returns the plan before (the audit's "before"; after is null)
 * @throws AppError 404 'Piano non trovato.'
 */
export async function deletePlan(id: string): Promise<SubscriptionPlanDto> {
  const before = await repo.getPlan(id);
  if (!before || before.archived_at) throw notFound(OFFERS_MSG.notFoundPlan);
  planOutcome(await repo.archivePlan(before));
  return toPlanDto(before);
}

/** POST /api/admin/discount-tiers. */
export async function createDiscountTier(input: DiscountTierInput): Promise<Change<DiscountTierDto>> {
  const tier = { id: randomUUID(), name: input.name, discount_percentage: input.discount_percentage };
  if ((await repo.createDiscountTier(tier)) !== 'ok') throw conflict(OFFERS_MSG.tierChanged);
  return { before: null, after: toDiscountTierDto(tier) };
}

/**
 * PUT /api/admin/discount-tiers/{id}: renames the tier and/or changes its percentage; every plan
 * using it gets the new percentage in the same transaction. A concurrent plan write is retried once.
 * DynamoDB: 1 GetItem + 1 TransactWriteItems (1 + plans using it items).
 * @throws AppError 404 'Livello di sconto non trovato.'; 409 when it keeps changing under us
 */
export async function updateDiscountTier(id: string, input: DiscountTierInput): Promise<Change<DiscountTierDto>> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const current = await repo.getDiscountTier(id);
    if (!current) throw notFound(OFFERS_MSG.notFoundDiscountTier);
    if ((current.plan_ids?.length ?? 0) > repo.MAX_PLANS_PER_TIER)
      throw conflict(OFFERS_MSG.tooManyPlans(repo.MAX_PLANS_PER_TIER));
    const outcome = await repo.updateDiscountTier(current, input);
    if (outcome === 'missing') throw notFound(OFFERS_MSG.notFoundDiscountTier);
    if (outcome === 'ok')
      return { before: toDiscountTierDto(current), after: toDiscountTierDto({ ...current, ...input }) };
  }
  throw conflict(OFFERS_MSG.tierChanged);
}

/**
 * DELETE /api/admin/discount-tiers/{id}: only a tier no plan uses.
 * @returns the tier before
 * @throws AppError 404; 409 naming the plans that use it
 */
export async function deleteDiscountTier(id: string): Promise<DiscountTierDto> {
  const before = await repo.getDiscountTier(id);
  if (!before) throw notFound(OFFERS_MSG.notFoundDiscountTier);
  const outcome = await repo.deleteDiscountTier(id);
  if (outcome === 'missing') throw notFound(OFFERS_MSG.notFoundDiscountTier);
  if (outcome === 'in-use') {
    const users = (await listPlans()).filter((p) => p.discount_tier_id === id).map((p) => p.name);
    throw new AppError(409, OFFERS_MSG.tierInUse(users.length ? users : ['—']));
  }
  return toDiscountTierDto(before);
}
