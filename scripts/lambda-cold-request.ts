/**
 * A cold request per Lambda bundle: a fresh node process imports the bundle (module init) and
 * invokes its handler once with a request whose work reaches the local runtime's stand-ins: its
 * first DynamoDB round trip to DynamoDB Local (the SDK's client set-up, credentials, endpoint and
 * connection included), or for the Cognito trigger that reads no table, its Cognito call. Timed as
 * scripts/lambda-init.ts times init: turns of a bare `node -e 0` and the request's process, the
 * median of the differences. A request that fails (an error answer, a thrown error) fails the run.
 * Used by `npm run bench`, against a running local runtime (infra/local/stack.ts).
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { MFA_CLAIM } from '../shared/mfa';
import { lambdaEnv, measureTurns, type TurnsResult, type Variant } from './lambda-init';

/** A demo account's identity as the authorizer passes it. */
export interface Caller {
  sub: string;
  email: string;
}

/** What the requests need from the running local runtime. */
export interface ColdRequestContext {
  /** The functions' environment of the local runtime (table, endpoints, pool, secrets). */
  env: Record<string, string>;
  customer: Caller;
  collaborator: Caller;
  admin: Caller;
  userPoolId: string;
  /** The Stripe webhook signing secret the local runtime's payment settings hold. */
  webhookSecret: string;
}

/** One bundle's request: the event, and a JS expression over `r` (the handler's result) that is true for a good answer. */
interface ColdRequest {
  event: unknown;
  ok: string;
}

/** A payload-v2 API Gateway event for `routeKey` ('GET /api/me'), with the caller's claims when given. */
function apiEvent(
  routeKey: string,
  claims: Record<string, unknown> | null,
  opts: { body?: string; headers?: Record<string, string> } = {},
) {
  const [method, rawPath] = routeKey.split(' ') as [string, string];
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...opts.headers },
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    },
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    isBase64Encoded: false,
  };
}

const claims = (c: Caller, groups: string[], mfa: string) => ({
  sub: c.sub,
  email: c.email,
  'cognito:groups': groups,
  [MFA_CLAIM]: mfa,
});

const API_OK = 'r.statusCode < 400';

/**
 * The request each bundle answers cold: a read (or a refused conditional write) that reaches the
 * table and changes nothing:
 *  - the API contexts: a route of theirs as its caller (public, customer or staff);
 *  - webhooks: a signed checkout.session.expired for an unknown checkout (secret read, Stripe SDK
 *    loaded, signature checked, the reservation looked up);
 *  - post-confirmation: the confirmation of an existing customer (its profile Put IF NOT EXISTS refused);
 *  - pre-token-generation: a staff sign-in (the MFA settings read from Cognito: it reads no table);
 *  - release-reservations: the scheduled sweep; stock-sync: a delivery for an unknown run.
 */
export function coldRequests(ctx: ColdRequestContext): Record<string, ColdRequest> {
  const customer = claims(ctx.customer, [], 'none');
  const collaborator = claims(ctx.collaborator, ['collaborator'], 'totp');
  const admin = claims(ctx.admin, ['admin'], 'sms');
  const expired = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'checkout.session.expired',
    data: {
      object: {
        id: `cs_test_${randomUUID().replace(/-/g, '')}`,
        object: 'checkout.session',
        mode: 'payment',
        client_reference_id: randomUUID(),
        metadata: {},
      },
    },
  });
  // The signature's timestamp is checked within the handler's tolerance (minutes): the bench's
  // webhook runs take seconds.
  const signature = new Stripe('sk_test_bench').webhooks.generateTestHeaderString({
    payload: expired,
    secret: ctx.webhookSecret,
  });
  const cognitoEvent = (triggerSource: string, who: Caller, request: Record<string, unknown>) => ({
    version: '1',
    triggerSource,
    region: ctx.env.AWS_REGION,
    userPoolId: ctx.userPoolId,
    userName: who.email,
    callerContext: { awsSdkVersion: 'bench', clientId: 'bench' },
    request: { userAttributes: { sub: who.sub, email: who.email }, ...request },
    response: {},
  });
  return {
    catalog: { event: apiEvent('GET /api/products', null), ok: API_OK },
    account: { event: apiEvent('GET /api/me', customer), ok: API_OK },
    cart: { event: apiEvent('GET /api/cart', customer), ok: API_OK },
    checkout: { event: apiEvent('GET /api/me/subscription', customer), ok: API_OK },
    webhooks: {
      event: apiEvent('POST /api/webhooks/stripe', null, { body: expired, headers: { 'stripe-signature': signature } }),
      ok: `${API_OK} && JSON.parse(r.body).result === 'noop'`,
    },
    admin: { event: apiEvent('GET /api/admin/orders', collaborator), ok: API_OK },
    'admin-catalog': { event: apiEvent('GET /api/admin/inventory-alerts', collaborator), ok: API_OK },
    automations: { event: apiEvent('GET /api/admin/suppliers', admin), ok: API_OK },
    'post-confirmation': {
      event: cognitoEvent('PostConfirmation_ConfirmSignUp', ctx.customer, {}),
      ok: 'r.request.userAttributes.sub !== undefined',
    },
    'pre-token-generation': {
      event: cognitoEvent('TokenGeneration_Authentication', ctx.admin, {
        groupConfiguration: { groupsToOverride: ['admin'], iamRolesToOverride: [], preferredRole: null },
      }),
      ok: `r.response.claimsOverrideDetails.claimsToAddOrOverride[${JSON.stringify(MFA_CLAIM)}] === 'sms'`,
    },
    'release-reservations': { event: {}, ok: "typeof r.released === 'number'" },
    'lift-expired-bans': { event: {}, ok: "typeof r.lifted === 'number'" },
    'erase-orphan-profiles': { event: {}, ok: "typeof r.checked === 'number'" },
    'reconcile-payments': { event: {}, ok: "typeof r.orders.checked === 'number'" },
    'stock-sync': { event: { run_id: `bench-${randomUUID()}` }, ok: 'r.skipped === true' },
  };
}

/** The script of one cold request's process: import, invoke once, check the answer. */
function requestScript(bundleUrl: string, fn: string, request: ColdRequest): string {
  return `
    const { handler } = await import(${JSON.stringify(bundleUrl)});
    const context = {
      functionName: 'aurum-${fn}-bench', functionVersion: '$LATEST', memoryLimitInMB: '512',
      invokedFunctionArn: 'arn:aws:lambda:eu-south-1:000000000000:function:aurum-${fn}-bench',
      awsRequestId: crypto.randomUUID(), logGroupName: '/aws/lambda/aurum-${fn}-bench', logStreamName: 'bench',
      callbackWaitsForEmptyEventLoop: true, getRemainingTimeInMillis: () => 10000,
      done() {}, fail() {}, succeed() {},
    };
    const r = await handler(${JSON.stringify(request.event)}, context);
    if (!(${request.ok})) { console.error('unexpected answer', JSON.stringify(r).slice(0, 800)); process.exit(1); }`;
}

/**
 * Measures a cold request of each bundle of each variant, in turns with a bare node.
 * @param runs turns per bundle
 * @param variants builds to measure side by side (label, folder of <name>/index.mjs)
 * @param ctx the running local runtime's environment, accounts and secrets
 * @returns per bundle, the bare node's median and each variant's cold request over it, ms
 */
export function measureColdRequests(
  runs: number,
  variants: Variant[],
  ctx: ColdRequestContext,
): Promise<TurnsResult[]> {
  const requests = coldRequests(ctx);
  const { POWERTOOLS_DEV: _dev, ...env } = ctx.env;
  return measureTurns(
    runs,
    variants,
    (bundleUrl, fn) => requestScript(bundleUrl, fn, requests[fn]!),
    (fn) => lambdaEnv(fn, { ...env, LOG_LEVEL: 'WARN' }),
    Object.keys(requests),
  );
}
