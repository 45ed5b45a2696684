import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * Whether this render may show what depends on the address or the browser beyond what the
 * prerendered document holds (scripts/prerender.ts renders each route without a query string and
 * without a session): false during the prerender and while React hydrates that document, true
 * right after (React renders again at once) and on every other render. Showing such content only
 * when true keeps the hydration identical to the document.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
