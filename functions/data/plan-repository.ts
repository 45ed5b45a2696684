/**
 * Back-office writes of subscription plans and discount tiers (subscriptions, discount_tiers;
 * "choosing a tier copies its percentage (0 if none)").
 *
 * A plan copies its tier's percentage (`discount_percentage`), so the public plan list is one
 * Query. To keep every copy true, each tier item holds the ids of the listed plans linked to it
 * (`plan_ids`, a string set) and a `version`:
 *  - a plan write links/unlinks itself on the tier in the same TransactWriteItems, conditioned on
 *    the tier still having the percentage the plan copied (else 'tier-changed');
 *  - a tier write rewrites the percentage of every linked plan in one TransactWriteItems,
 *    conditioned on the tier's version it read (a plan linked meanwhile makes it 'conflict');
 *  - a tier with linked plans cannot be deleted (condition `attribute_not_exists(plan_ids)`).
 * Deleting a plan archives it: it leaves the PLANS collection (not listed, not sold), is unlinked
 * from its tier and keeps its data for the members who hold it until their period ends.
 */
import { ddb, DeleteCommand, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { ifCondition, putIf, transactIf, type TransactItem } from './conditional';
import { indexKeys, keys } from './keys';
import { discountTierItem, planItem } from './items';
import { stripKeys } from './query';
import { tierFromItem } from './catalog-repository';
import type { DiscountTierRecord, PlanRecord } from './catalog-items';
import { recordPriceItem } from './price-history-repository';

/** Largest number of plans one tier may carry (one transaction: the tier + its plans, at most 100 items). */
export const MAX_PLANS_PER_TIER = 99;

/** Outcome of a transactional write: done, or which condition failed. */
export type WriteOutcome = 'ok' | 'missing' | 'tier-changed' | 'conflict' | 'in-use';

/** AP69: a plan by id (archived ones too), or null. 1 GetItem (strongly consistent). */
export async function getPlan(id: string): Promise<PlanRecord | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.plan(id), ConsistentRead: true }));
  return out.Item ? stripKeys<PlanRecord>(out.Item) : null;
}

/** AP69: a discount tier by id with its plan links and version, or null. 1 GetItem (strongly consistent). */
export async function getDiscountTier(id: string): Promise<DiscountTierRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.discountTier(id), ConsistentRead: true }),
  );
  return out.Item ? tierFromItem(out.Item) : null;
}

/** The tier-side half of a plan write: link the plan, conditioned on the copied percentage. */
function linkPlan(tierId: string, planId: string, copiedPercentage: number): TransactItem {
  return {
    Update: {
      TableName: env.tableName,
      Key: keys.discountTier(tierId),
      UpdateExpression: 'ADD plan_ids :ids, version :one',
      ConditionExpression: 'attribute_exists(PK) AND discount_percentage = :p',
      ExpressionAttributeValues: { ':ids': new Set([planId]), ':one': 1, ':p': copiedPercentage },
    },
  };
}

function unlinkPlan(tierId: string, planId: string): TransactItem {
  return {
    Update: {
      TableName: env.tableName,
      Key: keys.discountTier(tierId),
      UpdateExpression: 'DELETE plan_ids :ids ADD version :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':ids': new Set([planId]), ':one': 1 },
    },
  };
}

/**
 * Creates or replaces a listed plan and keeps its tier links true, in one TransactWriteItems.
 * @param plan the plan to store; `discount_percentage` must be the tier's current one (0 without tier)
 * A new price (every create, an update that changes it) is recorded in the price history (AP98).
 * @param previousTierId on update: the tier the stored plan linked to (null: none); undefined on create
 * @param previous.priceCents on update: the stored price; `at` when a new price applies (default now)
 * @returns 'ok'; 'missing' when updating a plan that is gone or archived (or creating an existing id);
 *   'tier-changed' when the tier is gone or its percentage is no longer the copied one
 */
export async function savePlan(
  plan: PlanRecord,
  previousTierId?: string | null,
  previous: { priceCents?: number; at?: string } = {},
): Promise<WriteOutcome> {
  const creating = previousTierId === undefined;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: env.tableName,
        Item: planItem(plan),
        // an update may only touch a listed (not archived) plan
        ConditionExpression: creating ? 'attribute_not_exists(PK)' : 'attribute_exists(GSI1PK)',
      },
    },
  ];
  if (plan.discount_tier_id) items.push(linkPlan(plan.discount_tier_id, plan.id, plan.discount_percentage));
  if (previousTierId && previousTierId !== plan.discount_tier_id) items.push(unlinkPlan(previousTierId, plan.id));
  if (creating || previous.priceCents !== plan.price_cents)
    items.push(
      recordPriceItem('plan', plan.id, {
        price_cents: plan.price_cents,
        at: previous.at ?? new Date().toISOString(),
        source: 'back_office',
      }),
    );
  const result = await transactIf(items);
  if (result.ok) return 'ok';
  return result.failed.includes(0) ? 'missing' : 'tier-changed';
}

/**
 * Archives a listed plan ("delete"): removes it from the PLANS collection, unlinks it from its tier
 * and records archived_at; the item stays (members keep their copy of tier and discount).
 * @returns 'ok', or 'missing' when the plan is gone or already archived
 */
export async function archivePlan(plan: PlanRecord, now = new Date()): Promise<WriteOutcome> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: env.tableName,
        Key: keys.plan(plan.id),
        UpdateExpression: 'SET archived_at = :at, discount_tier_id = :none REMOVE GSI1PK, GSI1SK',
        ConditionExpression: 'attribute_exists(GSI1PK)',
        ExpressionAttributeValues: { ':at': now.toISOString(), ':none': null },
      },
    },
  ];
  if (plan.discount_tier_id) items.push(unlinkPlan(plan.discount_tier_id, plan.id));
  return (await transactIf(items)).ok ? 'ok' : 'missing';
}

/** Creates a discount tier (no plans yet, version 0). @returns 'ok' or 'conflict' when the id exists */
export async function createDiscountTier(
  t: Pick<DiscountTierRecord, 'id' | 'name' | 'discount_percentage'>,
): Promise<WriteOutcome> {
  const created = await putIf(
    discountTierItem({ id: t.id, name: t.name, discount_percentage: t.discount_percentage, version: 0 }),
    'attribute_not_exists(PK)',
  );
  return created ? 'ok' : 'conflict';
}

/**
 * Renames a tier and/or changes its percentage, rewriting the copied percentage of every plan
 * linked to it, in one TransactWriteItems (1 + linked plans items).
 * @param current the tier as read by getDiscountTier (its version and plan links)
 * @param next the new name and percentage
 * @returns 'ok'; 'missing' when the tier is gone; 'conflict' when the tier or its links changed
 *   since `current` was read (read again and retry)
 */
export async function updateDiscountTier(
  current: DiscountTierRecord,
  next: { name: string; discount_percentage: number },
): Promise<WriteOutcome> {
  const planIds = current.plan_ids ?? [];
  if (planIds.length > MAX_PLANS_PER_TIER) throw new RangeError(`tier ${current.id} links ${planIds.length} plans`);
  const versioned = current.version === undefined ? 'attribute_not_exists(version)' : 'version = :v';
  const items: TransactItem[] = [
    {
      Update: {
        TableName: env.tableName,
        Key: keys.discountTier(current.id),
        UpdateExpression: 'SET #name = :n, discount_percentage = :p, GSI1SK = :sk ADD version :one',
        ConditionExpression: `attribute_exists(PK) AND ${versioned}`,
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':n': next.name,
          ':p': next.discount_percentage,
          ':sk': indexKeys.discountTier({ id: current.id, name: next.name }).GSI1SK,
          ':one': 1,
          ...(current.version === undefined ? {} : { ':v': current.version }),
        },
      },
    },
    ...planIds.map((planId): TransactItem => ({
      Update: {
        TableName: env.tableName,
        Key: keys.plan(planId),
        UpdateExpression: 'SET discount_percentage = :p',
        ConditionExpression: 'discount_tier_id = :t',
        ExpressionAttributeValues: { ':p': next.discount_percentage, ':t': current.id },
      },
    })),
  ];
  const result = await transactIf(items);
  if (result.ok) return 'ok';
  return result.failed[0] === 0 && !(await getDiscountTier(current.id)) ? 'missing' : 'conflict';
}

/**
 * Deletes a tier that no listed plan uses.
 * @returns 'ok'; 'missing' when it does not exist; 'in-use' when plans still copy it
 */
export async function deleteDiscountTier(id: string): Promise<WriteOutcome> {
  const deleted = await ifCondition(
    ddb.send(
      new DeleteCommand({
        TableName: env.tableName,
        Key: keys.discountTier(id),
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(plan_ids)',
      }),
    ),
  );
  if (deleted.ok) return 'ok';
  return (await getDiscountTier(id)) ? 'in-use' : 'missing';
}
