/**
 * Refunds reconciled from Stripe's events (`charge.refunded`, `refund.created`, `refund.updated`,
 * `refund.failed`): every such event only names the payment; the order it paid is found through
 * its Checkout Session, and the order takes the state of ALL the payment's refunds as Stripe has
 * them now. So a refund made in the Stripe dashboard appears on the order, a refund that fails
 * later shows failed (with an operator alert), and replayed, late or out-of-order events all
 * converge on Stripe's state.
 */
import type { OrderPorts } from '../ports';
import { applyRefundUpdates } from '../refund-order/refund-order';

/**
 * Brings the refunds of the order a PaymentIntent paid in step with the provider.
 * Provider: 2 requests (the session of the payment, its refunds); DynamoDB: AP93, then AP94.
 * @returns 'updated', 'unchanged', or 'unknown' when the payment made no order (e.g. a club invoice)
 */
export async function reconcileRefunds(
  ports: OrderPorts,
  paymentIntent: string,
): Promise<'updated' | 'unchanged' | 'unknown'> {
  const sessionId = await ports.payments.sessionOfPayment(paymentIntent);
  const found = sessionId ? await ports.orders.findOrderBySession(sessionId) : null;
  if (!found) return 'unknown';
  const before = found.order.revision ?? 0;
  const after = await applyRefundUpdates(ports, found, await ports.payments.refundsOfPayment(paymentIntent));
  return (after.order.revision ?? 0) === before ? 'unchanged' : 'updated';
}
