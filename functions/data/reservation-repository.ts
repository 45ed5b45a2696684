/**
 * Stock reservations and fulfilment, the two multi-item invariants of checkout, each one
 * TransactWriteItems:
 *
 *  reserve   every physical product: quantity -= n  IF quantity >= n   (never below 0)
 *            + the reservation item CHECKOUT#{id} (status 'reserved', listed on GSI1 RESERVATIONS by expiry
 *              and on GSI2 USER_CHECKOUTS#{sub} while open)
 *  release   reservation 'reserved' -> 'released' (condition) + every product quantity += n
 *  fulfil    reservation 'reserved' -> 'sold' (condition) + order Put (IF not exists)
 *            + session marker STRIPE_SESSION#{sid} Put (IF not exists) + the snapshot's cart lines deleted
 *            + supplier_level -= n on products the stock sync maintains (stock-sync-repository.ts)
 *
 * The conditions make release and fulfil happen at most once per checkout, whatever the number of
 * concurrent deliveries: the losers see ConditionalCheckFailed and report 'duplicate'.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ddb } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys, indexKeys, partition, COLLECTION } from './keys';
import { queryAll, stripKeys } from './query';
import type { OrderLine, OrderRecord } from './order-items';
import { SALE_LEVEL_ADD, saleLevelAdjustment, syncedProductIds } from './stock-sync-repository';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface StockNeed {
  product_id: string;
  name: string;
  quantity: number;
}

export interface ReservationRecord {
  id: string;
  user_id: string;
  user_email: string;
  status: 'reserved' | 'released' | 'sold';
  created_at: string;
  /** ISO; the Stripe session's expires_at. */
  expires_at: string;
  session_id: string | null;
  /** Stock taken from physical products (bundles expanded). */
  stock: StockNeed[];
  /** Priced order lines (unit price after the member discount), the cart snapshot. */
  lines: OrderLine[];
  /** Cart line ids to delete on fulfilment. */
  cart_line_ids: string[];
  total_cents: number;
}

/** Thrown by reserve when a product has fewer units than asked. */
export class InsufficientStockError extends Error {
  constructor(readonly productName: string) {
    super(`insufficient stock for ${productName}`);
  }
}

const TTL_GRACE_S = 30 * 24 * 3600;

/** Runs a transaction, retrying TransactionConflict cancellations (concurrent writers on the same items). */
async function transact(items: TransactItem[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (e) {
      const conflict = e instanceof TransactionCanceledException && (e.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
      if (!conflict || attempt >= 6) throw e;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 40 * 2 ** attempt));
    }
  }
}

function conditionFailedAt(e: unknown): number[] {
  if (!(e instanceof TransactionCanceledException)) return [];
  return (e.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}

/**
 * Reserves stock and stores the reservation in one transaction (at most 99 products).
 * @throws InsufficientStockError naming the first product without enough units; nothing is written
 */
export async function reserve(r: Omit<ReservationRecord, 'status' | 'session_id'>): Promise<void> {
  const items: TransactItem[] = r.stock.map((s) => ({
    Update: {
      TableName: env.tableName,
      Key: keys.product(s.product_id),
      UpdateExpression: 'SET quantity = quantity - :n',
      ConditionExpression: 'attribute_exists(PK) AND quantity >= :n',
      ExpressionAttributeValues: { ':n': s.quantity },
    },
  }));
  items.push({
    Put: {
      TableName: env.tableName,
      Item: {
        ...keys.reservation(r.id), entity: 'reservation', ...r, status: 'reserved', session_id: null,
        ...indexKeys.openReservation(r),
        expires_at_epoch: Math.floor(Date.parse(r.expires_at) / 1000) + TTL_GRACE_S,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  });
  try {
    await transact(items);
  } catch (e) {
    const failed = conditionFailedAt(e).find((i) => i < r.stock.length);
    if (failed !== undefined) throw new InsufficientStockError(r.stock[failed]!.name);
    throw e;
  }
}

/** Records the Stripe session of a reservation. */
export async function attachSession(id: string, sessionId: string): Promise<void> {
  await ddb.send(new UpdateCommand({ TableName: env.tableName, Key: keys.reservation(id), UpdateExpression: 'SET session_id = :s', ExpressionAttributeValues: { ':s': sessionId } }));
}

/** AP22: one reservation (any status), or null. 1 GetItem. */
export async function getReservation(id: string): Promise<ReservationRecord | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.reservation(id) }));
  return out.Item ? stripKeys<ReservationRecord>(out.Item) : null;
}

/**
 * Gives a reservation's stock back, once.
 * @returns 'released', or 'noop' when it was already released or sold (or does not exist)
 */
export async function release(id: string): Promise<'released' | 'noop'> {
  const r = await getReservation(id);
  if (!r || r.status !== 'reserved') return 'noop';
  const items: TransactItem[] = [
    {
      Update: {
        TableName: env.tableName,
        Key: keys.reservation(id),
        UpdateExpression: 'SET #s = :released, released_at = :now REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK',
        ConditionExpression: '#s = :reserved',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':released': 'released', ':reserved': 'reserved', ':now': new Date().toISOString() },
      },
    },
    ...r.stock.map((s): TransactItem => ({
      Update: { TableName: env.tableName, Key: keys.product(s.product_id), UpdateExpression: 'SET quantity = quantity + :n', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':n': s.quantity } },
    })),
  ];
  try {
    await transact(items);
    return 'released';
  } catch (e) {
    if (conditionFailedAt(e).length > 0) return 'noop';
    throw e;
  }
}

/** AP21: a user's reservations still 'reserved', created_at ascending (sparse GSI2 USER_CHECKOUTS#{sub}). 1 Query. */
export async function listOpenReservationsOfUser(sub: string): Promise<ReservationRecord[]> {
  return (await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': partition.userCheckouts(sub) },
  })).map((i) => stripKeys<ReservationRecord>(i));
}

/** AP20: reservations still 'reserved' whose expires_at is strictly before `before` (ISO), expiry ascending. 1 Query on GSI1 (sparse RESERVATIONS). */
export async function listExpiredReservations(before: string): Promise<ReservationRecord[]> {
  return (await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
    ExpressionAttributeValues: { ':pk': COLLECTION.reservations, ':before': before },
  })).map((i) => stripKeys<ReservationRecord>(i));
}

/**
 * Turns a reservation into an order, exactly once per checkout and per Stripe session.
 * When the reservation was already released (paid after expiry), stock is taken again without
 * a floor so the paid order still exists (it then shows in the inventory alerts).
 * @returns 'created', or 'duplicate' when this checkout/session was already fulfilled
 */
export async function fulfil(r: ReservationRecord, order: OrderRecord, sessionId: string): Promise<'created' | 'duplicate'> {
  const orderItem = { ...keys.order(order.user_id, order.created_at, order.id), entity: 'order', ...indexKeys.order(order), ...order };
  const reclaim = r.status === 'released';
  // Stock rule (stock-sync-repository.ts saleLevelAdjustment): lower the expected supplier level of synced products by the units sold.
  const synced = await syncedProductIds(r.stock.map((s) => s.product_id));
  const items: TransactItem[] = [
    {
      Update: {
        TableName: env.tableName,
        Key: keys.reservation(r.id),
        UpdateExpression: 'SET #s = :sold, order_id = :o REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK',
        ConditionExpression: reclaim ? '#s = :released' : '#s = :reserved',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sold': 'sold', ':o': order.id, ...(reclaim ? { ':released': 'released' } : { ':reserved': 'reserved' }) },
      },
    },
    { Put: { TableName: env.tableName, Item: orderItem, ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Put: {
        TableName: env.tableName,
        Item: { ...keys.sessionFulfilment(sessionId), entity: 'fulfilment', order_id: order.id, user_id: order.user_id, checkout_id: r.id, created_at: order.created_at },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...r.cart_line_ids.slice(0, 90).map((lineId): TransactItem => ({ Delete: { TableName: env.tableName, Key: keys.cartLine(order.user_id, lineId) } })),
    ...(reclaim ? r.stock.map((s): TransactItem => ({
      Update: {
        TableName: env.tableName,
        Key: keys.product(s.product_id),
        UpdateExpression: synced.has(s.product_id) ? `SET quantity = quantity - :n ${SALE_LEVEL_ADD}` : 'SET quantity = quantity - :n',
        ExpressionAttributeValues: { ':n': s.quantity, ...(synced.has(s.product_id) ? { ':sold': -s.quantity } : {}) },
      },
    })) : r.stock.filter((s) => synced.has(s.product_id)).map((s) => saleLevelAdjustment(s.product_id, s.quantity))),
  ].slice(0, 100); // TransactWriteItems limit: adjustments beyond it are dropped (the sync then undercounts, never overcounts)
  try {
    await transact(items);
    return 'created';
  } catch (e) {
    if (conditionFailedAt(e).length > 0) return 'duplicate';
    throw e;
  }
}

/** AP22: the fulfilment marker of a Stripe session (order id once paid), or null. 1 GetItem. */
export async function getSessionFulfilment(sessionId: string): Promise<{ order_id: string; user_id: string } | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.sessionFulfilment(sessionId) }));
  return out.Item ? { order_id: String(out.Item.order_id), user_id: String(out.Item.user_id) } : null;
}
