/**
 * The refunds Stripe has not settled yet, brought to an end (run by the payments reconciliation,
 * functions/jobs/reconcile-payments.ts). A refund is recorded `pending` before Stripe is asked
 * (refund-order/); when Stripe's answer never came (a timeout, Stripe's own error after the SDK's
 * retries) or its events never arrived, the refund would stay pending for ever. For each order in
 * the pending refunds' queue (AP147):
 *  1. Stripe's refunds of the payment are read: a refund Stripe made (found by its `re_…` id or its
 *     `metadata.refund_id`, the shop's id) takes Stripe's state, as its events would have set it;
 *  2. a refund Stripe does not have, once RETRY_AFTER_MS have passed since it was recorded (the
 *     first request may still be on its way), is asked for again with the SAME idempotency key
 *     (`refund-{refund id}`): Stripe either makes it now or answers the first request's result, so
 *     it is never made twice; Stripe's refusal marks it failed (with its alert);
 *  3. a refund still pending PENDING_ALERT_MS after it was recorded is named in one
 *     `refund_pending` alert of the run: a person looks at it in the Stripe dashboard.
 * The writes are the orders module's single versioned write (applyRefundUpdates), as for Stripe's
 * refund events: one email per refund that succeeds, whichever path settles it.
 */
import type { PaymentRefund } from '../../lib/payments/payment-port';
import { pendingRefunds } from '../order-record';
import type { OrderPorts } from '../ports';
import { applyRefundUpdates, askProviderToRefund, paymentIntentOf } from '../refund-order/refund-order';

/** How long after it was recorded a refund Stripe does not have is asked for again, ms. */
export const RETRY_AFTER_MS = 2 * 60_000;
/** How long a refund may stay pending before the operator is alerted, ms. */
export const PENDING_ALERT_MS = 60 * 60_000;

/** What a run did. */
export interface PendingRefundsReport {
  /** Pending refunds looked at. */
  checked: number;
  /** Settled now (Stripe's state applied, or made by the retry): succeeded or failed. */
  settled: number;
  /** Asked of Stripe again (same idempotency key). */
  retried: number;
  /** Still pending past PENDING_ALERT_MS (named in the run's alert). */
  stuck: number;
}

/**
 * Settles the pending refunds (module comment).
 * DynamoDB: AP147 (1 Query + 1 BatchGetItem), then per order with a change AP94 (the versioned
 * write). Stripe: 1 refunds list per order, + 1 create per refund asked again.
 * @param limit orders looked at in this run (the oldest refunds first)
 */
export async function settlePendingRefunds(ports: OrderPorts, limit = 100): Promise<PendingRefundsReport> {
  const now = ports.now().getTime();
  const report: PendingRefundsReport = { checked: 0, settled: 0, retried: 0, stuck: 0 };
  const stuck: string[] = [];
  for (const found of await ports.orders.listOrdersWithPendingRefunds(limit)) {
    const o = found.order;
    const paymentIntent = await paymentIntentOf(ports, o);
    if (!paymentIntent) continue;
    const atStripe = await ports.payments.refundsOfPayment(paymentIntent);
    const updates: PaymentRefund[] = [...atStripe];
    for (const r of pendingRefunds(o)) {
      report.checked += 1;
      const made = atStripe.some(
        (s) => s.refund_id === r.id || (r.stripe_refund_id !== null && s.stripe_refund_id === r.stripe_refund_id),
      );
      if (made || now - Date.parse(r.created_at) < RETRY_AFTER_MS) continue;
      report.retried += 1;
      const attempt = await askProviderToRefund(ports, o.id, r, paymentIntent);
      if (attempt.outcome === 'created') updates.push(attempt.refund);
      if (attempt.outcome === 'refused')
        updates.push({
          stripe_refund_id: null,
          refund_id: r.id,
          amount_cents: r.amount_cents,
          status: 'failed',
          failure_reason: attempt.reason,
          created_at: r.created_at,
          stripe_reason: null,
        });
    }
    const after = updates.length > 0 ? (await applyRefundUpdates(ports, found, updates)).order : o;
    const before = new Set(pendingRefunds(o).map((r) => r.id));
    const still = pendingRefunds(after);
    report.settled += [...before].filter((id) => !still.some((r) => r.id === id)).length;
    for (const r of still)
      if (now - Date.parse(r.created_at) >= PENDING_ALERT_MS)
        stuck.push(`${o.id}/${r.id} (${r.amount_cents} cents, since ${r.created_at})`);
  }
  report.stuck = stuck.length;
  if (stuck.length > 0)
    await ports.alert({
      code: 'refund_pending',
      summary: `${stuck.length} refund(s) still pending at Stripe after an hour: check them in the Stripe dashboard (a retry with the same idempotency key cannot refund twice).`,
      details: { count: stuck.length, refunds: stuck.slice(0, 20).join('; ') },
    });
  return report;
}
