/**
 * A payment provider in memory, for the order use cases' unit tests (payment-port.ts). It keeps
 * the rules of Stripe's refunds that the use cases rely on: a refund's idempotency key returns the
 * first answer again, and a refund over what is left of its payment is refused ("Refund amount
 * ($x) is greater than unrefunded amount on charge ($y)"). A test can script the next create's
 * failure (`failNextRefund`) and settle refunds later (`settle`), as Stripe's events would.
 */
import type { PaymentPort, PaymentRefund, RefundAttempt, RefundToCreate } from '../../lib/payments/payment-port';
import type { PaymentMethodUsed } from '../../../shared/payment-methods';

export class FakePayments implements PaymentPort {
  /** Whether the stage has its keys. */
  keys = true;
  /** Captured amount per PaymentIntent, cents. */
  private readonly captured = new Map<string, number>();
  private readonly sessions = new Map<string, string>();
  private readonly refunds: (PaymentRefund & { payment_intent: string })[] = [];
  private readonly byIdempotencyKey = new Map<string, RefundAttempt>();
  private nextFailure: RefundAttempt | null = null;
  /** Every createRefund call, in order. */
  readonly createCalls: RefundToCreate[] = [];
  /** Sessions expired. */
  readonly expired: string[] = [];
  /** Status a created refund starts in ('succeeded', or 'pending' as for some methods). */
  createdStatus: PaymentRefund['status'] = 'succeeded';

  /** How each payment was made. */
  private readonly methods = new Map<string, PaymentMethodUsed>();

  /**
   * A payment of `cents` made by Checkout Session `sessionId`, with `method` (a card paid now when
   * omitted).
   */
  pay(paymentIntent: string, cents: number, sessionId?: string, method?: Partial<PaymentMethodUsed>): void {
    this.captured.set(paymentIntent, cents);
    if (sessionId) this.sessions.set(sessionId, paymentIntent);
    this.methods.set(paymentIntent, {
      type: 'card',
      card_brand: 'visa',
      card_last4: '4242',
      wallet: null,
      paid_at: new Date().toISOString(),
      ...(method?.type && method.type !== 'card' ? { card_brand: null, card_last4: null } : {}),
      ...method,
    });
  }

  /** The next createRefund answers this instead (Stripe refused it, or never answered). */
  failNextRefund(outcome: 'refused' | 'unconfirmed', reason = outcome === 'refused' ? 'charge_disputed' : 'timeout') {
    this.nextFailure = { outcome, reason };
  }

  /** Stripe settles a refund later (its events say so). */
  settle(stripeRefundId: string, status: PaymentRefund['status'], failureReason: string | null = null): void {
    const r = this.refunds.find((x) => x.stripe_refund_id === stripeRefundId);
    if (!r) throw new Error(`no refund ${stripeRefundId}`);
    Object.assign(r, { status, failure_reason: failureReason });
  }

  /** A refund made outside the shop (the Stripe dashboard). */
  refundInDashboard(paymentIntent: string, cents: number): PaymentRefund {
    const r = this.record(paymentIntent, cents, null, 'succeeded');
    return { ...r };
  }

  private record(pi: string, cents: number, refundId: string | null, status: PaymentRefund['status']) {
    const r = {
      payment_intent: pi,
      stripe_refund_id: `re_fake_${this.refunds.length + 1}`,
      refund_id: refundId,
      amount_cents: cents,
      status,
      failure_reason: null,
      created_at: new Date(Date.UTC(2026, 10, 1, 12, this.refunds.length)).toISOString(),
      stripe_reason: null,
    };
    this.refunds.push(r);
    return r;
  }

  /** Cents not refunded yet on a payment (failed and canceled refunds gave nothing back). */
  left(paymentIntent: string): number {
    const taken = this.refunds
      .filter((r) => r.payment_intent === paymentIntent && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount_cents, 0);
    return (this.captured.get(paymentIntent) ?? 0) - taken;
  }

  async configured() {
    return this.keys;
  }

  async paymentIntentOfSession(sessionId: string) {
    return this.sessions.get(sessionId) ?? null;
  }

  async sessionOfPayment(paymentIntent: string) {
    return [...this.sessions].find(([, pi]) => pi === paymentIntent)?.[0] ?? null;
  }

  async paymentMethodOf(paymentIntent: string) {
    const m = this.methods.get(paymentIntent);
    return m ? { ...m } : null;
  }

  async createRefund(input: RefundToCreate): Promise<RefundAttempt> {
    this.createCalls.push({ ...input });
    const key = `refund-${input.refundId}`;
    const again = this.byIdempotencyKey.get(key);
    if (again) return again;
    if (this.nextFailure) {
      const failure = this.nextFailure;
      this.nextFailure = null;
      // an unconfirmed call may have been made: Stripe keeps it under its key
      if (failure.outcome === 'refused') this.byIdempotencyKey.set(key, failure);
      return failure;
    }
    if (!this.captured.has(input.paymentIntent)) return { outcome: 'refused', reason: 'resource_missing' };
    if (
      !Number.isInteger(input.amountCents) ||
      input.amountCents <= 0 ||
      input.amountCents > this.left(input.paymentIntent)
    )
      return { outcome: 'refused', reason: 'amount_too_large' };
    const r = this.record(input.paymentIntent, input.amountCents, input.refundId, this.createdStatus);
    const answer: RefundAttempt = { outcome: 'created', refund: { ...r } };
    this.byIdempotencyKey.set(key, answer);
    return answer;
  }

  async refundsOfPayment(paymentIntent: string) {
    return this.refunds
      .filter((r) => r.payment_intent === paymentIntent)
      .reverse()
      .map(({ payment_intent: _, ...r }) => ({ ...r }));
  }

  async expireSession(sessionId: string) {
    this.expired.push(sessionId);
  }
}
