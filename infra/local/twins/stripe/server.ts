/**
 * An in-repo fake of the Stripe API for the local runtime and the tests. The real `stripe` SDK
 * talks to it (host/port/protocol), so the functions' code path is the production one.
 *
 * Every /v1 call needs one of the account's secret keys (401 'Invalid API Key provided'
 * otherwise, like Stripe); bodies are form-encoded like Stripe's. The API areas, one file each:
 *  - checkout-sessions.ts: sessions (payment and subscription mode, coupons, shipping, expiry) and
 *    their test helpers (pay, delayed payments);
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
import { priceRoutes } from './prices';
import { createStore, rid, StripeApiError, type ApiRoute, type FakeStripeContext } from './store';
import { subscriptionRoutes } from './subscriptions';
import type { FakeStripe, FakeStripeOptions } from './types';
import { createWebhookSender } from './webhooks';

export { DASHBOARD_PAYMENT_METHODS } from './checkout-sessions';
export type * from './types';

/** The API areas, asked in this order; the first that answers wins. */
const API_ROUTES: ApiRoute[] = [accountRoutes, priceRoutes, subscriptionRoutes, couponRoutes, checkoutSessionRoutes];

/** How often open sessions are checked for expiry, milliseconds. */
const EXPIRY_SWEEP_MS = 5000;

function stripeError(res: http.ServerResponse, status: number, message: string, param?: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } }));
}

function sendJson(res: http.ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': rid('req_', 14) });
  res.end(JSON.stringify(body));
}

/** Answers one /v1 request: the secret key, then the first API area that knows the route. */
async function handleApi(
  ctx: FakeStripeContext,
  req: http.IncomingMessage,
  pathname: string,
  body: string,
  res: http.ServerResponse,
): Promise<void> {
  const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  if (!ctx.opts.secretKeys().includes(key)) {
    stripeError(res, 401, 'Invalid API Key provided');
    return;
  }
  const header = req.headers['idempotency-key'];
  const request = {
    method: req.method ?? 'GET',
    path: pathname,
    params: qs.parse(body) as Record<string, unknown>,
    idempotencyKey: typeof header === 'string' ? header : undefined,
  };
  for (const route of API_ROUTES) {
    const answer = await route(request, ctx);
    if (answer !== undefined) {
      sendJson(res, answer);
      return;
    }
  }
  stripeError(res, 404, `Unrecognized request URL (${req.method}: ${pathname}).`);
}

/** Starts the fake on `port` (127.0.0.1). */
export async function startFakeStripe(opts: FakeStripeOptions): Promise<FakeStripe> {
  const store = createStore();
  const webhooks = createWebhookSender(store, opts);
  const ctx: FakeStripeContext = { store, webhooks, opts };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      if (await handleHostedPage(ctx, req.method ?? 'GET', url.pathname, res)) return;
      if (!url.pathname.startsWith('/v1/')) {
        res.writeHead(404).end();
        return;
      }
      await handleApi(ctx, req, url.pathname, body, res);
    } catch (error) {
      if (error instanceof StripeApiError) stripeError(res, error.status, error.message, error.param);
      else stripeError(res, 500, (error as Error).message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const timer = setInterval(() => expireDueSessions(ctx), EXPIRY_SWEEP_MS);
  timer.unref();
  return {
    url: `http://127.0.0.1:${opts.port}`,
    sessions: store.sessions,
    subscriptions: store.subscriptions,
    sendSubscriptionEvent: webhooks.sendSubscriptionEvent,
    pay: (id) => paySession(ctx, id),
    sendEvent: webhooks.sendEvent,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
