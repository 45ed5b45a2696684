import { useCallback, useMemo } from 'react';
import { useLocationValue } from './location';
import type { NavigateOptions } from './paths';

/** What the search-params setter takes: new params, or a function of the current ones. */
export type SearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];

/** Writes the address's search: navigates to the same path with these params (and no hash). */
export type SetSearchParams = (
  next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/**
 * The address's search params and a setter. The params are parsed from the raw search (wouter's
 * useSearchParams decodes the search first, which turns an encoded '%' in a value into an escape);
 * the setter pushes a history entry unless `options.replace`, and changes with the params, so
 * effects that depend on it run again when the search changes. Calls made while a navigation to
 * another path is still rendering are dropped (e.g. the listing's debounced search text, written
 * just after the shopper clicked a link away, would otherwise take them back to the listing).
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigate } = useLocationValue();
  const { pathname, search } = location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      // A navigation to another path is still rendering (its page's chunk is loading, this page is
      // still on screen): writing now would replace that navigation's entry with this page.
      if (window.location.pathname !== pathname) return;
      const query = new URLSearchParams(
        typeof next === 'function' ? next(new URLSearchParams(params)) : next,
      ).toString();
      navigate(pathname + (query ? `?${query}` : ''), options);
    },
    [navigate, pathname, params],
  );
  return [params, setParams];
}
