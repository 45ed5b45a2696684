/**
 * How an order is shown wherever it appears (the shopper's orders, the checkout's outcome, the
 * back office): its short reference and the colour family of its status chip
 * (ui/order-status-chip.tsx). Pure; unit-tested.
 */
import { ORDER_ID_DISPLAY_LENGTH } from '../../../shared/constants';
import type { OrderStatus } from '../../../shared/api/orders';

/**
 * The order id as customers see it (its reference in the shop, the emails and the back office).
 * @param id the order's id (a UUID)
 * @returns its first 8 characters
 */
export function shortOrderId(id: string): string {
  return id.slice(0, ORDER_ID_DISPLAY_LENGTH);
}

/** Colour family of a status chip: yellow, blue, green, red (the order statuses); unknown statuses are grey. */
export type StatusTone = 'yellow' | 'blue' | 'green' | 'red' | 'grey';

const TONES: Record<OrderStatus, StatusTone> = {
  'In elaborazione': 'yellow',
  Spedito: 'blue',
  Completato: 'green',
  Annullato: 'red',
};

/**
 * Tone of an order status chip.
 * @param status an order status as the API sends it ('Spedito'); any other text is grey
 */
export function statusTone(status: string): StatusTone {
  return (TONES as Record<string, StatusTone>)[status] ?? 'grey';
}
