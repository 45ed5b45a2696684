/**
 * Orders repository (see order-items.ts for the key layout).
 */
import { env } from '../lib/env';
import { queryAll, stripKeys } from './query';
import type { OrderRecord } from './order-items';

/** AP14: a user's orders, newest first. 1 Query on the user's partition (SK ORDER#...). */
export async function listOrdersOfUser(sub: string): Promise<OrderRecord[]> {
  return (await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':prefix': 'ORDER#' },
    ScanIndexForward: false,
  })).map((i) => stripKeys<OrderRecord>(i));
}
