/**
 * The stored shape of an order (the order with its lines, refunds and withdrawals) and its views:
 * the customer's DTO and the back office's. Amounts in integer euro cents, times ISO. Where it is
 * stored: order-repository.ts.
 */
import type {
  AdminOrderDto,
  OrderDto,
  OrderItemDto,
  OrderStatus,
  RefundDto,
  ShippingAddressDto,
} from '../../shared/api/orders';
import { orderMoneyState, orderTransition, statusesAdminMaySet } from '../../shared/orders';
import {
  linePaidCents,
  refundableCents,
  refundedCents,
  refundedQuantities,
  refundState,
  type OrderRefund,
} from '../../shared/refunds';
import { refundLastDay, withdrawableUnits, withdrawalLastDay, type OrderWithdrawal } from '../../shared/withdrawals';
import { vatBreakdown, vatRateOf, type VatBreakdownLine } from '../../shared/vat';
import { billingOf, hasBilling, type BillingDto } from '../../shared/billing';

export { ORDER_STATUSES } from '../../shared/orders';
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
  user_email: string;
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

/** The withdrawals waiting in the back office's 'Recessi': every one not refunded yet. */
export const openWithdrawals = (o: Pick<OrderRecord, 'withdrawals'>): OrderWithdrawal[] =>
  (o.withdrawals ?? []).filter((w) => w.status !== 'refunded');

/** The order's VAT breakdown: the stored one, or computed from its lines, code and shipping (older orders). */
export function orderVatBreakdown(o: OrderRecord): VatBreakdownLine[] {
  return (
    o.vat_breakdown ??
    vatBreakdown({
      lines: (o.items ?? []).map((i) => ({
        unit_cents: i.price_cents,
        quantity: i.quantity,
        vat_rate: vatRateOf(i),
        is_digital: Boolean(i.is_digital),
      })),
      discount_cents: o.discount_cents ?? 0,
      shipping_cents: o.shipping_cents ?? 0,
    })
  );
}

/** The customer's view of a stored order (no asset ids; download links are added by the account context). */
export function toOrderDto(o: OrderRecord, now = new Date()): OrderDto {
  const refunded = refundedQuantities(o);
  const withdrawable = withdrawableUnits(o, now);
  return {
    id: o.id,
    created_at: o.created_at,
    status: o.status,
    total_cents: o.total_cents,
    tracking_number: o.tracking_number ?? null,
    tracking_url: o.tracking_url ?? null,
    refund_state: refundState(o),
    refunded_cents: refundedCents(o),
    can_cancel: orderTransition(orderMoneyState(o), 'customer_cancel').ok,
    items: (o.items ?? []).map((i, k) => ({
      product_id: i.product_id ?? null,
      bundle_id: i.bundle_id ?? null,
      name: i.name,
      image_url: i.image_url ?? null,
      quantity: i.quantity,
      price_cents: i.price_cents,
      vat_rate: vatRateOf(i),
      is_digital: Boolean(i.is_digital),
      refunded_quantity: refunded[k] ?? 0,
      withdrawable_quantity: withdrawable[k] ?? 0,
      bundle_items: (i.bundle_items ?? []).map((b) => ({
        product_id: b.product_id,
        name: b.name,
        is_digital: Boolean(b.is_digital),
      })),
    })),
    delivered_at: o.delivered_at ?? null,
    withdrawal_last_day: withdrawalLastDay(o),
    can_withdraw: withdrawable.some((n) => n > 0),
    withdrawals: o.withdrawals ?? [],
    digital_consent_at: o.digital_consent_at ?? null,
    vat_breakdown: orderVatBreakdown(o),
  };
}

/** A refund as the back office sees it. */
const toRefundDto = (r: OrderRefund): RefundDto => ({
  id: r.id,
  amount_cents: r.amount_cents,
  lines: r.lines,
  shipping: r.shipping,
  reason: r.reason,
  origin: r.origin,
  actor_email: r.actor_email,
  created_at: r.created_at,
  status: r.status,
  stripe_refund_id: r.stripe_refund_id,
  failure_reason: r.failure_reason,
  restocked: r.restocked,
});

/** An order as the back office sees it: the customer, the subtotal, shipping and discount code (null when not recorded), its refunds. */
export function toAdminOrderDto(o: OrderRecord, now = new Date()): AdminOrderDto {
  const dto = toOrderDto(o, now);
  return {
    ...dto,
    refunds: (o.refunds ?? []).map(toRefundDto),
    refundable_cents: refundableCents(o),
    line_paid_cents: linePaidCents(o),
    allowed_statuses: statusesAdminMaySet(orderMoneyState(o)),
    withdrawals: (o.withdrawals ?? []).map((w) => ({ ...w, refund_last_day: refundLastDay(w.requested_at) })),
    user_id: o.user_id,
    user_email: o.user_email,
    needs_refund: Boolean(o.needs_refund),
    refund_reason: o.refund_reason ?? null,
    subtotal_cents: dto.items.reduce((sum, i) => sum + i.price_cents * i.quantity, 0),
    shipping_method: o.shipping_method ?? null,
    shipping_cents: o.shipping_cents ?? null,
    shipping_address: o.shipping_address ?? null,
    discount_code: o.discount_code ?? null,
    discount_cents: o.discount_cents ?? null,
    billing: hasBilling(o.billing) ? billingOf(o.billing) : null,
  };
}
