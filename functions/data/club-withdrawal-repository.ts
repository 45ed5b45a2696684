/**
 * Withdrawals from the Aurum Club contract (functions/checkout/club-withdrawal.ts).
 *
 *  club withdrawal  `STRIPE_SUBSCRIPTION#{id}` / `WITHDRAWAL`, beside the membership: who, when the
 *                   request was made, the amounts decided then (paid, kept, refunded), and where it
 *                   stands ('requested' while the Stripe steps run, 'completed' once the subscription
 *                   is cancelled and the refund made). In GSI1 `CLUB_WITHDRAWALS` by request time, for
 *                   the back office's list.
 *
 * The request is written once (IF NOT EXISTS) with the acknowledgement email in the same
 * transaction, so the amounts are fixed at the moment the consumer informed the shop (art. 57 c.3
 * Codice del Consumo) and a retry finds them instead of computing new ones. A separate item, not a
 * field of the membership, because the membership is put whole from Stripe's state on every
 * subscription event and would drop it.
 */
import { ddb, GetCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { transactIf } from './conditional';
import { emailJobPut, type NewEmailJob } from './email-job-repository';
import { COLLECTION, indexKeys, keys } from './keys';
import { queryPage, type Page, type PageRequest } from './page';
import { stripKeys } from './query';

/** A stored withdrawal from the club (amounts in euro cents, dates ISO 8601). */
export interface ClubWithdrawalRecord {
  stripe_subscription_id: string;
  user_id: string;
  email: string;
  plan_name: string;
  /** When the contract was concluded (the subscription's start). */
  started_at: string;
  /** When the member asked (the moment the shop was informed). */
  requested_at: string;
  /** When the member asked for the service to start at once (art. 50 c.3), null when not recorded. */
  service_start_requested_at: string | null;
  days_used: number;
  period_days: number;
  paid_cents: number;
  kept_cents: number;
  refund_cents: number;
  /** The PaymentIntent of the subscription's first payment (the refund goes back through it). */
  payment_intent_id: string;
  status: 'requested' | 'completed';
  /** Stripe's refund id (`re_…`), null until refunded (or when nothing is refunded). */
  stripe_refund_id: string | null;
  completed_at: string | null;
}

/** AP131: the withdrawal of a subscription, or null. 1 GetItem (strongly consistent). */
export async function getClubWithdrawal(stripeSubscriptionId: string): Promise<ClubWithdrawalRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.clubWithdrawal(stripeSubscriptionId), ConsistentRead: true }),
  );
  return out.Item ? stripKeys<ClubWithdrawalRecord>(out.Item) : null;
}

/**
 * AP131: records a withdrawal request, once per subscription, with its acknowledgement email
 * (AP100) in the same transaction. 1 TransactWriteItems.
 * @returns false when a withdrawal of this subscription is already recorded (nothing written)
 */
export async function recordClubWithdrawal(w: ClubWithdrawalRecord, acknowledgement: NewEmailJob): Promise<boolean> {
  const result = await transactIf([
    {
      Put: {
        TableName: env.tableName,
        Item: {
          ...keys.clubWithdrawal(w.stripe_subscription_id),
          ...indexKeys.clubWithdrawal(w),
          entity: 'club_withdrawal',
          ...w,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    emailJobPut(acknowledgement, new Date(w.requested_at)),
  ]);
  if (result.ok) return true;
  if (result.failed.includes(0)) return false;
  throw new Error(`recordClubWithdrawal: the acknowledgement of ${w.stripe_subscription_id} is already queued`);
}

/**
 * AP133: marks a withdrawal completed (subscription cancelled, refund made), once. 1 UpdateItem.
 * @returns the record after, or null when it is missing
 */
export async function completeClubWithdrawal(
  stripeSubscriptionId: string,
  done: { stripe_refund_id: string | null; completed_at: string },
): Promise<ClubWithdrawalRecord | null> {
  const out = await ddb.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.clubWithdrawal(stripeSubscriptionId),
      UpdateExpression: 'SET #st = :done, stripe_refund_id = :r, completed_at = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#st': 'status' },
      ExpressionAttributeValues: { ':done': 'completed', ':r': done.stripe_refund_id, ':at': done.completed_at },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out.Attributes ? stripKeys<ClubWithdrawalRecord>(out.Attributes) : null;
}

/** AP132: one page of the club withdrawals, newest first. 1 Query on GSI1 (CLUB_WITHDRAWALS). */
export function listClubWithdrawalsPage(page: PageRequest = {}): Promise<Page<ClubWithdrawalRecord>> {
  return queryPage<ClubWithdrawalRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.clubWithdrawals },
      ScanIndexForward: false,
    },
    { name: 'GSI1PK', value: COLLECTION.clubWithdrawals },
    page,
  );
}
