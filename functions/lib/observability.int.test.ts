/**
 * Observability and audit as production writes them, read from what
 * the real handlers print on stdout: Powertools JSON log lines with the Lambda context and the
 * request's correlation id, CloudWatch EMF lines for the business metrics, one structured audit
 * line per staff write; and the audit enforcement (a staff write answering 2xx without an audit
 * entry fails with 500). Handlers run in this worker against the local stand-ins, each as its
 * function (grants checked), with the production logger settings (INFO, no dev formatting) and
 * metrics on.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type Stripe from 'stripe';
import type { ApiHandler, Operations } from './context-handler';

// Production settings, before the logger and metrics are created (modules below are imported
// dynamically for that reason, from a module registry of this file's own: the integration files
// share one, vitest.config.ts): INFO lines, one JSON object per line, metrics published.
Object.assign(process.env, inject('localEnv'));
const settingsBefore = {
  LOG_LEVEL: process.env.LOG_LEVEL,
  POWERTOOLS_DEV: process.env.POWERTOOLS_DEV,
  POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED,
};
process.env.LOG_LEVEL = 'INFO';
delete process.env.POWERTOOLS_DEV;
process.env.POWERTOOLS_METRICS_DISABLED = 'false';
vi.resetModules();
const { distributionEventFor: eventFor, invoke } = await import('../../test/support/invoke');
const { localLambdaContext, runAsFunction } = await import('../../test/support/local-runtime');
const { shipTo, stripeSecrets } = await import('../../test/support/checkout');

// Powertools writes INFO lines and EMF to stdout, WARN and ERROR lines to stderr.
let out: string[] = [];
const capture = (chunk: string | Uint8Array) => {
  out.push(String(chunk));
  return true;
};
const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
afterAll(() => {
  stdout.mockRestore();
  stderr.mockRestore();
  // The next file gets the runtime's settings and modules created with them.
  for (const [name, value] of Object.entries(settingsBefore))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  vi.resetModules();
});

/** The JSON lines printed since the last call (each write may hold several lines). */
function printed(): Record<string, unknown>[] {
  const lines = out
    .join('')
    .split('\n')
    .filter((l) => l.trim().startsWith('{'));
  out = [];
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}

interface Emf {
  _aws: {
    CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
  };
  [key: string]: unknown;
}
const emfLines = (lines: Record<string, unknown>[]) => lines.filter((l) => '_aws' in l) as Emf[];
const metricNames = (lines: Record<string, unknown>[]) =>
  emfLines(lines).flatMap((l) => l._aws.CloudWatchMetrics.flatMap((m) => m.Metrics.map((x) => x.Name)));

let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;
const env = () => inject('localEnv');
const claims = (sub: string) => ({ sub, email: `${sub.slice(0, 8)}@example.com` });

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('../checkout/index'));
  ({ handler: webhooks } = await import('../webhooks/index'));
});

/** A product with stock, in a new shopper's cart. */
async function shopperWithCart(): Promise<string> {
  const { putProduct } = await import('../data/catalog-repository');
  const id = randomUUID();
  await putProduct({
    id,
    name: `Corda di prova ${id.slice(0, 4)}`,
    description: 'Prodotto di prova',
    price_cents: 1500,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 0,
    reviews: 0,
    is_digital: false,
    digital_asset_id: null,
    quantity: 5,
    premium_tier: 'none',
    supplier_product_url: null,
    created_at: new Date().toISOString(),
    images: [],
  });
  const sub = randomUUID();
  expect((await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id: id } })).status).toBe(
    200,
  );
  return sub;
}

describe('logs: Lambda context and correlation id on every line', () => {
  it('puts the function, its request id and the API request id on the lines of an invocation', async () => {
    printed();
    const event = await eventFor('POST /api/webhooks/stripe', {
      body: '{}',
      headers: { 'stripe-signature': 't=1,v1=bad' },
    });
    const context = localLambdaContext('webhooks');
    const result = await runAsFunction('webhooks', () => webhooks(event, context));
    expect(result.statusCode).toBe(400);
    const logs = printed().filter((l) => 'level' in l);
    expect(logs.length).toBeGreaterThan(0);
    for (const line of logs) {
      expect(line).toMatchObject({
        service: 'aurum-shop',
        function_name: 'aurum-webhooks-local',
        function_request_id: context.awsRequestId,
        correlation_id: event.requestContext.requestId,
      });
      expect(typeof line.cold_start).toBe('boolean');
    }
    expect(logs.map((l) => l.message)).toContain('webhook signature rejected');
  });

  it('does the same for scheduled jobs and Cognito triggers (Lambda request id as correlation id)', async () => {
    printed();
    const { handler: sweep } = await import('../jobs/release-reservations');
    const jobContext = localLambdaContext('release-reservations');
    const swept = await runAsFunction('release-reservations', () => sweep({}, jobContext));
    expect(swept).toEqual({ released: expect.any(Number), fulfilled: expect.any(Number) });
    const jobLine = printed().find((l) => l.message === 'reservation sweep')!;
    expect(jobLine).toMatchObject({
      function_name: 'aurum-release-reservations-local',
      correlation_id: jobContext.awsRequestId,
    });

    const { handler: preToken } = await import('../triggers/pre-token-generation');
    const triggerContext = localLambdaContext('pre-token-generation');
    const event = {
      userPoolId: 'eu-south-1_nosuchpool',
      userName: 'nobody',
      request: { userAttributes: {} },
      response: {},
    } as never;
    const answered = await runAsFunction('pre-token-generation', () => preToken(event, triggerContext));
    // Unreadable MFA settings: the token says 'none' (staff routes stay closed), sign-in goes on.
    expect(
      (answered as { response: { claimsOverrideDetails: { claimsToAddOrOverride: Record<string, string> } } }).response
        .claimsOverrideDetails.claimsToAddOrOverride,
    ).toEqual({ aurum_mfa: 'none' });
    const triggerLine = printed().find((l) => String(l.message).startsWith('pre-token-generation'))!;
    expect(triggerLine).toMatchObject({
      level: 'ERROR',
      function_name: 'aurum-pre-token-generation-local',
      correlation_id: triggerContext.awsRequestId,
    });
  });
});

describe('metrics: CloudWatch EMF for the business events', () => {
  it('counts WebhookRejected for a bad signature, in the AurumFitness namespace by service and stage', async () => {
    printed();
    await invoke(webhooks, 'POST /api/webhooks/stripe', { body: '{}', headers: { 'stripe-signature': 't=1,v1=bad' } });
    const emf = emfLines(printed());
    expect(emf).toHaveLength(1);
    const [directive] = emf[0]!._aws.CloudWatchMetrics;
    expect(directive).toMatchObject({
      Namespace: 'AurumFitness',
      Metrics: [{ Name: 'WebhookRejected', Unit: 'Count' }],
    });
    expect(directive!.Dimensions[0]!.sort()).toEqual(['service', 'stage']);
    expect(emf[0]).toMatchObject({ WebhookRejected: 1, service: 'aurum-shop', stage: 'local' });
  });

  it('counts CheckoutFailed when no session can be made (empty cart)', async () => {
    printed();
    const failed = await invoke(checkout, 'POST /api/checkout/session', { claims: claims(randomUUID()) });
    expect(failed.status).toBe(400);
    expect(metricNames(printed())).toEqual(['CheckoutFailed']);
  });

  it('counts OrderCreated once for a paid session, and ReservationReleased for an expired one', async () => {
    const { default: StripeSdk } = await import('stripe');
    const stripe = new StripeSdk(stripeSecrets().stripe_secret_key, {
      host: new URL(env().STRIPE_API_BASE!).hostname,
      port: Number(new URL(env().STRIPE_API_BASE!).port),
      protocol: 'http',
    });
    const buyer = await shopperWithCart();
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: claims(buyer),
      body: await shipTo(buyer),
    });
    expect(created.status).toBe(201);
    const session: Stripe.Checkout.Session = await stripe.checkout.sessions.retrieve(created.body.sessionId);
    const deliver = (type: string, object: object) => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: stripeSecrets().stripe_webhook_secret,
      });
      return invoke(webhooks, 'POST /api/webhooks/stripe', {
        body: payload,
        headers: { 'stripe-signature': signature },
      });
    };
    printed();
    const paid = { ...session, status: 'complete', payment_status: 'paid' };
    expect((await deliver('checkout.session.completed', paid)).status).toBe(200);
    expect((await deliver('checkout.session.completed', paid)).status).toBe(200);
    expect(metricNames(printed())).toEqual(['OrderCreated']);

    const quitter = await shopperWithCart();
    const second = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: claims(quitter),
      body: await shipTo(quitter),
    });
    const expired = { ...(await stripe.checkout.sessions.retrieve(second.body.sessionId)), status: 'expired' };
    printed();
    expect((await deliver('checkout.session.expired', expired)).status).toBe(200);
    expect((await deliver('checkout.session.expired', expired)).status).toBe(200);
    expect(metricNames(printed())).toEqual(['ReservationReleased']);
  });
});

describe('audit of staff writes', () => {
  /** A handler of the admin function whose 'updateOrder' is `op` (the other routes are never called here). */
  async function adminHandlerWith(
    op: Operations<typeof import('../../shared/api/admin').ADMIN_API>['updateOrder'],
  ): Promise<ApiHandler> {
    const { ADMIN_API } = await import('../../shared/api/admin');
    const { ADMIN_OFFERS_API } = await import('../../shared/api/admin-offers');
    const { ADMIN_MESSAGES_API } = await import('../../shared/api/admin-messages');
    const { createContextHandler } = await import('./context-handler');
    const routes = { ...ADMIN_API, ...ADMIN_OFFERS_API, ...ADMIN_MESSAGES_API };
    const unused = async () => {
      throw new Error('not called');
    };
    const ops = Object.fromEntries(Object.keys(routes).map((k) => [k, unused])) as unknown as Operations<typeof routes>;
    return createContextHandler('admin', routes, { ...ops, updateOrder: op });
  }
  const admin = () => inject('localAccounts').find((a) => a.role === 'admin')!;
  const adminClaims = () => ({
    sub: admin().sub,
    email: admin().email,
    'cognito:groups': ['admin'],
    aurum_mfa: 'sms',
    auth_time: String(Math.floor(Date.now() / 1000)),
  });

  it('writes one structured audit line: who, what, the changed fields (secrets masked), with the request correlation id', async () => {
    const target = randomUUID();
    const handler = await adminHandlerWith(async (req) => {
      await req.audit({
        action: 'order.update',
        target_type: 'order',
        target_id: target,
        before: { status: 'In elaborazione', api_key: 'old' },
        after: { status: 'Spedito', api_key: 'new' },
      });
      return { statusCode: 200, headers: {}, body: '{}' } as never;
    });
    printed();
    const event = await eventFor('PATCH /api/admin/orders/{id}', {
      pathParameters: { id: target },
      body: { status: 'Spedito' },
      claims: adminClaims(),
    });
    const result = await runAsFunction('admin', () => handler(event, localLambdaContext('admin')));
    expect(result.statusCode).toBe(200);
    const lines = printed().filter((l) => l.message === 'audit');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'INFO',
      function_name: 'aurum-admin-local',
      correlation_id: event.requestContext.requestId,
      actor_id: admin().sub,
      actor_email: admin().email,
      actor_role: 'admin',
      action: 'order.update',
      target_type: 'order',
      target_id: target,
      route: 'PATCH /api/admin/orders/{id}',
      changes: { status: { before: 'In elaborazione', after: 'Spedito' }, api_key: { before: '***', after: '***' } },
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/"(old|new)"/);
    const { listAuditOfTarget } = await import('../data/audit-repository');
    expect((await listAuditOfTarget('order', target)).map((r) => r.action)).toEqual(['order.update']);
  });

  it('fails a staff write that answers 2xx without an audit entry (500), and records nothing', async () => {
    const target = randomUUID();
    const handler = await adminHandlerWith(async () => ({ statusCode: 200, headers: {}, body: '{}' }) as never);
    const event = await eventFor('PATCH /api/admin/orders/{id}', {
      pathParameters: { id: target },
      body: { status: 'Spedito' },
      claims: adminClaims(),
    });
    const result = await runAsFunction('admin', () => handler(event, localLambdaContext('admin')));
    expect(result.statusCode).toBe(500);
    const { listAuditOfTarget } = await import('../data/audit-repository');
    expect(await listAuditOfTarget('order', target)).toEqual([]);
  });
});
