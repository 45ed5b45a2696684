/**
 * Pure helpers of the SPA's routing (no React, no DOM): what a location is, when a link counts as
 * active, which clicks a link handles itself. Kept identical to what react-router did before the
 * SPA moved to wouter, so nothing a shopper sees changed.
 */

/** Where the SPA is: the address's parts (raw, as in window.location) and the history entry's state. */
export interface AppLocation {
  /** e.g. '/product/abc' (percent-encoded as in the address bar). */
  pathname: string;
  /** '' or '?q=…' (with its '?'). */
  search: string;
  /** '' or '#section' (with its '#'). */
  hash: string;
  /** State stored with the history entry by navigate(to, { state }), null when none. */
  state: unknown;
}

/** Options of a navigation: replace the current history entry instead of adding one; entry state. */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Goes to `to` (an absolute path, optionally with ?search and #hash). */
export type Navigate = (to: string, options?: NavigateOptions) => void;

/**
 * Splits a path such as '/products?q=x#top' into an AppLocation with no state (used for the
 * build-time prerender, which has no browser address).
 */
export function parseLocation(url: string): AppLocation {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const searchAt = beforeHash.indexOf('?');
  const pathname = (searchAt < 0 ? beforeHash : beforeHash.slice(0, searchAt)) || '/';
  const search = searchAt < 0 ? '' : beforeHash.slice(searchAt);
  // A lone '?' or '#' is no search or hash at all (as in window.location).
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash, state: null };
}

/** The address of a location, e.g. '/products?q=x#top'. */
export function locationHref(location: Pick<AppLocation, 'pathname' | 'search' | 'hash'>): string {
  return location.pathname + location.search + location.hash;
}

/**
 * Whether a nav link to `to` is active at `pathname`: the same path or a path below it
 * (`/products` is active on `/products/` and `/products/x`, not on `/productsx`), ignoring case
 * and the search and hash of `to`.
 */
export function isActivePath(pathname: string, to: string): boolean {
  const target = parseLocation(to).pathname.toLowerCase();
  const current = pathname.toLowerCase();
  if (current === target) return true;
  const boundary = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return current.startsWith(target) && current.charAt(boundary) === '/';
}

/** The parts of a click event that decide who handles it. */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}

/**
 * Whether a link click navigates inside the SPA: a plain left click on a link that opens in the
 * same tab. Modified clicks (new tab or window, download) and other targets are left to the browser.
 */
export function isSpaClick(event: ClickLike, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}
