/**
 * The one refund use case: the back office's refund (lines, an amount or everything left, with or
 * without cancelling the order), the one-click refund of an order flagged 'Da rimborsare', the
 * refund of a withdrawal whose goods came back, and the customer's cancellation all go through
 * `refundOrder`.
 *
 * In order:
 *  1. the order is read (consistently, by its key) and the state machine (shared/orders.ts) says
 *     whether the action is allowed and what status it leaves;
 *  2. the amount is computed on the server from what each line was PAID (shared/refunds.ts): never
 *     more than what is left (409); a refund the payment's method no longer accepts (PayPal and
 *     Satispay: 180 days, refund-window.ts) is refused (409 with the reason) and alerted;
 *  3. the refund is recorded on the order as `pending`, in one versioned write with the status (a
 *     cancellation), the units going back to stock (when asked) and the order's queues: two refunds
 *     never take the same money;
 *  4. the payment provider's refund is created with an idempotency key unique to this refund;
 *  5. its answer is recorded (`applyRefundUpdates`, also used by Stripe's refund events,
 *     reconcile-refunds/). A refusal marks the refund failed (its money counts as not given back
 *     again) and alerts the operator; an unanswered call leaves it pending for Stripe's events and
 *     alerts too.
 * A refunded line stops delivering its download; the caller writes the audit entry of a staff
 * refund with the before and after this returns.
 *
 * A withdrawal's refund (`withdrawalId`) refunds the withdrawn units (the whole order, delivery
 * included, when they are every unit left: shared/refunds.ts), returns them to stock and in the
 * same write marks the withdrawal 'refunded' (which takes it out of 'Recessi').
 *
 * A refund's outcome (`applyRefundUpdates`) is written under the order's revision too, and with it:
 *  - a refund that succeeded now queues the customer's email, once per refund (only the write that
 *    flips it to succeeded does): a withdrawal's refund its 'Rimborso del recesso' email, any other
 *    its refund email; a cancelled order none, its 'Annullato' email already said the money comes
 *    back. One refund, one email;
 *  - a withdrawal whose refund failed is open again ('received', back in 'Recessi'), so the admin
 *    can refund it again; a failed refund alerts the operator after the write.
 */
import { randomUUID } from 'node:crypto';
import { API_MSG } from '../../../shared/messages/api-messages';
import { REFUND_MSG } from '../../../shared/messages/refunds';
import { WITHDRAWAL_MSG } from '../../../shared/messages/withdrawals';
import { formatEuro } from '../../../shared/money';
import { formatItalianDay } from '../../../shared/calendar';
import { PAYMENT_METHOD_MSG } from '../../../shared/messages/payment-methods';
import { orderMoneyState, orderTransition, type OrderAction, type TransitionRefusal } from '../../../shared/orders';
import {
  isRefundPlanError,
  planRefund,
  refundableCents,
  refundedQuantities,
  refundState,
  type OrderRefund,
  type RefundPlan,
  type RefundPlanError,
  type RefundRequest,
} from '../../../shared/refunds';
import { withdrawalTransition, type OrderWithdrawal } from '../../../shared/withdrawals';
import type { PaymentRefund } from '../../lib/payments/payment-port';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { OrderRecord } from '../order-record';
import type { FoundOrder } from '../order-store';
import { ORDER_EMAILS } from '../order-emails';
import type { OrderPorts } from '../ports';
import { mergeRefundUpdates, returnedStock } from './refund-ledger';
import { refundWindowClosed } from './refund-window';

/** A refund to make. */
export interface RefundInput {
  orderId: string;
  /** admin_refund, admin_cancel_and_refund or customer_cancel (the state machine's actions). */
  action: Extract<OrderAction, 'admin_refund' | 'admin_cancel_and_refund' | 'customer_cancel'>;
  /** What to give back (a cancellation gives back everything left; a withdrawal's refund, its units). */
  request: RefundRequest;
  /** Why, in Italian (shown in the order's refund history). */
  reason: string;
  /** Whether the refunded units go back to stock (a cancellation and a withdrawal always return them). */
  restock: boolean;
  /** Who asks: a staff member (origin 'admin') or the order's customer (origin 'customer'). */
  actor: { id: string; email: string; origin: 'admin' | 'customer' };
  /** The withdrawal this refund pays back (its lines are the request; its goods must be 'received'). */
  withdrawalId?: string;
  /** When set (a customer), the order must be theirs (else 404). */
  ownerId?: string;
}

/** What a refund did: the order before and after, and the refund made (null for a free order cancelled). */
export interface RefundOutcome {
  before: OrderRecord;
  after: OrderRecord;
  refund: OrderRefund | null;
}

/** Attempts of the order write when other writes keep coming first (each reads the order again). */
const ATTEMPTS = 4;

/** The Italian refusal of the state machine. */
function refusal(reason: TransitionRefusal, action: RefundInput['action'], o: OrderRecord): AppError {
  if (reason === 'nothing_to_refund') return conflict(REFUND_MSG.nothingToRefund, REFUND_MSG.nothingToRefundTitle);
  if (action === 'customer_cancel')
    return conflict(
      o.status === 'Annullato' ? REFUND_MSG.cancelDone : REFUND_MSG.cancelShipped,
      REFUND_MSG.cancelNotAllowedTitle,
    );
  return conflict(REFUND_MSG.changed, REFUND_MSG.changedTitle);
}

/** The Italian refusal of a refund the amounts do not allow (409 for money and units, 400 for a malformed request). */
function planRefusal(e: RefundPlanError): AppError {
  switch (e.error) {
    case 'nothing_left':
      return conflict(REFUND_MSG.nothingToRefund, REFUND_MSG.nothingToRefundTitle);
    case 'too_much':
      return conflict(REFUND_MSG.tooMuch(formatEuro(e.left_cents)), REFUND_MSG.nothingToRefundTitle);
    case 'quantity':
      return conflict(REFUND_MSG.tooManyUnits(e.left), REFUND_MSG.nothingToRefundTitle);
    case 'line':
      return badRequest(REFUND_MSG.unknownLine, 'lines');
    case 'empty':
      return badRequest(REFUND_MSG.emptyRequest, 'lines');
  }
}

/**
 * POST /api/admin/orders/{id}/refunds, POST /api/admin/orders/{id}/withdrawals/{wid}/refund and
 * POST /api/me/orders/{id}/cancel (the module comment).
 * DynamoDB: AP19 (the order's key) + AP94 (read by key; the write: 1 TransactWriteItems, +1
 * BatchGetItem of the restocked products) + AP94 again for the provider's answer.
 * @returns the order before and after, and the refund (its status as the provider answered:
 *   'failed' when refused, 'pending' when it did not answer)
 * @throws 404 unknown order (or another customer's) or withdrawal; 409 not allowed from the order's
 *   status, nothing left, more than is left, a withdrawal whose goods are not back, no payment to
 *   refund, payments not configured, the payment's method no longer takes refunds (with an operator
 *   alert), or the order kept changing; 400 a malformed request, restock of units never taken
 */
export async function refundOrder(ports: OrderPorts, input: RefundInput): Promise<RefundOutcome> {
  const located = await ports.orders.findOrder(input.orderId);
  if (!located || (input.ownerId !== undefined && located.order.user_id !== input.ownerId))
    throw notFound(API_MSG.notFoundOrder);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = (await ports.orders.findOrderByKey(located.key)) ?? located;
    const recorded = await recordRefund(ports, found, input);
    if (recorded === 'changed') continue;
    if (!recorded.refund) return { before: found.order, after: recorded.after.order, refund: null };
    return {
      before: found.order,
      ...(await sendRefund(ports, recorded.after, recorded.refund, recorded.paymentIntent)),
    };
  }
  throw conflict(REFUND_MSG.changed, REFUND_MSG.changedTitle);
}

/** Steps 1-3: decide and record the refund as pending. @returns 'changed' when another write came first */
async function recordRefund(
  ports: OrderPorts,
  found: FoundOrder,
  input: RefundInput,
): Promise<'changed' | { after: FoundOrder; refund: OrderRefund | null; paymentIntent: string }> {
  const o = found.order;
  const allowed = orderTransition(orderMoneyState(o), input.action);
  if (!allowed.ok) throw refusal(allowed.reason, input.action, o);
  const withdrawal = input.withdrawalId ? refundableWithdrawal(o, input.withdrawalId) : null;
  const request: RefundRequest = withdrawal ? { kind: 'lines', lines: withdrawal.lines } : input.request;
  // a free order (nothing paid) is cancelled without a refund
  const plan: RefundPlan | null =
    refundableCents(o) === 0 && input.action === 'customer_cancel' ? null : planOrThrow(o, request);
  // an order paid after its stock went back never took the units: none can go back
  if (input.restock && o.needs_refund && input.action !== 'customer_cancel' && !withdrawal)
    throw badRequest(REFUND_MSG.neverTaken, 'restock');
  // a customer's cancellation comes before shipping, and a withdrawal's goods came back: their units go back
  const restock = (input.action === 'customer_cancel' || Boolean(withdrawal) || input.restock) && !o.needs_refund;
  const units = restock ? returnedStock(o.items, plan?.lines ?? unitsLeft(o)) : [];
  let paymentIntent = '';
  if (plan) {
    if (!(await ports.payments.configured())) throw conflict(API_MSG.paymentsMissing, API_MSG.paymentsMissingTitle);
    paymentIntent = (await paymentIntentOf(ports, o)) ?? '';
    if (!paymentIntent) throw conflict(REFUND_MSG.noPayment, REFUND_MSG.noPaymentTitle);
    await refuseClosedWindow(ports, o, paymentIntent, plan.amount_cents, input);
  }
  const refund: OrderRefund | null = plan
    ? {
        id: randomUUID(),
        amount_cents: plan.amount_cents,
        lines: plan.lines,
        shipping: plan.shipping,
        reason: input.reason,
        origin: input.actor.origin,
        actor_id: input.actor.id,
        actor_email: input.actor.email,
        created_at: ports.now().toISOString(),
        status: 'pending',
        stripe_refund_id: null,
        failure_reason: null,
        restocked: units.length > 0,
      }
    : null;
  const next: OrderRecord = {
    ...o,
    refunds: [...(o.refunds ?? []), ...(refund ? [refund] : [])],
    status: allowed.to,
    revision: (o.revision ?? 0) + 1,
    ...(withdrawal
      ? {
          withdrawals: (o.withdrawals ?? []).map((w) =>
            w.id === withdrawal.id
              ? {
                  ...w,
                  status: 'refunded' as const,
                  refunded_at: refund?.created_at ?? null,
                  refund_id: refund?.id ?? null,
                }
              : w,
          ),
        }
      : {}),
  };
  const written = await ports.orders.writeOrder(found, {
    next,
    restock: units,
    // a cancellation tells the customer, in the same write (sent after it, never twice)
    emails: allowed.to === 'Annullato' && o.status !== 'Annullato' ? [ORDER_EMAILS.cancelled(next)] : [],
  });
  if (written === 'changed') return 'changed';
  return { after: { key: found.key, order: next }, refund, paymentIntent };
}

/**
 * The payment an order was made with: recorded on the order, or (orders stored before it was
 * recorded) read from its Checkout Session. Null for an order with nothing paid.
 */
export async function paymentIntentOf(ports: OrderPorts, o: OrderRecord): Promise<string | null> {
  if (o.payment_intent_id) return o.payment_intent_id;
  return o.checkout_session_id ? ports.payments.paymentIntentOfSession(o.checkout_session_id) : null;
}

/**
 * Refuses a refund the payment's method no longer accepts (refund-window.ts: PayPal and Satispay
 * take refunds for 180 days), before anything is written or asked of Stripe: the operator is alerted
 * (the money must go back another way) and the caller gets the reason in Italian. The method is the
 * order's, or (orders stored before it was recorded) read from the payment.
 * @throws 409 naming the method, its period and its last day
 */
async function refuseClosedWindow(
  ports: OrderPorts,
  o: OrderRecord,
  paymentIntent: string,
  amountCents: number,
  input: RefundInput,
): Promise<void> {
  const paid = o.payment_method ?? (await ports.payments.paymentMethodOf(paymentIntent));
  const closed = refundWindowClosed(paid, ports.now());
  if (!closed) return;
  await ports.alert({
    code: 'refund_failed',
    summary: `A refund of ${(amountCents / 100).toFixed(2)} EUR was not made: ${closed.method} takes refunds only within ${closed.days} days of the payment (last day ${closed.last_day}). Give the money back another way.`,
    details: {
      orderId: o.id,
      userId: o.user_id,
      paymentIntent,
      method: paid?.type,
      paidAt: paid?.paid_at,
      amountCents,
      origin: input.actor.origin,
    },
  });
  const lastDay = formatItalianDay(`${closed.last_day}T12:00:00Z`);
  throw conflict(
    input.actor.origin === 'customer'
      ? PAYMENT_METHOD_MSG.refundClosedCustomer(closed.method)
      : PAYMENT_METHOD_MSG.refundClosed(closed.method, closed.days, lastDay),
    PAYMENT_METHOD_MSG.refundClosedTitle,
  );
}

/** The withdrawal a refund pays back: it must exist and its goods be received (shared/withdrawals.ts). */
function refundableWithdrawal(o: OrderRecord, id: string): OrderWithdrawal {
  const w = (o.withdrawals ?? []).find((x) => x.id === id);
  if (!w) throw notFound(WITHDRAWAL_MSG.unknownWithdrawal);
  if (!withdrawalTransition(w.status, 'refund')) throw conflict(WITHDRAWAL_MSG.notReceived, WITHDRAWAL_MSG.stepTitle);
  return w;
}

/** The units not refunded yet (what the cancellation of a free order returns). */
const unitsLeft = (o: OrderRecord) => {
  const done = refundedQuantities(o);
  return o.items.map((i, index) => ({ index, quantity: i.quantity - done[index]! }));
};

function planOrThrow(o: OrderRecord, request: RefundRequest): RefundPlan {
  const plan = planRefund(o, request);
  if (isRefundPlanError(plan)) throw planRefusal(plan);
  return plan;
}

/**
 * Asks the payment provider for `refund` (its amount in cents, its id as the idempotency key, so
 * asking again never refunds twice) against `paymentIntent` of order `orderId`.
 * @returns the provider's typed answer: created, refused or unconfirmed
 */
export function askProviderToRefund(
  ports: OrderPorts,
  orderId: string,
  refund: OrderRefund,
  paymentIntent: string,
): ReturnType<OrderPorts['payments']['createRefund']> {
  return ports.payments.createRefund({
    paymentIntent,
    amountCents: refund.amount_cents,
    refundId: refund.id,
    orderId,
    byCustomer: refund.origin === 'customer',
  });
}

/** Steps 4-5: the provider's refund, and its answer recorded on the order. */
async function sendRefund(
  ports: OrderPorts,
  found: FoundOrder,
  refund: OrderRefund,
  paymentIntent: string,
): Promise<{ after: OrderRecord; refund: OrderRefund }> {
  const o = found.order;
  const attempt = await askProviderToRefund(ports, o.id, refund, paymentIntent);
  if (attempt.outcome === 'unconfirmed') {
    // the provider may have made it: it stays pending until its events say (reconcile-refunds/)
    logger.error('refund not confirmed by Stripe', { reason: attempt.reason, orderId: o.id, refundId: refund.id });
    await ports.alert({
      code: 'refund_unconfirmed',
      summary:
        'Stripe did not answer a refund request: it stays pending until Stripe confirms it; check it in the dashboard.',
      details: { orderId: o.id, userId: o.user_id, refundId: refund.id, amountCents: refund.amount_cents },
    });
    return { after: o, refund };
  }
  if (attempt.outcome === 'refused')
    logger.warn('refund refused by Stripe', { orderId: o.id, refundId: refund.id, reason: attempt.reason });
  const update =
    attempt.outcome === 'created'
      ? attempt.refund
      : {
          stripe_refund_id: null,
          refund_id: refund.id,
          amount_cents: refund.amount_cents,
          status: 'failed' as const,
          failure_reason: attempt.reason,
          created_at: refund.created_at,
          stripe_reason: null,
        };
  const after = await applyRefundUpdates(ports, found, [update]);
  return { after: after.order, refund: after.order.refunds!.find((r) => r.id === refund.id)! };
}

/** Attempts before a write that keeps meeting newer revisions gives up (each re-reads the order). */
const UPDATE_ATTEMPTS = 5;

/**
 * Applies the provider's state of some refunds to an order.
 * @param found the order and its key (read again by key before each attempt)
 * @returns the order as written (or as it was, when nothing changed)
 * @throws Error when the order keeps changing under the write (after UPDATE_ATTEMPTS attempts)
 */
export async function applyRefundUpdates(
  ports: OrderPorts,
  found: FoundOrder,
  updates: readonly PaymentRefund[],
): Promise<FoundOrder> {
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const current = (await ports.orders.findOrderByKey(found.key)) ?? found;
    const merged = mergeRefundUpdates(current.order.refunds ?? [], updates);
    if (!merged.changed) return current;
    const failedIds = new Set(merged.failedNow.map((r) => r.id));
    const withdrawals = (current.order.withdrawals ?? []).map((w): OrderWithdrawal =>
      w.refund_id && failedIds.has(w.refund_id) ? { ...w, status: 'received', refunded_at: null, refund_id: null } : w,
    );
    const next: OrderRecord = {
      ...current.order,
      refunds: merged.refunds,
      revision: (current.order.revision ?? 0) + 1,
      ...(current.order.withdrawals ? { withdrawals } : {}),
    };
    const emails =
      next.status === 'Annullato'
        ? []
        : merged.succeededNow.map((r) => {
            const refund = merged.refunds.find((m) => m.id === r.id)!;
            const withdrawal = withdrawals.find((w) => w.refund_id === r.id);
            return withdrawal
              ? ORDER_EMAILS.withdrawalRefunded(next, withdrawal, refund.amount_cents)
              : ORDER_EMAILS.refunded(next, refund);
          });
    if ((await ports.orders.writeOrder(current, { next, emails })) === 'changed') continue;
    for (const r of merged.failedNow)
      await ports.alert({
        code: 'refund_failed',
        summary: `A refund of ${(r.amount_cents / 100).toFixed(2)} EUR failed at Stripe: the money did not go back; refund the customer another way or again.`,
        details: {
          orderId: next.id,
          userId: next.user_id,
          refundId: r.id,
          stripeRefundId: r.stripe_refund_id,
          amountCents: r.amount_cents,
          failureReason: r.failure_reason,
          refundState: refundState(next),
        },
      });
    return { key: current.key, order: next };
  }
  throw new Error(`refunds of order ${found.order.id}: the order kept changing`);
}

/**
 * POST /api/admin/orders/{id}/withdrawals/{wid}/refund: received -> refunded. The amount is the
 * server's: what the withdrawn units were paid, and the whole order with its delivery when they are
 * every unit left (shared/refunds.ts); the units go back to stock.
 * @param staff the admin asking (recorded on the refund)
 * @returns as refundOrder
 * @throws 404 unknown order or withdrawal; 409 goods not received yet, already refunded, nothing
 *   left to refund, payments not configured (refundOrder)
 */
export function refundWithdrawal(
  ports: OrderPorts,
  orderId: string,
  withdrawalId: string,
  staff: { sub: string; email: string },
): Promise<RefundOutcome> {
  return refundOrder(ports, {
    orderId,
    action: 'admin_refund',
    request: { kind: 'lines', lines: [] },
    reason: WITHDRAWAL_MSG.refundReason,
    restock: true,
    actor: { id: staff.sub, email: staff.email, origin: 'admin' },
    withdrawalId,
  });
}
