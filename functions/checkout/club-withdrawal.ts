/**
 * The member's withdrawal from the Aurum Club contract ('Recedi dal contratto' in Abbonamenti): the
 * online withdrawal function of art. 11-bis Directive 2011/83/EU (added by Directive (EU) 2023/2673)
 * for the right of Codice del Consumo artt. 52-59, the club being a service (shared/club-withdrawal.ts
 * says why and holds the rules). Loaded by the checkout handler on first use.
 *
 * In order, the server deciding everything:
 *  1. the membership must be the caller's, bought online and still in its FIRST paid period (a
 *     renewal continues the contract, it is not a new one), within 14 days of its start (409);
 *  2. the amounts are computed from what Stripe took for the first invoice (its InvoicePayment) and
 *     the days used, and recorded once with the acknowledgement email (date and time of the request,
 *     art. 54 c.4) in one transaction;
 *  3. at Stripe: the withdrawal's time goes into the subscription's metadata, the subscription is
 *     cancelled at once, and the difference is refunded on the first payment's PaymentIntent
 *     (art. 56 c.1: the same means of payment), with an idempotency key of the subscription;
 *  4. the cancelled subscription is stored as any other (club.ts): the membership ends, the tier
 *     and the member discount are gone;
 *  5. the withdrawal is marked completed.
 * A retry after a failure part-way (Stripe unreachable) finds the recorded request and runs the
 * remaining steps with the amounts fixed at the request: nothing is charged or refunded twice. Once
 * completed, another request answers 409.
 */
import type Stripe from 'stripe';
import { CLUB_MSG } from '../../shared/messages/club';
import { clubWithdrawalAmounts, clubWithdrawalLastDay, clubWithdrawalOpen } from '../../shared/club-withdrawal';
import { formatItalianDay } from '../../shared/calendar';
import type { SubscriptionDto } from '../../shared/api/account';
import type { ClubWithdrawalDto } from '../../shared/api/checkout';
import type { ProfileRecord } from '../data/profile-repository';
import * as memberships from '../data/membership-repository';
import {
  completeClubWithdrawal,
  getClubWithdrawal,
  listClubWithdrawalsPage,
  recordClubWithdrawal,
  type ClubWithdrawalRecord,
} from '../data/club-withdrawal-repository';
import { EMAIL_JOBS } from '../email';
import { AppError, conflict, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { raiseAlert } from '../lib/alerts';
import { PAYMENT_METHOD_MSG } from '../../shared/messages/payment-methods';
import { storeSubscription, WITHDRAWAL_METADATA } from './club';
import { paymentProviderFailure, stripeClient, stripePayments } from '../lib/payments/stripe-payments';

/** The member's view of a recorded withdrawal. */
export function toClubWithdrawalDto(w: ClubWithdrawalRecord): ClubWithdrawalDto {
  return {
    requested_at: w.requested_at,
    started_at: w.started_at,
    plan_name: w.plan_name,
    days_used: w.days_used,
    period_days: w.period_days,
    paid_cents: w.paid_cents,
    kept_cents: w.kept_cents,
    refund_cents: w.refund_cents,
    status: w.status,
  };
}

/** Stripe's billing_reason of a subscription's first invoice. */
const FIRST_INVOICE = 'subscription_create';

/** What a withdrawal answers: the membership after it and the withdrawal as recorded. */
export interface ClubWithdrawalOutcome {
  subscription: SubscriptionDto;
  withdrawal: ClubWithdrawalRecord;
  /** The record before this request (null: a new request), for the audit entry. */
  before: ClubWithdrawalRecord | null;
}

const idOf = (v: string | { id?: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/**
 * The first payment of a subscription still in its first period: its PaymentIntent and amount.
 * Stripe: 3 GETs (subscription's latest invoice, the invoice's payments).
 * @throws 409 when the latest invoice is a renewal's (not the first period)
 */
async function firstPayment(
  stripe: Stripe,
  subscription: Stripe.Subscription,
): Promise<{ paymentIntent: string; paidCents: number }> {
  const invoiceId = idOf(subscription.latest_invoice as string | { id?: string } | null);
  const invoice = invoiceId ? await stripe.invoices.retrieve(invoiceId) : null;
  if (!invoice || invoice.billing_reason !== FIRST_INVOICE)
    throw conflict(CLUB_MSG.withdrawalNotFirstPeriod, CLUB_MSG.withdrawalNotAllowedTitle);
  const payment = (await stripe.invoicePayments.list({ invoice: invoice.id!, status: 'paid', limit: 1 })).data[0];
  const paymentIntent = idOf(payment?.payment.payment_intent as string | { id?: string } | undefined);
  if (!payment || !paymentIntent) throw new Error(`club withdrawal: invoice ${invoice.id} has no paid payment`);
  return { paymentIntent, paidCents: payment.amount_paid ?? invoice.amount_paid };
}

/**
 * POST /api/me/subscription/withdrawal.
 * DynamoDB: AP72 (the membership) + AP131 (the withdrawal: 1 GetItem, then 1 TransactWriteItems
 * with the acknowledgement, AP100) + AP72 (the cancelled membership, with the profile) + AP133
 * (1 UpdateItem). Stripe: up to 4 GETs and 3 POST/DELETE (metadata, cancel, refund).
 * @param profile the caller's profile (its membership)
 * @param caller the verified caller (the acknowledgement goes to the profile's address)
 * @param now the moment the shop is informed (the period and the amounts are judged on it)
 * @returns the membership after (ended, withdrawn_at set) and the withdrawal with its amounts (cents)
 * @throws 404 without a membership bought online; 409 outside the 14 days, after a renewal, or when
 *   already withdrawn; 409 payments missing; 409 when the payment's method refuses the refund (the
 *   membership has ended; the operator is alerted to pay it back another way); 503 when Stripe fails
 *   or does not answer (502 when it refuses the request); the recorded request is then finished by a
 *   retry or the payments reconciliation
 */
export async function withdrawFromClub(
  profile: ProfileRecord | null,
  caller: { sub: string; email: string },
  now = new Date(),
): Promise<ClubWithdrawalOutcome> {
  const current = profile?.subscription;
  const subscriptionId = current?.stripe_subscription_id;
  if (!current || !subscriptionId) throw notFound(CLUB_MSG.noWithdrawable);
  const membership = await memberships.getMembership(subscriptionId);
  if (!membership || membership.user_id !== caller.sub) throw notFound(CLUB_MSG.noWithdrawable);
  const before = await getClubWithdrawal(subscriptionId);
  if (before?.status === 'completed' || (!before && membership.withdrawn_at))
    throw conflict(CLUB_MSG.alreadyWithdrawn, CLUB_MSG.withdrawalNotAllowedTitle);
  if (!before && (membership.status !== 'active' || Date.parse(membership.ends_at) <= now.getTime()))
    throw notFound(CLUB_MSG.noWithdrawable);
  const lastDay = clubWithdrawalLastDay(membership.started_at);
  const periodOver = () =>
    conflict(
      CLUB_MSG.withdrawalPeriodOver(formatItalianDay(`${lastDay}T12:00:00Z`)),
      CLUB_MSG.withdrawalNotAllowedTitle,
    );
  // outside the window nothing is asked of Stripe
  if (!before && !clubWithdrawalOpen(membership.started_at, now)) throw periodOver();
  const stripe = await stripeClient();
  let withdrawal = before;
  try {
    if (!withdrawal) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const paid = await firstPayment(stripe, subscription);
      const item = subscription.items.data[0]!;
      const amounts = clubWithdrawalAmounts(
        {
          started_at: membership.started_at,
          first_period_end: new Date(item.current_period_end * 1000).toISOString(),
          paid_cents: paid.paidCents,
        },
        now,
      );
      if (!amounts) throw periodOver();
      const record: ClubWithdrawalRecord = {
        stripe_subscription_id: subscriptionId,
        user_id: caller.sub,
        email: profile!.email,
        plan_name: membership.plan_name,
        started_at: membership.started_at,
        requested_at: now.toISOString(),
        service_start_requested_at: membership.service_start_requested_at ?? null,
        ...amounts,
        payment_intent_id: paid.paymentIntent,
        status: 'requested',
        stripe_refund_id: null,
        completed_at: null,
      };
      const acknowledgement = EMAIL_JOBS.clubWithdrawalReceived(profile!.email, subscriptionId, {
        plan_name: record.plan_name,
        started_at: record.started_at,
        requested_at: record.requested_at,
        days_used: record.days_used,
        period_days: record.period_days,
        paid_cents: record.paid_cents,
        kept_cents: record.kept_cents,
        refund_cents: record.refund_cents,
      });
      // a concurrent request recorded first: carry on with its amounts
      withdrawal = (await recordClubWithdrawal(record, acknowledgement))
        ? record
        : await getClubWithdrawal(subscriptionId);
      if (!withdrawal) throw new Error(`club withdrawal of ${subscriptionId} vanished`);
    }
    const done = await finishAtStripe(stripe, withdrawal);
    const subscription = (await memberships.getMembership(subscriptionId)) ?? membership;
    return { subscription: memberships.toSubscriptionDto(subscription), withdrawal: done, before };
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error('club withdrawal failed', { error: error as Error, subscriptionId });
    throw await paymentProviderFailure(error);
  }
}

/** How long after its request a withdrawal still 'requested' is finished by the reconciliation, ms. */
export const WITHDRAWAL_RETRY_AFTER_MS = 2 * 60_000;

/**
 * The payments reconciliation's part (functions/jobs/reconcile-payments.ts): finishes the
 * withdrawals recorded but left 'requested' (Stripe failed part-way and the member did not try
 * again) with the same steps as the member's retry, each safe to run again; a withdrawal that still
 * cannot be finished is named in one `club_withdrawal_stuck` alert: completed or alerted, never
 * left silently.
 * DynamoDB: AP132 (1 Query: the newest 100 withdrawals), then per finished one the steps of
 * finishAtStripe. Stripe: up to 5 calls per withdrawal finished.
 * @returns how many were finished, and the subscriptions of the ones still stuck
 */
export async function finishRequestedWithdrawals(now = new Date()): Promise<{ finished: number; stuck: string[] }> {
  const waiting = (await listClubWithdrawalsPage({ limit: 100 })).items.filter(
    (w) => w.status === 'requested' && now.getTime() - Date.parse(w.requested_at) >= WITHDRAWAL_RETRY_AFTER_MS,
  );
  let finished = 0;
  const stuck: string[] = [];
  for (const w of waiting) {
    try {
      await finishAtStripe(await stripeClient(), w);
      finished += 1;
    } catch (error) {
      logger.error('club withdrawal still not finished', {
        error: error as Error,
        subscriptionId: w.stripe_subscription_id,
      });
      stuck.push(w.stripe_subscription_id);
    }
  }
  if (stuck.length > 0)
    await raiseAlert({
      code: 'club_withdrawal_stuck',
      summary: `${stuck.length} Aurum Club withdrawal(s) recorded but not finished at Stripe (cancellation or refund): finish them in the Stripe dashboard or wait for the next run.`,
      details: { count: stuck.length, subscriptions: stuck.join(', ') },
    });
  return { finished, stuck };
}

/**
 * The Stripe steps of a recorded withdrawal, each safe to run again: the metadata, the cancellation
 * (skipped once cancelled), the refund (idempotency key of the subscription: one refund per
 * withdrawal), then the membership stored from the cancelled subscription and the withdrawal
 * marked completed.
 */
async function finishAtStripe(stripe: Stripe, w: ClubWithdrawalRecord): Promise<ClubWithdrawalRecord> {
  const id = w.stripe_subscription_id;
  let subscription = await stripe.subscriptions.retrieve(id);
  if (subscription.metadata?.[WITHDRAWAL_METADATA] !== w.requested_at)
    subscription = await stripe.subscriptions.update(
      id,
      { metadata: { [WITHDRAWAL_METADATA]: w.requested_at } },
      { idempotencyKey: `club-withdrawal-metadata-${id}` },
    );
  const fetchedAt = new Date();
  if (subscription.status !== 'canceled') subscription = await stripe.subscriptions.cancel(id);
  const attempt =
    w.refund_cents > 0
      ? await stripePayments.createRefund({
          paymentIntent: w.payment_intent_id,
          amountCents: w.refund_cents,
          refundId: `club-withdrawal-${id}`,
          subscriptionId: id,
          byCustomer: true,
        })
      : null;
  // The withdrawal falls in the first 14 days, inside every method's refund period (PayPal: 180
  // days; shared/payment-methods.ts). A refusal all the same (the method's own reasons) is not left
  // silent: the operator is alerted to give the money back another way and the member is told so.
  if (attempt?.outcome === 'refused') {
    await raiseAlert({
      code: 'refund_failed',
      summary: `The refund of a club withdrawal (${(w.refund_cents / 100).toFixed(2)} EUR) was refused by Stripe: the membership ended, the money did not go back. Refund the member another way.`,
      details: { subscriptionId: id, userId: w.user_id, paymentIntent: w.payment_intent_id, reason: attempt.reason },
    });
    throw conflict(PAYMENT_METHOD_MSG.clubRefundRefused, PAYMENT_METHOD_MSG.clubRefundRefusedTitle);
  }
  if (attempt && attempt.outcome !== 'created')
    throw new Error(`club withdrawal ${id}: refund ${attempt.outcome} (${attempt.reason})`);
  const refund = attempt ? { id: attempt.refund.stripe_refund_id } : null;
  await storeSubscription(stripe, subscription, fetchedAt);
  const done = await completeClubWithdrawal(id, {
    stripe_refund_id: refund?.id ?? null,
    completed_at: new Date().toISOString(),
  });
  logger.info('club withdrawal completed', {
    subscriptionId: id,
    refundCents: w.refund_cents,
    keptCents: w.kept_cents,
  });
  return done ?? w;
}
