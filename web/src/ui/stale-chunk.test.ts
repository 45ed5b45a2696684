/** Stale chunks after a deployment: which errors count, and the reload-once guard. */
import { describe, expect, it } from 'vitest';
import {
  claimStaleChunkReload,
  isChunkLoadError,
  STALE_CHUNK_RELOAD_INTERVAL_MS,
  STALE_CHUNK_RELOAD_KEY,
  type GuardStorage,
} from './stale-chunk';

function memoryStorage(initial: Record<string, string> = {}): GuardStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
  };
}

describe('isChunkLoadError', () => {
  it("recognises each browser's failed dynamic import", () => {
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: https://shop/assets/product-page-abc.js'),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://shop/assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }))).toBe(
      true,
    );
  });

  it('leaves ordinary errors to the error page', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isChunkLoadError(new Error('HTTP 500'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError('boom')).toBe(false);
  });
});

describe('claimStaleChunkReload', () => {
  const now = Date.UTC(2026, 10, 22, 16, 0, 0);

  it('allows the first reload and records it', () => {
    const storage = memoryStorage();
    expect(claimStaleChunkReload(storage, now)).toBe(true);
    expect(storage.data[STALE_CHUNK_RELOAD_KEY]).toBe(String(now));
  });

  it('refuses a second reload soon after (the chunk keeps failing: show the error page)', () => {
    const storage = memoryStorage();
    expect(claimStaleChunkReload(storage, now)).toBe(true);
    expect(claimStaleChunkReload(storage, now + 2_000)).toBe(false);
    expect(claimStaleChunkReload(storage, now + STALE_CHUNK_RELOAD_INTERVAL_MS - 1)).toBe(false);
  });

  it('allows a reload again for a later deployment', () => {
    const storage = memoryStorage({ [STALE_CHUNK_RELOAD_KEY]: String(now - STALE_CHUNK_RELOAD_INTERVAL_MS) });
    expect(claimStaleChunkReload(storage, now)).toBe(true);
  });

  it('never reloads without a working storage (no loop possible)', () => {
    const broken: GuardStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(claimStaleChunkReload(broken, now)).toBe(false);
    const readOnly: GuardStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(claimStaleChunkReload(readOnly, now)).toBe(false);
  });
});
