/**
 * Orders as the API answers them (spec 3 orders/order_items, spec 4 "Order status"), for the
 * customer (GET /api/me/orders) and the back office. Amounts in integer euro cents; dates ISO 8601.
 */
import type { OrderStatus } from '../orders';

export type { OrderStatus };

/** One product inside a bundle line of an order: the snapshot taken at checkout. */
export interface OrderBundleItemDto {
  product_id: string;
  name: string;
  is_digital: boolean;
  /** Short-lived download link of a digital product (orders not cancelled), as for a digital line. */
  download_url?: string | null;
}

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
  /** Bundle lines: the products the bundle contained when it was bought (empty for product lines). */
  bundle_items: OrderBundleItemDto[];
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

/** An order in the back office: the customer's id and email too, and whether it must be refunded. */
export interface AdminOrderDto extends OrderDto {
  user_id: string;
  user_email: string;
  /**
   * True when the payment arrived after the checkout's stock had gone back and the stock could not
   * be taken again (issue 10): the admin refunds it (and cancels the order).
   */
  needs_refund: boolean;
  /** Why (Italian), or null. */
  refund_reason: string | null;
}
