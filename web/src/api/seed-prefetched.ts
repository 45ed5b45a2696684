/**
 * Hands the landing page's prefetched API answers (api/prefetch.ts, started by the boot module) to
 * SWR's cache before the app's first render, so the hydrating page already holds its data.
 *
 * Without this, the data reached the page through SWR after hydration had begun: SWR's updates are
 * synchronous (useSyncExternalStore), so the first render of a page with data, and any hydration
 * still pending, ran as one long task (long enough to count as blocking time on a phone).
 * With the data cached, the pages render it as a deferred value (a transition, in short slices):
 * ProductListing's items and ProductView's product start from their loading state, which is also
 * what the prerendered document shows, so hydration matches.
 */
import { mutate } from 'swr';
import { takeArrivedPrefetches } from './prefetch';
import { productsPath } from './query';

/**
 * The SWR cache key of a swr/infinite list whose first page is `firstPagePath`: what
 * `unstable_serialize` of swr/infinite returns for a key function answering that path for page 0
 * (api/seed-prefetched.test.ts checks it), without bringing swr/infinite into the entry chunk.
 */
export function infiniteKey(firstPagePath: string): string {
  return `$inf$${firstPagePath}`;
}

/**
 * Puts every prefetched answer that has already arrived into SWR's default cache: the first page
 * of the product list (GET /api/products, a cursor page: as the list's one loaded page) and any
 * other path as is (e.g. GET /api/products/{id}). The answers are claimed: a later revalidation
 * of the path asks the network, never for this page-load answer again. Answers still on their way
 * are left to the hooks' first read (as without seeding).
 * @returns the paths seeded
 */
export function seedPrefetchedAnswers(now = Date.now()): string[] {
  const seeded: string[] = [];
  for (const [path, body] of takeArrivedPrefetches()) {
    if (path === productsPath({})) void mutate(infiniteKey(path), [body], { revalidate: false });
    void mutate(path, body, { revalidate: false });
    seededAt.set(path, now);
    seeded.push(path);
  }
  return seeded;
}

/** How long a seeded answer counts as fresh: the hooks mounting with it do not ask again. */
export const SEEDED_FRESH_MS = 10_000;

const seededAt = new Map<string, number>();

/**
 * Forgets every seeded answer's time: hooks mounting from now on revalidate as usual. Called when
 * the signed-in identity changes (session/session.tsx), which also empties SWR's cache: a hook that
 * skipped its revalidation on mount would otherwise stay without data.
 */
export function forgetSeededAnswers(): void {
  seededAt.clear();
}

/**
 * Whether `path` was seeded within SEEDED_FRESH_MS: its hook then skips SWR's revalidation on
 * mount (a second request for an answer a moment old, and two more synchronous renders while it
 * runs). Later mounts revalidate as usual.
 */
export function seededRecently(path: string | null, now = Date.now()): boolean {
  const at = path === null ? undefined : seededAt.get(path);
  return at !== undefined && now - at < SEEDED_FRESH_MS;
}
