/**
 * A deployment replaces the SPA's hashed files: a tab opened before it still runs the old shell and
 * asks for chunks that no longer exist. Such a failed dynamic import reloads the page once (the
 * new index.html names the new chunks); a sessionStorage guard makes sure a chunk that keeps
 * failing shows the error page instead of reloading for ever.
 */

/** sessionStorage key holding the time (ms since epoch) of the last stale-chunk reload. */
export const STALE_CHUNK_RELOAD_KEY = 'aurum-stale-chunk-reload';
/** A second reload for a stale chunk is allowed only this long after the previous one. */
export const STALE_CHUNK_RELOAD_INTERVAL_MS = 5 * 60_000;

/**
 * True when `error` is a failed load of a code chunk (dynamic import or module preload) as the
 * browsers report it: Chromium 'Failed to fetch dynamically imported module', Firefox 'error
 * loading dynamically imported module', Safari 'Importing a module script failed', Vite's
 * 'Unable to preload CSS', and webpack-style 'ChunkLoadError'.
 */
export function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: unknown; message?: unknown } | null;
  const text = `${typeof e?.name === 'string' ? e.name : ''} ${typeof e?.message === 'string' ? e.message : String(error)}`;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    text,
  );
}

/** Minimal storage interface (sessionStorage in the browser). */
export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Decides whether to reload for a stale chunk now and records the reload when it does.
 * @param storage where the last reload time is kept (sessionStorage)
 * @param now current time, ms since epoch
 * @returns true when no reload happened in the last STALE_CHUNK_RELOAD_INTERVAL_MS
 */
export function claimStaleChunkReload(storage: GuardStorage, now: number): boolean {
  let last: number;
  try {
    last = Number(storage.getItem(STALE_CHUNK_RELOAD_KEY));
  } catch {
    return false;
  }
  if (Number.isFinite(last) && last > 0 && now - last < STALE_CHUNK_RELOAD_INTERVAL_MS) return false;
  try {
    storage.setItem(STALE_CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false; // no storage: never risk a reload loop
  }
  return true;
}

/**
 * Reloads the page for a stale chunk unless it was already done recently.
 * @returns true when a reload was started (the caller should render nothing meanwhile)
 */
export function reloadOnceForStaleChunk(): boolean {
  if (!claimStaleChunkReload(window.sessionStorage, Date.now())) return false;
  window.location.reload();
  return true;
}

/**
 * Handles Vite's `vite:preloadError` (a chunk's module preload failed before the import itself):
 * reloads once instead of letting the import fail. Call once at boot.
 */
export function listenForStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForStaleChunk()) event.preventDefault();
  });
}
