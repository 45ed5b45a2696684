/**
 * Aurum Club memberships bought as Stripe subscriptions.
 *
 *  membership   `STRIPE_SUBSCRIPTION#{id}` / `MEMBERSHIP`: the membership of one Stripe subscription
 *               (user, plan, tier and discount copied from the plan, period, cancellation) and
 *               `synced_at`, when its state was fetched from Stripe.
 *  profile      the user's profile carries the active membership (`subscription`), the one item the
 *               access check reads.
 *
 * Both are written in one TransactWriteItems conditioned on `synced_at <= :fetchedAt`: the state
 * fetched from Stripe last wins, so replayed, late or out-of-order events (each of which fetches
 * the subscription again) can never bring back an older state. The profile is only taken when it
 * has no membership, this same subscription, or one that has ended.
 *
 * The emails a change owes (welcome, renewal receipt, failed payment, end, the ban's notice:
 * functions/checkout/club-emails.ts) are email jobs written in that same transaction. Each job's id
 * names its business event and is put IF NOT EXISTS: a job already queued by an earlier delivery of
 * the event is left out and the rest written again. A stale state still queues its emails (each
 * event's email is owed whatever order the events came in), each on its own, IF NOT EXISTS.
 */
import { ddb, GetCommand, PutCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { ifCondition, transactIf, type TransactionResult, type TransactItem } from './conditional';
import { emailJobPut, queueEmailJob, type NewEmailJob } from './email-job-repository';
import { keys } from './keys';
import { stripKeys } from './query';
import type { SubscriptionDto } from '../../shared/api/account';
import type { SubscriptionTier } from '../../shared/tiers';

/** A stored membership (dates ISO 8601). */
export interface MembershipRecord {
  stripe_subscription_id: string;
  stripe_customer_id: string | null;
  user_id: string;
  plan_id: string;
  plan_name: string;
  subscription_tier: SubscriptionTier;
  /** Copied from the plan at the start of each paid period (members keep it until they renew). */
  discount_percentage: number;
  /** Stripe's status (active, past_due, canceled, ...). */
  stripe_status: string;
  status: 'active' | 'expired';
  started_at: string;
  current_period_end: string;
  ends_at: string;
  renews_at: string | null;
  cancel_at_period_end: boolean;
  /** When this state was fetched from Stripe (the write's ordering condition). */
  synced_at: string;
  /**
   * ISO: when the member asked at checkout for the membership to start at once, during the 14 days
   * of withdrawal (art. 50 c.3 Codice del Consumo); kept by Stripe in the subscription's metadata.
   * Null for a subscription bought before the request was asked.
   */
  service_start_requested_at?: string | null;
  /** The price of the first paid period, euro cents (the withdrawal's preview). */
  first_payment_cents?: number | null;
  /** ISO: when the member withdrew from the contract (subscription metadata), else null. */
  withdrawn_at?: string | null;
}

/** AP72: the membership of a Stripe subscription, or null. 1 GetItem (strongly consistent). */
export async function getMembership(stripeSubscriptionId: string): Promise<MembershipRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.membership(stripeSubscriptionId), ConsistentRead: true }),
  );
  return out.Item ? stripKeys<MembershipRecord>(out.Item) : null;
}

/** What saving a membership did. */
export type MembershipWrite =
  /** Stored, and the profile carries it. */
  | 'saved'
  /** A state fetched later is already stored: nothing written. */
  | 'stale'
  /** Stored, but the profile carries another membership that is still running: not applied to it. */
  | 'profile_taken';

/** The profile's copy of a membership. */
export function toSubscriptionDto(m: MembershipRecord): SubscriptionDto {
  return {
    subscription_id: m.stripe_subscription_id,
    plan_name: m.plan_name,
    status: m.status,
    subscription_tier: m.subscription_tier,
    discount_percentage: m.discount_percentage,
    started_at: m.started_at,
    ends_at: m.ends_at,
    plan_id: m.plan_id,
    stripe_subscription_id: m.stripe_subscription_id,
    cancel_at_period_end: m.cancel_at_period_end,
    renews_at: m.renews_at,
    current_period_end: m.current_period_end,
    service_start_requested_at: m.service_start_requested_at ?? null,
    first_payment_cents: m.first_payment_cents ?? null,
    withdrawn_at: m.withdrawn_at ?? null,
  };
}

/**
 * AP72: stores a membership and copies it onto its user's profile, in one transaction, unless a
 * state fetched later is already stored, with the email jobs the change owes (AP100) in the same
 * transaction. 1 TransactWriteItems (+1 more per attempt that found a job already queued; +1
 * TransactWriteItems when the profile carries another running membership; +1 PutItem per email
 * when the state is stale).
 * @param now the time "still running" is judged at (ISO)
 * @param emails the jobs to queue with it (each put IF NOT EXISTS: one per business event)
 */
export async function saveMembership(
  m: MembershipRecord,
  now: string,
  emails: readonly NewEmailJob[] = [],
): Promise<MembershipWrite> {
  const put = {
    TableName: env.tableName,
    Item: { ...keys.membership(m.stripe_subscription_id), entity: 'membership', ...m },
    ConditionExpression: 'attribute_not_exists(PK) OR synced_at <= :t',
    ExpressionAttributeValues: { ':t': m.synced_at },
  };
  const both = await transactWithEmails(
    [
      { Put: put },
      {
        Update: {
          TableName: env.tableName,
          Key: keys.profile(m.user_id),
          UpdateExpression: 'SET #sub = :dto',
          ConditionExpression:
            'attribute_exists(PK) AND (attribute_not_exists(#sub) OR attribute_type(#sub, :null) OR #sub.subscription_id = :sid OR #sub.ends_at <= :now OR #sub.#st <> :active)',
          ExpressionAttributeNames: { '#sub': 'subscription', '#st': 'status' },
          ExpressionAttributeValues: {
            ':dto': toSubscriptionDto(m),
            ':null': 'NULL',
            ':sid': m.stripe_subscription_id,
            ':now': now,
            ':active': 'active',
          },
        },
      },
    ],
    emails,
  );
  if (both.ok) return 'saved';
  // Only the profile refused: store the membership alone (with its emails).
  if (!both.failed.includes(0) && (await transactWithEmails([{ Put: put }], emails)).ok) return 'profile_taken';
  for (const job of emails) await queueEmailJob(job);
  return 'stale';
}

/**
 * Writes `items` and the email jobs in one TransactWriteItems; a job already there (its event was
 * delivered before) is left out and the transaction tried again without it.
 * @returns the outcome; `failed` indexes refer to `items`
 */
async function transactWithEmails(items: TransactItem[], emails: readonly NewEmailJob[]): Promise<TransactionResult> {
  let jobs = [...emails];
  for (;;) {
    const result = await transactIf([...items, ...jobs.map((j) => emailJobPut(j))]);
    if (result.ok) return result;
    const queued = new Set(result.failed.filter((i) => i >= items.length).map((i) => i - items.length));
    if (queued.size === 0) return result;
    jobs = jobs.filter((_, i) => !queued.has(i));
  }
}

/** AP73: the session id of the user's latest Aurum Club checkout, or null. 1 GetItem. */
export async function getClubCheckout(sub: string): Promise<string | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.clubCheckout(sub) }));
  return out.Item ? String(out.Item.session_id) : null;
}

/** Records the user's latest Aurum Club checkout session. 1 PutItem. */
export async function putClubCheckout(sub: string, sessionId: string, createdAt: string): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: env.tableName,
      Item: { ...keys.clubCheckout(sub), entity: 'club_checkout', session_id: sessionId, created_at: createdAt },
    }),
  );
}

/**
 * Records the Stripe Price a plan is sold at, only while the plan still has the price and duration
 * the Price was made for (an admin edit meanwhile wins). 1 UpdateItem.
 * @returns false when the plan changed (or is gone)
 */
export async function setPlanPrice(
  planId: string,
  price: { id: string; cents: number; months: number },
): Promise<boolean> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.plan(planId),
        UpdateExpression: 'SET stripe_price_id = :id, stripe_price_cents = :c, stripe_price_months = :m',
        ConditionExpression: 'attribute_exists(PK) AND price_cents = :c AND duration_months = :m',
        ExpressionAttributeValues: { ':id': price.id, ':c': price.cents, ':m': price.months },
      }),
    ),
  );
  return result.ok;
}
