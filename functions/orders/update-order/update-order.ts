/**
 * The back office's fulfilment of an order (Ordini, level 'collaborator': fulfilment is a
 * collaborator's job): its status ('Spedito' when it leaves, 'Completato' when delivered) and its
 * tracking number and URL, with the customer's 'Spedito' or 'Annullato' email in the same write.
 */
import { API_MSG } from '../../../shared/messages/api-messages';
import { ORDER_STATUS_MSG } from '../../../shared/messages/order-status';
import { REFUND_MSG } from '../../../shared/messages/refunds';
import { orderMoneyState, orderTransition } from '../../../shared/orders';
import type { AdminOrderDto } from '../../../shared/api/orders';
import { conflict, notFound } from '../../lib/errors';
import type { Change } from '../../lib/audit';
import type { OrderRecord, OrderStatus } from '../order-record';
import { toAdminOrderDto } from '../order-views';
import { ORDER_EMAILS } from '../order-emails';
import type { OrderPorts } from '../ports';

/** What the back office may change of an order (undefined: leave it; an empty tracking string clears it). */
export interface OrderUpdate {
  status?: OrderStatus | undefined;
  tracking_number?: string | null | undefined;
  tracking_url?: string | null | undefined;
}

const ATTEMPTS = 4;

/**
 * PATCH /api/admin/orders/{id}. A status change is asked of the order state machine
 * (shared/orders.ts): a paid order is not set 'Annullato' by its label alone (its money goes back
 * with 'Rimborsa e annulla'), and a cancelled, refunded order is not reopened. The first time the
 * order becomes 'Completato' its delivery date (`delivered_at`, at `ports.now()`) is recorded.
 * DynamoDB: AP19 + AP94 (read by key, 1 TransactWriteItems with the email jobs).
 * @returns the order before and after (back-office views)
 * @throws AppError 404 'Ordine non trovato.'; 409 a status the state machine refuses, or the order
 *   kept changing
 */
export async function updateOrder(ports: OrderPorts, id: string, input: OrderUpdate): Promise<Change<AdminOrderDto>> {
  const located = await ports.orders.findOrder(id);
  if (!located) throw notFound(API_MSG.notFoundOrder);
  const now = ports.now();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = (await ports.orders.findOrderByKey(located.key)) ?? located;
    const o = found.order;
    if (input.status && input.status !== o.status) {
      const allowed = orderTransition(orderMoneyState(o), 'admin_set_status', input.status);
      if (!allowed.ok)
        throw conflict(
          allowed.reason === 'paid_cancel' ? ORDER_STATUS_MSG.paidCancel : ORDER_STATUS_MSG.refundedReopen,
          ORDER_STATUS_MSG.statusNotAllowedTitle,
        );
    }
    const next: OrderRecord = {
      ...o,
      ...(input.status ? { status: input.status } : {}),
      // The delivery date the 14 days to withdraw run from (Codice del Consumo art. 52 c.2 lett. b):
      // the first time the order becomes 'Completato', i.e. the carrier confirmed the delivery.
      ...(input.status === 'Completato' && !o.delivered_at ? { delivered_at: now.toISOString() } : {}),
      ...(input.tracking_number !== undefined ? { tracking_number: input.tracking_number || null } : {}),
      ...(input.tracking_url !== undefined ? { tracking_url: input.tracking_url || null } : {}),
      revision: (o.revision ?? 0) + 1,
    };
    if ((await ports.orders.writeOrder(found, { next, emails: statusEmails(o, next) })) === 'written')
      return { before: toAdminOrderDto(o, now), after: toAdminOrderDto(next, now) };
  }
  throw conflict(REFUND_MSG.changed, REFUND_MSG.changedTitle);
}

/**
 * The customer's emails of a change, written with it: 'Spedito' (when the order becomes
 * 'Spedito', or its tracking number changes while it is), 'Annullato' (when it becomes 'Annullato').
 */
function statusEmails(before: OrderRecord, after: OrderRecord) {
  const jobs = [];
  if (after.status === 'Spedito' && (before.status !== 'Spedito' || before.tracking_number !== after.tracking_number))
    jobs.push(ORDER_EMAILS.shipped(after));
  if (after.status === 'Annullato' && before.status !== 'Annullato') jobs.push(ORDER_EMAILS.cancelled(after));
  return jobs;
}
