/**
 * The SPA's location for wouter. Every navigation (a link, navigate(), the back and forward
 * buttons) is applied as a React transition: the page on screen stays until the next page's lazy
 * chunk has loaded, instead of the loading block flashing in between (wouter's own browser hook
 * reads the address with useSyncExternalStore, whose updates are never transitions). The same
 * provider renders the build-time prerender from a fixed URL.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Router } from 'wouter';
import { parseLocation, type AppLocation, type Navigate, type NavigateOptions } from './paths';

interface LocationValue {
  location: AppLocation;
  navigate: Navigate;
}

const LocationContext = createContext<LocationValue | null>(null);

/** The browser's current location: the address bar and the history entry's state. */
function browserLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: (window.history.state as unknown) ?? null };
}

/** The location value the routing hooks share. Must be used inside AppRouter. */
export function useLocationValue(): LocationValue {
  const value = useContext(LocationContext);
  if (!value) throw new Error('routing hooks must be used inside AppRouter');
  return value;
}

/** wouter's location hook: [pathname, navigate] from AppRouter's state. */
function useRouterLocation(): [string, Navigate] {
  const { location, navigate } = useLocationValue();
  return [location.pathname, navigate];
}

/** wouter's search hook: the raw search ('' or '?…') from AppRouter's state. */
function useRouterSearch(): string {
  return useLocationValue().location.search;
}

/**
 * The location as a whole: pathname, search, hash (raw, as in the address bar) and the history
 * entry's state (e.g. `{ section }` from a home-section link). Must be used inside AppRouter.
 */
export function useAppLocation(): AppLocation {
  return useLocationValue().location;
}

/**
 * Router of the SPA: keeps the location in React state and gives it to wouter (Switch, Route,
 * Redirect, useLocation, useParams) and to the hooks of this folder.
 * @param ssrUrl when set (the build-time prerender), the fixed path to render, e.g. '/products';
 *   otherwise the browser's address, followed through pushState/replaceState and popstate
 */
export function AppRouter({ ssrUrl, children }: { ssrUrl?: string; children: ReactNode }) {
  const [location, setLocation] = useState<AppLocation>(() =>
    ssrUrl === undefined ? browserLocation() : parseLocation(ssrUrl),
  );
  const update = useCallback(() => startTransition(() => setLocation(browserLocation())), []);

  // Back and forward buttons, and fragment links (a plain <a href="#x"> fires popstate too).
  useEffect(() => {
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, [update]);

  const navigate = useCallback<Navigate>(
    (to: string, options: NavigateOptions = {}) => {
      const state = options.state ?? null;
      if (options.replace) window.history.replaceState(state, '', to);
      else window.history.pushState(state, '', to);
      update();
    },
    [update],
  );

  const value = useMemo<LocationValue>(() => ({ location, navigate }), [location, navigate]);
  return (
    <LocationContext.Provider value={value}>
      <Router hook={useRouterLocation} searchHook={useRouterSearch}>
        {children}
      </Router>
    </LocationContext.Provider>
  );
}
