/**
 * The fake Stripe's state and the pieces every API area shares: ids, the request shape, the error
 * shape. The state lives in memory; with a state file (the local runtime's data folder) it survives
 * a restart, as a real account's objects do, so the shop's stored Price, customer and subscription
 * ids keep naming objects that exist. Tests start without one: a fresh test-mode account.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type {
  FakeCharge,
  FakeCoupon,
  FakeInvoice,
  FakeInvoicePayment,
  FakePaymentIntent,
  FakePaymentMethod,
  FakePrice,
  FakeRefund,
  FakeSessionRecord,
  FakeStripeOptions,
  FakeSubscription,
} from './types';
import type { WebhookSender } from './webhooks';

/** The first answer to an idempotency key: the request it was for and what was answered. */
export interface SavedResponse {
  endpoint: string;
  /** The request's parameters, serialised (a later request with the same key must send the same). */
  params: string;
  status: number;
  body: unknown;
  /** Unix seconds; Stripe keeps a key for at least 24 hours. */
  saved_at: number;
}

/** Every object of the fake account, by id. */
export interface FakeStripeStore {
  sessions: Map<string, FakeSessionRecord>;
  coupons: Map<string, FakeCoupon>;
  prices: Map<string, FakePrice>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  invoicePayments: Map<string, FakeInvoicePayment>;
  paymentIntents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  refunds: Map<string, FakeRefund>;
  /** PaymentMethods used to pay (the fake's own record: not served). */
  paymentMethods: Map<string, FakePaymentMethod>;
  /** Idempotency key -> the first answer given for it. */
  idempotency: Map<string, SavedResponse>;
}

export function createStore(): FakeStripeStore {
  return {
    sessions: new Map(),
    coupons: new Map(),
    prices: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    invoicePayments: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    paymentMethods: new Map(),
    idempotency: new Map(),
  };
}

/** Version of the state file's layout; a file of another version starts an empty account. */
const STATE_VERSION = 1;

/**
 * The store saved in `file` (saveStore), or an empty one when the file is missing, damaged or of
 * another layout version.
 */
export function loadStore(file: string): FakeStripeStore {
  const store = createStore();
  if (!fs.existsSync(file)) return store;
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: number; maps?: Record<string, unknown> };
    if (saved.version !== STATE_VERSION || !saved.maps) return store;
    for (const [name, map] of Object.entries(store) as [keyof FakeStripeStore, Map<string, unknown>][]) {
      const entries = saved.maps[name];
      if (Array.isArray(entries)) for (const [id, value] of entries as [string, unknown][]) map.set(id, value);
    }
  } catch {
    // A damaged state file starts an empty account, as a first start does.
  }
  // Charges saved before the fake recorded payment methods were card payments.
  for (const charge of store.charges.values()) {
    charge.payment_method_details ??= { type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } };
    charge.payment_method ??= '';
    charge.failure_code ??= null;
    charge.failure_message ??= null;
  }
  for (const intent of store.paymentIntents.values()) {
    intent.payment_method ??= null;
    intent.last_payment_error ??= null;
  }
  return store;
}

/** Writes every object of `store` to `file` (through a temporary file, so a crash never leaves half a file). */
export function saveStore(store: FakeStripeStore, file: string): void {
  const maps = Object.fromEntries(
    Object.entries(store).map(([name, map]) => [name, [...(map as Map<string, unknown>)]]),
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ version: STATE_VERSION, maps }));
  fs.renameSync(tmp, file);
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

/**
 * One authenticated /v1 request: method, path, the endpoint it matched (`POST /v1/refunds`), the
 * form-encoded body or query string parsed like Stripe (qs), the idempotency key.
 */
export interface ApiRequest {
  method: string;
  path: string;
  endpoint: string | null;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

/**
 * An API area's answer to a request: the object to answer with (200), or undefined when the
 * request is not one of the area's routes. Refusals are thrown as StripeApiError.
 */
export type ApiRoute = (req: ApiRequest, ctx: FakeStripeContext) => Promise<unknown> | unknown;

/** A refused request, answered in Stripe's error shape (`{ error: { type, code, message, param } }`). */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error' = 'invalid_request_error',
  ) {
    super(message);
  }
}

/** The `expand` parameter of a request, as a list of paths. */
export function expansions(params: Record<string, unknown>): string[] {
  const e = params.expand;
  if (e === undefined) return [];
  return (Array.isArray(e) ? e : typeof e === 'object' && e ? Object.values(e) : [e]).map(String);
}

/**
 * Refuses an expansion the object does not offer. Stripe: "This property cannot be expanded ({path})."
 * @throws StripeApiError 400
 */
export function assertExpandable(params: Record<string, unknown>, allowed: readonly string[]): string[] {
  const asked = expansions(params);
  const bad = asked.find((p) => !allowed.includes(p));
  if (bad) throw new StripeApiError(400, `This property cannot be expanded (${bad}).`, 'expand');
  return asked;
}

/** A list as Stripe answers one (`object: 'list'`). */
export function apiList<T>(
  data: T[],
  url: string,
  hasMore = false,
): { object: 'list'; data: T[]; has_more: boolean; url: string } {
  return { object: 'list', data, has_more: hasMore, url };
}

/**
 * One page of a list endpoint, as Stripe pages it (API reference, "Pagination"): newest first,
 * `created` as a timestamp or a range (`gt`, `gte`, `lt`, `lte`), `limit` 1-100 (default 10),
 * `starting_after` the id of the last object of the previous page; `has_more` says whether more follow.
 * @param newestFirst every object of the list, newest first
 * @throws StripeApiError 400 for a limit outside 1-100 or an unknown `starting_after`
 */
export function listPage<T extends { id: string; created: number }>(
  newestFirst: T[],
  params: Record<string, unknown>,
  url: string,
): ReturnType<typeof apiList<T>> {
  const limit = Number(params.limit ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new StripeApiError(
      400,
      'This value must be greater than or equal to 1 and less than or equal to 100.',
      'limit',
    );
  const created = params.created;
  const range =
    created === undefined
      ? {}
      : typeof created === 'object' && created !== null
        ? (created as Record<string, string>)
        : { gte: String(created), lte: String(created) };
  const within = (t: number) =>
    (range.gt === undefined || t > Number(range.gt)) &&
    (range.gte === undefined || t >= Number(range.gte)) &&
    (range.lt === undefined || t < Number(range.lt)) &&
    (range.lte === undefined || t <= Number(range.lte));
  let found = newestFirst.filter((o) => within(o.created));
  if (params.starting_after !== undefined) {
    const at = found.findIndex((o) => o.id === params.starting_after);
    if (at < 0) throw new StripeApiError(400, `No such object: '${String(params.starting_after)}'`, 'starting_after');
    found = found.slice(at + 1);
  }
  return apiList(found.slice(0, limit), url, found.length > limit);
}
