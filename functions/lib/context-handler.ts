/**
 * One Lambda per bounded context: this builds its handler from the context's operations, keyed by
 * API Gateway route key ('GET /api/products/{id}'). Middy middleware around it:
 *  - route lookup: the event's routeKey must be a route of this function in the route table;
 *  - access: the route's level from the route table is enforced (see access.ts);
 *  - errors: AppError -> its status and Italian message; anything else -> logged, 500.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ROUTES, routeKey, type FunctionName, type RouteDefinition } from '../route-table';
import { API_MSG } from '../../shared/messages';
import { AppError } from './errors';
import { errorJson, type ApiResult } from './http';
import { callerFromEvent, type Caller } from './caller';
import { enforceAccess } from './access';
import { callerFromBearer } from './optional-auth';
import type { ProfileRecord } from '../data/profile-repository';
import { logger } from './logger';


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
}

export type Operation = (req: ApiRequest) => Promise<ApiResult>;
export type ApiHandler = (event: APIGatewayProxyEventV2, context?: Context) => Promise<ApiResult>;

/**
 * Builds the Lambda handler of a context.
 * @param fn the function name in the route table
 * @param operations one operation per route key of this function; every route of `fn` in the
 *   route table must have one, and no other key is allowed (checked at cold start)
 * @returns an API Gateway HTTP API v2 handler answering JSON
 */
export function createContextHandler(fn: FunctionName, operations: Record<string, Operation>): ApiHandler {
  const routes = new Map(ROUTES.filter((r) => r.fn === fn).map((r) => [routeKey(r), r]));
  for (const key of routes.keys()) if (!operations[key]) throw new Error(`${fn}: no operation for route ${key}`);
  for (const key of Object.keys(operations)) if (!routes.has(key)) throw new Error(`${fn}: operation ${key} is not in the route table`);

  const core = async (event: APIGatewayProxyEventV2): Promise<ApiResult> => {
    const route = routes.get(event.routeKey);
    if (!route) return errorJson(404, { message: API_MSG.notFoundRoute });
    let claimsCaller = callerFromEvent(event);
    if (!claimsCaller && route.access === 'public') claimsCaller = await callerFromBearer(event);
    const { caller, profile } = await enforceAccess(route, claimsCaller);
    const req: ApiRequest = {
      event,
      route,
      caller,
      profile,
      pathParameters: event.pathParameters ?? {},
      query: event.queryStringParameters ?? {},
    };
    return operations[event.routeKey]!(req);
  };

  return middy<APIGatewayProxyEventV2, ApiResult>(core).use({
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
      logger.error('unhandled error', { error: err as Error, routeKey: request.event.routeKey });
      request.response = errorJson(500, { message: API_MSG.internal });
    },
  }) as unknown as ApiHandler;
}
