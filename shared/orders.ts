/**
 * Orders as the API answers them (spec 3 orders/order_items, spec 4 "Order status").
 * Amounts in integer euro cents; dates ISO 8601.
 */

/** The four order states; the admin may set any of them freely (spec 4). */
export const ORDER_STATUSES = ['In elaborazione', 'Spedito', 'Completato', 'Annullato'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One line of an order. */
export interface OrderItemDto {
  product_id: string | null;
  bundle_id: string | null;
  name: string;
  image_url: string | null;
  quantity: number;
  /** Unit price charged (member discount applied), cents. */
  price_cents: number;
  is_digital: boolean;
  /** Short-lived download link of a digital item (orders not cancelled). */
  download_url?: string | null;
}

/** One order of GET /api/me/orders (newest first). */
export interface OrderDto {
  id: string;
  created_at: string;
  status: OrderStatus;
  total_cents: number;
  tracking_number: string | null;
  tracking_url: string | null;
  items: OrderItemDto[];
}
