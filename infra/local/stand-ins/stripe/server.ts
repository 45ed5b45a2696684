/**
 * An in-repo fake of the Stripe API for the local runtime and the tests. The real `stripe` SDK
 * talks to it (host/port/protocol), so the functions' code path is the production one.
 *
 * Every /v1 call needs one of the account's secret keys (401 'Invalid API Key provided'
 * otherwise, like Stripe); bodies are form-encoded like Stripe's (GET and DELETE parameters come
 * in the query string). As strict as Stripe (strict.ts): an endpoint Stripe does not have here is
 * 404, a parameter its published types do not have is `parameter_unknown`, an API version other
 * than the SDK's is refused, and no answer carries a field Stripe does not send. Idempotency as
 * Stripe does it (below). The API areas, one file each:
 *  - checkout-sessions.ts: sessions (payment and subscription mode, coupons, shipping, expiry) and
 *    their test helpers (pay, decline, delayed payments); payment-methods.ts: the methods a session
 *    offers and what a payment with each leaves behind;
 *  - payments.ts: the PaymentIntent and Charge a paid session makes (a declined attempt's too);
 *    refunds.ts: refunds and their events, with a test helper that makes a refund fail;
 *  - prices.ts, subscriptions.ts (with the test clock), coupons.ts;
 *  - account.ts: the account and balance the admin's 'Verifica' reads.
 * hosted-page.ts is the page the shopper pays on ('Paga', 'Annulla'); webhooks.ts signs and posts
 * the events to the shop's webhook route. Open sessions past expires_at expire on their own and
 * send checkout.session.expired.
 */
import http from 'node:http';
import qs from 'qs';
import { accountRoutes } from './account';
import { checkoutSessionRoutes, expireDueSessions, paySession } from './checkout-sessions';
import { couponRoutes } from './coupons';
import { handleHostedPage } from './hosted-page';
import { paymentRoutes } from './payments';
import { priceRoutes } from './prices';
import { refundRoutes } from './refunds';
import {
  createStore,
  loadStore,
  nowSeconds,
  saveStore,
  rid,
  StripeApiError,
  type ApiRoute,
  type FakeStripeContext,
} from './store';
import { assertApiVersion, assertKnownParams, assertStripeFields, endpointOf } from './strict';
import { subscriptionRoutes } from './subscriptions';
import type { FakeStripe, FakeStripeOptions } from './types';
import { createWebhookSender, webhookDeliveryRoutes } from './webhooks';
import { applyStripeFault } from './faults';

export { DASHBOARD_PAYMENT_METHODS } from './payment-methods';
export { FAKE_API_VERSION } from './strict';
export type * from './types';

/** The API areas, asked in this order; the first that answers wins. */
const API_ROUTES: ApiRoute[] = [
  accountRoutes,
  priceRoutes,
  subscriptionRoutes,
  couponRoutes,
  checkoutSessionRoutes,
  paymentRoutes,
  refundRoutes,
  webhookDeliveryRoutes,
];

/** How often open sessions are checked for expiry, milliseconds. */
const EXPIRY_SWEEP_MS = 5000;
/** How often a changed account is written to its state file. */
const SAVE_MS = 500;

/**
 * How long an idempotency key is kept. Stripe: "You can remove keys from the system automatically
 * after they're at least 24 hours old" (Idempotent requests).
 */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/** Stripe's error body. */
function errorBody(e: StripeApiError): unknown {
  return {
    error: {
      type: e.type,
      message: e.message,
      ...(e.code ? { code: e.code, doc_url: `https://docs.stripe.com/error-codes/${e.code.replace(/_/g, '-')}` } : {}),
      ...(e.param ? { param: e.param } : {}),
    },
  };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req_', 14) });
  res.end(JSON.stringify(body));
}

/** Runs the request through the API areas: the answer (status 200) or the area's refusal. */
async function dispatch(
  ctx: FakeStripeContext,
  request: Parameters<ApiRoute>[0],
): Promise<{ status: number; body: unknown; validation: boolean }> {
  try {
    for (const route of API_ROUTES) {
      const answer = await route(request, ctx);
      if (answer !== undefined) {
        assertStripeFields(answer);
        return { status: 200, body: answer, validation: false };
      }
    }
    return {
      status: 404,
      body: errorBody(new StripeApiError(404, `Unrecognized request URL (${request.method}: ${request.path}).`)),
      validation: true,
    };
  } catch (error) {
    if (error instanceof StripeApiError)
      return { status: error.status, body: errorBody(error), validation: error.status === 400 };
    return {
      status: 500,
      body: errorBody(new StripeApiError(500, (error as Error).message, undefined, undefined, 'api_error')),
      validation: false,
    };
  }
}

/**
 * Answers one /v1 request: the secret key, the API version, the endpoint and its parameters, then
 * the first API area that knows the route.
 *
 * Idempotency (Stripe, "Idempotent requests"): "Stripe's idempotency works by saving the resulting
 * status code and body of the first request made for any given idempotency key, regardless of
 * whether it succeeds or fails. Subsequent requests with the same key return the same result,
 * including 500 errors." and "The idempotency layer compares incoming parameters to those of the
 * original request and errors if they're not the same to prevent accidental misuse." "Results are
 * only saved if an API endpoint started executing. If incoming parameters failed validation [...]
 * no idempotent result is saved."
 */
async function handleApi(
  ctx: FakeStripeContext,
  req: http.IncomingMessage,
  url: URL,
  body: string,
  res: http.ServerResponse,
): Promise<void> {
  const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  if (!ctx.opts.secretKeys().includes(key)) {
    send(res, 401, errorBody(new StripeApiError(401, 'Invalid API Key provided')));
    return;
  }
  const method = req.method ?? 'GET';
  const raw = method === 'POST' ? body : url.search.slice(1);
  const params = qs.parse(raw, { arrayLimit: 1000, depth: 10 }) as Record<string, unknown>;
  const endpoint = endpointOf(method, url.pathname);
  const header = req.headers['idempotency-key'];
  const idempotencyKey = typeof header === 'string' ? header : undefined;
  try {
    const version = req.headers['stripe-version'];
    assertApiVersion(typeof version === 'string' ? version : undefined);
    // The fake's own test helpers are not Stripe endpoints; everything else must be one.
    if (endpoint) assertKnownParams(endpoint, params);
    else if (!url.pathname.startsWith('/v1/test_helpers/'))
      throw new StripeApiError(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
  } catch (error) {
    const e = error as StripeApiError;
    send(res, e.status, errorBody(e));
    return;
  }
  const request = { method, path: url.pathname, endpoint, params, idempotencyKey };
  if (method !== 'POST' || idempotencyKey === undefined) {
    const answer = await dispatch(ctx, request);
    send(res, answer.status, answer.body);
    return;
  }
  const saved = ctx.store.idempotency.get(idempotencyKey);
  const fingerprint = JSON.stringify(params);
  if (saved && saved.saved_at > nowSeconds() - IDEMPOTENCY_TTL_SECONDS) {
    if (saved.endpoint !== `${method} ${url.pathname}`) {
      send(
        res,
        400,
        errorBody(
          new StripeApiError(
            400,
            `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.endpoint}' vs '${method} ${url.pathname}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            undefined,
            undefined,
            'idempotency_error',
          ),
        ),
      );
      return;
    }
    if (saved.params !== fingerprint) {
      send(
        res,
        400,
        errorBody(
          new StripeApiError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            undefined,
            undefined,
            'idempotency_error',
          ),
        ),
      );
      return;
    }
    res.setHeader('idempotent-replayed', 'true');
    send(res, saved.status, saved.body);
    return;
  }
  const answer = await dispatch(ctx, request);
  if (!answer.validation)
    ctx.store.idempotency.set(idempotencyKey, {
      endpoint: `${method} ${url.pathname}`,
      params: fingerprint,
      status: answer.status,
      // the body as it was then: a later change of the object does not change the replay
      body: structuredClone(answer.body),
      saved_at: nowSeconds(),
    });
  send(res, answer.status, answer.body);
}

/** Starts the fake on `port` (127.0.0.1). */
export async function startFakeStripe(opts: FakeStripeOptions): Promise<FakeStripe> {
  const { stateFile } = opts;
  const store = stateFile ? loadStore(stateFile) : createStore();
  const webhooks = createWebhookSender(store, opts);
  const ctx: FakeStripeContext = { store, webhooks, opts };
  // With a state file, whatever may have changed the account (any request but a read, an expiry
  // sweep) marks it for the next save; saves run at most once per SAVE_MS and at stop.
  let dirty = false;
  const save = () => {
    if (!stateFile || !dirty) return;
    dirty = false;
    saveStore(store, stateFile);
  };

  const server = http.createServer(async (req, res) => {
    if (req.method !== 'GET') res.once('finish', () => (dirty = true));
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      if (await handleHostedPage(ctx, req.method ?? 'GET', url, body, res)) return;
      if (!url.pathname.startsWith('/v1/')) {
        res.writeHead(404).end();
        return;
      }
      // a fault switched on for this call (faults.ts): an error, or an answer that never comes
      if (await applyStripeFault(opts.faultsFile, req, url, res, (into) => handleApi(ctx, req, url, body, into))) {
        dirty = true;
        return;
      }
      await handleApi(ctx, req, url, body, res);
    } catch (error) {
      if (!res.headersSent)
        send(res, 500, errorBody(new StripeApiError(500, (error as Error).message, undefined, undefined, 'api_error')));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const timer = setInterval(() => {
    const now = nowSeconds();
    for (const { session } of store.sessions.values())
      if (session.status === 'open' && session.expires_at <= now) dirty = true;
    expireDueSessions(ctx);
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  const saver = stateFile ? setInterval(save, SAVE_MS) : undefined;
  saver?.unref();
  return {
    url: `http://127.0.0.1:${opts.port}`,
    sessions: store.sessions,
    subscriptions: store.subscriptions,
    sendSubscriptionEvent: webhooks.sendSubscriptionEvent,
    pay: async (id, method) => {
      await paySession(ctx, id, method);
      dirty = true;
    },
    sendEvent: webhooks.sendEvent,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        clearInterval(saver);
        save();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
