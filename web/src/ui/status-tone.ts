/** Colour families of the order status chips (ui/order-status-chip.tsx). Unit-tested. */
import type { OrderStatus } from '../../../shared/api/orders';

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
