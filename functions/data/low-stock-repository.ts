/**
 * Low stock reached through sales: the marker of the last alert a sale raised for a variant (the
 * stock is the variant's; a product without options has one, whose id is the product's), so the
 * owner hears of each crossing of the threshold once, not of every sale below it.
 *
 *  marker   `LOW_STOCK_ALERT#{variantId}` / `LEVEL#{level}` (low_stock: at or below the low-stock
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

/** A variant's stock as a sale left it. */
export interface StockNow {
  product_id: string;
  variant_id: string;
  /** The product's name with the variant's label, as the sale's stock need names it. */
  name: string;
  /** Units in stock now. */
  quantity: number;
}

/**
 * AP122: a variant's stock now (consistent: a reclaim took units in the write just made). 1 GetItem.
 * @param name what the alert calls it (the product's name with the variant's label)
 */
export async function readStockNow(
  unit: { product_id: string; variant_id: string },
  name: string,
): Promise<StockNow | null> {
  const out = await ddb.send(
    new GetCommand({
      TableName: env.tableName,
      Key: keys.variant(unit.product_id, unit.variant_id),
      ConsistentRead: true,
      ProjectionExpression: 'quantity',
    }),
  );
  const v = out.Item;
  if (!v || typeof v.quantity !== 'number') return null;
  return { product_id: unit.product_id, variant_id: unit.variant_id, name, quantity: v.quantity };
}

/** A sale that left a variant at or below a threshold. */
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
          ...keys.lowStockAlert(c.stock.variant_id, c.level),
          level: c.level,
          entity: 'low_stock_alert',
          product_id: c.stock.product_id,
          variant_id: c.stock.variant_id,
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
