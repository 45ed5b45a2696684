/**
 * The back office's Ordini list: every order with the customer's email, newest first and paged,
 * filtered by status (GSI3, only that status is read) or found by its id or the 8-character short
 * id customers see (GSI2), or one of the two queues ('Da rimborsare', 'Recessi').
 */
import type { AdminOrderDto } from '../../../shared/api/orders';
import type { PageResponse } from '../../../shared/api/route';
import type { OrderListQuery } from '../../../shared/schemas/admin-orders';
import * as orders from '../order-repository';
import { toAdminOrderDto } from '../order-views';

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
  const now = new Date();
  const whole = (list: Awaited<ReturnType<typeof orders.listOrdersToRefund>>) => ({
    items: list.filter((o) => !query.status || o.status === query.status).map((o) => toAdminOrderDto(o, now)),
    next_cursor: null,
  });
  if (query.needs_refund) return whole(await orders.listOrdersToRefund());
  if (query.withdrawals) return whole(await orders.listOrdersWithOpenWithdrawals());
  if (query.q)
    return whole((await orders.findOrdersByRef(query.q)).sort((a, b) => b.created_at.localeCompare(a.created_at)));
  const page = query.status
    ? await orders.listOrdersByStatusPage(query.status, query)
    : await orders.listOrdersPage(query);
  return { items: page.items.map((o) => toAdminOrderDto(o, now)), next_cursor: page.next_cursor };
}
