/**
 * Low stock reached through sales: the marker of the last alert a sale raised for a product, so the
 * owner hears of each crossing of the threshold once, not of every sale below it.
 *
 *  marker   `LOW_STOCK_ALERT#{productId}` / `LEVEL#{level}` (low_stock: at or below the low-stock
 *           threshold; sold_out: none left): when the last alert of that level was raised, the
 *           stock then, and the order that brought it there.
 *
 * A crossing is recorded in one TransactWriteItems: the marker Put (IF there is none yet, or, for a
 * sale whose own units took the stock across, IF the last alert is older than that sale's
 * checkout) and the owner's email job (IF NOT EXISTS). Two sales of one crossing can never both
 * write it. The stock is read (consistently) just before, not checked in the write: stock raised
 * in between at worst tells of a low stock that has just been refilled.
 */
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { transactIf } from './conditional';
import { emailJobPut, type NewEmailJob } from './email-job-repository';
import { keys } from './keys';

/** A product's stock as a sale left it. */
export interface StockNow {
  product_id: string;
  name: string;
  /** Units in stock now. */
  quantity: number;
}

/** AP122: a product's stock now (consistent: a reclaim took units in the write just made). 1 GetItem. */
export async function readStockNow(productId: string): Promise<StockNow | null> {
  const out = await ddb.send(
    new GetCommand({
      TableName: env.tableName,
      Key: keys.product(productId),
      ConsistentRead: true,
      ProjectionExpression: 'id, #n, quantity, is_digital',
      ExpressionAttributeNames: { '#n': 'name' },
    }),
  );
  const p = out.Item;
  if (!p || p.is_digital || typeof p.quantity !== 'number') return null;
  return { product_id: String(p.id), name: String(p.name), quantity: p.quantity };
}

/** A sale that left a product at or below a threshold. */
export interface LowStockCrossing {
  stock: StockNow;
  /** The level reached: low stock, or sold out (the more severe, when both). */
  level: 'low_stock' | 'sold_out';
  /** The level's threshold (units): at or below it the product is at that level. */
  threshold: number;
  /** True when this sale's own units took the stock from above the threshold. */
  crossed: boolean;
  /** ISO: when the sale's checkout took its units (its reservation). */
  reserved_at: string;
  order_id: string;
}

/**
 * AP122: records a crossing and queues the owner's email with it (the module comment).
 * 1 TransactWriteItems.
 * @returns true when this sale raises the alert; false when the crossing was told already
 */
export async function recordLowStockCrossing(
  c: LowStockCrossing,
  email: NewEmailJob,
  now = new Date(),
): Promise<boolean> {
  const result = await transactIf([
    {
      Put: {
        TableName: env.tableName,
        Item: {
          ...keys.lowStockAlert(c.stock.product_id, c.level),
          level: c.level,
          entity: 'low_stock_alert',
          product_id: c.stock.product_id,
          alerted_at: now.toISOString(),
          quantity: c.stock.quantity,
          threshold: c.threshold,
          order_id: c.order_id,
        },
        ...(c.crossed
          ? {
              ConditionExpression: 'attribute_not_exists(PK) OR alerted_at < :reserved',
              ExpressionAttributeValues: { ':reserved': c.reserved_at },
            }
          : { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    },
    emailJobPut(email, now),
  ]);
  return result.ok;
}
