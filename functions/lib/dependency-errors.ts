/**
 * Whether an error means "a service the shop depends on is unavailable right now" (throttled,
 * failing on its side, not answering in time) rather than a bug or a refusal. Such a failure is
 * answered 503 with the shop's Italian 'riprova tra poco' (context-handler.ts), never a bare 500:
 * the customer can try again, Stripe retries a webhook, and nothing was done (every write of the
 * shop is one transaction or conditional, so a request cut short leaves nothing half-applied).
 *
 * Recognised, after the clients' own retries (docs/architecture.md, "Timeouts and retries"):
 *  - the AWS SDK's throttling errors (DynamoDB ThrottlingException and
 *    ProvisionedThroughputExceededException, S3 SlowDown, Cognito TooManyRequestsException, SNS
 *    Throttled, Secrets Manager ThrottlingException...) and its server-side errors (`$fault` 'server':
 *    InternalServerError, InternalErrorException, InternalServiceError, 5xx);
 *  - a DynamoDB transaction cancelled because an item was throttled (reason 'ThrottlingError');
 *  - the data layer's BatchIncompleteError (keys DynamoDB kept leaving unprocessed);
 *  - timeouts and lost connections (TimeoutError, RequestTimeout, ECONNRESET, ECONNREFUSED, ETIMEDOUT);
 *  - Stripe's connection, API (5xx) and rate-limit errors;
 *  - Powertools Parameters' GetParameterError wrapping one of these (a secret that could not be read).
 */

const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'SlowDown',
  'TooManyRequestsException',
  'Throttled',
  'Throttling',
  'ThrottledException',
  'LimitExceededException',
]);

const UNREACHABLE = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'BatchIncompleteError']);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const STRIPE_UNAVAILABLE = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

interface ErrorShape {
  name?: string;
  code?: string;
  type?: string;
  $fault?: string;
  $metadata?: { httpStatusCode?: number };
  CancellationReasons?: { Code?: string }[];
  cause?: unknown;
}

/** Whether `error` (or the error it wraps) is a dependency being unavailable; see the module comment. */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as ErrorShape;
  const name = e.name ?? '';
  if (THROTTLING.has(name) || UNREACHABLE.has(name)) return true;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  if (STRIPE_UNAVAILABLE.has(e.type ?? '') || STRIPE_UNAVAILABLE.has(name)) return true;
  if (name === 'TransactionCanceledException')
    return (e.CancellationReasons ?? []).some((r) => r.Code === 'ThrottlingError');
  if (e.$fault === 'server' || (e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return isDependencyUnavailable(e.cause, depth + 1);
}
