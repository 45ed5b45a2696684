/**
 * Brings an order's refunds in step with Stripe's: the refunds' updates are merged into the order
 * (refund-ledger.ts) and written under the order's revision, read again and merged again when
 * another write came first. A refund that failed now raises an operator alert; a refund that
 * succeeded now queues the customer's refund email in the same write (one per refund: the write
 * that flips it to succeeded is conditioned on the order's revision, so only one write ever does),
 * except on a cancelled order, whose 'Annullato' email already told the customer the money comes back.
 */
import { refundState } from '../../../shared/refunds';
import { findOrderByKey, writeRefunds, type FoundOrder } from '../../data/order-refund-repository';
import { raiseAlert } from '../../lib/alerts';
import { emailJobPut } from '../../data/email-job-repository';
import { EMAIL_JOBS } from '../../email/jobs';
import { mergeRefundUpdates, type RefundUpdate } from './refund-ledger';

/** Attempts before a write that keeps meeting newer revisions gives up (each re-reads the order). */
const ATTEMPTS = 5;

/**
 * Applies Stripe's state of some refunds to an order.
 * @param found the order and its key (read again by key before each attempt)
 * @returns the order as written (or as it was, when nothing changed)
 * @throws Error when the order keeps changing under the write (after ATTEMPTS attempts)
 */
export async function applyRefundUpdates(found: FoundOrder, updates: readonly RefundUpdate[]): Promise<FoundOrder> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = (await findOrderByKey(found.key)) ?? found;
    const merged = mergeRefundUpdates(current.order.refunds ?? [], updates);
    if (!merged.changed) return current;
    const next = { ...current.order, refunds: merged.refunds };
    const emails =
      next.status === 'Annullato'
        ? []
        : merged.succeededNow.map((r) =>
            emailJobPut(
              EMAIL_JOBS.orderRefunded(
                next,
                merged.refunds.find((m) => m.id === r.id)!,
              ),
            ),
          );
    const outcome = await writeRefunds(current, {
      refunds: merged.refunds,
      queued: refundState(next) !== 'full',
      emails,
    });
    if (outcome === 'changed') continue;
    for (const r of merged.failedNow)
      await raiseAlert({
        code: 'refund_failed',
        summary: `A refund of ${(r.amount_cents / 100).toFixed(2)} EUR failed at Stripe: the money did not go back; refund the customer another way or again.`,
        details: {
          orderId: current.order.id,
          userId: current.order.user_id,
          refundId: r.id,
          stripeRefundId: r.stripe_refund_id,
          amountCents: r.amount_cents,
          failureReason: r.failure_reason,
        },
      });
    return { key: current.key, order: { ...next, revision: (current.order.revision ?? 0) + 1 } };
  }
  throw new Error(`refunds of order ${found.order.id}: the order kept changing`);
}
