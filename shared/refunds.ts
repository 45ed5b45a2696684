/**
 * Money that goes back (refunds), in integer euro cents: what each line of an order was PAID, what
 * a refund of some lines, of an amount or of everything left gives back, and the refund state an
 * order shows ('Rimborsato parzialmente', 'Rimborsato'). Pure; the server decides every refund with
 * these rules (functions/checkout/refunds/), the back office previews with the same ones.
 *
 * The rules:
 *  - a line was paid its share of the goods actually paid (the order's total minus its shipping):
 *    the member discount is already in the unit prices, and the discount code is spread over the
 *    lines in proportion to their totals (largest remainder, so the shares add up to the cent);
 *  - k units of a line give back the difference of the line's cumulative shares (units
 *    0..refunded+k versus 0..refunded), so refunding a line unit by unit gives back exactly its share;
 *  - shipping goes back only with a full refund: a cancellation, "everything left", or a refund of
 *    the last units of the order (which then gives back everything left, shipping included);
 *  - never more than what is left: the paid total minus every pending or succeeded refund;
 *  - once nothing is left to refund, every unit counts as refunded (downloads stop), whatever
 *    mix of line and amount refunds got there.
 */

/** Where a refund stands at Stripe. `pending` and `succeeded` count as given back; `failed` and `canceled` do not. */
export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

/** Who started a refund: the back office, the customer's cancellation, or someone at Stripe (the dashboard). */
export type RefundOrigin = 'admin' | 'customer' | 'stripe';

/** Units of one order line a refund gives back (`index` into the order's items). */
export interface RefundLine {
  index: number;
  quantity: number;
}

/** One refund of an order, as the order keeps it. */
export interface OrderRefund {
  /** The shop's id of the refund (its Stripe idempotency key and `metadata.refund_id`). */
  id: string;
  amount_cents: number;
  /** The units given back (empty for a refund by amount or one made at Stripe). */
  lines: RefundLine[];
  /** True when this refund gave the shipping back. */
  shipping: boolean;
  /** Why (Italian, as the admin wrote it or the shop's text for a cancellation). */
  reason: string;
  origin: RefundOrigin;
  /** The staff member or customer who asked (null for a refund made at Stripe). */
  actor_id: string | null;
  actor_email: string | null;
  /** ISO. */
  created_at: string;
  status: RefundStatus;
  /** Stripe's refund id (`re_…`), null until Stripe answered. */
  stripe_refund_id: string | null;
  /** Stripe's `failure_reason` of a failed refund, else null. */
  failure_reason: string | null;
  /** True when the units went back to stock with this refund. */
  restocked: boolean;
}

/** What the rules read of an order (the stored order and its DTOs both fit). */
export interface RefundableOrder {
  total_cents: number;
  /** Shipping charged, cents (null or absent: none or not recorded). */
  shipping_cents?: number | null;
  items: readonly { price_cents: number; quantity: number }[];
  refunds?: readonly Pick<OrderRefund, 'amount_cents' | 'lines' | 'shipping' | 'status'>[] | null;
}

/** How an order's payment stands: nothing refunded, part of it, or all of it. */
export type RefundState = 'none' | 'partial' | 'full';

/** The Italian label of a refund state (null for 'none'). */
export const REFUND_STATE_LABELS: Record<RefundState, string | null> = {
  none: null,
  partial: 'Rimborsato parzialmente',
  full: 'Rimborsato',
};

/** True for a refund that counts as money given back (pending or succeeded). */
export const countsAsRefunded = (r: Pick<OrderRefund, 'status'>): boolean =>
  r.status === 'pending' || r.status === 'succeeded';

const counted = (o: RefundableOrder) => (o.refunds ?? []).filter(countsAsRefunded);

/** Cents given back so far (pending and succeeded refunds). */
export function refundedCents(o: RefundableOrder): number {
  return counted(o).reduce((sum, r) => sum + r.amount_cents, 0);
}

/** Cents still refundable: the paid total minus what went back (never below 0). */
export function refundableCents(o: RefundableOrder): number {
  return Math.max(0, o.total_cents - refundedCents(o));
}

/** 'full' once something was paid and nothing is left to refund; 'partial' when part went back. */
export function refundState(o: RefundableOrder): RefundState {
  const refunded = refundedCents(o);
  if (refunded === 0) return 'none';
  return refundableCents(o) === 0 ? 'full' : 'partial';
}

/** True when the shipping went back. */
export function shippingRefunded(o: RefundableOrder): boolean {
  return counted(o).some((r) => r.shipping) || refundState(o) === 'full';
}

/** Units of each line given back (every unit once the order is fully refunded). */
export function refundedQuantities(o: RefundableOrder): number[] {
  if (refundState(o) === 'full') return o.items.map((i) => i.quantity);
  const out = o.items.map(() => 0);
  for (const r of counted(o))
    for (const l of r.lines) if (l.index >= 0 && l.index < out.length) out[l.index]! += l.quantity;
  return out.map((n, i) => Math.min(n, o.items[i]!.quantity));
}

/**
 * Splits `amount` over `weights` in proportion, in whole cents that add up to `amount` exactly
 * (largest remainder; ties to the earlier line). All-zero weights: everything on none (zeros).
 */
export function spreadCents(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const out = exact.map(Math.floor);
  let left = amount - out.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => ({ i, frac: v - Math.floor(v) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/** What each line was paid, cents: the goods paid (total minus shipping) spread over the lines by their totals. */
export function linePaidCents(o: RefundableOrder): number[] {
  const goodsPaid = Math.max(0, o.total_cents - (o.shipping_cents ?? 0));
  return spreadCents(
    goodsPaid,
    o.items.map((i) => i.price_cents * i.quantity),
  );
}

/**
 * Cents that `units` more units of a line give back, after `already` were refunded: the
 * difference of the cumulative shares floor(paid x n / quantity) (the whole line at n = quantity).
 */
export function unitsRefundCents(linePaid: number, quantity: number, already: number, units: number): number {
  const upTo = (n: number) => (n >= quantity ? linePaid : Math.floor((linePaid * n) / quantity));
  return upTo(already + units) - upTo(already);
}

/** What to refund: everything left, some units of some lines, or an amount. */
export type RefundRequest =
  { kind: 'full' } | { kind: 'lines'; lines: RefundLine[] } | { kind: 'amount'; amount_cents: number };

/** A refund the rules allow: its amount, the units it gives back, whether it gives the shipping back and whether it is full. */
export interface RefundPlan {
  amount_cents: number;
  lines: RefundLine[];
  shipping: boolean;
  /** True when nothing is left to refund afterwards. */
  full: boolean;
}

/** Why a refund is refused: nothing left, an unknown line, more units than are left, more money than is left, nothing asked. */
export type RefundPlanError =
  | { error: 'nothing_left' }
  | { error: 'line'; index: number }
  | { error: 'quantity'; index: number; left: number }
  | { error: 'too_much'; left_cents: number }
  | { error: 'empty' };

/**
 * The refund a request gives (the module's rules), or why it is refused.
 * @returns the plan, or the refusal
 */
export function planRefund(o: RefundableOrder, request: RefundRequest): RefundPlan | RefundPlanError {
  const left = refundableCents(o);
  if (left === 0) return { error: 'nothing_left' };
  const done = refundedQuantities(o);
  const remainingUnits = o.items.map((i, k) => ({ index: k, quantity: i.quantity - done[k]! }));
  const shippingBack = !shippingRefunded(o) && (o.shipping_cents ?? 0) > 0;
  const everything = (): RefundPlan => ({
    amount_cents: left,
    lines: remainingUnits.filter((l) => l.quantity > 0),
    shipping: shippingBack,
    full: true,
  });
  if (request.kind === 'full') return everything();
  if (request.kind === 'amount') {
    const amount = request.amount_cents;
    if (!Number.isInteger(amount) || amount < 1) return { error: 'empty' };
    if (amount > left) return { error: 'too_much', left_cents: left };
    return amount === left ? everything() : { amount_cents: amount, lines: [], shipping: false, full: false };
  }
  const asked = new Map<number, number>();
  for (const l of request.lines) {
    if (!Number.isInteger(l.index) || l.index < 0 || l.index >= o.items.length)
      return { error: 'line', index: l.index };
    if (!Number.isInteger(l.quantity) || l.quantity < 0) return { error: 'quantity', index: l.index, left: 0 };
    asked.set(l.index, (asked.get(l.index) ?? 0) + l.quantity);
  }
  const lines = [...asked].filter(([, q]) => q > 0).map(([index, quantity]) => ({ index, quantity }));
  if (lines.length === 0) return { error: 'empty' };
  for (const l of lines) {
    const unitsLeft = remainingUnits[l.index]!.quantity;
    if (l.quantity > unitsLeft) return { error: 'quantity', index: l.index, left: unitsLeft };
  }
  // the last units of the order: everything left goes back, shipping included
  if (remainingUnits.every((r) => r.quantity === (asked.get(r.index) ?? 0))) return everything();
  const paid = linePaidCents(o);
  const amount = lines.reduce(
    (sum, l) => sum + unitsRefundCents(paid[l.index]!, o.items[l.index]!.quantity, done[l.index]!, l.quantity),
    0,
  );
  if (amount > left) return { error: 'too_much', left_cents: left };
  if (amount === 0) return { error: 'empty' };
  return { amount_cents: amount, lines, shipping: false, full: amount === left };
}

/** True when `value` is a refusal of planRefund. */
export const isRefundPlanError = (value: RefundPlan | RefundPlanError): value is RefundPlanError => 'error' in value;
