/**
 * Admin orders (the Ordini screen, the order status rule): every order with the customer's email,
 * newest first and paged, filtered by status (GSI3, only that status is read) or found by its id
 * or the 8-character short id customers see (GSI2); set status (any of the four, freely),
 * tracking_number and tracking_url (with the customer's 'Spedito' or 'Annullato' email). Level 'collaborator' (shared/permissions.ts: fulfilment is a
 * collaborator's job).
 */
import { API_MSG } from '../../shared/messages';
import { ORDER_STATUS_MSG } from '../../shared/messages/order-status';
import { orderMoneyState, orderTransition } from '../../shared/orders';
import * as orders from '../data/order-repository';
import { toAdminOrderDto, type OrderRecord, type OrderStatus } from '../data/order-items';
import type { AdminOrderDto } from '../../shared/api/orders';
import type { PageResponse } from '../../shared/api/route';
import type { OrderListQuery } from '../../shared/schemas/admin-orders';
import { conflict, notFound } from '../lib/errors';
import type { Change } from '../lib/audit';
import { emailJobPut } from '../data/email-job-repository';
import { EMAIL_JOBS } from '../email/jobs';

/**
 * GET /api/admin/orders.
 * @param query paging (cursor, limit), optional status, optional q (lower-case id prefix, 8..36 chars),
 *   optional needs_refund 'true' ('Da rimborsare': the flagged orders still waiting for their refund),
 *   optional withdrawals 'open' ('Recessi': the orders with a withdrawal not refunded yet)
 * @returns one page newest first; a search by id answers every match at once (next_cursor null),
 *   narrowed to `status` when both are given; 'Da rimborsare' answers the whole queue at once,
 *   oldest first (next_cursor null), and so does 'Recessi' (oldest request first). DynamoDB: 1 Query
 *   (AP18, AP60 or AP61), or AP92, or AP105.
 * @throws AppError 400 on a bad cursor
 */
export async function listOrdersForAdmin(query: OrderListQuery): Promise<PageResponse<AdminOrderDto>> {
  if (query.needs_refund) {
    // the refund queue's repository is loaded on first use (a rare filter), out of the cold start
    const { listOrdersToRefund } = await import('../data/order-refund-repository');
    const queued = (await listOrdersToRefund()).filter((o) => !query.status || o.status === query.status);
    return { items: queued.map((o) => toAdminOrderDto(o)), next_cursor: null };
  }
  if (query.withdrawals) {
    // 'Recessi': the withdrawal queue, loaded on first use like the refund queue
    const { listOrdersWithOpenWithdrawals } = await import('../data/order-withdrawal-repository');
    const open = (await listOrdersWithOpenWithdrawals()).filter((o) => !query.status || o.status === query.status);
    return { items: open.map((o) => toAdminOrderDto(o)), next_cursor: null };
  }
  if (query.q) {
    const found = (await orders.findOrdersByRef(query.q))
      .filter((o) => !query.status || o.status === query.status)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    return { items: found.map((o) => toAdminOrderDto(o)), next_cursor: null };
  }
  const page = query.status
    ? await orders.listOrdersByStatusPage(query.status, query)
    : await orders.listOrdersPage(query);
  return { items: page.items.map((o) => toAdminOrderDto(o)), next_cursor: page.next_cursor };
}

/**
 * PATCH /api/admin/orders/{id}. Empty tracking strings clear the field. A status change is asked of
 * the order state machine (shared/orders.ts): a paid order is not set 'Annullato' by its label alone
 * (its money goes back with 'Rimborsa e annulla'), and a cancelled, refunded order is not reopened.
 * The first time the order becomes 'Completato' its delivery date (`delivered_at`) is recorded.
 * DynamoDB: 1 Query (AP19) + 1 UpdateItem.
 * @returns the order before and after
 * @throws AppError 404 'Ordine non trovato.'; 409 a status the state machine refuses
 */
export async function updateOrderForAdmin(
  id: string,
  input: {
    status?: OrderStatus | undefined;
    tracking_number?: string | null | undefined;
    tracking_url?: string | null | undefined;
  },
  now = new Date(),
): Promise<Change<AdminOrderDto>> {
  const found = await orders.findOrder(id);
  if (!found) throw notFound(API_MSG.notFoundOrder);
  if (input.status && input.status !== found.order.status) {
    const allowed = orderTransition(orderMoneyState(found.order), 'admin_set_status', input.status);
    if (!allowed.ok)
      throw conflict(
        allowed.reason === 'paid_cancel' ? ORDER_STATUS_MSG.paidCancel : ORDER_STATUS_MSG.refundedReopen,
        ORDER_STATUS_MSG.statusNotAllowedTitle,
      );
  }
  const fields = {
    ...(input.status ? { status: input.status } : {}),
    // The delivery date the 14 days to withdraw run from (Codice del Consumo art. 52 c.2 lett. b):
    // the first time the order becomes 'Completato', i.e. the carrier confirmed the delivery.
    ...(input.status === 'Completato' && !found.order.delivered_at ? { delivered_at: now.toISOString() } : {}),
    ...(input.tracking_number !== undefined ? { tracking_number: input.tracking_number || null } : {}),
    ...(input.tracking_url !== undefined ? { tracking_url: input.tracking_url || null } : {}),
  };
  const after = await orders.updateOrder(found, fields, statusEmails(found.order, { ...found.order, ...fields }));
  return { before: toAdminOrderDto(found.order), after: toAdminOrderDto(after) };
}

/**
 * The customer's emails of a change, written with it: 'Spedito' (when the order becomes
 * 'Spedito', or its tracking number changes while it is), 'Annullato' (when it becomes 'Annullato').
 */
function statusEmails(before: OrderRecord, after: OrderRecord) {
  const jobs = [];
  if (after.status === 'Spedito' && (before.status !== 'Spedito' || before.tracking_number !== after.tracking_number))
    jobs.push(EMAIL_JOBS.orderShipped(after));
  if (after.status === 'Annullato' && before.status !== 'Annullato') jobs.push(EMAIL_JOBS.orderCancelled(after));
  return jobs.map((j) => emailJobPut(j));
}
