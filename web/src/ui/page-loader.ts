import type { ComponentType } from 'react';

/** What a page chunk loader resolves to: the module shape React.lazy takes. */
export type PageModule = { default: ComponentType };

/**
 * A page chunk loader for React.lazy that, once the chunk has loaded, answers synchronously (a
 * thenable that calls back at once): a landing page preloaded before hydration (app.tsx,
 * preloadRoute) then renders in the same pass instead of suspending, so the prerendered markup is
 * hydrated whole. Features' public entries wrap their prerendered pages' loaders in it.
 * @param load the page's dynamic import, resolving to `{ default: Page }`
 * @returns a loader that imports once; a failed import is retried on the next call
 */
export function pageLoader(load: () => Promise<PageModule>): () => Promise<PageModule> {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  return () => {
    if (loaded) {
      const module = loaded;
      return { then: (resolve: (m: PageModule) => unknown) => resolve(module) } as unknown as Promise<PageModule>;
    }
    pending ??= load().then(
      (m) => (loaded = m),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
}
