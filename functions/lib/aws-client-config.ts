/**
 * Timeouts and retries of every AWS SDK client the functions create (DynamoDB, S3, Cognito, SNS,
 * SES v2, Secrets Manager, SSM, Lambda, CloudFront and its KeyValueStore): one policy, stated here
 * and in docs/architecture.md ("Timeouts and retries").
 *
 * Per attempt: 1 s to connect, 2 s for the answer. `throwOnRequestTimeout` makes an overdue answer
 * an error (the SDK's TimeoutError, which the SDK retries and dependency-errors.ts answers 503):
 * without it the Node.js handler only logs a warning and keeps waiting (@smithy/node-http-handler,
 * NodeHttpHandlerOptions: "If exceeded, a warning will be emitted unless throwOnRequestTimeout=true").
 * 3 attempts in all, in the SDK's `standard` retry mode (exponential back-off with jitter, throttling
 * errors retried with a longer base). Worst case of one call: 3 × 2 s plus about 0.5 s of
 * back-off, under the API functions' 10 s timeout and API Gateway's 30 s.
 */

/** One attempt's limits and the attempts, ms. */
export const AWS_CLIENT_POLICY = {
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  maxAttempts: 3,
} as const;

/**
 * The constructor options every AWS SDK client of the functions starts from.
 * @returns `{ maxAttempts, retryMode, requestHandler }` to spread into `new XxxClient({...})`
 */
export function awsClientConfig() {
  return {
    maxAttempts: AWS_CLIENT_POLICY.maxAttempts,
    retryMode: 'standard' as const,
    requestHandler: {
      connectionTimeout: AWS_CLIENT_POLICY.connectionTimeoutMs,
      requestTimeout: AWS_CLIENT_POLICY.requestTimeoutMs,
      throwOnRequestTimeout: true,
    },
  };
}
