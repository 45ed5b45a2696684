/**
 * The fake Stripe's state (in memory: a restart forgets every object, as a fresh test-mode account
 * would have none) and the pieces every API area shares: ids, the request shape, the error shape.
 */
import { randomBytes } from 'node:crypto';
import type { FakeCoupon, FakeInvoice, FakePrice, FakeSession, FakeStripeOptions, FakeSubscription } from './types';
import type { WebhookSender } from './webhooks';

/** Every object of the fake account, by id. */
export interface FakeStripeStore {
  sessions: Map<string, FakeSession>;
  coupons: Map<string, FakeCoupon>;
  prices: Map<string, FakePrice>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  /** Idempotency key (prefixed by area) -> the id of the object the first request created. */
  idempotency: Map<string, string>;
}

export function createStore(): FakeStripeStore {
  return {
    sessions: new Map(),
    coupons: new Map(),
    prices: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    idempotency: new Map(),
  };
}

/** What an API area needs: the objects, the webhook sender and the options. */
export interface FakeStripeContext {
  store: FakeStripeStore;
  webhooks: WebhookSender;
  opts: FakeStripeOptions;
}

/** A Stripe-like id: `prefix` and `n` random alphanumerics, e.g. rid('cs_test_', 40). */
export const rid = (prefix: string, n = 24) =>
  `${prefix}${randomBytes(n)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, n)}`;

/** Now, Unix seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** One authenticated /v1 request: method, path, the form-encoded body parsed like Stripe (qs), the idempotency key. */
export interface ApiRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

/**
 * An API area's answer to a request: the object to answer with (200), or undefined when the
 * request is not one of the area's routes. Refusals are thrown as StripeApiError.
 */
export type ApiRoute = (req: ApiRequest, ctx: FakeStripeContext) => Promise<unknown> | unknown;

/** A refused request, answered in Stripe's error shape (`{ error: { type, message, param } }`). */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** A session as the API answers it (the fake's own bookkeeping fields left out). */
export function publicSession(s: FakeSession): FakeSession {
  return { ...s, subscription_price: undefined, subscription_metadata: undefined };
}
