/**
 * Pure view helpers of the orders screens (the profile's Ordini tab); the short order id and the
 * status chips' colours, shown by other features too, are in ui/order-display.ts. Unit-tested.
 */
import type { OrderBundleItemDto, OrderDto, OrderItemDto } from '../../../shared/api/orders';
import { italianLongDate } from '../ui/italian-date';

/** Order types and statuses as the API sends them, owned by shared/orders.ts. */
export { ORDER_STATUSES } from '../../../shared/orders';
export type { OrderBundleItemDto, OrderDto, OrderItemDto, OrderStatus } from '../../../shared/api/orders';

/** Order date in it-IT ('5 marzo 2026'); '' when unparsable. */
export function formatOrderDate(iso: string): string {
  return italianLongDate(iso) ?? '';
}

/** Orders newest first (the API already sorts; this keeps the rule when lists are merged). */
export function sortOrdersNewestFirst<T extends { created_at: string }>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** True when the order item (or a product inside a bundle line) carries a usable download link. */
export function hasDownload<T extends Pick<OrderItemDto | OrderBundleItemDto, 'is_digital' | 'download_url'>>(
  item: T,
): item is T & { download_url: string } {
  return item.is_digital && typeof item.download_url === 'string' && item.download_url !== '';
}

/**
 * Tracking link of an order: shown when a tracking number exists and the URL is http(s)
 * (opened in a new tab); null otherwise.
 */
export function trackingLink(order: Pick<OrderDto, 'tracking_number' | 'tracking_url'>): string | null {
  if (!order.tracking_number || !order.tracking_url) return null;
  try {
    const url = new URL(order.tracking_url);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
