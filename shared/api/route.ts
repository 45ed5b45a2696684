/**
 * The API contract's building blocks: a route definition (method, path, Lambda function, access
 * level, summary) that also carries, as types only, its response and request body shapes; path
 * building for clients; the list envelope and the error body every endpoint uses.
 *
 * Each bounded context declares its routes next to its DTOs (shared/api/<context>.ts); the full
 * table is shared/api/routes.ts. Functions, infra, tests and the SPA import the same objects, so a
 * path or a shape is written once.
 */
import { levelFor, type Capability } from '../permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Access levels:
 * - public: anyone; a valid token, when sent, is still read (members see their tier products).
 * - user: a signed-in, non-banned user.
 * - collaborator: role collaborator or admin.
 * - admin: role admin.
 * - webhook: no user token; the handler verifies the caller itself (e.g. Stripe signature).
 * Staff levels are never written by hand: they come from the route's capability (permissions.ts).
 */
export type AccessLevel = 'public' | 'user' | 'collaborator' | 'admin' | 'webhook';

/** Lambda functions serving the API, one per bounded context. */
export const FUNCTION_NAMES = [
  'catalog',
  'account',
  'cart',
  'checkout',
  'webhooks',
  'admin',
  'admin-catalog',
  'automations',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** A route of the API. `Res` and `Body` exist only as types (the contract both sides compile against). */
export interface RouteDefinition<Res = unknown, Body = unknown> {
  method: HttpMethod;
  /** API Gateway path with {param} placeholders, always under /api. */
  path: string;
  fn: FunctionName;
  access: AccessLevel;
  /** Staff routes: the permission they need (shared/permissions.ts); `access` derives from it. */
  capability?: Capability;
  /** One-line description for docs and the matrix report. */
  summary: string;
  /**
   * Route-level throttle of the API Gateway stage (requests per second, shop-wide, and burst), for
   * routes that must stay below the stage's default (e.g. checkout creation); per-user limits are
   * the handler's.
   */
  throttle?: RouteThrottle;
  /** Type-only marker; never set at runtime. */
  readonly __contract?: { res: Res; body: Body };
}

/** The response type of a route. */
export type ResponseOf<R> = R extends RouteDefinition<infer Res, unknown> ? Res : never;
/** The request body type of a route (undefined when it takes none). */
export type BodyOf<R> = R extends RouteDefinition<unknown, infer Body> ? Body : never;

/** An API Gateway route throttle: steady requests per second and burst. */
export interface RouteThrottle {
  rateLimit: number;
  burstLimit: number;
}

type RouteFields = Pick<RouteDefinition, 'method' | 'path' | 'fn' | 'summary' | 'throttle'>;

/**
 * A route open to visitors, signed-in users or webhooks.
 * @typeParam Res the JSON answer of a successful call
 * @typeParam Body the JSON request body (undefined: none)
 */
export function route<Res, Body = undefined>(
  def: RouteFields & { access: 'public' | 'user' | 'webhook' },
): RouteDefinition<Res, Body> {
  return def;
}

/**
 * A back-office route: its access level is the lowest staff level holding `capability`
 * (shared/permissions.ts), never chosen here.
 */
export function staffRoute<Res, Body = undefined>(
  capability: Capability,
  def: RouteFields,
): RouteDefinition<Res, Body> {
  return { ...def, capability, access: levelFor(capability) };
}

/** The API Gateway route key of a route, e.g. 'GET /api/products/{id}'. */
export function routeKey(r: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${r.method} ${r.path}`;
}

/** Routes whose token is checked by the API Gateway JWT authorizer (every non-public, non-webhook route). */
export function requiresAuthorizer(r: Pick<RouteDefinition, 'access'>): boolean {
  return r.access !== 'public' && r.access !== 'webhook';
}

/** Query values: empty strings, null and undefined are left out; strings are trimmed. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/**
 * The concrete path of a route: placeholders replaced by URI-encoded params, non-empty query
 * values appended.
 * @example apiPath(CATALOG_API.product, { id: 'a b' }) === '/api/products/a%20b'
 * @throws Error when a placeholder has no value
 */
export function apiPath(
  r: Pick<RouteDefinition, 'path'>,
  params: Record<string, string> = {},
  query: QueryParams = {},
): string {
  const path = r.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`apiPath: missing '${name}' for ${r.path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const value = raw === null || raw === undefined ? '' : String(raw).trim();
    if (value) search.set(key, value);
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** List envelope of every collection endpoint. */
export interface ListResponse<T> {
  items: T[];
}

/**
 * One page of a list that grows: `next_cursor` is opaque (pass it back as `?cursor=`), null on
 * the last page.
 */
export interface PageResponse<T> extends ListResponse<T> {
  next_cursor: string | null;
}

/** Error body of every 4xx/5xx answer: an Italian message and, for 400, the offending field. */
export interface ApiErrorBody {
  message: string;
  field?: string;
  /** Toast title where the spec gives one (e.g. 'Prodotto Esaurito'). */
  title?: string;
}
