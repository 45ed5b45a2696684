/**
 * Per-client request limits, defined once for the cloud and the local runtime: each becomes a
 * rate-based rule of the shop's WAF web ACL on the CloudFront distribution (edge stack), keyed on
 * the client's IP address, and the local origin (infra/local/origin/rate-limiter.ts) enforces the
 * same limits, so one client looping a route gets 429 while other shoppers go on. They sit in
 * front of the API's stage and route throttles (shared by every client) and the per-user
 * checkout gate (functions/checkout/gate.ts).
 */
import { API_MSG } from '../shared/messages/api-messages';

/** Evaluation windows AWS WAF allows for rate-based rules, seconds. */
export type RateWindowSeconds = 60 | 120 | 300 | 600;

/** One per-IP limit. */
export interface ClientRateLimit {
  /** Rule and metric name (kebab-case). */
  name: string;
  /** Matched method, or null for every method. */
  method: 'POST' | null;
  /** The request path starts with this... */
  pathStartsWith: string;
  /** ...and, when set, ends with this. */
  pathEndsWith?: string;
  /** Requests one IP address may make within the window ("The minimum rate limit is 10", AWS WAF rate-based rule statement). */
  limit: number;
  /** Evaluation window, seconds. */
  windowSeconds: RateWindowSeconds;
}

/**
 * The limits, most specific first. A household or office behind one address still has room:
 * 20 checkout calls (create, cancel, club) in 5 minutes is several attempts per shopper.
 */
export const CLIENT_RATE_LIMITS: readonly ClientRateLimit[] = [
  // Each creation reserves stock and makes up to 3 Stripe calls.
  { name: 'checkout', method: 'POST', pathStartsWith: '/api/checkout/', limit: 20, windowSeconds: 300 },
  // Reviews are also capped per author per hour (AP45); this stops one address creating accounts to post.
  {
    name: 'reviews',
    method: 'POST',
    pathStartsWith: '/api/products/',
    pathEndsWith: '/comments',
    limit: 10,
    windowSeconds: 300,
  },
  // Each sends an email (a confirmation code or link) to an address the caller names: one address
  // cannot use the shop to mail-bomb others. The handlers also cap each address and IP per hour.
  { name: 'signup', method: 'POST', pathStartsWith: '/api/signup', limit: 10, windowSeconds: 300 },
  // Sign-up, confirmation and unsubscribe (one-click from a mail client counts here too).
  { name: 'newsletter', method: 'POST', pathStartsWith: '/api/newsletter', limit: 10, windowSeconds: 300 },
  { name: 'contact', method: 'POST', pathStartsWith: '/api/contact', limit: 10, windowSeconds: 300 },
  // Every API call: far above a shopper's use, far below the stage throttle (100 rps).
  { name: 'api', method: null, pathStartsWith: '/api/', limit: 1500, windowSeconds: 300 },
];

/**
 * One per-IP limit on the user pool's own API (the SPA calls Cognito directly for sign-up, codes and
 * sign-in): a rate-based rule of the regional web ACL associated with the pool (auth stack), matched
 * on the operation's `X-Amz-Target` header ("configure your web ACL rules to match on session data
 * in the headers, path, and body like IP addresses, browser agents, and requested API operations",
 * Amazon Cognito developer guide, Associate an AWS WAF web ACL with a user pool). The local Cognito
 * proxy enforces the same limits (infra/local/stand-ins/cognito-proxy.ts).
 */
export interface CognitoRateLimit {
  name: string;
  /** Cognito API operations counted (X-Amz-Target `AWSCognitoIdentityProviderService.<operation>`). */
  operations: readonly string[];
  /** Requests one IP address may make within the window (WAF's minimum is 10). */
  limit: number;
  windowSeconds: RateWindowSeconds;
}

/** The X-Amz-Target prefix of the Cognito user pools API. */
export const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** The user pool's limits. */
export const COGNITO_RATE_LIMITS: readonly CognitoRateLimit[] = [
  // Each sends a code by email (or SMS to a staff number): no mail bombing or SMS pumping from one address.
  {
    name: 'cognito-codes',
    operations: ['SignUp', 'ResendConfirmationCode', 'ForgotPassword', 'GetUserAttributeVerificationCode'],
    limit: 10,
    windowSeconds: 300,
  },
  // Password guessing from one address (Cognito also slows repeated failures per user).
  { name: 'cognito-sign-in', operations: ['InitiateAuth', 'RespondToAuthChallenge'], limit: 100, windowSeconds: 300 },
];

/** The Cognito limits an operation counts against. */
export function cognitoLimitsOf(operation: string): CognitoRateLimit[] {
  return COGNITO_RATE_LIMITS.filter((l) => l.operations.includes(operation));
}

/** HTTP status of a request over a limit (WAF's custom response; the default would be 403). */
export const RATE_LIMITED_STATUS = 429;

/** Body of that answer, as the API's errors: `{ title, message }` in Italian. */
export const RATE_LIMITED_BODY = JSON.stringify({
  title: API_MSG.rateLimitedTitle,
  message: API_MSG.rateLimited,
});

/** Seconds a client is told to wait (Retry-After): the longest window. */
export const RATE_LIMITED_RETRY_AFTER_SECONDS = Math.max(...CLIENT_RATE_LIMITS.map((l) => l.windowSeconds));

/** The limits a request counts against. */
export function limitsOf(method: string, path: string): ClientRateLimit[] {
  return CLIENT_RATE_LIMITS.filter(
    (l) =>
      (l.method === null || l.method === method) &&
      path.startsWith(l.pathStartsWith) &&
      (l.pathEndsWith === undefined || path.endsWith(l.pathEndsWith)),
  );
}

/**
 * The API stage's default route throttle (requests per second, burst): every route without its own
 * throttle has a bucket of this size (the HTTP API stage's `DefaultRouteSettings`, api stack; the
 * local API adapter enforces the same, infra/local/gateway/throttle.ts).
 */
export const STAGE_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

/**
 * API Gateway's default account quota per Region, shared by every API of the account: "10,000
 * requests per second (RPS) with an additional burst capacity provided by the token bucket
 * algorithm, using a maximum bucket capacity of 5,000 requests" (API Gateway quotas).
 */
export const ACCOUNT_API_THROTTLE = { rateLimit: 10_000, burstLimit: 5_000 } as const;
