/**
 * The order's views: the customer's DTO (Ordini), the back office's, and its VAT breakdown. Pure;
 * loaded by the other contexts through the orders entry's `orderViews()` on first use.
 */
import type { AdminOrderDto, OrderDto, RefundDto } from '../../shared/api/orders';
import { orderMoneyState, orderTransition, statusesAdminMaySet } from '../../shared/orders';
import {
  linePaidCents,
  refundableCents,
  refundedCents,
  refundedQuantities,
  refundState,
  type OrderRefund,
} from '../../shared/refunds';
import { refundLastDay, withdrawableUnits, withdrawalLastDay } from '../../shared/withdrawals';
import { vatBreakdown, vatRateOf, type VatBreakdownLine } from '../../shared/vat';
import { billingOf, hasBilling } from '../../shared/billing';
import { orderPaymentLabel } from '../../shared/messages/payment-methods';
import type { OrderRecord } from './order-record';

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
    payment_method: orderPaymentLabel(o),
    billing: hasBilling(o.billing) ? billingOf(o.billing) : null,
  };
}
