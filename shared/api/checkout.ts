/**
 * Checkout API (function 'checkout'): the public publishable key, the Stripe Checkout Session built
 * from the stored cart, its outcome and its cancellation. Amounts in integer euro cents.
 */
import type * as z from 'zod/mini';
import type { checkoutSessionSchema, subscriptionCheckoutSchema } from '../schemas/checkout';
import type { withdrawalRequestSchema } from '../schemas/withdrawals';
import type { Membership } from '../tiers';
import type { SubscriptionDto } from './account';
import type { OrderDto } from './orders';
import { route, type RouteThrottle } from './route';

/** Body of POST /api/checkout/subscription. */
export type SubscriptionCheckoutBody = z.input<typeof subscriptionCheckoutSchema>;

/** GET /api/me/subscription and POST /api/me/subscription/cancel: the caller's Aurum Club membership. */
export interface MySubscriptionDto {
  /** The membership on the profile (active or ended), or null when never a member. */
  subscription: SubscriptionDto | null;
  /** What it grants now (tier, level, discount). */
  membership: Membership;
}

/** A withdrawal from the Aurum Club as its member sees it (amounts in euro cents, dates ISO). */
export interface ClubWithdrawalDto {
  requested_at: string;
  started_at: string;
  plan_name: string;
  days_used: number;
  period_days: number;
  paid_cents: number;
  kept_cents: number;
  refund_cents: number;
  /** 'requested' while the cancellation and refund run; 'completed' once done. */
  status: 'requested' | 'completed';
}

/** POST /api/me/subscription/withdrawal: the membership after the withdrawal, and the withdrawal. */
export interface ClubWithdrawalResultDto extends MySubscriptionDto {
  withdrawal: ClubWithdrawalDto;
}

/** Body of POST /api/me/orders/{id}/withdrawal: the units withdrawn, by line. */
export type WithdrawalRequestBody = z.input<typeof withdrawalRequestSchema>;

/** Body of POST /api/checkout/session: the shipping choice of a cart that ships, and the total the cart showed. */
export type CheckoutSessionBody = z.input<typeof checkoutSessionSchema>;

/** GET /api/payment-settings: only the publishable key (null until the admin sets it). */
export interface PublicPaymentSettingsDto {
  stripePublishableKey: string | null;
}

/** POST /api/checkout/session answer (201): where to send the browser. */
export interface CheckoutSessionDto {
  sessionId: string;
  /** The payment provider's hosted page. */
  url: string;
  /** ISO; stock stays reserved until then. */
  expires_at: string;
  total_cents: number;
}

/** GET /api/checkout/session/{id}: the order id once the payment is confirmed. */
export interface CheckoutSessionStatusDto {
  status: 'complete' | 'pending';
  order_id: string | null;
}

/** POST /api/checkout/cancel/{id}: what giving up did. */
export interface CheckoutCancelDto {
  result: 'released' | 'fulfilled' | 'noop';
}

/**
 * Throttle of checkout creation for the whole shop, sized for a flash sale (decision 0017): every
 * checkout that finds stock writes the product's item in a transaction (2 write units per KB) and
 * makes at most 2 Stripe writes (the session, a code's coupon). 50 a second, never more than 50 at
 * once, keeps one product's partition under DynamoDB's 1,000 write units a second for items up to
 * 10 KB, and Stripe under its live-mode 100 writes a second. A shopper over it gets 429 and the
 * SPA's 'riprova tra poco'; once the product is sold out, checkouts are answered from a read.
 * Each user is also capped per hour in the handler (MAX_CHECKOUTS_PER_HOUR).
 */
export const CHECKOUT_CREATION_THROTTLE: RouteThrottle = { rateLimit: 50, burstLimit: 50 };

/** Checkout routes. */
export const CHECKOUT_API = {
  paymentSettings: route<PublicPaymentSettingsDto>({
    method: 'GET',
    path: '/api/payment-settings',
    fn: 'checkout',
    access: 'public',
    summary: 'Stripe publishable key (or null)',
  }),
  createSession: route<CheckoutSessionDto, CheckoutSessionBody>({
    method: 'POST',
    path: '/api/checkout/session',
    fn: 'checkout',
    access: 'user',
    summary: 'Reserve stock and create a Checkout Session',
    throttle: CHECKOUT_CREATION_THROTTLE,
  }),
  session: route<CheckoutSessionStatusDto>({
    method: 'GET',
    path: '/api/checkout/session/{id}',
    fn: 'checkout',
    access: 'user',
    summary: 'Outcome of an own checkout session (order id once paid)',
  }),
  cancel: route<CheckoutCancelDto>({
    method: 'POST',
    path: '/api/checkout/cancel/{id}',
    fn: 'checkout',
    access: 'user',
    summary: 'Give up an own checkout: expire the session, release the stock',
  }),
  subscribe: route<CheckoutSessionDto, SubscriptionCheckoutBody>({
    method: 'POST',
    path: '/api/checkout/subscription',
    fn: 'checkout',
    access: 'user',
    summary: 'Aurum Club: a Checkout Session in subscription mode for a plan',
    throttle: CHECKOUT_CREATION_THROTTLE,
  }),
  mySubscription: route<MySubscriptionDto>({
    method: 'GET',
    path: '/api/me/subscription',
    fn: 'checkout',
    access: 'user',
    summary: 'Own Aurum Club membership (plan, tier, discount, renewal)',
  }),
  cancelOrder: route<OrderDto>({
    method: 'POST',
    path: '/api/me/orders/{id}/cancel',
    fn: 'checkout',
    access: 'user',
    summary: "Cancel an own order while 'In elaborazione': everything refunded, stock returned",
  }),
  withdrawOrder: route<OrderDto, WithdrawalRequestBody>({
    method: 'POST',
    path: '/api/me/orders/{id}/withdrawal',
    fn: 'checkout',
    access: 'user',
    summary:
      'Withdraw from the contract of an own delivered order (physical lines, 14 days from delivery): recorded and acknowledged by email',
  }),
  cancelSubscription: route<MySubscriptionDto>({
    method: 'POST',
    path: '/api/me/subscription/cancel',
    fn: 'checkout',
    access: 'user',
    summary: 'Cancel the own Aurum Club subscription at period end',
  }),
  withdrawSubscription: route<ClubWithdrawalResultDto, Record<string, never>>({
    method: 'POST',
    path: '/api/me/subscription/withdrawal',
    fn: 'checkout',
    access: 'user',
    summary:
      'Withdraw from the own Aurum Club contract within 14 days of its start: cancelled at once, refunded minus the part enjoyed, acknowledged by email',
  }),
} as const;
