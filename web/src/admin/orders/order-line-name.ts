/**
 * How the back office names an order line (pure, unit-tested): a line of a product with options
 * carries the variant bought (a snapshot: its SKU and option values), so the line reads
 * 'Kettlebell – 16 kg' and its details 'Peso: 16 kg · SKU KB-16'. Lines of products without
 * options, bundles and orders stored before variants read as before.
 */
import type { OrderItemDto } from '../../../../shared/api/orders';
import { VARIANTS_ADMIN_TEXT } from '../../../../shared/messages/admin-variants';
import { variantDisplayName } from '../../../../shared/variants';

/** The line's name with its variant's values ('Kettlebell – 16 kg'), or the name alone. */
export function orderLineName(item: Pick<OrderItemDto, 'name' | 'option_values'>): string {
  return variantDisplayName(
    item.name,
    (item.option_values ?? []).map((o) => o.value),
  );
}

/** The variant's details of a line ('Peso: 16 kg · SKU KB-16'), or null for a line without a variant. */
export function orderLineVariant(item: Pick<OrderItemDto, 'variant_id' | 'sku' | 'option_values'>): string | null {
  if (!item.variant_id) return null;
  return VARIANTS_ADMIN_TEXT.orderLineVariant(item.option_values ?? [], item.sku ?? '');
}

/** The name of line `index` of an order's lines (a refund's or a withdrawal's line), '—' when absent. */
export function lineNameAt(items: readonly Pick<OrderItemDto, 'name' | 'option_values'>[], index: number): string {
  const item = items[index];
  return item ? orderLineName(item) : '—';
}
