/**
 * Orders repository (see order-items.ts for the key layout). Orders are written by the checkout's
 * fulfilment (reservation-repository.ts `fulfil`); here: the reads of the customer's profile and
 * of the back office, the back office's status/tracking update, and `putOrder` for the seed.
 */
import { ddb, GetCommand, PutCommand, UpdateCommand } from '../lib/dynamo';
import { transactIf, type TransactItem } from './conditional';
import { env } from '../lib/env';
import { partition, COLLECTION, SK_PREFIX, ORDER_REF_LENGTH, orderStatusKeys, type TableKey } from './keys';
import { orderItem } from './items';
import { queryAll, stripKeys } from './query';
import { queryPage, type Page, type PageRequest } from './page';
import type { OrderRecord, OrderStatus } from './order-items';

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

/** AP14, every page: all of a user's orders, newest first (tests and operations, never a request path). */
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
export async function findOrder(id: string): Promise<{ order: OrderRecord; key: TableKey } | null> {
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

/**
 * Sets status / tracking fields of an order (only the given ones). A status change also moves the
 * order to its status partition of GSI3 (AP60), in the same UpdateItem.
 * @param found the order as read (its table key, id and created_at)
 * @param followUps jobs of the work that follows the change (its emails, each a Put IF NOT
 *   EXISTS): written in one transaction with the update (then 1 TransactWriteItems + 1 GetItem);
 *   when one exists already, the update is made alone
 * @returns the order after the update
 */
export async function updateOrder(
  found: { order: Pick<OrderRecord, 'id' | 'created_at'>; key: TableKey },
  fields: Partial<Pick<OrderRecord, 'status' | 'tracking_number' | 'tracking_url' | 'delivered_at'>>,
  followUps: TransactItem[] = [],
): Promise<OrderRecord> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v], i) => {
      names[`#f${i}`] = k;
      values[`:v${i}`] = v;
      return `#f${i} = :v${i}`;
    });
  if (fields.status) {
    const index = orderStatusKeys({ ...found.order, status: fields.status });
    sets.push('GSI3PK = :gsi3pk', 'GSI3SK = :gsi3sk');
    values[':gsi3pk'] = index.GSI3PK;
    values[':gsi3sk'] = index.GSI3SK;
  }
  const update = {
    TableName: env.tableName,
    Key: found.key,
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(PK)',
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  };
  // The change's follow-up jobs (its emails) are written with it; one that exists already (the
  // same change made again) is left out rather than failing the change.
  if (followUps.length > 0 && (await transactIf([{ Update: update }, ...followUps])).ok) {
    const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: found.key, ConsistentRead: true }));
    return stripKeys<OrderRecord>(out.Item!);
  }
  const out = await ddb.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
  return stripKeys<OrderRecord>(out.Attributes!);
}

/**
 * Stores an order as it is (seed data of the local runtime). The checkout never uses this: paid
 * orders are written by `fulfil` in one transaction with their reservation.
 */
export async function putOrder(order: OrderRecord): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: env.tableName,
      Item: orderItem(order),
    }),
  );
}
