/**
 * Orders as the API answers them (orders with their lines, the order status rule), for the
 * customer (GET /api/me/orders) and the back office. Amounts in integer euro cents; dates ISO 8601.
 */
import type { OrderStatus } from '../orders';
import type { OrderRefund, RefundState } from '../refunds';
import type { VatBreakdownLine, VatRate } from '../vat';
import type { BillingDto } from '../billing';
import type { OrderWithdrawal, WithdrawalStatus } from '../withdrawals';

export type { OrderStatus, RefundState, WithdrawalStatus };

/** A withdrawal from the contract (shared/withdrawals.ts) as the API answers it; dates ISO. */
export type WithdrawalDto = OrderWithdrawal;

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
  /** Unit price charged (member discount applied), cents, VAT included. */
  price_cents: number;
  /** VAT rate included in the price, percent (stored with the line at checkout; 22 on older orders). */
  vat_rate: VatRate;
  is_digital: boolean;
  /** Units of the line given back (all of them once the order is refunded in full). */
  refunded_quantity: number;
  /** Units the customer may still withdraw from ('Recedi dal contratto'; always 0 on digital lines). */
  withdrawable_quantity: number;
  /** Short-lived download link of a digital item (orders not cancelled, lines not refunded). */
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
  /** Whether money went back: 'partial' ('Rimborsato parzialmente'), 'full' ('Rimborsato'), or 'none'. */
  refund_state: RefundState;
  /** Cents given back (pending and succeeded refunds). */
  refunded_cents: number;
  /** True while the customer may cancel it ('Annulla ordine': only while 'In elaborazione'). */
  can_cancel: boolean;
  items: OrderItemDto[];
  /** ISO: when the order was delivered (it became 'Completato'), or null. */
  delivered_at: string | null;
  /** Last Italian calendar day to withdraw ('YYYY-MM-DD', 14 days from delivery), or null before delivery. */
  withdrawal_last_day: string | null;
  /** True while 'Recedi dal contratto' applies: the period runs and some physical units are left. */
  can_withdraw: boolean;
  /** The withdrawals asked, oldest first. */
  withdrawals: WithdrawalDto[];
  /** ISO: when the customer consented to the immediate supply of the digital content (art. 59 c.1 lett. o), or null. */
  digital_consent_at: string | null;
  /**
   * Taxable amount and VAT per rate (shared/vat.ts vatBreakdown), highest rate first; the gross
   * amounts add up to total_cents. Stored with the order at checkout (computed the same way from the
   * lines, code and shipping for older orders).
   */
  vat_breakdown: VatBreakdownLine[];
}

/** A refund of an order, as the back office sees it (amounts in cents, dates ISO). */
export type RefundDto = Omit<OrderRefund, 'actor_id'>;

/** Where an order ships: a snapshot of the saved address the shopper chose (user_addresses). */
export interface ShippingAddressDto {
  full_name: string;
  line1: string;
  line2: string | null;
  postal_code: string;
  city: string;
  province: string | null;
  country: string;
  phone: string | null;
}

/**
 * An order in the back office: the customer's id and email, whether it must be refunded, and what
 * the order detail shows.
 * The shipping fields are null on orders with nothing to ship, the discount-code fields on orders
 * without a code, and both on orders placed before the checkout recorded them.
 */
export interface AdminOrderDto extends OrderDto {
  user_id: string;
  /** The customer's email; null once the customer erased the account (the order keeps its tax record only). */
  user_email: string | null;
  /**
   * True when the payment arrived after the checkout's stock had gone back and the stock could not
   * be taken again (a late payment): the admin refunds it (and cancels the order).
   */
  needs_refund: boolean;
  /** Why (Italian), or null. */
  refund_reason: string | null;
  /** Sum of the lines (unit price x quantity, member discount already in the unit prices), cents. */
  subtotal_cents: number;
  /** Name of the shipping method chosen at checkout, or null (digital-only order, or not recorded). */
  shipping_method: string | null;
  /** Shipping charged, cents (0 = 'GRATIS'), or null when not recorded. */
  shipping_cents: number | null;
  shipping_address: ShippingAddressDto | null;
  /** The discount code applied at checkout, as the shopper typed it, or null. */
  discount_code: string | null;
  /** What the code took off, cents, or null. */
  discount_cents: number | null;
  /**
   * How it was paid, in Italian ('PayPal', 'Satispay', 'Klarna', 'Carta Visa •••• 4242', 'Apple Pay
   * (Visa •••• 4242)', 'Nessun pagamento dovuto'), or null when not recorded (older orders).
   */
  payment_method: string | null;
  /** The order's refunds, oldest first. */
  refunds: RefundDto[];
  /** Cents still refundable. */
  refundable_cents: number;
  /** What each line was paid, cents (shared/refunds.ts), in the order of `items`. */
  line_paid_cents: number[];
  /** The statuses the admin may set now (the order state machine, shared/orders.ts). */
  allowed_statuses: OrderStatus[];
  /** The customer's billing data as it was at checkout (Fatturazione), or null when none was given. */
  billing: BillingDto | null;
  /** The withdrawals with the last day to refund each (art. 56 c.1: 14 days from the request), oldest first. */
  withdrawals: AdminWithdrawalDto[];
}

/** A withdrawal as the back office sees it: the last day to refund it, 'YYYY-MM-DD'. */
export interface AdminWithdrawalDto extends WithdrawalDto {
  refund_last_day: string;
}
