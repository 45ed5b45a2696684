/**
 * Data hooks of the back office, keyed by the request path built from the API contract:
 *  - useAdminResource: one GET answer (a whole list or a settings object);
 *  - useCursorList: a list paged by the server with an opaque cursor ('Carica altri'), on the
 *    shop's useCursorPages with the back office's SWR options.
 * A load failure shows the section's 'Impossibile caricare ...' toast once.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import {
  apiPath,
  type PageResponse,
  type QueryParams,
  type ResponseOf,
  type RouteDefinition,
} from '../../../../shared/api/route';
import { ApiError, apiGet } from '../../api/client';
import { useCursorPages, type CursorPages } from '../../api/use-cursor-pages';
import { useLoadErrorToast } from '../../ui/use-error-toast';

/** Admin data changes under the admin's own hands: no focus refetch, no retry of 4xx. */
export const adminSwrOptions: SWRConfiguration = {
  revalidateOnFocus: false,
  errorRetryCount: 2,
  onErrorRetry: (error: unknown, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount >= 2) return;
    setTimeout(() => void revalidate({ retryCount }), 800 * 2 ** retryCount);
  },
};

/**
 * One GET resource of the contract.
 * @param route a GET route
 * @param params path parameters; pass null to skip the request
 * @param loadError the toast text when loading fails, or a function of the error message
 */
export function useAdminResource<R extends RouteDefinition>(
  route: R,
  params: Record<string, string> | null,
  loadError: string | ((message: string) => string),
  query: QueryParams = {},
) {
  const key = params === null ? null : apiPath(route, params, query);
  const res = useSWR<ResponseOf<R>, ApiError>(key, (path: string) => apiGet<ResponseOf<R>>(path), adminSwrOptions);
  useLoadErrorToast(res.error, typeof loadError === 'function' ? loadError(res.error?.message ?? '') : loadError);
  return { ...res, isLoading: res.isLoading || (key !== null && !res.data && !res.error) };
}

/** What useCursorList returns (see web/src/api/use-cursor-pages.ts). */
export type CursorList<T> = CursorPages<T>;

/**
 * A list the server pages with an opaque cursor (PageResponse). Changing `query` (filters, search)
 * starts again from the first page.
 * @param route a GET route answering PageResponse<T>
 * @param query filters sent with every page
 * @param loadError the toast text when loading fails
 */
export function useCursorList<T>(
  route: RouteDefinition<PageResponse<T>>,
  query: QueryParams,
  loadError: string | ((message: string) => string),
): CursorList<T> {
  const list = useCursorPages<T>(route, {}, query, { swr: { ...adminSwrOptions, revalidateFirstPage: false } });
  useLoadErrorToast(list.error, typeof loadError === 'function' ? loadError(list.error?.message ?? '') : loadError);
  return list;
}
