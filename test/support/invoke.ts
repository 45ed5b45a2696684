/**
 * Test support: invoke a context handler with the payload-v2 event API Gateway would send for a
 * route of the route table (with a Lambda context, as the route's function: its AWS SDK calls are
 * checked against the function's grants like in the local runtime, infra/local/gateway/iam-guard.ts), and
 * count DynamoDB requests through a middleware of the DynamoDB client.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { BundleName } from '../../infra/stacks/function-permissions';
import { inject } from 'vitest';
import { ddb } from '../../functions/lib/dynamo';
import { getS3 } from '../../functions/lib/s3';
import { getCognitoClient } from '../../functions/lib/cognito';
import { getSecretsManagerClient } from '../../functions/lib/secret-store';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { acceptedValues, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV } from '../../functions/lib/origin-verify';
import type { ApiHandler } from '../../functions/lib/context-handler';
import { ROUTES, routeKey as keyOf } from '../../shared/api/routes';
import { guardClient, runAsFunction } from '../../infra/local/gateway/iam-guard';
import { localLambdaContext } from '../../infra/local/stand-ins/lambda-context';

/** Applies the local runtime's environment (from the integration global setup) to this worker. */
export function useLocalEnv(): void {
  Object.assign(process.env, inject('localEnv'));
}

export interface InvokeOptions {
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** JWT claims as the authorizer would fill them (sub, email, cognito:groups). */
  claims?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** The caller's IP as API Gateway reports it (requestContext.http.sourceIp); default 127.0.0.1. */
  sourceIp?: string;
  /**
   * Whether the request came through the distribution, which adds the origin-verify header
   * (functions/lib/origin-verify.ts); default true. False: sent to the API's own endpoint.
   */
  throughDistribution?: boolean;
}

/** The origin-verify value the distribution sends (the secret's `current`), read once per worker. */
let originVerify: Promise<string | null> | null = null;
function distributionHeader(): Promise<string | null> {
  originVerify ??= (async () => {
    const id = process.env[ORIGIN_VERIFY_SECRET_ENV];
    if (!id) return null;
    const client = new SecretsManagerClient({});
    try {
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: id }));
      return acceptedValues(SecretString ?? null)[0] ?? null;
    } finally {
      client.destroy();
    }
  })();
  return originVerify;
}

/** Builds a v2 event for `routeKey` ('GET /api/products/{id}'), substituting path parameters. */
export function eventFor(routeKey: string, opts: InvokeOptions = {}): APIGatewayProxyEventV2 {
  const [method, template] = routeKey.split(' ') as [string, string];
  const rawPath = template.replace(/\{(\w+)\+?\}/g, (_m, name: string) =>
    encodeURIComponent(opts.pathParameters?.[name] ?? ''),
  );
  const query = opts.query ?? {};
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: { 'content-type': 'application/json', ...opts.headers },
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(opts.pathParameters ? { pathParameters: opts.pathParameters } : {}),
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: opts.sourceIp ?? '127.0.0.1',
        userAgent: 'vitest',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      ...(opts.claims ? { authorizer: { jwt: { claims: opts.claims, scopes: null } } } : {}),
    } as APIGatewayProxyEventV2['requestContext'],
    ...(opts.body !== undefined ? { body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) } : {}),
    isBase64Encoded: false,
  };
}

/**
 * eventFor, with the origin-verify header the distribution adds (unless `throughDistribution` is
 * false), as the API's functions receive every request in the cloud.
 */
export async function distributionEventFor(
  routeKey: string,
  opts: InvokeOptions = {},
): Promise<APIGatewayProxyEventV2> {
  const origin = opts.throughDistribution === false ? null : await distributionHeader();
  return eventFor(routeKey, {
    ...opts,
    headers: { ...(origin ? { [ORIGIN_VERIFY_HEADER]: origin } : {}), ...opts.headers },
  });
}

/** Checks the functions' SDK calls in this worker against their grants (once). */
async function guardWorkerClients(): Promise<void> {
  const buckets = {
    images: process.env.IMAGES_BUCKET ?? '',
    files: process.env.FILES_BUCKET ?? '',
    search: process.env.SEARCH_BUCKET ?? '',
    web: process.env.WEB_BUCKET ?? '',
  };
  guardClient(ddb, 'dynamodb', buckets);
  guardClient(await getS3(), 's3', buckets);
  guardClient(await getCognitoClient(), 'cognito-idp', buckets);
  guardClient(await getSecretsManagerClient(), 'secretsmanager', buckets);
}

/** Invokes `handler` as the function serving `routeKey` and answers its result as it is (a file's body stays base64). */
export async function invokeRaw(handler: ApiHandler, routeKey: string, opts: InvokeOptions = {}) {
  const fn = ROUTES.find((r) => keyOf(r) === routeKey)?.fn;
  if (!fn) throw new Error(`invoke: ${routeKey} is not in the route table`);
  await guardWorkerClients();
  const event = await distributionEventFor(routeKey, opts);
  return runAsFunction(fn, () => handler(event, localLambdaContext(fn)));
}

/** Invokes `handler` as the function serving `routeKey` and parses the JSON body. */
export async function invoke<T = unknown>(
  handler: ApiHandler,
  routeKey: string,
  opts: InvokeOptions = {},
): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  const fn = ROUTES.find((r) => keyOf(r) === routeKey)?.fn;
  if (!fn) throw new Error(`invoke: ${routeKey} is not in the route table`);
  await guardWorkerClients();
  const event = await distributionEventFor(routeKey, opts);
  const result = await runAsFunction(fn, () => handler(event, localLambdaContext(fn)));
  return {
    status: result.statusCode,
    body: (result.body ? JSON.parse(result.body) : null) as T,
    headers: result.headers ?? {},
  };
}

/**
 * Invokes a non-API function (an event consumer, a job) with `event`, as that function: its SDK
 * calls are checked against its grants, with a Lambda context.
 */
export async function invokeFunction<T>(
  name: BundleName,
  handler: (event: never, context: Context) => Promise<T>,
  event: unknown,
): Promise<T> {
  await guardWorkerClients();
  return runAsFunction(name, () => handler(event as never, localLambdaContext(name)));
}

/** One DynamoDB request: the command name ('QueryCommand', ...) and, for a Query, the index it read (undefined = the table). */
export interface RecordedRequest {
  command: string;
  index?: string;
}

/** A recorded request with its Limit (items a Query or Scan may read), when it has one. */
export interface LimitedRequest extends RecordedRequest {
  limit?: number;
}

/** DynamoDB commands sent since the counter was created (by command name, and with the index read). */
export interface RequestCounter {
  readonly commands: string[];
  readonly requests: RecordedRequest[];
  /** The same requests with their Limit: for the tests of a bounded read. */
  readonly requestsWithLimits: LimitedRequest[];
  reset(): void;
}

let counterInstalled = false;
const recorded: LimitedRequest[] = [];

/** Counts every command the functions' DynamoDB client sends (middleware at the 'initialize' step). */
export function countDynamoRequests(): RequestCounter {
  if (!counterInstalled) {
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        const { IndexName: index, Limit: limit } = args.input as { IndexName?: string; Limit?: number };
        recorded.push({
          command: String(context.commandName ?? 'unknown'),
          ...(index ? { index } : {}),
          ...(limit !== undefined ? { limit } : {}),
        });
        return next(args);
      },
      { step: 'initialize', name: 'requestCounter' },
    );
    counterInstalled = true;
  }
  recorded.length = 0;
  return {
    get commands() {
      return recorded.map((r) => r.command);
    },
    get requests() {
      return recorded.map(({ command, index }) => ({ command, ...(index ? { index } : {}) }));
    },
    get requestsWithLimits() {
      return recorded.map((r) => ({ ...r }));
    },
    reset: () => {
      recorded.length = 0;
    },
  };
}
