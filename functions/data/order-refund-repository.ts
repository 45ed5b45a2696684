/**
 * An order's refunds (shared/refunds.ts) and the writes that go with them. An order keeps its
 * refunds in `refunds[]` with a `revision` counter; every write of them is conditioned on the
 * revision it read (and, when it changes the status, on the status it read), so two refunds of
 * one order can never both take the same money: the loser reads again and decides again.
 *
 *  refund write   order SET refunds, revision + 1 [, status and its GSI3 keys] IF revision (and status) as read
 *                 [+ stock going back: quantity += n (and supplier_level += n on synced products)
 *                  on products that still exist]
 *                 [+ the refund-queue entry of a flagged order: removed once nothing is left to
 *                  refund, put back when a refund fails]
 *
 * A withdrawal's refund (AP107) is this write with the withdrawal marked 'refunded' and its
 * `WITHDRAWAL_QUEUE` entry deleted in the same transaction (order-withdrawal-repository.ts).
 *
 * The refund queue (`REFUND_QUEUE` / `{created_at}#{orderId}`) lists the orders paid after their
 * stock went back ('Da rimborsare'), written with the order by fulfilment (reservation-repository.ts).
 */
import { ddb, GetCommand, QueryCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import type { OrderRefund } from '../../shared/refunds';
import type { OrderStatus } from '../../shared/orders';
import type { OrderWithdrawal } from '../../shared/withdrawals';
import { keys, orderStatusKeys, partition, type TableKey } from './keys';
import { batchGetItems } from './batch';
import { transactIf, type TransactItem } from './conditional';
import { stripKeys } from './query';
import type { OrderRecord } from './order-items';
import { refundQueueItem } from './items';

/** An order as read for a refund write: the record and its table key. */
export interface FoundOrder {
  order: OrderRecord;
  key: TableKey;
}

/** Units of a product going back to stock. */
export interface StockReturn {
  product_id: string;
  quantity: number;
}

/** What a refund write changes. */
export interface RefundWrite {
  /** The order's refunds after the write (the whole list). */
  refunds: OrderRefund[];
  /** A new status (a cancellation), or undefined to keep it. */
  status?: OrderStatus;
  /** Units going back to stock (products deleted since are skipped). */
  restock?: StockReturn[];
  /** For an order flagged needs_refund: whether it stays in the refund queue after the write. */
  queued?: boolean;
  /** Email jobs written with the change (email-job-repository.ts emailJobPut), e.g. the cancellation's. */
  emails?: TransactItem[];
  /**
   * The order's withdrawals after the write (a withdrawal's refund marks it 'refunded', AP107), and
   * the items that go with it (its queue entry deleted); undefined to leave them.
   */
  withdrawals?: { list: OrderWithdrawal[]; items: TransactItem[] };
}

/**
 * AP94: writes an order's refunds (and what goes with them, see the module comment) if the order is
 * still at the revision and status it was read with. 1 UpdateItem, or 1 TransactWriteItems with the
 * stock and the queue entry (+1 BatchGetItem first when stock goes back).
 * @returns 'written', or 'changed' when the order moved on meanwhile (read it again)
 */
export async function writeRefunds(found: FoundOrder, write: RefundWrite): Promise<'written' | 'changed'> {
  const { order } = found;
  const revision = order.revision ?? 0;
  const names: Record<string, string> = { '#refunds': 'refunds', '#rev': 'revision', '#st': 'status' };
  const values: Record<string, unknown> = {
    ':refunds': write.refunds,
    ':next': revision + 1,
    ':status': order.status,
  };
  const sets = ['#refunds = :refunds', '#rev = :next'];
  if (write.withdrawals) {
    sets.push('#wd = :wd');
    names['#wd'] = 'withdrawals';
    values[':wd'] = write.withdrawals.list;
  }
  if (write.status && write.status !== order.status) {
    const index = orderStatusKeys({ ...order, status: write.status });
    sets.push('#st = :to', 'GSI3PK = :gsi3pk', 'GSI3SK = :gsi3sk');
    Object.assign(values, { ':to': write.status, ':gsi3pk': index.GSI3PK, ':gsi3sk': index.GSI3SK });
  }
  let condition = 'attribute_exists(PK) AND #st = :status AND ';
  if (order.revision === undefined) condition += 'attribute_not_exists(#rev)';
  else {
    condition += '#rev = :rev';
    values[':rev'] = revision;
  }
  const items: TransactItem[] = [
    {
      Update: {
        TableName: env.tableName,
        Key: found.key,
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    ...(await restockItems(write.restock ?? [])),
  ];
  if (order.needs_refund && write.queued !== undefined) {
    const entry = keys.refundQueueEntry(order);
    items.push(
      write.queued
        ? { Put: { TableName: env.tableName, Item: refundQueueItem(order) } }
        : { Delete: { TableName: env.tableName, Key: entry } },
    );
  }
  items.push(...(write.emails ?? []), ...(write.withdrawals?.items ?? []));
  const result = await transactIf(items);
  if (result.ok) return 'written';
  if (result.failed.includes(0)) return 'changed';
  throw new Error(`refund write of order ${order.id}: a stock update failed (${result.failed.join(', ')})`);
}

/** The stock updates of units going back: products read first (1 BatchGetItem); deleted ones skipped. */
async function restockItems(returns: StockReturn[]): Promise<TransactItem[]> {
  const units = new Map<string, number>();
  for (const r of returns) if (r.quantity > 0) units.set(r.product_id, (units.get(r.product_id) ?? 0) + r.quantity);
  if (units.size === 0) return [];
  const products = await batchGetItems([...units.keys()].map((id) => keys.product(id)));
  return products.map((p): TransactItem => {
    const id = String(p.id);
    const n = units.get(id)!;
    // the units go back to what the supplier is expected to hold too (the sale lowered it)
    const synced = typeof p.supplier_level === 'number';
    return {
      Update: {
        TableName: env.tableName,
        Key: keys.product(id),
        UpdateExpression: `SET quantity = quantity + :n${synced ? ' ADD supplier_level :n' : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':n': n },
      },
    };
  });
}

/**
 * AP92: the orders flagged for a refund that still wait for it, oldest first ('Da rimborsare').
 * 1 Query on `REFUND_QUEUE` + 1 BatchGetItem of the orders (at most `limit`, 100 at most).
 */
export async function listOrdersToRefund(limit = 100): Promise<OrderRecord[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.refundQueue() },
      Limit: Math.min(limit, 100),
    }),
  );
  const orderKeys = (out.Items ?? []).map((i) => ({ PK: String(i.order_pk), SK: String(i.order_sk) }));
  if (orderKeys.length === 0) return [];
  const byKey = new Map(
    (await batchGetItems(orderKeys)).map((item) => [
      `${String(item.PK)}|${String(item.SK)}`,
      stripKeys<OrderRecord>(item),
    ]),
  );
  return orderKeys.flatMap((k) => byKey.get(`${k.PK}|${k.SK}`) ?? []);
}

/** AP94: an order read again by its key (consistent: the revision a refund write is conditioned on). 1 GetItem. */
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
