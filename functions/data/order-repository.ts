/**
 * Orders repository (see order-items.ts for the key layout).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo';
import { env } from '../lib/env';
import { partition, COLLECTION, SK_PREFIX, type TableKey } from './keys';
import { queryAll, stripKeys } from './query';
import { queryPage, type Page, type PageRequest } from './page';
import type { OrderRecord } from './order-items';

/**
 * AP14: one page of a user's orders, newest first (GET /api/me/orders). 1 Query on the user's
 * partition (SK ORDER#...), at most MAX_PAGE_SIZE orders.
 * @throws AppError 400 on a bad cursor (another partition or outside ORDER#)
 */
export function listOrdersOfUserPage(sub: string, page: PageRequest): Promise<Page<OrderRecord>> {
  return queryPage<OrderRecord>({
    TableName: env.tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': partition.user(sub), ':prefix': SK_PREFIX.order },
    ScanIndexForward: false,
  }, { name: 'PK', value: partition.user(sub), sortPrefix: { name: 'SK', prefix: SK_PREFIX.order } }, page);
}

/** AP14, every page: all of a user's orders, newest first (tests and operations, never a request path). */
export async function listOrdersOfUser(sub: string): Promise<OrderRecord[]> {
  return (await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': partition.user(sub), ':prefix': SK_PREFIX.order },
    ScanIndexForward: false,
  })).map((i) => stripKeys<OrderRecord>(i));
}

/** AP18: every order, newest first (admin; user_email is on the order). 1 Query per page on GSI1 (ORDERS). */
export async function listAllOrders(): Promise<OrderRecord[]> {
  return (await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': COLLECTION.orders },
    ScanIndexForward: false,
  })).map((i) => stripKeys<OrderRecord>(i));
}

/** AP19: one order by id. 1 Query on GSI2 (ORDER#{id}). Returns its table key too. */
export async function findOrder(id: string): Promise<{ order: OrderRecord; key: TableKey } | null> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': partition.order(id) },
  }, 1);
  const item = items[0];
  return item ? { order: stripKeys<OrderRecord>(item), key: { PK: String(item.PK), SK: String(item.SK) } } : null;
}

/** Sets status / tracking fields of an order (only the given ones). */
export async function updateOrder(key: TableKey, fields: Partial<Pick<OrderRecord, 'status' | 'tracking_number' | 'tracking_url'>>): Promise<OrderRecord> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  const out = await ddb.send(new UpdateCommand({
    TableName: env.tableName,
    Key: key,
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_NEW',
  }));
  return stripKeys<OrderRecord>(out.Attributes!);
}
