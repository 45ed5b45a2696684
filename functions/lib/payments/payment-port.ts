/**
 * The payment port: the payment provider's operations the shop's use cases need, in the shop's
 * terms (amounts in integer euro cents, times as ISO strings), behind one interface. The one
 * production implementation is Stripe's (stripe-payments.ts, the real SDK); a use case receives
 * the port as a parameter, so its unit test passes a small in-memory fake and a refund rule is
 * tested without the local runtime. The integration and end-to-end tests keep the real SDK against
 * the local Stripe stand-in.
 *
 * Failures of a call that changes money are typed results, not exceptions: the caller must tell
 * "the provider certainly did nothing" (`refused`) from "it may have done it" (`unconfirmed`),
 * because only the first may be retried with another amount or forgotten.
 */
import type { RefundStatus } from '../../../shared/refunds';
import type { PaymentMethodUsed } from '../../../shared/payment-methods';

/** A refund as the provider has it now. */
export interface PaymentRefund {
  /** The provider's id (Stripe `re_…`); null when the provider never answered (a create it refused). */
  stripe_refund_id: string | null;
  /** The shop's id of the refund (sent as `metadata.refund_id`), or null for one made elsewhere. */
  refund_id: string | null;
  /** Integer euro cents. */
  amount_cents: number;
  status: RefundStatus;
  /** The provider's failure reason, or null. */
  failure_reason: string | null;
  /** ISO time the provider created it. */
  created_at: string;
  /** The provider's stated reason (e.g. 'requested_by_customer'), or null. */
  stripe_reason: string | null;
}

/** A refund to create. */
export interface RefundToCreate {
  /** The payment to refund (Stripe PaymentIntent `pi_…`). */
  paymentIntent: string;
  /** Integer euro cents, > 0 and at most what is left on the payment. */
  amountCents: number;
  /** The shop's id of this intended refund: the idempotency key, so a retry never refunds twice. */
  refundId: string;
  /** The order paid back, or (a club withdrawal) the subscription whose first payment is. */
  orderId?: string;
  subscriptionId?: string;
  /** True when the customer asked for it (Stripe reason `requested_by_customer`). */
  byCustomer: boolean;
}

/**
 * What a refund's creation answered: made (with its state now), refused by the provider (nothing
 * happened: a bad request, an amount over what is left, a card error, keys refused), or not
 * confirmed (the network, a timeout or the provider's own error after retries: it may exist).
 */
export type RefundAttempt =
  | { outcome: 'created'; refund: PaymentRefund }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'unconfirmed'; reason: string };

/** The provider's operations on payments and refunds that the order use cases use. */
export interface PaymentPort {
  /** Whether the stage has its payment keys (without them every call answers 409 upstream). */
  configured(): Promise<boolean>;
  /** The PaymentIntent a Checkout Session made, or null when it made none (nothing to pay). */
  paymentIntentOfSession(sessionId: string): Promise<string | null>;
  /** The Checkout Session that made a PaymentIntent, or null (a club invoice's payment). */
  sessionOfPayment(paymentIntent: string): Promise<string | null>;
  /**
   * How a payment was made: the method of its PaymentIntent's latest charge (type, a card's brand,
   * last four digits and wallet) and when it was made; null when the payment has no charge.
   */
  paymentMethodOf(paymentIntent: string): Promise<PaymentMethodUsed | null>;
  /** Creates a refund, idempotent on `refundId`. Never throws for the provider's answers. */
  createRefund(input: RefundToCreate): Promise<RefundAttempt>;
  /** Every refund of a payment as the provider has it now, newest first. */
  refundsOfPayment(paymentIntent: string): Promise<PaymentRefund[]>;
  /** Expires an open Checkout Session so it can no longer be paid. */
  expireSession(sessionId: string): Promise<void>;
}
