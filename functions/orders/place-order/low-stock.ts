/**
 * Low stock reached through sales (the stock sync alerts for its own changes): after a fulfilment
 * takes a variant's units, a variant left at or below the low-stock threshold (shared/stock.ts
 * LOW_STOCK_MAX), or sold out, raises an inventory alert (a `stock_alert` on the stage's
 * notifications topic, as the sync's) and the owner's email to the support inbox, once per crossing
 * of each threshold (low stock: LOW_STOCK_MAX; sold out: 0; a sale that reaches both tells the
 * sold out alone):
 *  - the sale whose own units took the stock from above the threshold to at or below it raises it,
 *    unless an alert was raised after that sale's checkout took its units;
 *  - any sale that finds the product low with no alert ever raised raises it (e.g. concurrent
 *    checkouts that crossed it together);
 *  - every other sale below the threshold raises nothing.
 * The marker and the email job are one write (low-stock-repository.ts). Never throws: the order is
 * made whatever happens here (a failure is logged).
 */
import { LOW_STOCK_MAX } from '../../../shared/stock';
import { ORDER_ID_DISPLAY_LENGTH } from '../../../shared/constants';
import { NOTIFICATION_MSG } from '../../../shared/messages/admin-automations';
import type { ReservationRecord } from '../../data/reservation-repository';
import { readStockNow, recordLowStockCrossing } from '../../data/low-stock-repository';
import { unitKey, variantIdOf } from '../../data/variant-stock';
import { EMAIL_JOBS } from '../../email';
import { publishNotification } from '../../lib/notifications';
import { logger } from '../../lib/logger';

/**
 * Alerts the variants a fulfilment brought to or below the threshold (the module comment).
 * DynamoDB: 1 GetItem per variant of a physical product sold (AP122), + 1 TransactWriteItems per low one.
 * @param r the reservation that became the order (its stock and when it was taken)
 * @param orderId the order made
 * @returns the ids of the variants alerted now (a product without options: the product's id)
 */
export async function alertLowStock(
  r: Pick<ReservationRecord, 'stock' | 'created_at'>,
  orderId: string,
): Promise<string[]> {
  const units = new Map<string, { product_id: string; variant_id: string; name: string; sold: number }>();
  for (const s of r.stock) {
    const found = units.get(unitKey(s));
    if (found) found.sold += s.quantity;
    else
      units.set(unitKey(s), { product_id: s.product_id, variant_id: variantIdOf(s), name: s.name, sold: s.quantity });
  }
  const alerted: string[] = [];
  for (const { product_id: productId, variant_id: variantId, name, sold } of units.values()) {
    try {
      const stock = await readStockNow({ product_id: productId, variant_id: variantId }, name);
      if (!stock || stock.quantity > LOW_STOCK_MAX) continue;
      const now = new Date();
      const level = stock.quantity <= 0 ? 'sold_out' : 'low_stock';
      const threshold = level === 'sold_out' ? 0 : LOW_STOCK_MAX;
      const written = await recordLowStockCrossing(
        {
          stock,
          level,
          threshold,
          crossed: stock.quantity + sold > threshold,
          reserved_at: r.created_at,
          order_id: orderId,
        },
        EMAIL_JOBS.ownerLowStock({
          product_id: productId,
          name: stock.name,
          quantity: stock.quantity,
          threshold: LOW_STOCK_MAX,
          order_short_id: orderId.slice(0, ORDER_ID_DISPLAY_LENGTH),
          order_id: orderId,
          at: now.toISOString(),
        }),
        now,
      );
      if (!written) continue;
      alerted.push(variantId);
      logger.info('low stock through sales', { productId, variantId, quantity: stock.quantity, orderId });
      await publishNotification({
        kind: 'stock_alert',
        subject: NOTIFICATION_MSG.stockAlertSubject(1),
        message: `${NOTIFICATION_MSG.salesStockAlertIntro(orderId.slice(0, ORDER_ID_DISPLAY_LENGTH))}\n${
          stock.quantity <= 0
            ? NOTIFICATION_MSG.soldOutLine(stock.name)
            : NOTIFICATION_MSG.lowLine(stock.name, stock.quantity)
        }`,
      });
    } catch (error) {
      logger.error('low-stock alert failed', { productId, variantId, orderId, error: error as Error });
    }
  }
  return alerted;
}
