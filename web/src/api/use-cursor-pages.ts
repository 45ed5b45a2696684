/**
 * A list the server pages with an opaque cursor (PageResponse<T>; every list is paged):
 * the first page is fetched, further pages are appended one at a time ('Carica altri' or an
 * infinite-scroll sentinel). Keys are request paths built from the API contract; a per-user list
 * adds the user's sub to its key (so one user's pages never show to the next user of the tab).
 * Changing `query` (filters, search) starts again from the first page.
 */
import useSWRInfinite, { type SWRInfiniteConfiguration, type SWRInfiniteKeyedMutator } from 'swr/infinite';
import { apiPath, type PageResponse, type QueryParams, type RouteDefinition } from '../../../shared/api/route';
import { ApiError, apiGet } from './client';

/** What useCursorPages returns. */
export interface CursorPages<T, P extends PageResponse<T> = PageResponse<T>> {
  /** Every loaded item, in server order. */
  items: T[];
  /** The first page's whole answer (a page that carries more than its items, e.g. its category), once loaded. */
  first: P | undefined;
  /** Loaded pages (0 while the first one loads). */
  pageCount: number;
  /** First page loading. */
  isLoading: boolean;
  /** A further page loading. */
  isLoadingMore: boolean;
  /** Whether the server has another page. */
  hasMore: boolean;
  /** The error of the last request, if any. */
  error: ApiError | undefined;
  /** Fetch the next page (no-op while one is loading or at the end). */
  loadMore(): void;
  /** Reload every loaded page. */
  reload(): Promise<unknown>;
  mutate: SWRInfiniteKeyedMutator<P[]>;
}

/** Key of one page: its path, or [path, sub] for a per-user list. */
type PageKey = string | readonly [string, string];

/**
 * The SWR infinite key function of a paged route (exported for cache mutation and tests).
 * @param scope undefined: a public list; a string: the signed-in user's sub; null: do not fetch
 */
export function cursorPageKey<T>(
  route: RouteDefinition<PageResponse<T>>,
  params: Record<string, string>,
  query: QueryParams,
  scope?: string | null,
) {
  return (index: number, previous: PageResponse<T> | null): PageKey | null => {
    if (scope === null) return null;
    if (index > 0 && !previous?.next_cursor) return null;
    const path = apiPath(route, params, index === 0 ? query : { ...query, cursor: previous!.next_cursor });
    return scope === undefined ? path : ([path, scope] as const);
  };
}

/**
 * Pages of a GET route answering PageResponse<T>.
 * @param route the paged route
 * @param params its path parameters; null to skip the request
 * @param query filters and page size sent with every page
 * @param opts scope (see cursorPageKey) and SWR options
 */
export function useCursorPages<T, P extends PageResponse<T> = PageResponse<T>>(
  route: RouteDefinition<P>,
  params: Record<string, string> | null,
  query: QueryParams,
  opts: { scope?: string | null; swr?: SWRInfiniteConfiguration } = {},
): CursorPages<T, P> {
  const getKey = cursorPageKey<T>(route, params ?? {}, query, params === null ? null : opts.scope);
  const res = useSWRInfinite<P, ApiError>(
    getKey,
    (key: PageKey) => apiGet<P>(typeof key === 'string' ? key : key[0]),
    opts.swr,
  );
  const pages = res.data ?? [];
  const last = pages[pages.length - 1];
  const enabled = getKey(0, null) !== null;
  const isLoadingMore = res.size > pages.length && res.isValidating;
  return {
    items: pages.flatMap((p) => p.items),
    first: pages[0],
    pageCount: pages.length,
    isLoading: enabled && !res.data && !res.error,
    isLoadingMore,
    hasMore: Boolean(last?.next_cursor),
    error: res.error,
    loadMore: () => {
      if (!isLoadingMore && last?.next_cursor) void res.setSize(pages.length + 1);
    },
    reload: () => res.mutate(),
    mutate: res.mutate,
  };
}
