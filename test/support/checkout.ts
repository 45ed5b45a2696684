/**
 * Test support for checkout: the real Stripe SDK pointed at the local fake (and its test helpers),
 * signed webhook deliveries to the real handler, and products written through the repository.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import Stripe from 'stripe';
import { putProduct } from '../../functions/data/catalog-repository';
import { listShippingMethods } from '../../functions/data/shipping-repository';
import { createAddress } from '../../functions/data/address-repository';
import type { ProductRecord } from '../../functions/data/catalog-items';
import type { ApiHandler } from '../../functions/lib/context-handler';
import { invoke } from './invoke';
import { api } from './auth';
import { readStoredSecret } from './secrets';

const env = () => inject('localEnv');

/** The local stage's Stripe keys, as stored in its payment secret (the Secrets Manager stand-in). */
export interface StoredStripeKeys {
  stripe_secret_key: string;
  stripe_webhook_secret: string;
}

/** Reads the stored Stripe keys now (through the SDK). */
export const readStripeSecrets = () => readStoredSecret<StoredStripeKeys>('PAYMENT_SECRET_ID');

// Read once per test file: the integration runtime's keys stay the shipped test keys (a test that
// changes them puts them back).
const loadedKeys = await readStripeSecrets();

/** The local stage's Stripe keys (read when this module was loaded). */
export const stripeSecrets = (): StoredStripeKeys => loadedKeys;

/** The Stripe SDK against the fake Stripe API. */
export function stripeClient(): Stripe {
  const base = new URL(env().STRIPE_API_BASE!);
  return new Stripe(stripeSecrets().stripe_secret_key, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
  });
}

/** Authorizer claims of a user id (random users have no profile yet: the access check creates one). */
export const claimsOf = (sub: string) => ({ sub, email: `${sub.slice(0, 8)}@example.com` });

/** A physical product (or `overrides`) written through the repository. */
export async function testProduct(quantity: number, overrides: Partial<ProductRecord> = {}): Promise<ProductRecord> {
  const id = randomUUID();
  const p: ProductRecord = {
    id,
    name: `Kettlebell di prova ${id.slice(0, 4)}`,
    description: 'Prodotto di prova',
    price_cents: 1999,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 0,
    reviews: 0,
    is_digital: false,
    digital_asset_id: null,
    quantity,
    premium_tier: 'none',
    supplier_product_url: null,
    created_at: new Date().toISOString(),
    images: [],
    ...overrides,
  };
  await putProduct(p);
  return p;
}

/** A Stripe event envelope of `type` carrying `object` (a Checkout Session). */
export function eventPayload(type: string, object: unknown, eventId = `evt_${randomUUID().replace(/-/g, '')}`): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

/** A checkout.session.completed event of a paid session. */
export function completedEvent(session: Stripe.Checkout.Session, eventId?: string): string {
  return eventPayload(
    'checkout.session.completed',
    { ...session, status: 'complete', payment_status: 'paid' },
    eventId,
  );
}

/** Signs a payload like Stripe does and posts it to the webhook handler. */
export function signedWebhook(
  webhooks: ApiHandler,
  payload: string,
  opts: { secret?: string; timestamp?: number } = {},
) {
  const header = stripeClient().webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? stripeSecrets().stripe_webhook_secret,
    timestamp: opts.timestamp,
  });
  return invoke<{ received?: boolean; result?: string; message?: string }>(webhooks, 'POST /api/webhooks/stripe', {
    body: payload,
    headers: { 'stripe-signature': header },
  });
}

/**
 * Calls a test helper of the fake Stripe for a session: 'pay' (send_event: 'false' holds the
 * webhook back; payment_method: 'paypal', 'card:apple_pay', ...), 'decline' (payment_method: the
 * method that declines) or 'delayed_payment' (outcome: processing | succeeded | failed).
 * @returns the HTTP status
 */
export async function fakeStripeHelper(
  sessionId: string,
  action: 'pay' | 'decline' | 'delayed_payment',
  params: Record<string, string>,
): Promise<number> {
  const res = await fetch(`${env().STRIPE_API_BASE}/v1/test_helpers/checkout/sessions/${sessionId}/${action}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stripeSecrets().stripe_secret_key}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(params).toString(),
  });
  await res.text();
  return res.status;
}

/**
 * The checkout body of a cart that ships: the seeded free method 'Ritiro in sede' (cost
 * 0, so the totals stay the goods' totals the older tests expect) and a new address of `sub`,
 * written through the repository; with the box of digital content ticked, as a shopper buying it
 * does (the server ignores it for a cart without digital content; the tests of the consent itself
 * send their own bodies).
 */
export async function shipTo(
  sub: string,
): Promise<{ shipping_method_id: string; address_id: string; digital_consent: boolean }> {
  const pickUp = (await listShippingMethods()).find((m) => m.name === 'Ritiro in sede' && m.cost_cents === 0);
  if (!pickUp) throw new Error("the seeded shipping method 'Ritiro in sede' is missing");
  const address_id = randomUUID();
  const at = new Date().toISOString();
  await createAddress({
    id: address_id,
    user_id: sub,
    full_name: 'Mario Rossi',
    line1: 'Via Roma 1',
    line2: null,
    postal_code: '20121',
    city: 'Milano',
    province: 'MI',
    country: 'IT',
    phone: null,
    is_default: true,
    created_at: at,
    updated_at: at,
  });
  return { shipping_method_id: pickUp.id, address_id, digital_consent: true };
}

/**
 * The checkout body for the signed-in caller of `token` (its id from GET /api/me): shipTo(id). For
 * tests that go through the API with a real token.
 */
export async function shipToCaller(
  token: string,
): Promise<{ shipping_method_id: string; address_id: string; digital_consent: boolean }> {
  const me = await api<{ id: string }>('GET', '/api/me', { token });
  return shipTo(me.body.id);
}
