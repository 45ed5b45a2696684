/**
 * The sales summary's arithmetic (pure, unit-tested): the last 30 Italian calendar days, revenue
 * and orders per day, orders per status, best sellers. Cancelled orders ('Annullato') count in
 * "orders by status" only: they are neither revenue nor sales. Money given back is not revenue: an
 * order counts its total minus its refunds (shared/refunds.ts), and refunded units are not sold.
 * Amounts in cents.
 */
import { ORDER_STATUSES, type OrderStatus } from '../../shared/orders';
import { italianDate } from '../../shared/calendar';
import type { SalesSummaryDto, TopProductDto } from '../../shared/api/admin';
import { refundedCents, refundedQuantities, type RefundableOrder } from '../../shared/refunds';

/** Days in the summary window (today included). */
export const SALES_WINDOW_DAYS = 30;
/** Best sellers listed. */
export const TOP_PRODUCTS = 5;

/** What the summary reads of an order. */
export interface SalesOrder {
  created_at: string;
  status: OrderStatus;
  total_cents: number;
  items: { product_id: string | null; bundle_id: string | null; name: string; quantity: number; price_cents: number }[];
  /** The order's refunds (absent: none). */
  refunds?: RefundableOrder['refunds'];
  shipping_cents?: number | null;
}

/** The `days` Italian calendar dates ending with today's, oldest first ('YYYY-MM-DD'). */
export function windowDates(now: Date, days = SALES_WINDOW_DAYS): string[] {
  const [y, m, d] = italianDate(now).split('-').map(Number) as [number, number, number];
  return Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (days - 1 - i))).toISOString().slice(0, 10),
  );
}

/**
 * The instant from which orders are read: 31 days before `now`, so the first Italian day of the
 * window is wholly inside (Italy is at most 2 hours ahead of UTC); orders outside the window's
 * days are dropped when summing.
 */
export function windowStart(now: Date, days = SALES_WINDOW_DAYS): string {
  return new Date(now.getTime() - (days + 1) * 24 * 3600 * 1000).toISOString();
}

/** Summarises the orders of the window (orders outside it are ignored). */
export function summariseSales(orders: readonly SalesOrder[], now: Date, days = SALES_WINDOW_DAYS): SalesSummaryDto {
  const dates = windowDates(now, days);
  const byDay = new Map(dates.map((date) => [date, { date, revenue_cents: 0, orders: 0 }]));
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  const products = new Map<string, TopProductDto>();
  for (const o of orders) {
    const day = byDay.get(italianDate(new Date(o.created_at)));
    if (!day) continue;
    byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    if (o.status === 'Annullato') continue;
    day.revenue_cents += o.total_cents - refundedCents(o);
    day.orders += 1;
    const refunded = refundedQuantities(o);
    for (const [k, line] of o.items.entries()) {
      const sold = line.quantity - (refunded[k] ?? 0);
      if (sold <= 0) continue;
      const key = line.product_id ? `p:${line.product_id}` : `b:${line.bundle_id ?? line.name}`;
      const top = products.get(key) ?? {
        product_id: line.product_id,
        bundle_id: line.bundle_id,
        name: line.name,
        units: 0,
        revenue_cents: 0,
      };
      top.units += sold;
      top.revenue_cents += sold * line.price_cents;
      products.set(key, top);
    }
  }
  const byDayList = [...byDay.values()];
  const revenue = byDayList.reduce((s, d) => s + d.revenue_cents, 0);
  const count = byDayList.reduce((s, d) => s + d.orders, 0);
  return {
    from: dates[0]!,
    to: dates[dates.length - 1]!,
    revenue_cents: revenue,
    orders: count,
    average_order_cents: count ? Math.round(revenue / count) : 0,
    by_day: byDayList,
    by_status: byStatus,
    top_products: [...products.values()]
      .sort((a, b) => b.units - a.units || b.revenue_cents - a.revenue_cents || a.name.localeCompare(b.name, 'it'))
      .slice(0, TOP_PRODUCTS),
    generated_at: now.toISOString(),
  };
}
