/**
 * The back office's first step of a customer's withdrawal ('Recessi' in Ordini): the goods came
 * back (level 'collaborator', capability 'orders'). The refund that follows is the one refund use
 * case (refund-order/, `refundWithdrawal`). The handler audits the step with the before and after
 * this returns.
 */
import { API_MSG } from '../../../shared/messages/api-messages';
import { REFUND_MSG } from '../../../shared/messages/refunds';
import { WITHDRAWAL_MSG } from '../../../shared/messages/withdrawals';
import { withdrawalTransition } from '../../../shared/withdrawals';
import type { AdminOrderDto } from '../../../shared/api/orders';
import { conflict, notFound } from '../../lib/errors';
import type { Change } from '../../lib/audit';
import type { OrderRecord } from '../order-record';
import { toAdminOrderDto } from '../order-views';
import type { OrderPorts } from '../ports';

const ATTEMPTS = 4;

/**
 * POST /api/admin/orders/{id}/withdrawals/{wid}/received: requested -> received, at `ports.now()`.
 * DynamoDB: AP19 + AP94 (read by key) + AP106 (1 TransactWriteItems).
 * @returns the order before and after (back-office views)
 * @throws 404 unknown order or withdrawal; 409 the goods were already received (or it is refunded),
 *   or the order kept changing
 */
export async function receiveWithdrawal(
  ports: OrderPorts,
  orderId: string,
  withdrawalId: string,
): Promise<Change<AdminOrderDto>> {
  const located = await ports.orders.findOrder(orderId);
  if (!located) throw notFound(API_MSG.notFoundOrder);
  const now = ports.now();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = (await ports.orders.findOrderByKey(located.key)) ?? located;
    const o = found.order;
    const w = (o.withdrawals ?? []).find((x) => x.id === withdrawalId);
    if (!w) throw notFound(WITHDRAWAL_MSG.unknownWithdrawal);
    if (!withdrawalTransition(w.status, 'receive'))
      throw conflict(WITHDRAWAL_MSG.notRequested, WITHDRAWAL_MSG.stepTitle);
    const next: OrderRecord = {
      ...o,
      withdrawals: (o.withdrawals ?? []).map((x) =>
        x.id === w.id ? { ...x, status: 'received' as const, received_at: now.toISOString() } : x,
      ),
      revision: (o.revision ?? 0) + 1,
    };
    if ((await ports.orders.writeOrder(found, { next })) === 'written')
      return { before: toAdminOrderDto(o, now), after: toAdminOrderDto(next, now) };
  }
  throw conflict(REFUND_MSG.changed, REFUND_MSG.changedTitle);
}
