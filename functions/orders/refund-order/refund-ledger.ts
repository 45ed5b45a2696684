/**
 * The order's side of the provider's refunds, pure: how Stripe's state of some refunds changes the
 * refunds an order keeps (matched by Stripe's id, or by the shop's id in `metadata.refund_id`;
 * a refund the shop did not make, e.g. in the Stripe dashboard, is added as one of Stripe's), and
 * which units a refund sends back to stock.
 */
import { REFUND_MSG } from '../../../shared/messages/refunds';
import type { OrderRefund, RefundLine, RefundStatus } from '../../../shared/refunds';
import type { PaymentRefund } from '../../lib/payments/payment-port';
import type { OrderLine } from '../order-record';
import type { StockReturn } from '../order-store';

/** Once failed or canceled, a refund stays so (Stripe never brings it back). */
const final = (s: RefundStatus) => s === 'failed' || s === 'canceled';

/**
 * The order's refunds after Stripe's updates.
 * @returns the new list, whether anything changed, the refunds that failed (or were canceled) now,
 *   and the refunds that succeeded now (confirmed by Stripe in this update, or made at Stripe succeeded)
 */
export function mergeRefundUpdates(
  refunds: readonly OrderRefund[],
  updates: readonly PaymentRefund[],
): { refunds: OrderRefund[]; changed: boolean; failedNow: OrderRefund[]; succeededNow: OrderRefund[] } {
  const next = refunds.map((r) => ({ ...r }));
  const failedNow: OrderRefund[] = [];
  const succeededNow: OrderRefund[] = [];
  let changed = false;
  for (const u of updates) {
    const local = next.find(
      (r) =>
        (u.stripe_refund_id !== null && r.stripe_refund_id === u.stripe_refund_id) ||
        (u.refund_id !== null && r.id === u.refund_id),
    );
    if (!local) {
      if (u.refund_id !== null || u.stripe_refund_id === null) continue; // the shop's id of another order, or nothing to add
      next.push({
        id: `stripe-${u.stripe_refund_id}`,
        amount_cents: u.amount_cents,
        lines: [],
        shipping: false,
        reason: REFUND_MSG.stripeReason(u.stripe_reason),
        origin: 'stripe',
        actor_id: null,
        actor_email: null,
        created_at: u.created_at,
        status: u.status,
        stripe_refund_id: u.stripe_refund_id,
        failure_reason: u.failure_reason,
        restocked: false,
      });
      if (u.status === 'succeeded') succeededNow.push(next[next.length - 1]!);
      changed = true;
      continue;
    }
    const status = final(local.status) ? local.status : u.status;
    const stripeId = local.stripe_refund_id ?? u.stripe_refund_id;
    const failure = u.failure_reason ?? local.failure_reason;
    if (status === local.status && stripeId === local.stripe_refund_id && failure === local.failure_reason) continue;
    if (final(status) && !final(local.status)) failedNow.push({ ...local, status, failure_reason: failure });
    if (status === 'succeeded' && local.status !== 'succeeded') succeededNow.push(local);
    Object.assign(local, { status, stripe_refund_id: stripeId, failure_reason: failure });
    changed = true;
  }
  return { refunds: next, changed, failedNow, succeededNow };
}

/**
 * The physical units that go back to stock with a refund's lines: a product line's units to the
 * variant it sold (a line without one: the product's default variant), and for a bundle line its
 * physical products times the units (digital products have no stock).
 * @returns the units summed per variant, in line order
 */
export function returnedStock(items: readonly OrderLine[], lines: readonly RefundLine[]): StockReturn[] {
  const out = new Map<string, StockReturn>();
  const add = (productId: string | null, n: number, variantId?: string) => {
    if (!productId || n <= 0) return;
    const key = `${productId}/${variantId ?? productId}`;
    const found = out.get(key);
    if (found) found.quantity += n;
    else out.set(key, { product_id: productId, ...(variantId ? { variant_id: variantId } : {}), quantity: n });
  };
  for (const l of lines) {
    const item = items[l.index];
    if (!item) continue;
    if (item.bundle_id) for (const b of item.bundle_items ?? []) if (!b.is_digital) add(b.product_id, l.quantity);
    if (!item.bundle_id && !item.is_digital) add(item.product_id, l.quantity, item.variant_id);
  }
  return [...out.values()];
}
