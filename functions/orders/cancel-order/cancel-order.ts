/**
 * The customer's cancellation of an own order ('Annulla ordine' in Ordini): allowed only while the
 * order is 'In elaborazione' (the order state machine, shared/orders.ts); everything left is
 * refunded and every unit returns to stock, through the one refund use case (refund-order/).
 */
import { REFUND_MSG } from '../../../shared/messages/refunds';
import type { OrderDto } from '../order-record';
import { toOrderDto } from '../order-views';
import type { OrderPorts } from '../ports';
import { refundOrder } from '../refund-order/refund-order';

/**
 * POST /api/me/orders/{id}/cancel.
 * @param caller the signed-in customer (the order must be theirs)
 * @returns the order after the cancellation (a cancelled order delivers no downloads)
 * @throws 404 unknown order or another customer's; 409 once shipped, already cancelled, or payments
 *   not configured (see refundOrder)
 */
export async function cancelOrder(
  ports: OrderPorts,
  orderId: string,
  caller: { sub: string; email: string },
): Promise<OrderDto> {
  const outcome = await refundOrder(ports, {
    orderId,
    action: 'customer_cancel',
    request: { kind: 'full' },
    reason: REFUND_MSG.cancellationReason,
    restock: true,
    actor: { id: caller.sub, email: caller.email, origin: 'customer' },
    ownerId: caller.sub,
  });
  return toOrderDto(outcome.after, ports.now());
}
