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
 *
 * The local runtime alone gives each attempt longer for the answer (LOCAL_REQUEST_TIMEOUT_ENV, set
 * first by infra/local/process-defaults.ts and passed on by infra/local/functions-env.ts; no stage
 * sets it): its stand-ins share two cores with the test
 * runners, and s3rver and the other in-process stand-ins answer only when the process's event loop
 * is free, so a few seconds of CPU-bound work beside them (a page render, a module import) would
 * otherwise read as three timed-out attempts.
 */

/** One attempt's limits and the attempts, ms. */
export const AWS_CLIENT_POLICY = {
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  maxAttempts: 3,
} as const;

/** The environment variable by which the local runtime lengthens the answer timeout (ms). */
export const LOCAL_REQUEST_TIMEOUT_ENV = 'AURUM_LOCAL_AWS_REQUEST_TIMEOUT_MS';

/**
 * The constructor options every AWS SDK client of the functions starts from.
 * @param env the process environment (read when the client is created)
 * @returns `{ maxAttempts, retryMode, requestHandler }` to spread into `new XxxClient({...})`
 * @throws Error when LOCAL_REQUEST_TIMEOUT_ENV is set to anything but a whole number of ms from
 *   AWS_CLIENT_POLICY.requestTimeoutMs to 60000
 */
export function awsClientConfig(env: NodeJS.ProcessEnv = process.env) {
  return {
    maxAttempts: AWS_CLIENT_POLICY.maxAttempts,
    retryMode: 'standard' as const,
    requestHandler: {
      connectionTimeout: AWS_CLIENT_POLICY.connectionTimeoutMs,
      requestTimeout: requestTimeoutMs(env),
      throwOnRequestTimeout: true,
    },
  };
}

function requestTimeoutMs(env: NodeJS.ProcessEnv): number {
  const given = env[LOCAL_REQUEST_TIMEOUT_ENV];
  if (given === undefined || given === '') return AWS_CLIENT_POLICY.requestTimeoutMs;
  const ms = Number(given);
  if (!Number.isInteger(ms) || ms < AWS_CLIENT_POLICY.requestTimeoutMs || ms > 60_000)
    throw new Error(`${LOCAL_REQUEST_TIMEOUT_ENV} must be whole milliseconds from 2000 to 60000, not '${given}'`);
  return ms;
}
