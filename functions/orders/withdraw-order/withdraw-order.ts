/**
 * The customer's withdrawal from a contract ('Recedi dal contratto' in Ordini): the online
 * withdrawal function of art. 11-bis Directive 2011/83/EU (added by Directive (EU) 2023/2673) for
 * the right of Codice del Consumo artt. 52-59. The request is recorded on the order (which puts it
 * in the back office's 'Recessi') with the acknowledgement email (art. 54 c.4: "senza indugio ... su
 * un supporto durevole"), in one versioned write.
 */
import { randomUUID } from 'node:crypto';
import { API_MSG } from '../../../shared/messages/api-messages';
import { WITHDRAWAL_MSG } from '../../../shared/messages/withdrawals';
import { REFUND_MSG } from '../../../shared/messages/refunds';
import { isWithdrawalRefusal, planWithdrawal, type OrderWithdrawal } from '../../../shared/withdrawals';
import type { RefundLine } from '../../../shared/refunds';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { OrderDto, OrderRecord } from '../order-record';
import { toOrderDto } from '../order-views';
import { ORDER_EMAILS } from '../order-emails';
import type { OrderPorts } from '../ports';

/** Attempts of the write when other writes of the order keep coming first (each reads it again). */
const ATTEMPTS = 4;

/**
 * POST /api/me/orders/{id}/withdrawal. The period is judged at `ports.now()`.
 * DynamoDB: AP19 (the order by id) + AP94 (read again by key) + AP104 (1 TransactWriteItems).
 * @param lines the units withdrawn (`index` into the order's items)
 * @param caller the signed-in customer (the order must be theirs)
 * @returns the order after the request (its `withdrawals` with the new one, status 'requested')
 * @throws 404 unknown order or another customer's; 409 outside the withdrawal period (not delivered,
 *   cancelled, or more than 14 days after delivery), for units already withdrawn or refunded, or
 *   when the order kept changing; 400 a digital or unknown line, or no units
 */
export async function withdrawOrder(
  ports: OrderPorts,
  orderId: string,
  lines: RefundLine[],
  caller: { sub: string },
): Promise<OrderDto> {
  const located = await ports.orders.findOrder(orderId);
  if (!located || located.order.user_id !== caller.sub) throw notFound(API_MSG.notFoundOrder);
  const now = ports.now();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = (await ports.orders.findOrderByKey(located.key)) ?? located;
    const o = found.order;
    const plan = planWithdrawal(o, lines, now);
    if (isWithdrawalRefusal(plan)) {
      if (plan.error === 'period') throw conflict(WITHDRAWAL_MSG.period, WITHDRAWAL_MSG.notAllowedTitle);
      if (plan.error === 'quantity') throw conflict(WITHDRAWAL_MSG.already(plan.left), WITHDRAWAL_MSG.notAllowedTitle);
      if (plan.error === 'empty') throw badRequest(WITHDRAWAL_MSG.empty, 'lines');
      throw badRequest(WITHDRAWAL_MSG.digitalLine, 'lines');
    }
    const withdrawal: OrderWithdrawal = {
      id: randomUUID(),
      lines: plan.lines,
      status: 'requested',
      requested_at: now.toISOString(),
      received_at: null,
      refunded_at: null,
      refund_id: null,
    };
    const next: OrderRecord = {
      ...o,
      withdrawals: [...(o.withdrawals ?? []), withdrawal],
      revision: (o.revision ?? 0) + 1,
    };
    const written = await ports.orders.writeOrder(found, {
      next,
      emails: [ORDER_EMAILS.withdrawalReceived(next, withdrawal)],
    });
    if (written === 'written') return toOrderDto(next, now);
  }
  throw conflict(REFUND_MSG.changed, REFUND_MSG.changedTitle);
}
