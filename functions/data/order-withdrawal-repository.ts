/**
 * An order's withdrawals from the contract (shared/withdrawals.ts) and the writes that go with
 * them. Withdrawals live on the order (`withdrawals[]`) and every write of them is conditioned on
 * the order's revision and status as read, the same counter the refunds use
 * (order-refund-repository.ts): a second request for the same lines, or a request racing a refund,
 * finds the order changed, reads it again and decides again.
 *
 *  request   order SET withdrawals, revision + 1 IF revision and status as read
 *            + Put `WITHDRAWAL_QUEUE` / `{requested_at}#{orderId}#{withdrawalId}` (the 'Recessi' list)
 *            + Put the acknowledgement email job                          (1 TransactWriteItems, AP104)
 *  received  order SET withdrawals, revision + 1 IF revision and status as read (1 UpdateItem, AP106)
 *  refund    written with the refund itself (writeRefunds, AP107): the withdrawal marked 'refunded'
 *            and its queue entry deleted in the refund's transaction
 */
import { ddb, QueryCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import type { OrderWithdrawal } from '../../shared/withdrawals';
import { keys, partition } from './keys';
import { batchGetItems } from './batch';
import { transactIf, type TransactItem } from './conditional';
import { stripKeys } from './query';
import type { OrderRecord } from './order-items';
import { withdrawalQueueItem } from './items';
import type { FoundOrder } from './order-refund-repository';

/** The order's update of a withdrawal write, conditioned on the revision and status it was read with. */
export function withdrawalsUpdate(found: FoundOrder, withdrawals: OrderWithdrawal[]): TransactItem {
  const { order } = found;
  const revision = order.revision ?? 0;
  const values: Record<string, unknown> = { ':wd': withdrawals, ':next': revision + 1, ':status': order.status };
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
      UpdateExpression: 'SET #wd = :wd, #rev = :next',
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#wd': 'withdrawals', '#rev': 'revision', '#st': 'status' },
      ExpressionAttributeValues: values,
    },
  };
}

/** The Put of a withdrawal's queue entry ('Recessi'). */
export const withdrawalQueuePut = (order: OrderRecord, w: OrderWithdrawal): TransactItem => ({
  Put: {
    TableName: env.tableName,
    Item: withdrawalQueueItem(order, w),
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** The Delete of a withdrawal's queue entry (with its refund). */
export const withdrawalQueueDelete = (order: OrderRecord, w: OrderWithdrawal): TransactItem => ({
  Delete: { TableName: env.tableName, Key: keys.withdrawalQueueEntry(order.id, w) },
});

/**
 * AP104: records a new withdrawal request on the order, its place in 'Recessi' and its
 * acknowledgement email, in one TransactWriteItems, if the order is still at the revision and
 * status it was read with.
 * @param withdrawals the order's withdrawals after the request (the new one last)
 * @param email the acknowledgement's job (email-job-repository.ts emailJobPut)
 * @returns 'written', or 'changed' when the order moved on meanwhile (read it again)
 */
export async function writeWithdrawalRequest(
  found: FoundOrder,
  withdrawals: OrderWithdrawal[],
  email: TransactItem,
): Promise<'written' | 'changed'> {
  const added = withdrawals[withdrawals.length - 1]!;
  const result = await transactIf([
    withdrawalsUpdate(found, withdrawals),
    withdrawalQueuePut(found.order, added),
    email,
  ]);
  if (result.ok) return 'written';
  if (result.failed.includes(0)) return 'changed';
  throw new Error(`withdrawal of order ${found.order.id}: its queue entry or email job exists already`);
}

/**
 * AP106: writes the order's withdrawals (a step of the back office: goods received) if the order
 * is still at the revision and status it was read with. 1 TransactWriteItems of one item.
 * @returns 'written', or 'changed' when the order moved on meanwhile
 */
export async function writeWithdrawalStep(
  found: FoundOrder,
  withdrawals: OrderWithdrawal[],
): Promise<'written' | 'changed'> {
  const result = await transactIf([withdrawalsUpdate(found, withdrawals)]);
  return result.ok ? 'written' : 'changed';
}

/**
 * AP105: the orders with a withdrawal not refunded yet ('Recessi'), oldest request first, each
 * once. 1 Query on `WITHDRAWAL_QUEUE` + 1 BatchGetItem of the orders (at most `limit`, 100 at most).
 */
export async function listOrdersWithOpenWithdrawals(limit = 100): Promise<OrderRecord[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.withdrawalQueue() },
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
