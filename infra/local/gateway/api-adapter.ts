/**
 * Local API Gateway HTTP API (payload v2) adapter: mounts the route table over the real Lambda
 * handlers. Like API Gateway it matches `METHOD /path/{param}` routes, runs the JWT authorizer on
 * the routes that have one (verifying the Cognito token and filling
 * requestContext.authorizer.jwt.claims), builds the v2 event and maps the handler's result back.
 * Routes without an authorizer get no claims, exactly as in the cloud. Each invocation gets a
 * Lambda context and runs as its function (its SDK calls are checked against the function's grants,
 * iam-guard.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import {
  ROUTES,
  requiresAuthorizer,
  routeKey,
  type FunctionName,
  type RouteDefinition,
} from '../../../shared/api/routes';
import type { ApiHandler } from '../../../functions/lib/context-handler';
import { runAsFunction } from './iam-guard';
import { THROTTLED_BODY, type StageThrottles } from './throttle';
import { localLambdaContext } from '../stand-ins/lambda-context';

/** Verifies a bearer token; resolves its claims, or null when the token is invalid. */
export type TokenVerifier = (token: string) => Promise<Record<string, unknown> | null>;

interface CompiledRoute {
  route: RouteDefinition;
  key: string;
  regex: RegExp;
  params: string[];
}

/** Compiles '/api/products/{id}' into a regex with named params (greedy {proxy+} supported). */
export function compileRoute(route: RouteDefinition): CompiledRoute {
  const params: string[] = [];
  const pattern = route.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{([a-zA-Z0-9_]+)(\\\+)?\\?\}/g, (_m, name: string, greedy?: string) => {
      params.push(name);
      return greedy ? '(.+)' : '([^/]+)';
    });
  return { route, key: routeKey(route), regex: new RegExp(`^${pattern}$`), params };
}

/** Finds the route of a request (exact method). */
export function matchRoute(
  routes: CompiledRoute[],
  method: string,
  path: string,
): { compiled: CompiledRoute; pathParameters: Record<string, string> } | null {
  for (const compiled of routes) {
    if (compiled.route.method !== method) continue;
    const m = compiled.regex.exec(path);
    if (!m) continue;
    const pathParameters: Record<string, string> = {};
    compiled.params.forEach((name, i) => {
      pathParameters[name] = decodeURIComponent(m[i + 1]!);
    });
    return { compiled, pathParameters };
  }
  return null;
}

const MAX_BODY_BYTES = 6 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('payload too large'), { statusCode: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/;

/** Builds the payload-v2 event API Gateway would send. Exported for tests. */
export function buildEvent(args: {
  req: IncomingMessage;
  url: URL;
  body: Buffer;
  key: string;
  pathParameters: Record<string, string>;
  claims: Record<string, unknown> | null;
}): APIGatewayProxyEventV2 {
  const { req, url, body, key, pathParameters, claims } = args;
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies.push(...String(value).split(/;\s*/).filter(Boolean));
    else headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    } as APIGatewayProxyEventV2['requestContext'],
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/**
 * Creates the adapter.
 * @param loadHandler returns the handler of a route-table function (imported lazily, once)
 * @param verifyToken the JWT authorizer's check (issuer, signature, expiry, audience)
 * @param throttles the stage's and routes' throttles (throttle.ts); null: none
 * @returns a request listener answering every /api request; resolves false for non-API paths
 */
export function createApiAdapter(
  loadHandler: (fn: FunctionName) => Promise<ApiHandler>,
  verifyToken: TokenVerifier,
  throttles: StageThrottles | null = null,
) {
  const compiled = ROUTES.map(compileRoute);
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/api/') && url.pathname !== '/api') return false;
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(compiled, method, url.pathname);
    if (!match) {
      sendJson(res, 404, { message: 'Not Found' });
      return true;
    }
    if (throttles && !throttles.admit(match.compiled.key)) {
      req.resume();
      sendJson(res, 429, THROTTLED_BODY);
      return true;
    }
    let claims: Record<string, unknown> | null = null;
    if (requiresAuthorizer(match.compiled.route)) {
      const header = req.headers.authorization ?? '';
      const token = header.replace(/^Bearer\s+/i, '').trim();
      claims = token ? await verifyToken(token) : null;
      if (!claims) {
        sendJson(res, 401, { message: 'Unauthorized' });
        return true;
      }
    }
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (e) {
      sendJson(res, (e as { statusCode?: number }).statusCode ?? 400, { message: 'Request Entity Too Large' });
      return true;
    }
    const event = buildEvent({ req, url, body, key: match.compiled.key, pathParameters: match.pathParameters, claims });
    try {
      const handler = await loadHandler(match.compiled.route.fn);
      const fn = match.compiled.route.fn;
      const result = await runAsFunction(fn, () => handler(event, localLambdaContext(fn)));
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
      if (result.cookies?.length) headers['set-cookie'] = result.cookies;
      res.writeHead(result.statusCode, headers);
      const payload = result.body ?? '';
      res.end(result.isBase64Encoded ? Buffer.from(payload, 'base64') : payload);
    } catch (error) {
      console.error(`[api] ${match.compiled.key} failed:`, error);
      sendJson(res, 500, { message: 'Internal Server Error' });
    }
    return true;
  };
}
