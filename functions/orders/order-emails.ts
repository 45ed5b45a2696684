/**
 * The order's emails as jobs (functions/email sends them): which template, to whom, with a
 * snapshot of what the email shows, and an id unique to the business event, so a replayed webhook
 * or a retried write never queues the same email twice. Each is written in the same write as the
 * change it tells of (order-store.ts `emails`), so it is sent once and only if the change happened.
 */
import { ORDER_ID_DISPLAY_LENGTH } from '../../shared/constants';
import { italianDate } from '../../shared/calendar';
import { refundedCents, refundState, type OrderRefund } from '../../shared/refunds';
import { addDays, WITHDRAWAL_DAYS, type OrderWithdrawal } from '../../shared/withdrawals';
import { emailJob, type NewEmailJob, type OrderEmailData, type WithdrawalEmailData } from '../email';
import { stageSettings } from '../lib/stage-settings';
import { orderPaymentLabel } from '../../shared/messages/payment-methods';
import { lineDisplayName, type OrderRecord } from './order-record';

/**
 * What the order emails show of an order (a snapshot: later edits do not change a queued email): a
 * line of a product with options is named with its variant ('Kettlebell – 16 kg') and carries the
 * variant's SKU (the owner's notice shows it).
 */
export function orderEmailData(o: OrderRecord): OrderEmailData {
  const lines = (o.items ?? []).map((i) => ({
    name: lineDisplayName(i),
    quantity: i.quantity,
    unit_cents: i.price_cents,
    is_digital: Boolean(i.is_digital),
    ...(i.bundle_items?.length ? { bundle_items: i.bundle_items.map((b) => b.name) } : {}),
    ...(i.variant_id && i.sku ? { sku: i.sku } : {}),
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.unit_cents * l.quantity, 0);
  return {
    order_id: o.id,
    short_id: o.id.slice(0, ORDER_ID_DISPLAY_LENGTH),
    created_at: o.created_at,
    customer_email: o.user_email ?? '',
    lines,
    subtotal_cents: subtotal,
    discount_code: o.discount_code ?? null,
    discount_cents: o.discount_cents ?? null,
    shipping_method: o.shipping_method ?? null,
    shipping_cents: o.shipping_cents ?? null,
    shipping_address: o.shipping_address ?? null,
    total_cents: o.total_cents,
    has_digital: (o.items ?? []).some((i) => i.is_digital || (i.bundle_items ?? []).some((b) => b.is_digital)),
    digital_consent_at: o.digital_consent_at ?? null,
    payment_method: orderPaymentLabel(o),
  };
}

/**
 * What the withdrawal emails show: the withdrawn units and the last day to send them back (14 days
 * from the request: Codice del Consumo art. 57 c.1).
 */
export function withdrawalEmailData(o: OrderRecord, w: OrderWithdrawal, refundCents?: number): WithdrawalEmailData {
  return {
    order_id: o.id,
    short_id: o.id.slice(0, ORDER_ID_DISPLAY_LENGTH),
    order_created_at: o.created_at,
    withdrawal_id: w.id,
    requested_at: w.requested_at,
    lines: w.lines.map((l) => ({
      name: lineDisplayName(o.items[l.index]!),
      quantity: l.quantity,
      unit_cents: o.items[l.index]!.price_cents,
    })),
    return_by: addDays(italianDate(new Date(w.requested_at)), WITHDRAWAL_DAYS),
    ...(refundCents !== undefined ? { refund_cents: refundCents } : {}),
  };
}

/** The order's email jobs, one per business event. */
export const ORDER_EMAILS = {
  /** The customer's order confirmation, once per order (written with the order at fulfilment). */
  confirmation: (o: OrderRecord): NewEmailJob =>
    emailJob('order-confirmation', o.id, o.user_email ?? '', orderEmailData(o)),
  /** The owner's notice of a new paid order, to the support inbox, once per order. */
  ownerNotice: (o: OrderRecord): NewEmailJob =>
    emailJob('owner-new-order', o.id, stageSettings().email.support_inbox, orderEmailData(o)),
  /**
   * 'Spedito': once per order and tracking number (a corrected tracking number is a new email;
   * setting the same status again is not).
   */
  shipped: (o: OrderRecord): NewEmailJob =>
    emailJob('order-shipped', `${o.id}:${o.tracking_number ?? '-'}`, o.user_email ?? '', {
      ...orderEmailData(o),
      tracking_number: o.tracking_number ?? null,
      tracking_url: o.tracking_url ?? null,
    }),
  /** 'Annullato': once per order. */
  cancelled: (o: OrderRecord): NewEmailJob => emailJob('order-cancelled', o.id, o.user_email ?? '', orderEmailData(o)),
  /**
   * A refund confirmed by Stripe: once per refund (its id), with the units it gave back by name.
   * @param o the order as written with the refund succeeded
   */
  refunded: (o: OrderRecord, r: OrderRefund): NewEmailJob =>
    emailJob('order-refunded', r.id, o.user_email ?? '', {
      order_id: o.id,
      short_id: o.id.slice(0, ORDER_ID_DISPLAY_LENGTH),
      created_at: o.created_at,
      refund_id: r.id,
      amount_cents: r.amount_cents,
      lines: r.lines.flatMap((l) => {
        const item = o.items[l.index];
        return item ? [{ name: lineDisplayName(item), quantity: l.quantity }] : [];
      }),
      shipping: r.shipping,
      total_cents: o.total_cents,
      refunded_total_cents: refundedCents(o),
      full: refundState(o) === 'full',
    }),
  /** The acknowledgement of a withdrawal request, once per withdrawal (written with the request). */
  withdrawalReceived: (o: OrderRecord, w: OrderWithdrawal): NewEmailJob =>
    emailJob('withdrawal-received', w.id, o.user_email ?? '', withdrawalEmailData(o, w)),
  /**
   * The refund of a withdrawal, once per withdrawal: written when Stripe confirms its refund, in
   * place of the plain refund email (one refund, one email).
   */
  withdrawalRefunded: (o: OrderRecord, w: OrderWithdrawal, refundCents: number): NewEmailJob =>
    emailJob('withdrawal-refunded', w.id, o.user_email ?? '', withdrawalEmailData(o, w, refundCents)),
};
