/**
 * DynamoDB's wire protocol (JSON 1.0 over HTTPS, SigV4-signed) for the light client in
 * functions/lib/dynamo.ts: one POST per operation, the SDK's standard retry policy, and errors
 * raised as the SDK raises them (same names, `$fault`, `$metadata`; the two the repositories test
 * with `instanceof` as classes of their own).
 *
 * Configuration is the SDK's standard environment: AWS_REGION, the credentials Lambda puts in
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, and the endpoint override
 * AWS_ENDPOINT_URL_DYNAMODB (or AWS_ENDPOINT_URL) that points the local runtime and the tests at
 * DynamoDB Local. Read per request, so a test may set them after import.
 */
import aws4 from 'aws4';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

// Taken as CommonJS modules, not ESM imports: building node:http's ESM namespace reads its lazy
// WebSocket getters, which load Node's bundled undici (~50 ms of every cold start, measured).
// DynamoDB's cloud endpoint is HTTPS; node:http is loaded only for a local http:// endpoint
// (DynamoDB Local), on first use (~3 ms of a cold start otherwise, measured).
const https = process.getBuiltinModule('node:https');

/** Attempts per operation, as the SDK's `maxAttempts: 3` the client had. */
export const MAX_ATTEMPTS = 3;
/** Time one attempt may take before it is abandoned (and retried), in ms. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** Fields every error raised here carries, as the SDK's service errors do. */
export interface DynamoErrorFields {
  $fault: 'client' | 'server';
  $metadata: { httpStatusCode?: number; requestId?: string; attempts: number };
}

/** An error DynamoDB answered with (its `name` is the error type, e.g. 'ValidationException'). */
export class DynamoServiceException extends Error implements DynamoErrorFields {
  $fault: 'client' | 'server';
  $metadata: DynamoErrorFields['$metadata'];
  constructor(name: string, message: string, status: number, requestId: string | undefined, attempts: number) {
    super(message);
    this.name = name;
    this.$fault = status >= 500 ? 'server' : 'client';
    this.$metadata = { httpStatusCode: status, ...(requestId ? { requestId } : {}), attempts };
  }
}

/** A condition expression refused the write. `Item` (marshalled) when ReturnValuesOnConditionCheckFailure asked for it. */
export class ConditionalCheckFailedException extends DynamoServiceException {
  Item?: Record<string, AttributeValue>;
}

/** One reason per item of a cancelled transaction (Code 'None' for items that were fine; `Item` marshalled). */
export interface CancellationReason {
  Code?: string;
  Message?: string;
  Item?: Record<string, AttributeValue>;
}

/** A transaction was cancelled: `CancellationReasons` says why, item by item. */
export class TransactionCanceledException extends DynamoServiceException {
  CancellationReasons?: CancellationReason[];
}

/** Error types worth another attempt (the SDK's throttling and transient error lists). */
const RETRYABLE = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'LimitExceededException',
  'TooManyRequestsException',
  'InternalServerError',
  'ServiceUnavailable',
  'TransactionInProgressException',
]);

/** A client module with the agent of its connections, kept open between invocations (as the SDK's node handler does). */
interface Transport {
  client: Pick<typeof https, 'request'>;
  agent: import('node:https').Agent | import('node:http').Agent;
}

const httpsTransport: Transport = { client: https, agent: new https.Agent({ keepAlive: true }) };
let httpTransport: Transport | undefined;

/** The transport for an endpoint's protocol ('http:' is DynamoDB Local's; created on first use). */
function transportFor(protocol: string): Transport {
  if (protocol !== 'http:') return httpsTransport;
  if (!httpTransport) {
    const http = process.getBuiltinModule('node:http');
    httpTransport = { client: http, agent: new http.Agent({ keepAlive: true }) };
  }
  return httpTransport;
}

/** Where and as whom to send: read from the environment (see the module doc). */
export interface Endpoint {
  url: URL;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/**
 * The endpoint, region and credentials in `env`.
 * @throws Error naming the missing variable (AWS_REGION, AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY)
 */
export function endpoint(env: NodeJS.ProcessEnv = process.env): Endpoint {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('AWS_REGION is not set: the DynamoDB client needs a region');
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey)
    throw new Error(
      'AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY are not set: the DynamoDB client reads its credentials from the environment (as Lambda provides them)',
    );
  const base = env.AWS_ENDPOINT_URL_DYNAMODB ?? env.AWS_ENDPOINT_URL ?? `https://dynamodb.${region}.amazonaws.com`;
  const sessionToken = env.AWS_SESSION_TOKEN;
  return {
    url: new URL(base),
    region,
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
  };
}

/** DynamoDB's answer to one attempt: HTTP status, raw body, request id. */
export interface Answer {
  status: number;
  body: string;
  requestId: string | undefined;
}

/**
 * The SigV4-signed request of one operation (aws4 adds Authorization, X-Amz-Date, Content-Length
 * and, with a session token, X-Amz-Security-Token).
 * @param amzDate the signing time as 'YYYYMMDDTHHMMSSZ' (default now; tests fix it)
 * @returns the path and headers to send
 */
export function signedRequest(
  operation: string,
  payload: string,
  to: Endpoint,
  amzDate?: string,
): { path: string; headers: Record<string, string> } {
  const signed = aws4.sign(
    {
      service: 'dynamodb',
      region: to.region,
      method: 'POST',
      host: to.url.host,
      path: to.url.pathname || '/',
      headers: {
        'Content-Type': 'application/x-amz-json-1.0',
        'X-Amz-Target': `DynamoDB_20120810.${operation}`,
        ...(amzDate ? { 'X-Amz-Date': amzDate } : {}),
      },
      body: payload,
    },
    to.credentials,
  );
  return { path: signed.path ?? '/', headers: signed.headers as Record<string, string> };
}

/** One signed POST of `payload` for `operation`. Network failures and timeouts reject. */
function post(operation: string, payload: string): Promise<Answer> {
  const to = endpoint();
  const { url } = to;
  const signed = signedRequest(operation, payload, to);
  const { client, agent } = transportFor(url.protocol);
  return new Promise<Answer>((resolve, reject) => {
    const req = client.request(
      {
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port || undefined,
        path: signed.path,
        headers: signed.headers,
        agent,
        timeout: ATTEMPT_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            requestId: res.headers['x-amzn-requestid'] as string | undefined,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(
        Object.assign(new Error(`DynamoDB ${operation}: no answer within ${ATTEMPT_TIMEOUT_MS} ms`), {
          name: 'TimeoutError',
        }),
      ),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The error an answer other than 200 stands for. */
export function errorOf(answer: Answer, attempts: number): DynamoServiceException {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    // not JSON (a proxy's page): the status says enough
  }
  const type = typeof body.__type === 'string' ? body.__type.split('#').pop()! : `HTTP${answer.status}`;
  const message = String(body.message ?? body.Message ?? `DynamoDB answered ${answer.status}`);
  if (type === 'ConditionalCheckFailedException') {
    const e = new ConditionalCheckFailedException(type, message, answer.status, answer.requestId, attempts);
    if (body.Item) e.Item = body.Item as Record<string, AttributeValue>;
    return e;
  }
  if (type === 'TransactionCanceledException') {
    const e = new TransactionCanceledException(type, message, answer.status, answer.requestId, attempts);
    if (Array.isArray(body.CancellationReasons))
      e.CancellationReasons = body.CancellationReasons as CancellationReason[];
    return e;
  }
  return new DynamoServiceException(type, message, answer.status, answer.requestId, attempts);
}

/** Whether an attempt's failure is worth another attempt (throttling, 5xx, a dropped connection). */
function retryable(error: unknown): boolean {
  if (error instanceof DynamoServiceException) return RETRYABLE.has(error.name) || error.$fault === 'server';
  return error instanceof Error; // network errors and timeouts
}

/**
 * Sends one DynamoDB operation, retrying throttling, server errors and network failures up to
 * MAX_ATTEMPTS times with the SDK's full-jitter backoff (base 100 ms).
 * @param operation the DynamoDB API name, e.g. 'PutItem'
 * @param body the request in DynamoDB JSON (attribute values marshalled)
 * @returns the answer's JSON body
 * @throws ConditionalCheckFailedException, TransactionCanceledException, DynamoServiceException
 *   (DynamoDB's error type as `name`), or the last network error
 */
export async function callDynamo(operation: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const payload = JSON.stringify(body);
  endpoint(); // a configuration error is thrown at once, not retried
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await post(operation, payload);
      if (answer.status === 200) return JSON.parse(answer.body) as Record<string, unknown>;
      throw errorOf(answer, attempt);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !retryable(error)) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20_000, 100 * 2 ** attempt)));
    }
  }
}
