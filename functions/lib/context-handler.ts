/**
 * One Lambda per bounded context: this builds its handler from the context's routes (a group of
 * the contract, shared/api/<context>.ts) and one operation per route, keyed by the route's name.
 * Middy middleware around it:
 *  - origin: the request must carry the distribution's origin-verify header (origin-verify.ts),
 *    else 403 before anything else runs;
 *  - route lookup: the event's routeKey must be a route of this function in the route table;
 *  - access: the route's level from the route table is enforced (see access.ts);
 *  - audit: a staff write route (capability, not GET) must record an audit entry through
 *    `req.audit()` before a 2xx answer (lib/audit.ts); otherwise the request fails with 500;
 *  - errors: AppError -> its status and Italian message; a dependency unavailable (throttled,
 *    failing or timing out: dependency-errors.ts) -> logged, 503 'riprova tra poco'; anything
 *    else -> logged, 500;
 *  - observability (observability.ts): logger with the Lambda context and the request's
 *    correlation id, business metrics flush, tracer.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ROUTES, routeKey, type FunctionName, type ResponseOf, type RouteDefinition } from '../../shared/api/routes';
import { API_MSG } from '../../shared/messages/api-messages';
import { AppError } from './errors';
import { errorJson, type ApiResult } from './http';
import { callerFromEvent, type Caller } from './caller';
import { enforceAccess } from './access';
import { callerFromBearer } from './optional-auth';
import type { ProfileRecord } from '../data/profile-repository';
import { logger } from './logger';
import { recordAudit, type AuditInput } from './audit';
import { observabilityMiddleware } from './observability';
import { assertFromDistribution } from './origin-verify';
import { isDependencyUnavailable } from './dependency-errors';

/** What an operation receives. */
export interface ApiRequest {
  event: APIGatewayProxyEventV2;
  route: RouteDefinition;
  /** Verified caller (role = effective role on non-public routes), or null for a visitor. */
  caller: Caller | null;
  /** The caller's profile, loaded by the access check on non-public routes (null on public ones). */
  profile: ProfileRecord | null;
  pathParameters: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  /**
   * Records an audit entry of this request's write (the caller, the route, the target and the
   * changed fields). Required once per successful staff write.
   */
  audit(input: AuditInput): Promise<void>;
}

/** An operation answering a route whose contract promises `Res`. */
export type Operation<Res = unknown> = (req: ApiRequest) => Promise<ApiResult<Res>>;
export type ApiHandler = (event: APIGatewayProxyEventV2, context?: Context) => Promise<ApiResult>;

/** One operation per route of a group, each answering its route's response type. */
export type Operations<G extends Record<string, RouteDefinition>> = { [K in keyof G]: Operation<ResponseOf<G[K]>> };

/**
 * Builds the Lambda handler of a context.
 * @param fn the function name in the route table
 * @param routes the context's routes (a contract group, or several merged)
 * @param operations one operation per route name of `routes`
 * @returns an API Gateway HTTP API v2 handler answering JSON
 * @throws Error at cold start when `routes` and the route table's rows of `fn` disagree
 */
export function createContextHandler<G extends Record<string, RouteDefinition>>(
  fn: FunctionName,
  routes: G,
  operations: Operations<G>,
): ApiHandler {
  const byKey = new Map<string, { route: RouteDefinition; op: Operation }>();
  for (const [name, r] of Object.entries(routes)) {
    if (r.fn !== fn) throw new Error(`${fn}: route ${name} (${routeKey(r)}) belongs to ${r.fn}`);
    const op = operations[name as keyof G] as Operation | undefined;
    if (!op) throw new Error(`${fn}: no operation for route ${name}`);
    byKey.set(routeKey(r), { route: r, op });
  }
  for (const r of ROUTES)
    if (r.fn === fn && !byKey.has(routeKey(r)))
      throw new Error(`${fn}: route ${routeKey(r)} of the route table is not served`);

  const core = async (event: APIGatewayProxyEventV2): Promise<ApiResult> => {
    await assertFromDistribution(event);
    const entry = byKey.get(event.routeKey);
    if (!entry) return errorJson(404, { message: API_MSG.notFoundRoute });
    let claimsCaller = callerFromEvent(event);
    if (!claimsCaller && entry.route.access === 'public') claimsCaller = await callerFromBearer(event);
    const { caller, profile } = await enforceAccess(entry.route, claimsCaller);
    let audited = 0;
    const req: ApiRequest = {
      event,
      route: entry.route,
      caller,
      profile,
      pathParameters: event.pathParameters ?? {},
      query: event.queryStringParameters ?? {},
      audit: async (input) => {
        if (!caller) throw new Error('audit without a verified caller');
        await recordAudit(caller, event.routeKey, input);
        audited += 1;
      },
    };
    const result = await entry.op(req);
    const staffWrite = Boolean(entry.route.capability) && entry.route.method !== 'GET';
    if (staffWrite && result.statusCode < 300 && audited === 0)
      throw new Error(`${event.routeKey}: staff write answered ${result.statusCode} without an audit entry`);
    return result;
  };

  return middy<APIGatewayProxyEventV2, ApiResult, Error, Context>(core)
    .use(observabilityMiddleware(fn) as middy.MiddlewareObj<APIGatewayProxyEventV2, ApiResult, Error, Context>)
    .use({
      onError: async (request) => {
        const err = request.error;
        if (err instanceof AppError) {
          request.response = errorJson(err.statusCode, {
            message: err.message,
            ...(err.field ? { field: err.field } : {}),
            ...(err.title ? { title: err.title } : {}),
          });
          return;
        }
        if (isDependencyUnavailable(err)) {
          // throttled, failing or not answering after its client's retries: try again soon
          logger.error('dependency unavailable', { error: err as Error, routeKey: request.event.routeKey });
          request.response = errorJson(503, { message: API_MSG.unavailable, title: API_MSG.unavailableTitle });
          return;
        }
        logger.error('unhandled error', { error: err as Error, routeKey: request.event.routeKey });
        request.response = errorJson(500, { message: API_MSG.internal });
      },
    }) as unknown as ApiHandler;
}
