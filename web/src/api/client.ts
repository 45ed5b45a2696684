/**
 * Minimal JSON client for the shop API. Calls name a route of the contract (shared/api), never a
 * path literal; the runtime config's apiBaseUrl ('' = same origin) is prepended.
 * Non-2xx answers become an ApiError carrying the server's Italian message and HTTP status.
 */
import {
  apiPath,
  type ApiErrorBody,
  type BodyOf,
  type QueryParams,
  type ResponseOf,
  type RouteDefinition,
} from '../../../shared/api/route';
import { INTERNAL_ERROR, THROTTLED, UNAVAILABLE_TITLE } from '../../../shared/messages';
import { getConfig } from '../config';
import { takePrefetched } from './prefetch';

/** Error thrown for every failed API call; status 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  /** The offending input field (400 answers). */
  readonly field?: string;
  /** Toast title when the server gives one (e.g. 'Prodotto Esaurito'). */
  readonly title?: string;

  constructor(status: number, message: string, field?: string, title?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (field !== undefined) this.field = field;
    if (title !== undefined) this.title = title;
  }
}

/** HTTP methods the client sends. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type TokenGetter = () => Promise<string | null>;
let tokenGetter: TokenGetter | null = null;

/** Registers the function that yields the current access token (null when signed out). */
export function setTokenGetter(fn: TokenGetter): void {
  tokenGetter = fn;
}

/** The signed-in user's ID token for the Authorization header, or null for a visitor. */
export async function currentToken(): Promise<string | null> {
  if (!tokenGetter) return null;
  try {
    return await tokenGetter();
  } catch {
    return null;
  }
}

export function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).message === 'string';
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function request<T>(method: ApiMethod, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const token = await currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (method === 'GET' && getConfig().apiBaseUrl === '') {
    // A visitor's first read of a landing page's data may already be on its way (api/prefetch.ts).
    const early = takePrefetched(path);
    if (early) {
      try {
        return (await early) as T;
      } catch {
        /* failed early: ask again below, so errors are reported as usual */
      }
    }
  }
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(`${getConfig().apiBaseUrl}${path}`, init);
  } catch {
    throw new ApiError(0, INTERNAL_ERROR);
  }
  const data = await readJson(res);
  if (!res.ok) {
    // API Gateway's own throttle answer (an HTTP API cannot change its body): shown in Italian
    if (res.status === 429 && isErrorBody(data) && data.message === 'Too Many Requests')
      throw new ApiError(429, THROTTLED, undefined, UNAVAILABLE_TITLE);
    if (isErrorBody(data)) {
      const extra = data as { field?: unknown; title?: unknown };
      throw new ApiError(res.status, data.message, optionalString(extra.field), optionalString(extra.title));
    }
    throw new ApiError(res.status, INTERNAL_ERROR);
  }
  return data as T;
}

/**
 * GET a JSON resource.
 * @param path same-origin path, e.g. '/api/products?q=bilanciere'
 * @throws ApiError on a non-2xx answer or a network failure
 */
export function apiGet<T>(path: string): Promise<T> {
  return request<T>('GET', path);
}

/**
 * Sends a write (POST/PUT/PATCH/DELETE) with an optional JSON body.
 * @returns the parsed JSON answer (undefined for an empty body, e.g. 204)
 * @throws ApiError on a non-2xx answer or a network failure
 */
export function apiSend<T>(method: ApiMethod, path: string, body?: unknown): Promise<T> {
  return request<T>(method, path, body);
}

/** Path parameters, query and body of a call. */
export interface CallOptions<R> {
  params?: Record<string, string>;
  query?: QueryParams;
  body?: BodyOf<R>;
  /**
   * Sent as the `Idempotency-Key` header, on the routes that honour it (checkout creation): a retry
   * with the same key gets the first answer.
   */
  idempotencyKey?: string;
}

/**
 * Calls a route of the API contract.
 * @example callApi(CART_API.addItem, { body: { product_id: id, quantity: 1 } })
 * @returns the route's typed answer
 * @throws ApiError on a non-2xx answer or a network failure
 */
export function callApi<R extends RouteDefinition>(route: R, opts: CallOptions<R> = {}): Promise<ResponseOf<R>> {
  return request<ResponseOf<R>>(route.method, apiPath(route, opts.params, opts.query), opts.body, opts.idempotencyKey);
}
