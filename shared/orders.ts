/**
 * Order states and the one table of what may happen to an order (the order status rule). The API's
 * order shapes are in shared/api/orders.ts; the refund amounts in shared/refunds.ts.
 *
 * The status is the FULFILMENT of the order: 'In elaborazione' (yellow), 'Spedito' (blue),
 * 'Completato' (green), 'Annullato' (red). Money that went back is not a status but a property of
 * the order beside it (its refunds; shown as 'Rimborsato' / 'Rimborsato parzialmente'), because a
 * refund happens at any stage of fulfilment (a goodwill refund on a delivered order stays
 * 'Completato'; a part refunded before shipping still ships), and a status per money state would
 * multiply the four statuses. Withdrawals keep their own small state machine (shared/withdrawals.ts)
 * beside this one, for the same reason: a withdrawal covers some lines of a delivered order.
 *
 * Every handler asks `orderTransition` whether an action is allowed; none compares statuses itself.
 */
import { refundableCents, refundedCents, type RefundableOrder } from './refunds';

/** The four order states. */
export const ORDER_STATUSES = ['In elaborazione', 'Spedito', 'Completato', 'Annullato'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What can happen to an order, and who does it. */
export type OrderAction =
  /** The back office's status select (fulfilment). */
  | 'admin_set_status'
  /** A refund from the order detail (lines, an amount or the rest), the status unchanged. */
  | 'admin_refund'
  /** A refund of everything left that also cancels the order ('Rimborsa e annulla', the one-click refund of a flagged order). */
  | 'admin_cancel_and_refund'
  /** 'Annulla ordine' in the customer's Ordini: everything refunded, the stock returned, the order cancelled. */
  | 'customer_cancel'
  /** A refund made at Stripe (the dashboard) or its later outcome, reconciled from Stripe's events. */
  | 'stripe_refund_update';

/** What the guards of the table read of an order: its status and how much of its payment is left to refund. */
export interface OrderMoneyState {
  status: OrderStatus;
  /** Cents paid and not refunded (pending refunds count as refunded). */
  refundable_cents: number;
  /** Cents refunded so far (pending and succeeded refunds). */
  refunded_cents: number;
}

/** The money state of an order (record or DTO) for the table's guards. */
export function orderMoneyState(o: RefundableOrder & { status: OrderStatus }): OrderMoneyState {
  return { status: o.status, refundable_cents: refundableCents(o), refunded_cents: refundedCents(o) };
}

/** Why an action is refused. */
export type TransitionRefusal =
  /** The action does not apply from this status. */
  | 'status'
  /** A paid order cannot be set 'Annullato' by its label alone: its money must go back (admin_cancel_and_refund). */
  | 'paid_cancel'
  /** A cancelled order whose money went back is not reopened. */
  | 'refunded_reopen'
  /** Nothing is left to refund. */
  | 'nothing_to_refund';

/** One row of the table: the statuses an action applies from and the status it leaves. */
interface TransitionRow {
  from: readonly OrderStatus[];
  /** The resulting status: a fixed one, or 'chosen' (the admin's choice among `to`) or 'same'. */
  to: OrderStatus | 'chosen' | 'same';
  /** Extra rule on the money state (undefined: none). */
  guard?: (o: OrderMoneyState, to: OrderStatus) => TransitionRefusal | null;
}

const ALL: readonly OrderStatus[] = ORDER_STATUSES;
const mustHaveSomethingToRefund = (o: OrderMoneyState) => (o.refundable_cents > 0 ? null : 'nothing_to_refund');

/**
 * The table. The admin sets any of the four states freely, with two exceptions that keep the label
 * and the money in agreement: 'Annullato' on an order whose payment is not refunded goes through
 * admin_cancel_and_refund (its money goes back with it), and a cancelled order that was refunded is
 * not reopened. The customer cancels only while 'In elaborazione' (the shop's terms: "an order can
 * be cancelled only while 'In elaborazione'"). Refunds never change the status by themselves.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderAction, TransitionRow>> = {
  admin_set_status: {
    from: ALL,
    to: 'chosen',
    guard: (o, to) => {
      if (to === 'Annullato' && o.status !== 'Annullato' && o.refundable_cents > 0) return 'paid_cancel';
      if (o.status === 'Annullato' && to !== 'Annullato' && o.refunded_cents > 0) return 'refunded_reopen';
      return null;
    },
  },
  admin_refund: { from: ALL, to: 'same', guard: mustHaveSomethingToRefund },
  admin_cancel_and_refund: { from: ALL, to: 'Annullato', guard: mustHaveSomethingToRefund },
  customer_cancel: { from: ['In elaborazione'], to: 'Annullato' },
  stripe_refund_update: { from: ALL, to: 'same' },
};

/** The outcome of asking the table. */
export type TransitionResult = { ok: true; to: OrderStatus } | { ok: false; reason: TransitionRefusal };

/**
 * Whether `action` may happen to the order now, and the status it leaves.
 * @param chosen the status the admin chose (admin_set_status only)
 */
export function orderTransition(o: OrderMoneyState, action: OrderAction, chosen?: OrderStatus): TransitionResult {
  const row = ORDER_TRANSITIONS[action];
  if (!row.from.includes(o.status)) return { ok: false, reason: 'status' };
  const to = row.to === 'same' ? o.status : row.to === 'chosen' ? (chosen ?? o.status) : row.to;
  const refused = row.guard?.(o, to) ?? null;
  return refused ? { ok: false, reason: refused } : { ok: true, to };
}

/** The statuses the admin's select may offer for an order (its own status first among them). */
export function statusesAdminMaySet(o: OrderMoneyState): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => s === o.status || orderTransition(o, 'admin_set_status', s).ok);
}
