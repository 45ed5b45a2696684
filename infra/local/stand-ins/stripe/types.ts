/**
 * The objects the fake Stripe keeps, in Stripe's shapes (the API version the installed SDK pins,
 * strict.ts FAKE_API_VERSION; every answer is checked against that version's fields), and its
 * options and handle. Amounts are in cents, times in Unix seconds, as in Stripe's API.
 */

export interface FakeStripeOptions {
  port: number;
  /** Public base of the hosted page, e.g. 'http://localhost:12111'. */
  publicUrl: string;
  /** Where events are posted (the shop's POST /api/webhooks/stripe). */
  webhookUrl: string;
  /** Current webhook signing secret (read at send time, so key changes apply). */
  webhookSecret: () => string | null;
  /** Accepted secret keys (sk_test_...). */
  secretKeys: () => string[];
  /** Where the account's objects are kept across restarts (none: in memory only, a fresh account per start). */
  stateFile?: string;
  /** The runtime's faults file (infra/local/faults/fault-switch.ts): API errors, timeouts, dropped webhooks. */
  faultsFile?: string;
  /**
   * Waits before each new delivery of an event the webhook did not accept (non-2xx or no answer),
   * ms; default WEBHOOK_RETRY_DELAYS_MS (webhooks.ts).
   */
  webhookRetryDelaysMs?: readonly number[];
  log?: (message: string) => void;
}

/** A Checkout Session as Stripe answers it (`line_items` only when expanded: FakeSessionRecord keeps them). */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  /** 'no_payment_required' once a session with nothing to pay completes. */
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** Mode 'subscription', once paid: the subscription and customer. */
  subscription: string | null;
  customer: string | null;
  /** Mode 'payment', once paid: the PaymentIntent (Checkout creates it when the page is confirmed). */
  payment_intent: string | null;
  /** Coupons applied (Stripe: `discounts`). */
  discounts: { coupon: string; promotion_code: null }[];
  /** The chosen shipping rate and its amount (Stripe: `shipping_cost`), or null. */
  shipping_cost: { amount_subtotal: number; amount_total: number; amount_tax: number; shipping_rate: string } | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
}

/** A line item of a session (Stripe's `item` object, in `line_items` when expanded). */
export interface FakeLineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: { id: string; object: 'price'; unit_amount: number; currency: string } | null;
}

/** What the fake keeps about a session beside what Stripe answers. */
export interface FakeSessionRecord {
  session: FakeSession;
  line_items: FakeLineItem[];
  /** Mode 'subscription': the price sold and the subscription's metadata. */
  subscription_price?: string;
  subscription_metadata?: Record<string, string>;
  /** `payment_intent_data[metadata]`, copied onto the PaymentIntent made at payment. */
  payment_intent_metadata: Record<string, string>;
  /** The shipping rate's display name (the hosted page shows it; Stripe keeps it on the shipping rate). */
  shipping_display_name: string | null;
  /** The method the payer chose on the page, once the session completed. */
  chosen_method?: { type: string; wallet: 'apple_pay' | 'google_pay' | null };
  /** The PaymentMethod that paid the session (a subscription's invoices are paid with it too). */
  payment_method?: string;
}

/** A PaymentIntent (made when a session with something to pay is paid), the fields the fake fills. */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  /** 'requires_payment_method' after a declined attempt (the session stays open for another try). */
  status: 'succeeded' | 'requires_payment_method';
  latest_charge: string | null;
  /** The PaymentMethod of the latest attempt (`pm_…`). */
  payment_method: string | null;
  /** Why the latest attempt failed (Stripe's error shape), or null. */
  last_payment_error: {
    type: 'card_error' | 'invalid_request_error';
    code: string;
    decline_code?: string;
    message: string;
    payment_method: { id: string; type: string };
  } | null;
  metadata: Record<string, string>;
  payment_method_types: string[];
  created: number;
  livemode: false;
}

/** The Charge of a paid PaymentIntent; `amount_refunded` and `refunded` follow its refunds. */
export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  captured: boolean;
  paid: boolean;
  status: 'succeeded' | 'failed';
  /** A failed charge's code and message (Stripe's `failure_code`, `failure_message`), else null. */
  failure_code: string | null;
  failure_message: string | null;
  currency: string;
  payment_intent: string;
  /** The PaymentMethod charged (`pm_…`) and what it was (Stripe's `payment_method_details`: `type` and its hash). */
  payment_method: string;
  payment_method_details: { type: string } & Record<string, unknown>;
  metadata: Record<string, string>;
  /** Null for a failed charge (no money moved). */
  balance_transaction: string | null;
  created: number;
  livemode: false;
}

/** A Refund (POST /v1/refunds), Stripe's shape. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: string | null;
  source_transfer_reversal: null;
  transfer_reversal: null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason?: string;
}

/**
 * A PaymentMethod as the fake keeps it (not served: the shop reads a payment's method from its
 * Charge): its type and the `payment_method_details` a charge with it carries.
 */
export interface FakePaymentMethod {
  id: string;
  type: string;
  details: { type: string } & Record<string, unknown>;
}

/** A coupon (POST /v1/coupons), Stripe's shape (amount_off in cents or percent_off). */
export interface FakeCoupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  percent_off: number | null;
  currency: string | null;
  duration: string;
  max_redemptions: number | null;
  times_redeemed: number;
  name: string | null;
  metadata: Record<string, string>;
  valid: boolean;
  created: number;
  livemode: false;
}

/** Events the fake sends about a refund (their object is the refund, or its charge for `charge.refunded`). */
export type FakeRefundEventType = 'refund.created' | 'refund.updated' | 'refund.failed' | 'charge.refunded';

/** Events the fake sends about a declined payment attempt (their object is the PaymentIntent, or its failed Charge). */
export type FakePaymentEventType = 'payment_intent.payment_failed' | 'charge.failed';

/** Events the fake sends about a checkout session. */
export type FakeEventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed';

/** Subscription events the fake sends (their object is a subscription or an invoice). */
export type FakeSubscriptionEventType =
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed';

/** A Price (POST /v1/prices), Stripe's shape. */
export interface FakePrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  recurring: { interval: 'month' | 'year' | 'week' | 'day'; interval_count: number } | null;
  type: 'recurring' | 'one_time';
  metadata: Record<string, string>;
  nickname: string | null;
  created: number;
  livemode: false;
}

/** A Subscription, Stripe's shape (periods on the item, as in API versions since 2025-03-31). */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  status: 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete';
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  start_date: number;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  /** The PaymentMethod its invoices are paid with (the one the subscription's checkout was paid with). */
  default_payment_method: string | null;
  livemode: false;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: FakePrice;
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

/** An Invoice of a subscription, Stripe's shape (the fields the shop reads). */
export interface FakeInvoice {
  id: string;
  object: 'invoice';
  status: 'paid' | 'open';
  customer: string;
  currency: string;
  amount_due: number;
  amount_paid: number;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  created: number;
  livemode: false;
}

/**
 * The payment of an invoice (Stripe's InvoicePayment, API versions since 2025-03-31): the
 * PaymentIntent that paid a paid invoice; the shop finds a subscription's first payment through it.
 */
export interface FakeInvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'paid';
  status_transitions: { canceled_at: null; paid_at: number };
}

/** The running fake: its objects (tests read them) and the test hooks. */
export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSessionRecord>;
  subscriptions: Map<string, FakeSubscription>;
  /** Delivers a subscription event (its current subscription, or its latest invoice), signed (tests: replays). */
  sendSubscriptionEvent(type: FakeSubscriptionEventType, subscriptionId: string): Promise<number>;
  /**
   * Pays a session as the hosted page's 'Paga' does (tests), with `method` ('card', 'card:apple_pay',
   * 'paypal', 'satispay', 'klarna'; the first offered when omitted).
   */
  pay(id: string, method?: string): Promise<void>;
  /** Delivers an event for a session to the webhook, signed (tests: repeated deliveries). */
  sendEvent(type: FakeEventType, id: string): Promise<number>;
  stop(): Promise<void>;
}
