/**
 * API answers fetched before the app started: the boot module of a prerendered landing page
 * (web/src/boot/boot.ts) asks for the page's data at once, and the app's first GET of the same path
 * takes that answer instead of asking again (web/src/api/client.ts). Only for visitors without a
 * stored session: the answers are the anonymous view.
 */

/** The window property the boot module and the app share. */
const STORE = 'aurumPrefetch';

type PrefetchStore = Map<string, Promise<unknown>>;

function store(create: boolean): PrefetchStore | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as Record<string, PrefetchStore | undefined>;
  if (!w[STORE] && create) w[STORE] = new Map();
  return w[STORE];
}

/**
 * Fetches `path` (same origin, JSON) now and keeps the answer for the app.
 * @param path request path as the app builds it, e.g. '/api/products/{id}'
 * @returns the parsed body; rejects on a non-2xx answer or a network failure (the app then asks
 *   again itself and reports the error as usual)
 */
export function prefetchJson(path: string): Promise<unknown> {
  const answer = fetch(path, { headers: { Accept: 'application/json' } }).then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))));
  // Unclaimed or failed prefetches must not surface as unhandled rejections.
  answer.catch(() => undefined);
  store(true)!.set(path, answer);
  return answer;
}

/**
 * The prefetched answer for `path`, once: later reads of the path go to the network as usual.
 * @returns the pending answer, or undefined when nothing was prefetched for this path
 */
export function takePrefetched(path: string): Promise<unknown> | undefined {
  const s = store(false);
  const answer = s?.get(path);
  if (answer) s!.delete(path);
  return answer;
}
