/**
 * SWR plumbing of the signed-in user's resources (cart, wishlist, orders, profile). Keys carry the
 * user's sub so one user's cached cart is never shown to the next user of the same tab; visitors
 * get a null key (nothing is fetched).
 */
import type { SWRConfiguration } from 'swr';
import { apiPath } from '../../../shared/api/route';
import { ME_ROUTE } from '../../../shared/api/me';
import { CART_API } from '../../../shared/api/cart';
import { ApiError, apiGet } from './client';
import { useSession } from '../session/session';

/** SWR key of a per-user resource: [path, sub]. */
export type UserKey = readonly [path: string, sub: string];

/** SWR keys (GET paths) of the shop's per-user resources, from the API contract. */
export const SHOP_PATHS = {
  me: apiPath(ME_ROUTE),
  cart: apiPath(CART_API.cart),
  wishlist: apiPath(CART_API.wishlist),
} as const;

/** Fetcher for UserKey tuples: GETs the path (the API client adds the user's token). */
export function userFetcher<T>([path]: UserKey): Promise<T> {
  return apiGet<T>(path);
}

const MAX_RETRIES = 3;

/**
 * Options of the per-user hooks: no retry on 4xx answers that will not change (403, 404, 409),
 * but a 401 is retried (the token getter may register a moment after the session turns
 * signed-in), as are network failures and 5xx.
 */
export const userSwrOptions: SWRConfiguration = {
  revalidateOnFocus: true,
  focusThrottleInterval: 10_000,
  errorRetryCount: MAX_RETRIES,
  onErrorRetry: (error: unknown, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) return;
    if (retryCount >= MAX_RETRIES) return;
    setTimeout(() => void revalidate({ retryCount }), 500 * 2 ** retryCount);
  },
};

/**
 * Key of a per-user resource for the current session, or null while loading / signed out.
 * @param path the API path, e.g. SHOP_PATHS.cart
 */
export function useUserKey(path: string): UserKey | null {
  const { status, user } = useSession();
  return status === 'signed-in' && user ? ([path, user.sub] as const) : null;
}
