/**
 * The orders repository: the only code that reads or writes an order item and the back office's
 * queues of orders. Key layout (functions/data/keys.ts): an order lives in its user's partition
 * (PK `USER#{sub}`, SK `ORDER#{created_at}#{id}`) with its lines, refunds and withdrawals embedded;
 * it is listed for the admin on GSI1 (`ORDERS`), found by id on GSI2 (`ORDER_REF#{first 8}`), and
 * by status on GSI3 (`ORDER_STATUS#{status}`). Queue partitions hold an order's key while it
 * waits for the back office: `REFUND_QUEUE` ('Da rimborsare', an order paid after its stock went
 * back) and `WITHDRAWAL_QUEUE` ('Recessi', a withdrawal not refunded yet), or for Stripe:
 * `PENDING_REFUNDS` (a refund Stripe has not settled or never confirmed, retried by the payments
 * reconciliation).
 *
 * Writes:
 *  create   the order's Put IF NOT EXISTS (+ its refund-queue entry when flagged), inside the
 *           checkout's fulfilment transaction (`orderCreationItems`, AP22 of the reservation)
 *  change   the single versioned write (order-store.ts): Update the order SET what changed,
 *           revision + 1 IF revision and status as read; + stock going back; + queue entries
 *           entering or leaving; + the change's email jobs. 1 TransactWriteItems (+1 BatchGetItem
 *           of the variants when stock goes back) (AP94, AP104, AP106, AP107)
 *  seed     `putOrder` (the local runtime's demo data only)
 */
import { ddb, GetCommand, PutCommand, QueryCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { emailJobPut } from '../data/email-job-repository';
import { batchGetItems } from '../data/batch';
import { byVariant, giveStockItems, unitKey } from '../data/variant-stock';
import { transactIf, type TransactItem } from '../data/conditional';
import {
  COLLECTION,
  indexKeys,
  keys,
  ORDER_REF_LENGTH,
  orderStatusKeys,
  partition,
  SK_PREFIX,
  type TableKey,
} from '../data/keys';
import { queryAll, stripKeys } from '../data/query';
import { queryPage, type Page, type PageRequest } from '../data/page';
import type { StoredItem } from '../data/items';
import { awaitsRefund, openWithdrawals, pendingRefunds, type OrderRecord, type OrderStatus } from './order-record';
import {
  CHANGEABLE_FIELDS,
  type FoundOrder,
  type OrderChange,
  type OrderStore,
  type StockReturn,
  type WriteOutcome,
} from './order-store';

// ---- items ----------------------------------------------------------------------------------

/** The stored item of an order, in its user's partition (GSI1 ORDERS, GSI2 by reference, GSI3 by status). */
export function orderItem(o: OrderRecord): StoredItem {
  return { ...keys.order(o.user_id, o.created_at, o.id), entity: 'order', ...indexKeys.order(o), ...o };
}

/** The refund queue entry of an order flagged for a refund ('Da rimborsare', AP92): it holds the order's key. */
function refundQueueItem(o: Pick<OrderRecord, 'id' | 'user_id' | 'created_at'>): StoredItem {
  const order = keys.order(o.user_id, o.created_at, o.id);
  return { ...keys.refundQueueEntry(o), entity: 'refund_queue_entry', order_pk: order.PK, order_sk: order.SK };
}

/** The withdrawal queue entry of an open withdrawal ('Recessi', AP105): it holds the order's key. */
function withdrawalQueueItem(
  o: Pick<OrderRecord, 'id' | 'user_id' | 'created_at'>,
  w: { id: string; requested_at: string },
): StoredItem {
  const order = keys.order(o.user_id, o.created_at, o.id);
  return {
    ...keys.withdrawalQueueEntry(o.id, w),
    entity: 'withdrawal_queue_entry',
    order_pk: order.PK,
    order_sk: order.SK,
  };
}

/** The entry of a refund Stripe has not settled yet (AP147): it holds the order's key. */
function pendingRefundItem(
  o: Pick<OrderRecord, 'id' | 'user_id' | 'created_at'>,
  r: { id: string; created_at: string },
): StoredItem {
  const order = keys.order(o.user_id, o.created_at, o.id);
  return {
    ...keys.pendingRefundEntry(o.id, r),
    entity: 'pending_refund_entry',
    order_pk: order.PK,
    order_sk: order.SK,
  };
}

/**
 * The items that create an order, for the fulfilment's transaction (reservation-repository.ts
 * `fulfil`): the order's Put IF NOT EXISTS, and its 'Da rimborsare' entry when it is flagged.
 */
export function orderCreationItems(o: OrderRecord): TransactItem[] {
  return [
    { Put: { TableName: env.tableName, Item: orderItem(o), ConditionExpression: 'attribute_not_exists(PK)' } },
    ...(awaitsRefund(o) ? [{ Put: { TableName: env.tableName, Item: refundQueueItem(o) } }] : []),
  ];
}

/**
 * Stores an order as it is (seed data of the local runtime). The checkout never uses this: paid
 * orders are written by the fulfilment in one transaction with their reservation.
 */
export async function putOrder(order: OrderRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: orderItem(order) }));
}

// ---- reads ----------------------------------------------------------------------------------

/**
 * AP14: one page of a user's orders, newest first (GET /api/me/orders). 1 Query on the user's
 * partition (SK ORDER#...), at most MAX_PAGE_SIZE orders.
 * @throws AppError 400 on a bad cursor (another partition or outside ORDER#)
 */
export function listOrdersOfUserPage(sub: string, page: PageRequest): Promise<Page<OrderRecord>> {
  return queryPage<OrderRecord>(
    {
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition.user(sub), ':prefix': SK_PREFIX.order },
      ScanIndexForward: false,
    },
    { name: 'PK', value: partition.user(sub), sortPrefix: { name: 'SK', prefix: SK_PREFIX.order } },
    page,
  );
}

/** AP14, every page: all of a user's orders, newest first (reviews' verified purchase, tests; never a listing). */
export async function listOrdersOfUser(sub: string): Promise<OrderRecord[]> {
  return (
    await queryAll<Record<string, unknown>>({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition.user(sub), ':prefix': SK_PREFIX.order },
      ScanIndexForward: false,
    })
  ).map((i) => stripKeys<OrderRecord>(i));
}

/** AP18: one page of every order, newest first (admin; user_email is on the order). 1 Query on GSI1 (ORDERS). */
export function listOrdersPage(page: PageRequest = {}): Promise<Page<OrderRecord>> {
  return queryPage<OrderRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.orders },
      ScanIndexForward: false,
    },
    { name: 'GSI1PK', value: COLLECTION.orders },
    page,
  );
}

/**
 * AP60: one page of the orders of one status, newest first. 1 Query on GSI3
 * (`ORDER_STATUS#{status}`): a status filter reads only the orders of that status.
 */
export function listOrdersByStatusPage(status: OrderStatus, page: PageRequest = {}): Promise<Page<OrderRecord>> {
  const pk = partition.orderStatus(status);
  return queryPage<OrderRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
    },
    { name: 'GSI3PK', value: pk },
    page,
  );
}

/**
 * AP61: the orders whose id starts with `prefix` (at least the 8 characters customers see, up to
 * the whole id), newest ids unordered. 1 Query on GSI2 (`ORDER_REF#{first 8}`, begins_with on the id).
 * @param prefix lower-case id prefix, ORDER_REF_LENGTH..36 characters
 * @returns at most `limit` orders
 */
export async function findOrdersByRef(prefix: string, limit = 25): Promise<OrderRecord[]> {
  if (prefix.length < ORDER_REF_LENGTH) throw new RangeError(`order reference shorter than ${ORDER_REF_LENGTH}`);
  const items = await queryAll<Record<string, unknown>>(
    {
      TableName: env.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :id)',
      ExpressionAttributeValues: { ':pk': partition.orderRef(prefix), ':id': prefix.toLowerCase() },
      Limit: limit,
    },
    limit,
  );
  return items.map((i) => stripKeys<OrderRecord>(i));
}

/** AP19: one order by id. 1 Query on GSI2 (`ORDER_REF#{first 8}` and GSI2SK = id). Returns its table key too. */
export async function findOrder(id: string): Promise<FoundOrder | null> {
  const items = await queryAll<Record<string, unknown>>(
    {
      TableName: env.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK = :id',
      ExpressionAttributeValues: { ':pk': partition.orderRef(id), ':id': id },
    },
    1,
  );
  const item = items[0];
  return item ? { order: stripKeys<OrderRecord>(item), key: { PK: String(item.PK), SK: String(item.SK) } } : null;
}

/** AP94: an order read again by its key (consistent: the revision a write is conditioned on). 1 GetItem. */
export async function findOrderByKey(key: TableKey): Promise<FoundOrder | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: key, ConsistentRead: true }));
  return out.Item ? { order: stripKeys<OrderRecord>(out.Item), key } : null;
}

/**
 * AP93: the order a Stripe Checkout Session paid, through its fulfilment marker (which names the
 * order's user, id and time). 2 GetItem; null when the session made no order.
 */
export async function findOrderBySession(sessionId: string): Promise<FoundOrder | null> {
  const marker = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.sessionFulfilment(sessionId) }));
  const m = marker.Item;
  if (!m || typeof m.created_at !== 'string') return null;
  return findOrderByKey(keys.order(String(m.user_id), m.created_at, String(m.order_id)));
}

/**
 * AP62: every order created at or after `sinceIso`, oldest first (sales summary). 1 Query per 1 MB
 * page on GSI1 (ORDERS, GSI1SK >= since): bounded by time, never the whole collection.
 */
export async function listOrdersSince(sinceIso: string): Promise<OrderRecord[]> {
  return (
    await queryAll<Record<string, unknown>>({
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :since',
      ExpressionAttributeValues: { ':pk': COLLECTION.orders, ':since': sinceIso },
    })
  ).map((i) => stripKeys<OrderRecord>(i));
}

/** The orders a queue partition names, in its order, each once: 1 Query + 1 BatchGetItem (at most 100). */
async function ordersOfQueue(queue: string, limit: number): Promise<OrderRecord[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': queue },
      Limit: Math.min(limit, 100),
    }),
  );
  const orderKeys = [
    ...new Map(
      (out.Items ?? []).map((i) => [
        `${String(i.order_pk)}|${String(i.order_sk)}`,
        { PK: String(i.order_pk), SK: String(i.order_sk) },
      ]),
    ).values(),
  ];
  if (orderKeys.length === 0) return [];
  const byKey = new Map(
    (await batchGetItems(orderKeys)).map((item) => [
      `${String(item.PK)}|${String(item.SK)}`,
      stripKeys<OrderRecord>(item),
    ]),
  );
  return orderKeys.flatMap((k) => byKey.get(`${k.PK}|${k.SK}`) ?? []);
}

/**
 * AP92: the orders flagged for a refund that still wait for it, oldest first ('Da rimborsare').
 * 1 Query on `REFUND_QUEUE` + 1 BatchGetItem of the orders (at most `limit`, 100 at most).
 */
export function listOrdersToRefund(limit = 100): Promise<OrderRecord[]> {
  return ordersOfQueue(partition.refundQueue(), limit);
}

/**
 * AP105: the orders with a withdrawal not refunded yet ('Recessi'), oldest request first, each
 * once. 1 Query on `WITHDRAWAL_QUEUE` + 1 BatchGetItem of the orders (at most `limit`, 100 at most).
 */
export function listOrdersWithOpenWithdrawals(limit = 100): Promise<OrderRecord[]> {
  return ordersOfQueue(partition.withdrawalQueue(), limit);
}

/**
 * AP147: the orders with a refund Stripe has not settled (or not confirmed) yet, oldest refund
 * first, each once, with their keys. 1 Query on `PENDING_REFUNDS` + 1 BatchGetItem of the orders
 * (at most `limit`, 100 at most).
 */
export async function listOrdersWithPendingRefunds(limit = 100): Promise<FoundOrder[]> {
  return (await ordersOfQueue(partition.pendingRefunds(), limit)).map((order) => ({
    order,
    key: keys.order(order.user_id, order.created_at, order.id),
  }));
}

// ---- the single versioned write -------------------------------------------------------------

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The order's Update: SET what changed and revision + 1, IF revision and status as read. */
function orderUpdate(found: FoundOrder, next: OrderRecord): TransactItem {
  const { order } = found;
  const revision = order.revision ?? 0;
  const names: Record<string, string> = { '#rev': 'revision', '#st': 'status' };
  const values: Record<string, unknown> = { ':next': revision + 1, ':status': order.status };
  const sets = ['#rev = :next'];
  CHANGEABLE_FIELDS.forEach((field, i) => {
    if (next[field] === undefined || same(order[field], next[field])) return;
    names[`#f${i}`] = field;
    values[`:f${i}`] = next[field];
    sets.push(`#f${i} = :f${i}`);
  });
  if (next.status !== order.status) {
    const index = orderStatusKeys({ ...order, status: next.status });
    sets.push('GSI3PK = :gsi3pk', 'GSI3SK = :gsi3sk');
    Object.assign(values, { ':gsi3pk': index.GSI3PK, ':gsi3sk': index.GSI3SK });
  }
  let condition = 'attribute_exists(PK) AND #st = :status AND ';
  if (order.revision === undefined) condition += 'attribute_not_exists(#rev)';
  else {
    condition += '#rev = :rev';
    values[':rev'] = revision;
  }
  return {
    Update: {
      TableName: env.tableName,
      Key: found.key,
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The stock updates of units going back, per variant and its product's sum (variant-stock.ts): the
 * variants read first (1 BatchGetItem); deleted ones skipped; a variant the stock sync maintains
 * gets its expected supplier level back up too (the sale lowered it).
 */
async function restockItems(returns: readonly StockReturn[]): Promise<TransactItem[]> {
  const units = byVariant(returns);
  if (units.length === 0) return [];
  const found = await batchGetItems(units.map((u) => keys.variant(u.product_id, u.variant_id)));
  const stored = new Map(
    found.map((v) => [unitKey({ product_id: String(v.product_id), variant_id: String(v.id) }), v]),
  );
  return giveStockItems(
    units.filter((u) => stored.has(unitKey(u))),
    (u) =>
      typeof stored.get(unitKey(u))?.supplier_level === 'number'
        ? { expression: 'ADD supplier_level :n', values: {} }
        : null,
  ).items;
}

/** The queue entries entering or leaving with a change ('Da rimborsare', 'Recessi', the pending refunds). */
function queueItems(before: OrderRecord, next: OrderRecord): TransactItem[] {
  const items: TransactItem[] = [];
  if (awaitsRefund(before) !== awaitsRefund(next))
    items.push(
      awaitsRefund(next)
        ? { Put: { TableName: env.tableName, Item: refundQueueItem(next) } }
        : { Delete: { TableName: env.tableName, Key: keys.refundQueueEntry(next) } },
    );
  const wasPending = new Set(pendingRefunds(before).map((r) => r.id));
  const isPending = new Set(pendingRefunds(next).map((r) => r.id));
  for (const r of next.refunds ?? []) {
    if (isPending.has(r.id) && !wasPending.has(r.id))
      items.push({ Put: { TableName: env.tableName, Item: pendingRefundItem(next, r) } });
    if (wasPending.has(r.id) && !isPending.has(r.id))
      items.push({ Delete: { TableName: env.tableName, Key: keys.pendingRefundEntry(next.id, r) } });
  }
  const wasOpen = new Set(openWithdrawals(before).map((w) => w.id));
  const isOpen = new Set(openWithdrawals(next).map((w) => w.id));
  for (const w of next.withdrawals ?? []) {
    if (isOpen.has(w.id) && !wasOpen.has(w.id))
      items.push({
        Put: {
          TableName: env.tableName,
          Item: withdrawalQueueItem(next, w),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
    if (wasOpen.has(w.id) && !isOpen.has(w.id))
      items.push({ Delete: { TableName: env.tableName, Key: keys.withdrawalQueueEntry(next.id, w) } });
  }
  return items;
}

/**
 * The single versioned write (order-store.ts): the order's Update under the revision and status it
 * was read with, the stock going back, the queue entries entering or leaving, and the change's email
 * jobs, in 1 TransactWriteItems (+1 BatchGetItem of the variants when stock goes back). Follow-ups
 * whose own condition fails (an email job written by the same change before, a product deleted
 * since its read) are left out and the change written without them.
 * @returns 'written', or 'changed' when the order moved on since it was read (read it again)
 */
export async function writeOrder(found: FoundOrder, change: OrderChange): Promise<WriteOutcome> {
  let items: TransactItem[] = [
    orderUpdate(found, change.next),
    ...(await restockItems(change.restock ?? [])),
    ...queueItems(found.order, change.next),
    ...(change.emails ?? []).filter((job) => job.to).map((job) => emailJobPut(job)),
  ];
  for (;;) {
    const result = await transactIf(items);
    if (result.ok) return 'written';
    if (result.failed.includes(0)) return 'changed';
    items = items.filter((_, i) => !result.failed.includes(i));
  }
}

/** The order store on DynamoDB, for the use cases (order-store.ts). */
export const dynamoOrderStore: OrderStore = {
  findOrder,
  findOrderByKey,
  findOrderBySession,
  listOrdersOfUser,
  listOrdersWithPendingRefunds,
  writeOrder,
};
