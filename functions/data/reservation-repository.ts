/**
 * Stock reservations and fulfilment, the multi-item invariants of checkout, each one
 * TransactWriteItems:
 *
 *  reserve   every variant of a physical product: quantity -= n  IF active AND quantity >= n (never
 *            below 0), with its product's sum (variant-stock.ts)
 *            + the reservation item CHECKOUT#{id} (status 'reserved', listed on GSI1 RESERVATIONS by expiry
 *              and on GSI2 USER_CHECKOUTS#{sub} while open)
 *  attach    reservation SET session_id and the session's expiry IF 'reserved' and no session yet + the user's checkout lock
 *            released IF still held by this checkout (a checkout whose lock expired cannot complete)
 *  release   reservation 'reserved' -> 'released' (condition) + every variant's quantity += n (and its product's sum)
 *  fulfil    reservation 'reserved' -> 'sold' (condition) + order Put (IF not exists)
 *            + session marker STRIPE_SESSION#{sid} Put (IF not exists) + the snapshot's cart lines deleted
 *            + the order's email jobs (IF not exists: one confirmation per order)
 *  reclaim   (paid after release) reservation 'released' -> 'sold' + order + marker + cart lines
 *            + every variant's quantity -= n IF quantity >= n; when the stock is gone, the same
 *            without the stock and the order flagged needs_refund
 *  hold      reservation 'reserved'/'released' -> 'held' (a payment that does not match it): out
 *            of the sweep and of the user's open checkouts, stock kept for the operator
 *            + supplier_level -= n on the variants the stock sync maintains (stock-sync-repository.ts)
 *
 * The conditions make release and fulfil happen at most once per checkout, whatever the number of
 * concurrent deliveries; a writer that loses reads the reservation again and acts on its new state.
 */
import { ddb, GetCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { metrics } from '../lib/observability';
import { keys, indexKeys, partition, sortKey, COLLECTION, type TableKey } from './keys';
import { batchDelete } from './batch';
import { queryAll, stripKeys } from './query';
import { batchGetItems } from './batch';
import { ifCondition, transactIf, type TransactItem } from './conditional';
import type { OrderDetails, OrderLine, OrderRecord } from '../orders';
import { SALE_LEVEL_ADD, saleLevelAdjustment, syncedUnits } from './stock-sync-repository';
import { byVariant, giveStockItems, takeStockItems, unitKey, variantIdOf, type StockItems } from './variant-stock';

/** Units of one variant a checkout takes. */
export interface StockNeed {
  product_id: string;
  /** The variant (absent on reservations made before variants: the product's default variant, id = product_id). */
  variant_id?: string;
  /** The product's name with the variant's label ('Kettlebell – 16 kg'): what a 409 names. */
  name: string;
  quantity: number;
}

export type ReservationStatus = 'reserved' | 'released' | 'sold' | 'held';

export interface ReservationRecord {
  id: string;
  user_id: string;
  user_email: string;
  /** reserved (stock held, payable), released (stock back), sold (order made), held (payment mismatch: operator). */
  status: ReservationStatus;
  created_at: string;
  /** ISO; the Stripe session's expires_at. */
  expires_at: string;
  session_id: string | null;
  /** Stock taken from the variants of physical products (bundles expanded). */
  stock: StockNeed[];
  /** Priced order lines (unit price after the member discount), the cart snapshot. */
  lines: OrderLine[];
  /** Cart line ids to delete on fulfilment. */
  cart_line_ids: string[];
  /** What the shopper pays: goods after the member discount and the code, plus shipping (shared/order-totals.ts). */
  total_cents: number;
  /**
   * Shipping, address and discount code of the order (absent on reservations made before the
   * checkout sold shipping and discount codes).
   */
  details?: OrderDetails;
  /** Set by fulfilment. */
  order_id?: string;
  /** Set by hold: why the payment was not fulfilled, and the session that paid. */
  hold_reason?: string;
  held_session_id?: string;
}

/** Thrown by reserve when a variant has fewer units than asked (or is no longer sold). */
export class InsufficientStockError extends Error {
  constructor(readonly productName: string) {
    super(`insufficient stock for ${productName}`);
  }
}

const TTL_GRACE_S = 30 * 24 * 3600;

/** The stock needs as variant units (a need without a variant: the product's default variant). */
const unitsOf = (stock: readonly StockNeed[]) =>
  stock.map((s) => ({ product_id: s.product_id, variant_id: variantIdOf(s), quantity: s.quantity }));

/** The need a failed stock item names (its variant's, or the first of its product when the product item failed). */
function needAt(stock: readonly StockNeed[], take: StockItems, index: number): StockNeed {
  const target = take.targets[index]!;
  return (
    stock.find(
      (s) => s.product_id === target.product_id && (target.variant_id === null || variantIdOf(s) === target.variant_id),
    ) ?? stock[0]!
  );
}

/**
 * Reserves stock and stores the reservation in one transaction (the variants' and their products'
 * updates, and the reservation: at most 99 items).
 * @throws InsufficientStockError naming the first variant without enough units; nothing is written
 */
export async function reserve(r: Omit<ReservationRecord, 'status' | 'session_id'>): Promise<void> {
  const take = takeStockItems(unitsOf(r.stock));
  const items: TransactItem[] = [...take.items];
  items.push({
    Put: {
      TableName: env.tableName,
      Item: {
        ...keys.reservation(r.id),
        entity: 'reservation',
        ...r,
        status: 'reserved',
        session_id: null,
        ...indexKeys.openReservation(r),
        expires_at_epoch: Math.floor(Date.parse(r.expires_at) / 1000) + TTL_GRACE_S,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  });
  const result = await transactIf(items);
  if (result.ok) return;
  const short = result.failed.find((i) => i < take.items.length);
  if (short !== undefined) throw new InsufficientStockError(needAt(r.stock, take, short).name);
  throw new Error(`reserve: the reservation ${r.id} already exists`);
}

/**
 * Records the Stripe session of a reservation, only while it is still 'reserved' with no session,
 * and releases the user's checkout lock in the same transaction. The reservation takes the
 * session's expiry (its place in the sweep's index moves with it).
 * @param expiresAt the session's expires_at, ISO
 * @param gate the lock to release (releaseGateItem of checkout-gate-repository)
 * @returns 'attached'; 'not_reserved' when the reservation was released meanwhile (or has a
 *   session); 'lock_lost' when the checkout lock expired and another checkout holds it
 */
export async function attachSession(
  id: string,
  sessionId: string,
  expiresAt: string,
  gate?: TransactItem,
): Promise<'attached' | 'not_reserved' | 'lock_lost'> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: env.tableName,
        Key: keys.reservation(id),
        UpdateExpression: 'SET session_id = :s, expires_at = :e, GSI1SK = :sk, expires_at_epoch = :ttl',
        ConditionExpression: '#st = :reserved AND attribute_type(session_id, :null)',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: {
          ':s': sessionId,
          ':e': expiresAt,
          ':sk': sortKey.byTime(expiresAt, id),
          ':ttl': Math.floor(Date.parse(expiresAt) / 1000) + TTL_GRACE_S,
          ':reserved': 'reserved',
          ':null': 'NULL',
        },
      },
    },
    ...(gate ? [gate] : []),
  ];
  const result = await transactIf(items);
  if (result.ok) return 'attached';
  return result.failed.includes(0) ? 'not_reserved' : 'lock_lost';
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
        ExpressionAttributeValues: {
          ':released': 'released',
          ':reserved': 'reserved',
          ':now': new Date().toISOString(),
        },
      },
    },
    ...giveStockItems(unitsOf(r.stock)).items,
  ];
  if (!(await transactIf(items)).ok) return 'noop';
  metrics.reservationReleased();
  return 'released';
}

/** AP21: a user's reservations still 'reserved', created_at ascending (sparse GSI2 USER_CHECKOUTS#{sub}). 1 Query. */
export async function listOpenReservationsOfUser(sub: string): Promise<ReservationRecord[]> {
  return (
    await queryAll<Record<string, unknown>>({
      TableName: env.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.userCheckouts(sub) },
    })
  ).map((i) => stripKeys<ReservationRecord>(i));
}

/** AP20: reservations still 'reserved' whose expires_at is strictly before `before` (ISO), expiry ascending. 1 Query on GSI1 (sparse RESERVATIONS). */
export async function listExpiredReservations(before: string): Promise<ReservationRecord[]> {
  return (
    await queryAll<Record<string, unknown>>({
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
      ExpressionAttributeValues: { ':pk': COLLECTION.reservations, ':before': before },
    })
  ).map((i) => stripKeys<ReservationRecord>(i));
}

/** What a fulfilment write did. */
export type FulfilWrite =
  /** The order exists now (stock sold; for a reclaim, taken again). */
  | 'created'
  /** Paid after release and the stock is gone: the order exists, flagged needs_refund, no stock taken. */
  | 'created_needs_refund'
  /** This checkout or this session already has its order. */
  | 'duplicate'
  /** The reservation is no longer in the state it was read in: read it again. */
  | 'changed';

/**
 * Turns a reservation into an order, exactly once per checkout and per Stripe session.
 * - 'reserved': the reserved stock becomes sold.
 * - 'released' (paid after the stock went back): the stock is taken again only where
 *   `quantity >= n`; when it cannot be, the order is still created (the customer paid) with
 *   `needs_refund: true` and `refund_reason`, and no stock is taken.
 * @param r the reservation as read (its status decides the path and is the write's condition)
 * @param order the order to create (needs_refund false)
 * @param refundReason the admin-facing reason stored when the stock cannot be taken again
 * @param orderItems the items that create the order (the orders module's `orderCreationItems`:
 *   its Put IF NOT EXISTS first, then its refund-queue entry when it is flagged)
 * @param followUps the jobs of the work that follows the order (its emails), written in the
 *   order's own transaction (each a Put IF NOT EXISTS)
 */
export async function fulfil(
  r: ReservationRecord,
  order: OrderRecord,
  sessionId: string,
  refundReason: (productName: string) => string,
  orderItems: (o: OrderRecord) => TransactItem[],
  followUps: (o: OrderRecord) => TransactItem[] = () => [],
): Promise<FulfilWrite> {
  if (r.status !== 'reserved' && r.status !== 'released') return 'changed';
  const reclaim = r.status === 'released';
  // Stock rule (stock-sync-repository.ts saleLevelAdjustment): lower the expected supplier level of synced variants by the units sold.
  const sold = byVariant(unitsOf(r.stock));
  const synced = await syncedUnits(sold);
  /** The transaction's items but the cart lines' deletes and the stock. */
  const base = (o: OrderRecord): TransactItem[] => [
    {
      Update: {
        TableName: env.tableName,
        Key: keys.reservation(r.id),
        UpdateExpression: 'SET #s = :sold, order_id = :o REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK',
        ConditionExpression: '#s = :from',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sold': 'sold', ':o': o.id, ':from': r.status },
      },
    },
    // the order's own items (its Put IF NOT EXISTS first, its 'Da rimborsare' entry when flagged)
    ...orderItems(o),
    {
      Put: {
        TableName: env.tableName,
        Item: {
          ...keys.sessionFulfilment(sessionId),
          entity: 'fulfilment',
          order_id: o.id,
          user_id: o.user_id,
          checkout_id: r.id,
          created_at: o.created_at,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...followUps(o),
  ];
  const cartDeletes = r.cart_line_ids.map((lineId): TransactItem => ({
    Delete: { TableName: env.tableName, Key: keys.cartLine(r.user_id, lineId) },
  }));
  const outcome = (failed: number[]): FulfilWrite => (failed.includes(0) ? 'changed' : 'duplicate');
  // The discount code is used once per paid order: times_used goes up in the order's own
  // transaction (a replayed or concurrent event cannot raise it twice) and the cart's code item
  // goes with the cart lines. A code deleted meanwhile cannot be raised: the order is then
  // written without raising it.
  const codeId = r.details?.discount_code_id ?? null;
  const dropCartCode: TransactItem = { Delete: { TableName: env.tableName, Key: keys.cartDiscountCode(r.user_id) } };
  const raiseCode: TransactItem[] = codeId
    ? [
        {
          Update: {
            TableName: env.tableName,
            Key: keys.discountCode(codeId),
            UpdateExpression: 'ADD times_used :one',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ]
    : [];
  // Stock rule (stock-sync-repository.ts saleLevelAdjustment): the synced variants' expected
  // supplier level goes down by the units sold, in the same transaction (with the stock taken again
  // on a reclaim; alone when the reserved stock is sold).
  const isSynced = (s: { product_id: string; variant_id: string }) => synced.has(unitKey(s));
  const adjustments = reclaim ? [] : sold.filter(isSynced).map((s) => saleLevelAdjustment(s, s.quantity));
  const take = takeStockItems(sold, (s) =>
    isSynced(s) ? { expression: SALE_LEVEL_ADD, values: { ':sold': -s.quantity } } : null,
  );
  /** Writes the order (with the stock taken again when `stock`); the failed indexes count from the stock items at `stockFrom`. */
  const write = async (o: OrderRecord, stock: boolean): Promise<{ failed: number[] | null; stockFrom: number }> => {
    const takes = stock ? take.items : [];
    // TransactWriteItems holds 100 items: the cart lines that do not fit are deleted right after it
    const fixed = base(o).length + 1 + raiseCode.length + takes.length;
    const inside = cartDeletes.slice(0, Math.max(0, 100 - fixed));
    const head = [...base(o), ...inside, dropCartCode];
    const codeAt = raiseCode.length > 0 ? head.length : -1;
    // TransactWriteItems holds 100 items: level adjustments beyond it are dropped (the sync then undercounts, never overcounts)
    const tail = (used: number) => adjustments.slice(0, Math.max(0, 100 - used));
    const failed = await attempt([
      ...head,
      ...raiseCode,
      ...takes,
      ...tail(head.length + raiseCode.length + takes.length),
    ]);
    if (failed && codeAt >= 0 && failed.includes(codeAt)) {
      const retry = await attempt([...head, ...takes, ...tail(head.length + takes.length)]);
      return { failed: retry, stockFrom: head.length };
    }
    return { failed, stockFrom: head.length + raiseCode.length };
  };
  const inCart = (stock: boolean) =>
    Math.max(0, 100 - (base(order).length + 1 + raiseCode.length + (stock ? take.items.length : 0)));
  /** Deletes the cart lines the order's transaction had no room for. */
  const leftovers = async (stock: boolean) => {
    const rest = cartDeletes.slice(inCart(stock)).map((d) => d.Delete!.Key as TableKey);
    if (rest.length) await batchDelete(rest);
  };
  const first = await write(order, reclaim);
  if (first.failed === null) {
    await leftovers(reclaim);
    return 'created';
  }
  const short = first.failed.find((i) => i >= first.stockFrom);
  if (short === undefined || first.failed.some((i) => i < first.stockFrom)) return outcome(first.failed);
  // Paid after release and the stock is gone: the paid order exists anyway, flagged for a refund.
  const flagged: OrderRecord = {
    ...order,
    needs_refund: true,
    refund_reason: refundReason(needAt(r.stock, take, short - first.stockFrom).name),
  };
  const again = await write(flagged, false);
  if (again.failed !== null) return outcome(again.failed);
  await leftovers(false);
  return 'created_needs_refund';
}

/** Runs a transaction: null when written, else the indexes of the items whose condition failed. */
async function attempt(items: TransactItem[]): Promise<number[] | null> {
  const result = await transactIf(items);
  return result.ok ? null : result.failed;
}

/**
 * Puts a reservation on hold (a paid session that does not match it): it leaves the sweep's and the
 * user's indexes, so its stock stays reserved until an operator resolves it.
 * @param from the status it was read in (the write's condition)
 * @returns true when held now; false when its status changed meanwhile
 */
export async function hold(
  id: string,
  from: ReservationStatus,
  reason: string,
  sessionId: string,
  now = new Date(),
): Promise<boolean> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.reservation(id),
        UpdateExpression:
          'SET #s = :held, hold_reason = :r, held_session_id = :sid, held_at = :now REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK',
        ConditionExpression: '#s = :from',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':held': 'held',
          ':r': reason,
          ':sid': sessionId,
          ':now': now.toISOString(),
          ':from': from,
        },
      }),
    ),
  );
  return result.ok;
}

/**
 * AP22, many at once: which of these Stripe sessions have their order (a fulfilment marker). 1
 * BatchGetItem per 100 sessions (the payments reconciliation).
 */
export async function fulfilledSessions(sessionIds: readonly string[]): Promise<Set<string>> {
  const byPk = new Map(sessionIds.map((id) => [keys.sessionFulfilment(id).PK, id]));
  const items = await batchGetItems(sessionIds.map((id) => keys.sessionFulfilment(id)));
  return new Set(items.flatMap((i) => byPk.get(String(i.PK)) ?? []));
}

/** AP22: the fulfilment marker of a Stripe session (order id once paid), or null. 1 GetItem. */
export async function getSessionFulfilment(sessionId: string): Promise<{ order_id: string; user_id: string } | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.sessionFulfilment(sessionId) }));
  return out.Item ? { order_id: String(out.Item.order_id), user_id: String(out.Item.user_id) } : null;
}
