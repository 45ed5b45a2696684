/**
 * The Stripe SDK client for a secret key. Locally STRIPE_API_BASE (e.g. http://127.0.0.1:12111)
 * points the real SDK at the in-repo fake Stripe API; in the cloud it is unset.
 * The SDK (a large module) is imported on first use, not at the function's cold start.
 */
import type Stripe from 'stripe';

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
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(base
        ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    });
    clients.set(secretKey, c);
  }
  return c;
}

/** Signature tolerance of webhooks, seconds (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Payment methods offered on the Stripe page (the session's `allowed_payment_method_types`, which
 * replaced `payment_method_types` in API version 2026-09-30): cards only, whose outcome is known
 * when the page completes; never the whole list enabled in the Stripe dashboard, which may add
 * delayed methods (bank debits, vouchers) the 30-minute stock reservation does not wait for.
 */
export const PAYMENT_METHOD_TYPES: Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[] = ['card'];
