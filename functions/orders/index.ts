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
 *   update-order/        updateOrder (the back office: status, tracking, 'Spedito')
 *   list-orders/         listOwnOrders (the customer), listOrdersForAdmin (Ordini)
 * The use cases receive their ports (ports.ts: the store, the payment provider, alerts, the clock);
 * the functions below bind the production ones. Rare use cases are loaded on first use, so they
 * stay out of the cold start of the function that serves them.
 */
import type { RefundLine } from '../../shared/refunds';
import { productionPorts } from './ports';
import type { OrderUpdate } from './update-order/update-order';
import type { RefundInput } from './refund-order/refund-order';

export {
  ORDER_STATUSES,
  toOrderDto,
  toAdminOrderDto,
  orderVatBreakdown,
  type OrderRecord,
  type OrderLine,
  type OrderBundleItem,
  type OrderDetails,
  type OrderDto,
  type OrderStatus,
} from './order-record';
export type { FoundOrder } from './order-store';
export { findOrder, listOrdersOfUser, listOrdersSince, putOrder } from './order-repository';
export { fulfilSession, releaseSession, orderIdFor, type FulfilResult } from './place-order/fulfil-session';
export { paymentIntentOfEvent } from './reconcile-refunds/refund-events';
export { listOwnOrders, deliveredAssetIds } from './list-orders/list-own-orders';
export { listOrdersForAdmin } from './list-orders/list-orders-for-admin';
export type { OrderUpdate, RefundInput };
export type { RefundOutcome } from './refund-order/refund-order';

/** PATCH /api/admin/orders/{id}: status and tracking (update-order/). */
export async function updateOrder(id: string, input: OrderUpdate) {
  const { updateOrder: run } = await import('./update-order/update-order');
  return run(await productionPorts(), id, input);
}

/** POST /api/admin/orders/{id}/refunds, and every other refund (refund-order/). */
export async function refundOrder(input: RefundInput) {
  const { refundOrder: run } = await import('./refund-order/refund-order');
  return run(await productionPorts(), input);
}

/** POST /api/admin/orders/{id}/withdrawals/{wid}/refund (refund-order/). */
export async function refundWithdrawal(orderId: string, withdrawalId: string, staff: { sub: string; email: string }) {
  const { refundWithdrawal: run } = await import('./refund-order/refund-order');
  return run(await productionPorts(), orderId, withdrawalId, staff);
}

/** POST /api/admin/orders/{id}/withdrawals/{wid}/received (receive-withdrawal/). */
export async function receiveWithdrawal(orderId: string, withdrawalId: string) {
  const { receiveWithdrawal: run } = await import('./receive-withdrawal/receive-withdrawal');
  return run(await productionPorts(), orderId, withdrawalId);
}

/** POST /api/me/orders/{id}/cancel (cancel-order/). */
export async function cancelOrder(orderId: string, caller: { sub: string; email: string }) {
  const { cancelOrder: run } = await import('./cancel-order/cancel-order');
  return run(await productionPorts(), orderId, caller);
}

/** POST /api/me/orders/{id}/withdrawal (withdraw-order/). */
export async function withdrawOrder(orderId: string, lines: RefundLine[], caller: { sub: string }) {
  const { withdrawOrder: run } = await import('./withdraw-order/withdraw-order');
  return run(await productionPorts(), orderId, lines, caller);
}

/** Stripe's refund events of a payment (reconcile-refunds/). */
export async function reconcileRefunds(paymentIntent: string) {
  const { reconcileRefunds: run } = await import('./reconcile-refunds/reconcile-refunds');
  return run(await productionPorts(), paymentIntent);
}
