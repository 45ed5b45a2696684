/**
 * The consumer's right of withdrawal from a distance contract (Codice del Consumo, D.Lgs. 206/2005,
 * artt. 52-59; the online "withdrawal function" of art. 11-bis Directive 2011/83/EU as added by
 * Directive (EU) 2023/2673): when it may be used, on which lines, and the small state machine of a
 * withdrawal. Pure; the server decides with these rules, the screens show the same ones.
 *
 * The model: a withdrawal is its own record kept ON the order (`withdrawals[]`, beside `refunds[]`),
 * with its own states requested -> received -> refunded. Not new order statuses, because the order
 * status is its fulfilment ('Completato' stays true after a withdrawal) and a withdrawal may cover
 * only some lines; on the order, because the order is already the unit every money write is
 * conditioned on (its revision), so a second request for the same lines and a refund running at the
 * same time are refused by the same condition, and the refund of a withdrawal marks it 'refunded' in
 * the very write that records the refund.
 *
 * Dates: the delivery date is the moment the order became 'Completato' (the back office sets it when
 * the carrier confirms delivery). Periods are counted in Italian calendar days (Europe/Rome): the day
 * of the event is not counted and the period ends at the end of its last day (Reg. (EEC, Euratom)
 * 1182/71 art. 3, which recital 41 of Directive 2011/83/EU applies to these periods).
 */
import { italianDate } from './calendar';
import { refundedQuantities, type RefundableOrder, type RefundLine } from './refunds';

/**
 * Days to withdraw from a contract for goods, from delivery (Codice del Consumo art. 52 c.1 and c.2
 * lett. b: "quattordici giorni ... dal giorno in cui il consumatore ... acquisisce il possesso fisico
 * dei beni").
 */
export const WITHDRAWAL_DAYS = 14;

/**
 * Days the trader has to refund, from the day it is informed of the withdrawal (Codice del Consumo
 * art. 56 c.1: "senza indebito ritardo e comunque entro quattordici giorni dal giorno in cui è
 * informato della decisione del consumatore di recedere").
 */
export const REFUND_DAYS = 14;

/** Where a withdrawal stands: asked by the customer, goods back in the warehouse, money given back. */
export type WithdrawalStatus = 'requested' | 'received' | 'refunded';

/** One withdrawal of an order, as the order keeps it. */
export interface OrderWithdrawal {
  id: string;
  /** The units withdrawn (`index` into the order's items; physical lines only). */
  lines: RefundLine[];
  status: WithdrawalStatus;
  /** ISO: when the customer confirmed it (the acknowledgement email carries it). */
  requested_at: string;
  /** ISO: when the back office recorded the goods as received, else null. */
  received_at: string | null;
  /** ISO: when the refund was made, else null. */
  refunded_at: string | null;
  /** The refund that paid it back (the order's `refunds[].id`), else null. */
  refund_id: string | null;
}

/** What the rules read of an order. */
export interface WithdrawableOrder extends RefundableOrder {
  status: string;
  items: readonly { price_cents: number; quantity: number; is_digital?: boolean | null }[];
  /** ISO: when the order was delivered (became 'Completato'), absent until then. */
  delivered_at?: string | null;
  withdrawals?: readonly Pick<OrderWithdrawal, 'lines' | 'status'>[] | null;
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last Italian calendar day to withdraw ('YYYY-MM-DD'), or null while the goods are not delivered. */
export function withdrawalLastDay(o: Pick<WithdrawableOrder, 'delivered_at'>): string | null {
  return o.delivered_at ? addDays(italianDate(new Date(o.delivered_at)), WITHDRAWAL_DAYS) : null;
}

/** The last Italian calendar day to refund a withdrawal requested at `requestedAt` (ISO), 'YYYY-MM-DD'. */
export function refundLastDay(requestedAt: string): string {
  return addDays(italianDate(new Date(requestedAt)), REFUND_DAYS);
}

/** Units of each line already in a withdrawal (any state). */
export function withdrawnQuantities(o: WithdrawableOrder): number[] {
  const out = o.items.map(() => 0);
  for (const w of o.withdrawals ?? [])
    for (const l of w.lines) if (l.index >= 0 && l.index < out.length) out[l.index]! += l.quantity;
  return out;
}

/**
 * Units of each line the customer may still withdraw: physical lines only (a digital line never:
 * its supply started with the customer's consent, art. 59 c.1 lett. o), minus the units refunded
 * and the units already in a withdrawal. All zeros outside the period.
 */
export function withdrawableUnits(o: WithdrawableOrder, now: Date): number[] {
  if (!withdrawalOpen(o, now)) return o.items.map(() => 0);
  const refunded = refundedQuantities(o);
  const withdrawn = withdrawnQuantities(o);
  return o.items.map((i, k) => (i.is_digital ? 0 : Math.max(0, i.quantity - refunded[k]! - withdrawn[k]!)));
}

/** True while the period runs: delivered, not cancelled, and today (Italy) is not after the last day. */
export function withdrawalOpen(o: WithdrawableOrder, now: Date): boolean {
  const last = withdrawalLastDay(o);
  return o.status === 'Completato' && last !== null && italianDate(now) <= last;
}

/** Why a withdrawal request is refused. */
export type WithdrawalRefusal =
  /** Not delivered yet, cancelled, or the period is over. */
  | { error: 'period' }
  /** Nothing asked. */
  | { error: 'empty' }
  /** An unknown line, or a digital one. */
  | { error: 'line'; index: number }
  /** More units than are left to withdraw (e.g. a second request for the same line). */
  | { error: 'quantity'; index: number; left: number };

/**
 * Checks a withdrawal request and merges its lines (one entry per line).
 * @returns the lines to record, or the refusal
 */
export function planWithdrawal(
  o: WithdrawableOrder,
  lines: readonly RefundLine[],
  now: Date,
): { lines: RefundLine[] } | WithdrawalRefusal {
  if (!withdrawalOpen(o, now)) return { error: 'period' };
  const asked = new Map<number, number>();
  for (const l of lines) if (l.quantity > 0) asked.set(l.index, (asked.get(l.index) ?? 0) + l.quantity);
  if (asked.size === 0) return { error: 'empty' };
  const left = withdrawableUnits(o, now);
  for (const [index, quantity] of asked) {
    const item = o.items[index];
    if (!item || item.is_digital) return { error: 'line', index };
    if (quantity > left[index]!) return { error: 'quantity', index, left: left[index]! };
  }
  return { lines: [...asked].sort((a, b) => a[0] - b[0]).map(([index, quantity]) => ({ index, quantity })) };
}

/** True for a refusal of planWithdrawal. */
export const isWithdrawalRefusal = (p: { lines: RefundLine[] } | WithdrawalRefusal): p is WithdrawalRefusal =>
  'error' in p;

/** What the back office does to a withdrawal. */
export type WithdrawalAction = 'receive' | 'refund';

/**
 * The withdrawal's state machine: the goods are received, then the money goes back. The refund waits
 * for the goods, which the law allows (art. 56 c.3: the trader "può trattenere il rimborso finché non
 * abbia ricevuto i beni oppure finché il consumatore non abbia dimostrato di aver rispedito i beni").
 */
export const WITHDRAWAL_TRANSITIONS: Readonly<
  Record<WithdrawalAction, { from: WithdrawalStatus; to: WithdrawalStatus }>
> = {
  receive: { from: 'requested', to: 'received' },
  refund: { from: 'received', to: 'refunded' },
};

/** The status `action` leaves, or null when it does not apply from `status`. */
export function withdrawalTransition(status: WithdrawalStatus, action: WithdrawalAction): WithdrawalStatus | null {
  const row = WITHDRAWAL_TRANSITIONS[action];
  return row.from === status ? row.to : null;
}

/** The Italian labels of the states. */
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  requested: 'Recesso richiesto',
  received: 'Merce ricevuta',
  refunded: 'Rimborsato',
};
