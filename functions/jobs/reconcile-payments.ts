/**
 * Scheduled job (EventBridge Scheduler every hour in the cloud; a timer at the same rate in the
 * local runtime): every payment accounted for, even when its webhook never arrived (Stripe gives up
 * after three days of retries, an endpoint can be disabled, a deployment can lose one). It lists
 * what Stripe has of the last RECONCILE_WINDOW_DAYS and applies what the shop is missing through
 * the same idempotent code the webhook runs:
 *  - completed Checkout Sessions: a paid shop session without its order (no fulfilment marker)
 *    is fulfilled (`fulfilSession`: the order, or the webhook's alerts for a payment that does not
 *    match); a subscription session without its membership is synced (`syncSubscription`);
 *  - refunds: the refunds of each payment brought onto its order (`reconcileRefunds`);
 *  - paid invoices: a subscription whose membership was not synced since the invoice is synced,
 *    with the invoice as its event (the renewal's receipt email, once);
 *  - the refunds still pending (the orders module's settlePendingRefunds: Stripe's state, or asked
 *    again with their idempotency key; an alert when one stays pending an hour);
 *  - the club withdrawals left 'requested' by a failure part-way (finished, or an alert).
 * Objects younger than WEBHOOK_GRACE_MS are left to their webhook, which may be on its way. When
 * anything was applied, one `payments_reconciled` alert says how many of each.
 *
 * Input: the scheduler's event (ignored). Output: the ReconcileReport.
 * Throws when Stripe cannot be listed or the table read (the scheduler retries; the function's
 * error alarm fires); a failure of one object is logged, counted and retried at the next run.
 */
import type Stripe from 'stripe';
import * as orders from '../orders';
import { finishRequestedWithdrawals, syncSubscription } from '../checkout/public';
import { fulfilledSessions } from '../data/reservation-repository';
import { getMembership } from '../data/membership-repository';
import { raiseAlert } from '../lib/alerts';
import { logger } from '../lib/logger';
import { withObservability } from '../lib/observability';
import { stripeClient } from '../lib/payments/stripe-payments';
import { paymentSettled } from '../lib/stripe';

/** How far back Stripe's objects are listed: Stripe retries a webhook for up to three days. */
export const RECONCILE_WINDOW_DAYS = 4;
/**
 * Objects younger than this are left to their webhook, ms. A Checkout Session is listed by when it
 * was created and is paid within its 30-minute life, so its grace starts there.
 */
export const WEBHOOK_GRACE_MS = 45 * 60_000;

/** What one kind of object gave: how many were looked at, applied now, and failed. */
export interface ReconcileCount {
  checked: number;
  fixed: number;
  failed: number;
}

/** What a run did. */
export interface ReconcileReport {
  /** Completed shop sessions without their order. */
  orders: ReconcileCount;
  /** Subscription sessions and paid invoices without their membership. */
  memberships: ReconcileCount;
  /** Refunds not on their order (or in another state). */
  refunds: ReconcileCount;
  /** The pending refunds' queue (orders module). */
  pendingRefunds: Awaited<ReturnType<typeof orders.settlePendingRefunds>>;
  /** Club withdrawals finished now, and the ones still stuck. */
  withdrawals: { finished: number; stuck: number };
}

const count = (): ReconcileCount => ({ checked: 0, fixed: 0, failed: 0 });

/** Runs `apply` for one object, counting it; a failure is logged and counted (retried next run). */
async function each(c: ReconcileCount, what: string, id: string, apply: () => Promise<boolean>): Promise<void> {
  c.checked += 1;
  try {
    if (await apply()) c.fixed += 1;
  } catch (error) {
    c.failed += 1;
    logger.error('reconciliation: could not apply', { what, id, error: error as Error });
  }
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** Syncs a subscription whose membership is missing, or older than `since` (Unix seconds). @returns whether it synced */
async function syncIfBehind(subscriptionId: string, since: number, event?: Stripe.Event): Promise<boolean> {
  const membership = await getMembership(subscriptionId);
  if (membership && Date.parse(membership.synced_at) >= since * 1000) return false;
  const result = await syncSubscription(subscriptionId, event);
  return result === 'saved';
}

/**
 * Reconciles the payments of the window (module comment).
 * Stripe: the list pages (100 objects each) of sessions, refunds and invoices, then per object
 * applied the webhook's own calls. DynamoDB: 1 BatchGetItem of fulfilment markers per 100 sessions,
 * 1 GetItem per subscription, then the webhook's writes for what is applied.
 * @param opts.now the time of the run (tests); opts.since the start of the window (default now
 *   minus RECONCILE_WINDOW_DAYS)
 */
export async function reconcilePayments(opts: { now?: Date; since?: Date } = {}): Promise<ReconcileReport> {
  const now = opts.now ?? new Date();
  const since = Math.floor(
    (opts.since ?? new Date(now.getTime() - RECONCILE_WINDOW_DAYS * 86_400_000)).getTime() / 1000,
  );
  const settledBefore = Math.floor((now.getTime() - WEBHOOK_GRACE_MS) / 1000);
  const created = { gte: since, lt: settledBefore };
  const stripe = await stripeClient();
  const report: ReconcileReport = {
    orders: count(),
    memberships: count(),
    refunds: count(),
    pendingRefunds: { checked: 0, settled: 0, retried: 0, stuck: 0 },
    withdrawals: { finished: 0, stuck: 0 },
  };

  // completed Checkout Sessions: a paid one without its order, a subscription without its membership
  const sessions: Stripe.Checkout.Session[] = [];
  for await (const s of stripe.checkout.sessions.list({ status: 'complete', created, limit: 100 })) sessions.push(s);
  const paid = sessions.filter((s) => s.mode === 'payment' && paymentSettled(s));
  const fulfilled = new Set<string>();
  for (let i = 0; i < paid.length; i += 100)
    for (const id of await fulfilledSessions(paid.slice(i, i + 100).map((s) => s.id))) fulfilled.add(id);
  for (const s of paid) {
    if (fulfilled.has(s.id)) {
      report.orders.checked += 1;
      continue;
    }
    await each(report.orders, 'checkout session', s.id, async () => {
      const result = await orders.fulfilSession(s);
      return result === 'created' || result === 'created_needs_refund';
    });
  }
  for (const s of sessions.filter((x) => x.mode === 'subscription' && paymentSettled(x))) {
    const subscriptionId = idOf(s.subscription);
    if (subscriptionId)
      await each(report.memberships, 'subscription session', s.id, () => syncIfBehind(subscriptionId, 0));
  }

  // paid invoices: the membership synced since the invoice (a renewal's period and receipt)
  for await (const invoice of stripe.invoices.list({ status: 'paid', created, limit: 100 })) {
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (!subscriptionId) continue;
    const event = { type: 'invoice.paid', data: { object: invoice } } as unknown as Stripe.Event;
    await each(report.memberships, 'invoice', invoice.id!, () => syncIfBehind(subscriptionId, invoice.created, event));
  }

  // refunds: each payment's refunds brought onto its order (a club withdrawal's refund has none)
  const payments = new Set<string>();
  for await (const r of stripe.refunds.list({ created, limit: 100 })) {
    const pi = idOf(r.payment_intent);
    if (pi) payments.add(pi);
  }
  for (const pi of payments)
    await each(report.refunds, 'payment refunds', pi, async () => (await orders.reconcileRefunds(pi)) === 'updated');

  report.pendingRefunds = await orders.settlePendingRefunds({ now });
  const withdrawals = await finishRequestedWithdrawals(now);
  report.withdrawals = { finished: withdrawals.finished, stuck: withdrawals.stuck.length };

  const fixed =
    report.orders.fixed +
    report.memberships.fixed +
    report.refunds.fixed +
    report.pendingRefunds.settled +
    report.withdrawals.finished;
  if (fixed > 0)
    await raiseAlert({
      code: 'payments_reconciled',
      summary: `The payments reconciliation applied ${fixed} change(s) whose Stripe webhook or answer never arrived: check the webhook endpoint in the Stripe dashboard.`,
      details: {
        fixed,
        orders: report.orders.fixed,
        memberships: report.memberships.fixed,
        refunds: report.refunds.fixed,
        pendingRefunds: report.pendingRefunds.settled,
        withdrawals: report.withdrawals.finished,
        failed: report.orders.failed + report.memberships.failed + report.refunds.failed,
      },
    });
  logger.info('payments reconciliation', { ...report });
  return report;
}

export const handler = withObservability('reconcile-payments', async (): Promise<ReconcileReport> =>
  reconcilePayments(),
);
