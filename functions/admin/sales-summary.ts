/**
 * GET /api/admin/sales-summary (capability 'sales', admin only): revenue and orders of the last 30
 * days by day, orders by status, top products.
 *
 * Read-side design: the orders of the window are read with one Query bounded by time on the
 * ORDERS collection (AP62, GSI1SK >= 31 days ago) and summed here; nothing is pre-aggregated, so
 * the checkout's fulfilment stays untouched and status changes show at once. Cost: 1 Query per
 * 1 MB of the window's orders (an order with its lines is ~1-2 KB, so ~500-1000 orders per
 * request; 100 orders a day is ~3-6 requests and ~400-750 read units per view), never the older
 * orders. The SPA loads it once per visit of the Ordini screen.
 */
import type { SalesSummaryDto } from '../../shared/api/admin';
import { listOrdersSince } from '../orders';
import { summariseSales, windowStart } from './sales-aggregate';

/** The summary at `now`. */
export async function salesSummary(now = new Date()): Promise<SalesSummaryDto> {
  return summariseSales(await listOrdersSince(windowStart(now)), now);
}
