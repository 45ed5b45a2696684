/**
 * Pure view helpers of the orders screens (the profile's Ordini tab); the short order id and the
 * status chips' colours, shown by other features too, are in ui/order-display.ts. Unit-tested.
 */
import type { OrderBundleItemDto, OrderDto, OrderItemDto } from '../../../shared/api/orders';
import { variantDisplayName } from '../../../shared/variants';
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

/**
 * An order line's name with the variant bought ('Kettlebell – 16 kg', as the emails and the
 * receipt name it); the name alone for a line of a product without options.
 */
export function orderItemName(item: Pick<OrderItemDto, 'name' | 'option_values'>): string {
  return variantDisplayName(
    item.name,
    (item.option_values ?? []).map((o) => o.value),
  );
}

/** The variant bought, as the order card shows it under the name ('Peso: 16 kg · Colore: Nero'); '' without options. */
export function orderItemOptions(item: Pick<OrderItemDto, 'option_values'>): string {
  return (item.option_values ?? []).map((o) => `${o.name}: ${o.value}`).join(' · ');
}
