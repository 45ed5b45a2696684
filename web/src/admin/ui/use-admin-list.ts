/**
 * Data hooks of the back office, keyed by the request path built from the API contract:
 *  - useAdminResource: one GET answer (a whole list or a settings object);
 *  - useCursorList: a list paged by the server with an opaque cursor ('Carica altri').
 * A load failure shows the section's 'Impossibile caricare ...' toast once.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import useSWRInfinite, { type SWRInfiniteKeyedMutator } from 'swr/infinite';
import { apiPath, type PageResponse, type QueryParams, type ResponseOf, type RouteDefinition } from '../../../../shared/api/route';
import { ApiError, apiGet } from '../../api/client';
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
 * @param loadError the toast text when loading fails (spec 8), or a function of the error message
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

/** What useCursorList returns. */
export interface CursorList<T> {
  items: T[];
  /** First page loading. */
  isLoading: boolean;
  /** A further page loading. */
  isLoadingMore: boolean;
  hasMore: boolean;
  error: ApiError | undefined;
  loadMore(): void;
  /** Reload every loaded page (after a write). */
  reload(): Promise<unknown>;
  mutate: SWRInfiniteKeyedMutator<PageResponse<T>[]>;
}

/**
 * A list the server pages with an opaque cursor (PageResponse). Changing `query` (filters, search)
 * starts again from the first page.
 * @param route a GET route answering PageResponse<T>
 * @param query filters sent with every page
 * @param loadError the toast text when loading fails
 */
export function useCursorList<T>(route: RouteDefinition<PageResponse<T>>, query: QueryParams, loadError: string | ((message: string) => string)): CursorList<T> {
  const getKey = (index: number, previous: PageResponse<T> | null): string | null => {
    if (index === 0) return apiPath(route, {}, query);
    if (!previous?.next_cursor) return null;
    return apiPath(route, {}, { ...query, cursor: previous.next_cursor });
  };
  const res = useSWRInfinite<PageResponse<T>, ApiError>(getKey, (path: string) => apiGet<PageResponse<T>>(path), { ...adminSwrOptions, revalidateFirstPage: false });
  useLoadErrorToast(res.error, typeof loadError === 'function' ? loadError(res.error?.message ?? '') : loadError);
  const pages = res.data ?? [];
  const last = pages[pages.length - 1];
  const isLoading = !res.data && !res.error;
  const isLoadingMore = res.isValidating && res.size > pages.length;
  return {
    items: pages.flatMap((p) => p.items),
    isLoading,
    isLoadingMore,
    hasMore: Boolean(last?.next_cursor),
    error: res.error,
    loadMore: () => void res.setSize(res.size + 1),
    reload: () => res.mutate(),
    mutate: res.mutate,
  };
}
