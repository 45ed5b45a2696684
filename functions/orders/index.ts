/**
 * The orders module's public entry: every function that reads or acts on an order goes through
 * here, never through the module's files (dependency rule `context-public-entry`, `npm run lint`).
 * Which Lambda serves an order route is a deployment choice of the route table
 * (shared/api/*.ts `fn`): the customer's cancellation and withdrawal run in 'checkout', the list
 * in 'account', the back office's routes in 'admin', the webhook's in 'webhooks'.
 *
 * The module owns the order and its lines, refunds and withdrawals (order-repository.ts, the only
 * code that writes them) and has one folder per use case, each with its unit test (the in-memory
 * store and payment fake of testing/) and its integration test (the local runtime):
 *   place-order/         fulfilSession, releaseSession (Stripe's checkout events), the low-stock notice
 *   cancel-order/        cancelOrder (the customer, before shipping)
 *   withdraw-order/      withdrawOrder (the customer's withdrawal, art. 52 Codice del Consumo)
 *   receive-withdrawal/  receiveWithdrawal (the back office: goods back)
 *   refund-order/        refundOrder, refundWithdrawal (the one refund path), applyRefundUpdates
 *   reconcile-refunds/   reconcileRefunds (Stripe's refund events)
 *   settle-pending-refunds/ settlePendingRefunds (the payments reconciliation: refunds Stripe has
 *                        not settled or never confirmed, asked again with their idempotency key)
 *   update-order/        updateOrder (the back office: status, tracking, 'Spedito')
 *   list-orders/         listOrdersForAdmin (Ordini; the customer's list with its download links
 *                        is the account context's, functions/account/orders.ts)
 *   erase-customer/      eraseCustomer (an account's erasure: the orders keep their tax record)
 * The use cases receive their ports (ports.ts: the store, the payment provider, alerts, the clock);
 * the functions below bind the production ones. Every function here loads its use case on first
 * use: a Lambda that imports this entry carries in its cold start only the order's views, never
 * the use cases it does not serve.
 */
import type Stripe from 'stripe';
import type { PageResponse } from '../../shared/api/route';
import type { AdminOrderDto } from '../../shared/api/orders';
import type { RefundLine } from '../../shared/refunds';
import type { OrderListQuery } from '../../shared/schemas/admin-orders';
import type { Page, PageRequest } from '../data/page';
import type { OrderDto, OrderRecord } from './order-record';
import type { FoundOrder } from './order-store';
import type { FulfilOptions, FulfilResult } from './place-order/fulfil-session';
import type { RefundInput, RefundOutcome } from './refund-order/refund-order';
import type { OrderUpdate } from './update-order/update-order';
import { productionPorts } from './ports';

export type { OrderRecord, OrderLine, OrderBundleItem, OrderDetails, OrderDto, OrderStatus } from './order-record';
export { lineDisplayName } from './order-record';

/**
 * The order's views (pure): `toOrderDto` (the customer's Ordini), `toAdminOrderDto` (the back
 * office's), `orderVatBreakdown`. Loaded on first use, so a function that never shows an order
 * does not carry them.
 */
export function orderViews(): Promise<typeof import('./order-views')> {
  return import('./order-views');
}
export { paymentIntentOfEvent } from './reconcile-refunds/refund-events';
export type { FoundOrder, FulfilOptions, FulfilResult, OrderUpdate, RefundInput, RefundOutcome };

// ---- reads ----------------------------------------------------------------------------------

/** AP19: an order by id (any customer's) with its table key, or null. */
export async function findOrder(id: string): Promise<FoundOrder | null> {
  return (await import('./order-repository')).findOrder(id);
}

/** AP14, every page: a customer's orders, newest first (reviews' verified purchase; never a listing). */
export async function listOrdersOfUser(sub: string): Promise<OrderRecord[]> {
  return (await import('./order-repository')).listOrdersOfUser(sub);
}

/** AP62: every order created at or after an ISO time, oldest first (the sales summary). */
export async function listOrdersSince(sinceIso: string): Promise<OrderRecord[]> {
  return (await import('./order-repository')).listOrdersSince(sinceIso);
}

/** Stores an order as it is: the local runtime's demo data only (a paid order is written by its fulfilment). */
export async function putOrder(order: OrderRecord): Promise<void> {
  return (await import('./order-repository')).putOrder(order);
}

/** AP14: one page of a customer's orders, newest first (GET /api/me/orders). @throws 400 on a bad cursor */
export async function listOrdersOfUserPage(sub: string, page: PageRequest): Promise<Page<OrderRecord>> {
  return (await import('./order-repository')).listOrdersOfUserPage(sub, page);
}

/** GET /api/admin/orders: the back office's Ordini list (list-orders/). */
export async function listOrdersForAdmin(query: OrderListQuery): Promise<PageResponse<AdminOrderDto>> {
  return (await import('./list-orders/list-orders-for-admin')).listOrdersForAdmin(query);
}

// ---- use cases ------------------------------------------------------------------------------

/** checkout.session.completed / async_payment_succeeded: the paid checkout becomes an order (place-order/). */
export async function fulfilSession(session: Stripe.Checkout.Session, opts?: FulfilOptions): Promise<FulfilResult> {
  return (await import('./place-order/fulfil-session')).fulfilSession(session, opts);
}

/** checkout.session.expired / async_payment_failed: the checkout's stock goes back (place-order/). */
export async function releaseSession(session: Stripe.Checkout.Session): Promise<'released' | 'noop'> {
  return (await import('./place-order/fulfil-session')).releaseSession(session);
}

/** PATCH /api/admin/orders/{id}: status and tracking (update-order/). */
export async function updateOrder(id: string, input: OrderUpdate) {
  const { updateOrder: run } = await import('./update-order/update-order');
  return run(await productionPorts(), id, input);
}

/** POST /api/admin/orders/{id}/refunds, and every other refund (refund-order/). */
export async function refundOrder(input: RefundInput): Promise<RefundOutcome> {
  const { refundOrder: run } = await import('./refund-order/refund-order');
  return run(await productionPorts(), input);
}

/** The payments reconciliation: refunds still pending, settled from Stripe or asked again (settle-pending-refunds/). */
export async function settlePendingRefunds(opts: { limit?: number; now?: Date } = {}) {
  const { settlePendingRefunds: run } = await import('./settle-pending-refunds/settle-pending-refunds');
  const ports = await productionPorts();
  return run(opts.now ? { ...ports, now: () => opts.now! } : ports, opts.limit);
}

/** POST /api/admin/orders/{id}/withdrawals/{wid}/refund (refund-order/). */
export async function refundWithdrawal(
  orderId: string,
  withdrawalId: string,
  staff: { sub: string; email: string },
): Promise<RefundOutcome> {
  const { refundWithdrawal: run } = await import('./refund-order/refund-order');
  return run(await productionPorts(), orderId, withdrawalId, staff);
}

/** POST /api/admin/orders/{id}/withdrawals/{wid}/received (receive-withdrawal/). */
export async function receiveWithdrawal(orderId: string, withdrawalId: string) {
  const { receiveWithdrawal: run } = await import('./receive-withdrawal/receive-withdrawal');
  return run(await productionPorts(), orderId, withdrawalId);
}

/** POST /api/me/orders/{id}/cancel (cancel-order/). */
export async function cancelOrder(orderId: string, caller: { sub: string; email: string }): Promise<OrderDto> {
  const { cancelOrder: run } = await import('./cancel-order/cancel-order');
  return run(await productionPorts(), orderId, caller);
}

/** POST /api/me/orders/{id}/withdrawal (withdraw-order/). */
export async function withdrawOrder(orderId: string, lines: RefundLine[], caller: { sub: string }): Promise<OrderDto> {
  const { withdrawOrder: run } = await import('./withdraw-order/withdraw-order');
  return run(await productionPorts(), orderId, lines, caller);
}

/** A customer's erasure: their orders keep only their tax record (erase-customer/). @returns the orders kept */
export async function eraseCustomer(sub: string): Promise<number> {
  const { eraseCustomer: run } = await import('./erase-customer/erase-customer');
  return run(await productionPorts(), sub);
}

/** Stripe's refund events of a payment (reconcile-refunds/). */
export async function reconcileRefunds(paymentIntent: string): Promise<'updated' | 'unchanged' | 'unknown'> {
  const { reconcileRefunds: run } = await import('./reconcile-refunds/reconcile-refunds');
  return run(await productionPorts(), paymentIntent);
}
