import { afterEach, describe, expect, it, vi } from 'vitest';
import { unstable_serialize } from 'swr/infinite';
import { cache } from 'swr/_internal';
import { prefetchJson, takePrefetched } from './prefetch';
import {
  forgetSeededAnswers,
  infiniteKey,
  SEEDED_FRESH_MS,
  seededRecently,
  seedPrefetchedAnswers,
} from './seed-prefetched';

const PRODUCTS = '/api/products?limit=24';
const PRODUCT = '/api/products/7b0c2f8e-1111-4222-8333-944445555666';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A browser-like global (the prefetch store lives on window) and a fetch answering per path. */
function stubBrowser(answers: Record<string, unknown>) {
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) =>
      path in answers
        ? Promise.resolve(new Response(JSON.stringify(answers[path]), { status: 200 }))
        : new Promise<Response>(() => undefined),
    ),
  );
}

describe('infiniteKey', () => {
  it("is swr/infinite's own cache key of a list whose first page is that path", () => {
    expect(infiniteKey(PRODUCTS)).toBe(unstable_serialize(() => PRODUCTS));
  });
});

describe('seedPrefetchedAnswers', () => {
  it("puts arrived answers into SWR's cache (the product list also as its one loaded page) and claims them; pending ones stay for the app", async () => {
    const page = { items: [{ id: 'p1' }], next_cursor: null };
    const detail = { id: 'p1', name: 'Manubri' };
    stubBrowser({ [PRODUCTS]: page, [PRODUCT]: detail });
    await Promise.all([prefetchJson(PRODUCTS), prefetchJson(PRODUCT)]);
    prefetchJson('/api/categories'); // still on its way: not seeded
    await new Promise((r) => setTimeout(r, 0));

    const now = 1_000_000;
    expect(seedPrefetchedAnswers(now).sort()).toEqual([PRODUCT, PRODUCTS]);
    expect(cache.get(PRODUCT)?.data).toEqual(detail);
    expect(cache.get(infiniteKey(PRODUCTS))?.data).toEqual([page]);
    expect(cache.get('/api/categories')).toBeUndefined();

    // Fresh for a while: the hooks mounting with it do not ask again; later they do.
    expect(seededRecently(PRODUCT, now + SEEDED_FRESH_MS - 1)).toBe(true);
    expect(seededRecently(PRODUCT, now + SEEDED_FRESH_MS)).toBe(false);
    expect(seededRecently('/api/categories', now)).toBe(false);
    expect(seededRecently(null, now)).toBe(false);

    // Another identity: the anonymous answers are no longer fresh for anyone.
    forgetSeededAnswers();
    expect(seededRecently(PRODUCT, now + 1)).toBe(false);

    // Claimed: a later revalidation asks the network, not for the page-load answer. The answer
    // still on its way is left for the app's first read of its path.
    expect(takePrefetched(PRODUCT)).toBeUndefined();
    expect(takePrefetched(PRODUCTS)).toBeUndefined();
    expect(takePrefetched('/api/categories')).toBeDefined();
  });
});
