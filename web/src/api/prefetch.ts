/**
 * API answers fetched before the app started: the boot module of a prerendered landing page
 * (web/src/boot/boot.ts) asks for the page's data at once, and the app's first GET of the same path
 * takes that answer instead of asking again (web/src/api/client.ts). Only for visitors without a
 * stored session: the answers are the anonymous view.
 */

/** The window property the boot module and the app share. */
const STORE = 'aurumPrefetch';

/** One prefetched answer; `value` is set once it has arrived (and parsed). */
interface Prefetched {
  answer: Promise<unknown>;
  value?: unknown;
  arrived: boolean;
}

type PrefetchStore = Map<string, Prefetched>;

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
  const answer = fetch(path, { headers: { Accept: 'application/json' } }).then((res) =>
    res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`)),
  );
  const entry: Prefetched = { answer, arrived: false };
  answer.then(
    (value) => Object.assign(entry, { value, arrived: true }),
    () => undefined, // unclaimed or failed prefetches must not surface as unhandled rejections
  );
  store(true)!.set(path, entry);
  return answer;
}

/**
 * Claims the prefetched answers that have already arrived (like takePrefetched, once each); those
 * still on their way stay for the app's first read of their path.
 * @returns request path -> parsed body
 */
export function takeArrivedPrefetches(): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const s = store(false);
  for (const [path, entry] of s ?? []) {
    if (!entry.arrived) continue;
    out.set(path, entry.value);
    s!.delete(path);
  }
  return out;
}

/**
 * The prefetched answer for `path`, once: later reads of the path go to the network as usual.
 * @returns the pending answer, or undefined when nothing was prefetched for this path
 */
export function takePrefetched(path: string): Promise<unknown> | undefined {
  const s = store(false);
  const entry = s?.get(path);
  if (entry) s!.delete(path);
  return entry?.answer;
}
