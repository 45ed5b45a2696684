/**
 * The back office's steps of a customer's withdrawal ('Recessi' in Ordini): the goods received
 * (level 'collaborator', fulfilment: capability 'orders'), then the refund (admin only: capability
 * 'refunds') through the one refund use case, which marks the withdrawal 'refunded' in the refund's
 * own write. Each step is audited by the handler with the before and after this returns. Loaded by
 * the admin handler on first use.
 */
import { API_MSG } from '../../shared/messages';
import { REFUND_MSG } from '../../shared/messages/refunds';
import { WITHDRAWAL_MSG } from '../../shared/messages/withdrawals';
import { withdrawalTransition } from '../../shared/withdrawals';
import type { AdminOrderDto, RefundDto } from '../../shared/api/orders';
import { findOrder } from '../data/order-repository';
import { findOrderByKey } from '../data/order-refund-repository';
import { writeWithdrawalStep } from '../data/order-withdrawal-repository';
import { toAdminOrderDto, type OrderRecord } from '../data/order-items';
import { conflict, notFound } from '../lib/errors';
import type { Change } from '../lib/audit';
import { refundOrder } from '../checkout/refunds/refund-order';

const ATTEMPTS = 4;

/**
 * POST /api/admin/orders/{id}/withdrawals/{wid}/received: requested -> received.
 * DynamoDB: AP19 + AP94 (read by key) + AP106 (1 conditional write).
 * @returns the order before and after (back-office views)
 * @throws 404 unknown order or withdrawal; 409 the goods were already received (or it is refunded),
 *   or the order kept changing
 */
export async function receiveWithdrawal(
  orderId: string,
  withdrawalId: string,
  now = new Date(),
): Promise<Change<AdminOrderDto>> {
  const located = await findOrder(orderId);
  if (!located) throw notFound(API_MSG.notFoundOrder);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = (await findOrderByKey(located.key)) ?? located;
    const o = found.order;
    const w = (o.withdrawals ?? []).find((x) => x.id === withdrawalId);
    if (!w) throw notFound(WITHDRAWAL_MSG.unknownWithdrawal);
    if (!withdrawalTransition(w.status, 'receive'))
      throw conflict(WITHDRAWAL_MSG.notRequested, WITHDRAWAL_MSG.stepTitle);
    const withdrawals = (o.withdrawals ?? []).map((x) =>
      x.id === w.id ? { ...x, status: 'received' as const, received_at: now.toISOString() } : x,
    );
    if ((await writeWithdrawalStep(found, withdrawals)) === 'written') {
      const after: OrderRecord = { ...o, withdrawals, revision: (o.revision ?? 0) + 1 };
      return { before: toAdminOrderDto(o, now), after: toAdminOrderDto(after, now) };
    }
  }
  throw conflict(REFUND_MSG.changed, REFUND_MSG.changedTitle);
}

/**
 * POST /api/admin/orders/{id}/withdrawals/{wid}/refund: received -> refunded. The amount is the
 * server's: what the withdrawn units were paid, and the whole order with its delivery when they are
 * every unit left (shared/refunds.ts); the units go back to stock.
 * @param staff the admin asking (recorded on the refund)
 * @returns the order before and after and the refund made, as Stripe answered it
 * @throws 404 unknown order or withdrawal; 409 goods not received yet, already refunded, nothing
 *   left to refund, payments not configured (refundOrder)
 */
export async function refundWithdrawal(
  orderId: string,
  withdrawalId: string,
  staff: { sub: string; email: string },
): Promise<{ before: AdminOrderDto; after: AdminOrderDto; refund: RefundDto }> {
  const outcome = await refundOrder({
    orderId,
    action: 'admin_refund',
    request: { kind: 'lines', lines: [] },
    reason: WITHDRAWAL_MSG.refundReason,
    restock: true,
    actor: { id: staff.sub, email: staff.email, origin: 'admin' },
    withdrawalId,
  });
  const after = toAdminOrderDto(outcome.after);
  return {
    before: toAdminOrderDto(outcome.before),
    after,
    refund: after.refunds.find((r) => r.id === outcome.refund?.id)!,
  };
}
