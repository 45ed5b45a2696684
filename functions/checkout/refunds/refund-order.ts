/**
 * The one refund use case: the back office's refund (lines, an amount or everything left, with or
 * without cancelling the order), the one-click refund of an order flagged 'Da rimborsare', and the
 * customer's cancellation all go through `refundOrder` (a withdrawal will too).
 *
 * In order:
 *  1. the order is read (consistently, by its key) and the state machine (shared/orders.ts) says
 *     whether the action is allowed and what status it leaves;
 *  2. the amount is computed on the server from what each line was PAID (shared/refunds.ts): never
 *     more than what is left (409);
 *  3. the refund is recorded on the order as `pending`, in one write with the status (a
 *     cancellation), the units going back to stock (when asked) and the order's place in the refund
 *     queue, conditioned on the order's revision and status: two refunds never take the same money;
 *  4. Stripe's refund is created with an idempotency key unique to this intended refund;
 *  5. Stripe's answer is recorded (its refund id and status). A refusal by Stripe marks the refund
 *     failed (its money counts as not given back again) and alerts the operator; an unanswered call
 *     leaves it pending for Stripe's events (reconcile.ts) and alerts too.
 * A refunded line stops delivering its download (functions/account/orders.ts); the caller writes
 * the audit entry of a staff refund with the before and after this returns.
 *
 * A withdrawal's refund (`withdrawal` set) refunds the withdrawn units (the whole order, delivery
 * included, when they are every unit left: shared/refunds.ts), returns them to stock, and in the
 * same write marks the withdrawal 'refunded', takes it out of 'Recessi' and queues the customer's
 * email of the refund.
 */
import { randomUUID } from 'node:crypto';
import { API_MSG } from '../../../shared/messages';
import { REFUND_MSG } from '../../../shared/messages/refunds';
import { formatEuro } from '../../../shared/money';
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
import { findOrder } from '../../data/order-repository';
import { findOrderByKey, writeRefunds, type FoundOrder } from '../../data/order-refund-repository';
import type { OrderRecord } from '../../data/order-items';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { raiseAlert } from '../../lib/alerts';
import { logger } from '../../lib/logger';
import { applyRefundUpdates } from './apply-updates';
import { returnedStock, updateFromStripe } from './refund-ledger';
import { createStripeRefund, paymentIntentOf, refusedByStripe, refundsClient } from './stripe-refunds';
import { emailJobPut } from '../../data/email-job-repository';
import { EMAIL_JOBS } from '../../email/jobs';
import { withdrawalQueueDelete } from '../../data/order-withdrawal-repository';
import { withdrawalTransition, type OrderWithdrawal } from '../../../shared/withdrawals';
import { WITHDRAWAL_MSG } from '../../../shared/messages/withdrawals';

/** A refund to make. */
export interface RefundInput {
  orderId: string;
  /** admin_refund, admin_cancel_and_refund or customer_cancel (the state machine's actions). */
  action: Extract<OrderAction, 'admin_refund' | 'admin_cancel_and_refund' | 'customer_cancel'>;
  /** What to give back (a cancellation gives back everything left). */
  request: RefundRequest;
  /** Why, in Italian (shown in the order's refund history). */
  reason: string;
  /** Whether the refunded units go back to stock (a cancellation always returns them). */
  restock: boolean;
  /** Who asks: a staff member (origin 'admin') or the order's customer (origin 'customer'). */
  actor: { id: string; email: string; origin: 'admin' | 'customer' };
  /** The withdrawal this refund pays back (its lines are the request; it must be 'received'). */
  withdrawalId?: string;
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
 * POST /api/admin/orders/{id}/refunds and POST /api/me/orders/{id}/cancel (the module comment).
 * DynamoDB: AP19 (the order's key) + AP94 (read by key; the write: 1 UpdateItem, or 1
 * TransactWriteItems with the stock, +1 BatchGetItem of the products) + AP94 again for Stripe's answer.
 * @param ownerId when set (a customer), the order must be theirs (else 404)
 * @returns the order before and after, and the refund (its status as Stripe answered: 'failed' when
 *   Stripe refused it, 'pending' when Stripe did not answer)
 * @throws 404 unknown order (or another customer's); 409 not allowed from the order's status,
 *   nothing left, more than is left, no Stripe payment to refund, payments not configured, or the
 *   order kept changing; 400 a malformed request, restock of units never taken
 */
export async function refundOrder(input: RefundInput, ownerId?: string): Promise<RefundOutcome> {
  const located = await findOrder(input.orderId);
  if (!located || (ownerId !== undefined && located.order.user_id !== ownerId)) throw notFound(API_MSG.notFoundOrder);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = (await findOrderByKey(located.key)) ?? located;
    const outcome = await recordRefund(found, input);
    if (outcome === 'changed') continue;
    if (!outcome.refund) return { before: found.order, after: outcome.after.order, refund: null };
    return {
      before: found.order,
      ...(await sendToStripe(outcome.after, outcome.refund, outcome.paymentIntent, input)),
    };
  }
  throw conflict(REFUND_MSG.changed, REFUND_MSG.changedTitle);
}

/** Steps 1-3: decide and record the refund as pending. @returns 'changed' when another write came first */
async function recordRefund(
  found: FoundOrder,
  input: RefundInput,
): Promise<'changed' | { after: FoundOrder; refund: OrderRefund | null; paymentIntent: string | null }> {
  const o = found.order;
  const allowed = orderTransition(orderMoneyState(o), input.action);
  if (!allowed.ok) throw refusal(allowed.reason, input.action, o);
  const withdrawal = input.withdrawalId ? refundableWithdrawal(o, input.withdrawalId) : null;
  if (withdrawal) input = { ...input, request: { kind: 'lines', lines: withdrawal.lines }, restock: true };
  // a free order (nothing paid) is cancelled without a refund
  const plan: RefundPlan | null =
    refundableCents(o) === 0 && input.action === 'customer_cancel' ? null : planOrThrow(o, input.request);
  // an order paid after its stock went back never took the units: none can go back
  if (input.restock && o.needs_refund && input.action !== 'customer_cancel')
    throw badRequest(REFUND_MSG.neverTaken, 'restock');
  // a customer's cancellation comes before shipping: its units always go back
  const restock = (input.action === 'customer_cancel' || input.restock) && !o.needs_refund;
  const units = restock ? returnedStock(o.items, plan?.lines ?? unitsLeft(o)) : [];
  let paymentIntent: string | null = null;
  if (plan) {
    const stripe = await refundsClient();
    paymentIntent = await paymentIntentOf(stripe, o);
    if (!paymentIntent) throw conflict(REFUND_MSG.noPayment, REFUND_MSG.noPaymentTitle);
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
        created_at: new Date().toISOString(),
        status: 'pending',
        stripe_refund_id: null,
        failure_reason: null,
        restocked: units.length > 0,
      }
    : null;
  const refunds = [...(o.refunds ?? []), ...(refund ? [refund] : [])];
  const withdrawals = withdrawal
    ? (o.withdrawals ?? []).map((w) =>
        w.id === withdrawal.id
          ? {
              ...w,
              status: 'refunded' as const,
              refunded_at: refund?.created_at ?? null,
              refund_id: refund?.id ?? null,
            }
          : w,
      )
    : undefined;
  const next: OrderRecord = {
    ...o,
    refunds,
    status: allowed.to,
    revision: (o.revision ?? 0) + 1,
    ...(withdrawals ? { withdrawals } : {}),
  };
  const written = await writeRefunds(found, {
    refunds,
    status: allowed.to,
    restock: units,
    queued: refundState(next) !== 'full',
    // a cancellation tells the customer, in the same write (sent after it, never twice)
    emails:
      allowed.to === 'Annullato' && o.status !== 'Annullato' ? [emailJobPut(EMAIL_JOBS.orderCancelled(next))] : [],
    // a withdrawal's refund closes it and tells the customer, in the same write
    ...(withdrawal && withdrawals
      ? {
          withdrawals: {
            list: withdrawals,
            items: [
              withdrawalQueueDelete(o, withdrawal),
              emailJobPut(EMAIL_JOBS.withdrawalRefunded(next, withdrawal, refund?.amount_cents ?? 0)),
            ],
          },
        }
      : {}),
  });
  if (written === 'changed') return 'changed';
  return { after: { key: found.key, order: next }, refund, paymentIntent };
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

/** Steps 4-5: Stripe's refund, and its answer recorded on the order. */
async function sendToStripe(
  found: FoundOrder,
  refund: OrderRefund,
  paymentIntent: string | null,
  input: RefundInput,
): Promise<{ after: OrderRecord; refund: OrderRefund }> {
  const o = found.order;
  try {
    const stripe = await refundsClient();
    const created = await createStripeRefund(stripe, {
      paymentIntent: paymentIntent!,
      amountCents: refund.amount_cents,
      refundId: refund.id,
      orderId: o.id,
      byCustomer: input.actor.origin === 'customer',
    });
    const after = await applyRefundUpdates(found, [updateFromStripe(created)]);
    return { after: after.order, refund: after.order.refunds!.find((r) => r.id === refund.id)! };
  } catch (error) {
    if (!(await refusedByStripe(error))) {
      // Stripe may have made it: it stays pending until Stripe's events say (reconcile.ts)
      logger.error('refund not confirmed by Stripe', { error: error as Error, orderId: o.id, refundId: refund.id });
      await raiseAlert({
        code: 'refund_unconfirmed',
        summary:
          'Stripe did not answer a refund request: it stays pending until Stripe confirms it; check it in the dashboard.',
        details: { orderId: o.id, userId: o.user_id, refundId: refund.id, amountCents: refund.amount_cents },
      });
      return { after: o, refund };
    }
    const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message;
    logger.warn('refund refused by Stripe', { orderId: o.id, refundId: refund.id, reason });
    const after = await applyRefundUpdates(found, [
      {
        stripe_refund_id: null,
        refund_id: refund.id,
        amount_cents: refund.amount_cents,
        status: 'failed',
        failure_reason: reason,
        created_at: refund.created_at,
        stripe_reason: null,
      },
    ]);
    return { after: after.order, refund: after.order.refunds!.find((r) => r.id === refund.id)! };
  }
}
