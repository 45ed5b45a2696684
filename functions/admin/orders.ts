/**
 * Admin orders (spec 2 Admin Orders, spec 4 Order status): list all with the user's email; set
 * status (any of the four, freely), tracking_number and tracking_url. Level 'collaborator'
 * (shared/permissions.ts: fulfilment is a collaborator's job).
 */
import { API_MSG } from '../../shared/messages';
import * as orders from '../data/order-repository';
import type { OrderRecord, OrderStatus } from '../data/order-items';
import { toOrderDto } from '../data/order-items';
import type { AdminOrderDto } from '../../shared/api/orders';
import { notFound } from '../lib/errors';
import type { Change } from '../lib/audit';


const toAdminDto = (o: OrderRecord): AdminOrderDto => ({ ...toOrderDto(o), user_id: o.user_id, user_email: o.user_email, needs_refund: Boolean(o.needs_refund), refund_reason: o.refund_reason ?? null });

/** GET /api/admin/orders: newest first. */
export async function listOrdersForAdmin(): Promise<AdminOrderDto[]> {
  return (await orders.listAllOrders()).map(toAdminDto);
}

/**
 * PATCH /api/admin/orders/{id}. Empty tracking strings clear the field.
 * @returns the order before and after
 * @throws AppError 404 'Ordine non trovato.'
 */
export async function updateOrderForAdmin(id: string, input: { status?: OrderStatus; tracking_number?: string | null; tracking_url?: string | null }): Promise<Change<AdminOrderDto>> {
  const found = await orders.findOrder(id);
  if (!found) throw notFound(API_MSG.notFoundOrder);
  const fields = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.tracking_number !== undefined ? { tracking_number: input.tracking_number || null } : {}),
    ...(input.tracking_url !== undefined ? { tracking_url: input.tracking_url || null } : {}),
  };
  return { before: toAdminDto(found.order), after: toAdminDto(await orders.updateOrder(found.key, fields)) };
}
