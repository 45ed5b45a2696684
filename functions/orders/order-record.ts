/**
 * The stored shape of an order (the order with its lines, refunds and withdrawals) and the rules
 * that read it alone: its place in the back office's queues and what it keeps after its customer's
 * erasure. Amounts in integer euro cents, times ISO. Where it is stored: order-repository.ts; its
 * views (DTOs): order-views.ts.
 */
import type { OrderDto, OrderItemDto, OrderStatus, ShippingAddressDto } from '../../shared/api/orders';
import { refundState, type OrderRefund } from '../../shared/refunds';
import type { OrderWithdrawal } from '../../shared/withdrawals';
import type { VatBreakdownLine } from '../../shared/vat';
import type { BillingDto } from '../../shared/billing';
import type { PaymentMethodUsed } from '../../shared/payment-methods';
import { variantDisplayName } from '../../shared/variants';

export type { OrderDto, OrderStatus };

/** A product inside a stored bundle line: id, name and the digital asset to deliver (snapshot at checkout). */
export interface OrderBundleItem {
  product_id: string;
  name: string;
  is_digital: boolean;
  digital_asset_id: string | null;
}

/** A stored order line: the API's line (product or bundle, name/image/price snapshots) plus the digital asset(s) to deliver. */
export interface OrderLine extends Omit<
  OrderItemDto,
  'download_url' | 'bundle_items' | 'refunded_quantity' | 'withdrawable_quantity' | 'vat_rate'
> {
  /** VAT rate of the product or bundle at checkout (absent on older orders: 22). */
  vat_rate?: OrderItemDto['vat_rate'];
  /** Digital asset to deliver, for digital products. */
  digital_asset_id: string | null;
  /**
   * Bundle lines: the bundle's products with their digital assets (absent on orders stored before
   * bundles delivered their products).
   */
  bundle_items?: OrderBundleItem[];
}

export interface OrderRecord {
  id: string;
  user_id: string;
  /** The customer's email at checkout; null once the customer erased the account (`erasedOrder`). */
  user_email: string | null;
  created_at: string;
  status: OrderStatus;
  total_cents: number;
  tracking_number: string | null;
  tracking_url: string | null;
  checkout_session_id: string | null;
  /**
   * The Stripe PaymentIntent that paid the order (refunds are made against it); null for an order
   * with nothing to pay, absent on orders stored before it was recorded (found from the session).
   */
  payment_intent_id?: string | null;
  /**
   * How the order was paid, read at fulfilment from the PaymentIntent's latest charge (Stripe's
   * `payment_method_details`): the method ('card', 'paypal', 'satispay', 'klarna'), a card's brand,
   * last four digits and wallet, and when it was paid (a method's refund period runs from then).
   * Null for an order with nothing to pay, or when Stripe could not be asked at fulfilment (the
   * refund reads it again); absent on orders stored before it was recorded.
   */
  payment_method?: PaymentMethodUsed | null;
  items: OrderLine[];
  /** True when the payment arrived after the stock went back and the stock was gone: the admin refunds it. */
  needs_refund?: boolean;
  /** Why it needs a refund (Italian, shown to the admin). */
  refund_reason?: string | null;
  /**
   * Recorded by the checkout once it sells shipping and discount codes; absent on older
   * orders. Amounts in cents.
   */
  shipping_method_id?: string | null;
  shipping_method?: string | null;
  shipping_cents?: number | null;
  shipping_address?: ShippingAddressDto | null;
  discount_code?: string | null;
  discount_cents?: number | null;
  /** Id of the discount code applied (its times_used went up once with this order). */
  discount_code_id?: string | null;
  /** Money given back (shared/refunds.ts), oldest first; absent until the first refund. */
  refunds?: OrderRefund[];
  /** Counter of the refund writes: each is conditioned on the one it read (order-refund-repository.ts). */
  revision?: number;
  /** Taxable amount and VAT per rate, computed at checkout (shared/vat.ts); absent on older orders. */
  vat_breakdown?: VatBreakdownLine[];
  /**
   * The customer's billing data (Fatturazione) as it was at checkout, for the receipt and the
   * accountant; null when the customer had none, absent on older orders.
   */
  billing?: BillingDto | null;
  /**
   * ISO: when the order was delivered. Set by the back office's status change the first time the
   * order becomes 'Completato' (the carrier confirmed delivery); the 14 days to withdraw run from it.
   */
  delivered_at?: string | null;
  /** The customer's withdrawals (shared/withdrawals.ts), oldest first; absent until the first. */
  withdrawals?: OrderWithdrawal[];
  /** ISO: when the customer erased the account; the order keeps only its tax record since (`erasedOrder`). */
  customer_erased_at?: string | null;
  /**
   * ISO: when the shopper ticked the consent to the immediate supply of digital content and the
   * loss of the withdrawal right (art. 59 c.1 lett. o Codice del Consumo); absent without digital lines.
   */
  digital_consent_at?: string | null;
}

/**
 * What the checkout records about shipping and the discount code, carried by the
 * reservation into the order. Amounts in cents; null when the cart ships nothing / has no code.
 */
export type OrderDetails = Required<
  Pick<
    OrderRecord,
    | 'shipping_method_id'
    | 'shipping_method'
    | 'shipping_cents'
    | 'shipping_address'
    | 'discount_code'
    | 'discount_cents'
    | 'discount_code_id'
    | 'vat_breakdown'
    | 'billing'
    | 'digital_consent_at'
  >
>;

/**
 * Whether an order waits in the back office's 'Da rimborsare': paid after its stock went back
 * (flagged `needs_refund`) and not refunded in full yet.
 */
export const awaitsRefund = (o: OrderRecord): boolean => Boolean(o.needs_refund) && refundState(o) !== 'full';

/** The refunds Stripe has not settled yet (or never confirmed were made): the payments reconciliation's queue. */
export const pendingRefunds = (o: Pick<OrderRecord, 'refunds'>): OrderRefund[] =>
  (o.refunds ?? []).filter((r) => r.status === 'pending');

/** The withdrawals waiting in the back office's 'Recessi': every one not refunded yet. */
export const openWithdrawals = (o: Pick<OrderRecord, 'withdrawals'>): OrderWithdrawal[] =>
  (o.withdrawals ?? []).filter((w) => w.status !== 'refunded');

/**
 * What an order keeps once its customer erased the account (GDPR art. 17 c.3 lett. b): the record
 * the law makes the shop keep for 10 years (art. 2220 c.c.; invoices art. 39 DPR 633/1972), and
 * nothing else of the person (docs/italian-law.md, 'Erasure'):
 *  - kept: the lines, prices, VAT breakdown, discount and shipping cost, total, payment ids and
 *    method (a card's brand and last four digits, which identify no one alone),
 *    refunds and withdrawals (amounts, dates, lines), the billing data the customer gave for an
 *    invoice, the consent to the supply of digital content (the proof of art. 59 lett. o), and the
 *    place of delivery (postal code, city, province, country), which decides the VAT of goods
 *    shipped (art. 7-bis DPR 633/1972; Directive 2006/112/EC art. 33);
 *  - removed: the email, the phone, the recipient's name and street, and the customer's email on
 *    the refunds the customer asked for.
 * Pure and idempotent; the erasure time is kept from the first erasure.
 */
export function erasedOrder(o: OrderRecord, now: Date): OrderRecord {
  return {
    ...o,
    user_email: null,
    customer_erased_at: o.customer_erased_at ?? now.toISOString(),
    ...(o.shipping_address
      ? { shipping_address: { ...o.shipping_address, full_name: '', line1: '', line2: null, phone: null } }
      : {}),
    ...(o.refunds
      ? { refunds: o.refunds.map((r) => (r.origin === 'customer' ? { ...r, actor_email: null } : r)) }
      : {}),
  };
}

/**
 * The name an email, a receipt or an export shows for an order line: the product's name with its
 * variant's values ('Kettlebell – 16 kg') on lines of a product with options; the stored name
 * alone otherwise (orders of products without options and before variants read as they did).
 */
export function lineDisplayName(line: Pick<OrderLine, 'name' | 'option_values'>): string {
  return variantDisplayName(
    line.name,
    (line.option_values ?? []).map((o) => o.value),
  );
}
