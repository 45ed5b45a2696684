/**
 * The Stripe SDK client for a secret key. Locally STRIPE_API_BASE (e.g. http://127.0.0.1:12111)
 * points the real SDK at the in-repo fake Stripe API; in the cloud it is unset.
 * The SDK (a large module) is imported on first use, not at the function's cold start.
 */
import type Stripe from 'stripe';

/**
 * The Stripe API version every request is made with, pinned here rather than left to the SDK's
 * default, so an upgrade of the `stripe` package cannot change the shapes the shop reads without
 * this line changing too (docs/payments.md, "Stripe API version"; the webhook endpoint must be
 * created with the same version). A unit test fails when the installed SDK pins another one.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** How long one Stripe request may take before the SDK gives up on it, ms. */
export const STRIPE_TIMEOUT_MS = 3_500;
/**
 * Retries of a failed Stripe request (network errors, timeouts, 409, 429 and 5xx answers), by the
 * SDK, with the request's idempotency key (the SDK adds one to every POST): 2 attempts of 3.5 s
 * and the SDK's back-off (0.5 s) stay under a function's 10 s timeout.
 */
export const STRIPE_NETWORK_RETRIES = 1;

const clients = new Map<string, Stripe>();
let sdk: Promise<typeof Stripe> | null = null;

/** The Stripe SDK's constructor (and its `errors` classes), imported once on first use. */
export function stripeSdk(): Promise<typeof Stripe> {
  sdk ??= import('stripe').then((m) => m.default);
  return sdk;
}

/** A (cached) Stripe client for `secretKey`; the SDK is imported on the first call. */
export async function stripeFor(secretKey: string): Promise<Stripe> {
  let c = clients.get(secretKey);
  if (!c) {
    const StripeSdk = await stripeSdk();
    const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : null;
    c = new StripeSdk(secretKey, {
      apiVersion: STRIPE_API_VERSION,
      // docs/architecture.md, "Timeouts and retries": one call's attempts fit in a function's 10 s
      maxNetworkRetries: STRIPE_NETWORK_RETRIES,
      timeout: STRIPE_TIMEOUT_MS,
      ...(base
        ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    });
    clients.set(secretKey, c);
  }
  return c;
}

/**
 * Whether a Checkout Session's payment is settled, so its order may be fulfilled: `paid`, or
 * `no_payment_required` for a session with nothing to pay (a 100 % code, a free item). Stripe
 * (Session `payment_status`): "The payment status of the Checkout Session, one of `paid`,
 * `unpaid`, or `no_payment_required`. You can use this value to decide when to fulfill your
 * customer's order."
 */
export function paymentSettled(session: Pick<Stripe.Checkout.Session, 'payment_status'>): boolean {
  return session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
}

/**
 * Seconds added to Stripe's shortest session lifetime: the create request's time on the way to
 * Stripe and the difference between this function's clock and Stripe's, so `expires_at` never
 * reaches Stripe under its minimum.
 */
export const SESSION_EXPIRY_MARGIN_SECONDS = 60;

/**
 * The `expires_at` of a Checkout Session (Unix seconds), to be computed right before the create
 * call: `minutes` plus SESSION_EXPIRY_MARGIN_SECONDS from now. Stripe (`expires_at`): "It can be
 * anywhere from 30 minutes to 24 hours after Checkout Session creation."
 * @param minutes the lifetime the shop wants, at least 30 (Stripe's minimum)
 */
export function sessionExpiresAt(minutes: number, nowMs = Date.now()): number {
  return Math.ceil(nowMs / 1000) + minutes * 60 + SESSION_EXPIRY_MARGIN_SECONDS;
}

/** The only currency the shop charges in (Stripe's lower-case code). */
export const SHOP_CURRENCY = 'eur';

/** Signature tolerance of webhooks, seconds (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
