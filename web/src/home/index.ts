/**
 * Public entry of the home page feature (web/src/home): what the router needs, nothing loaded
 * eagerly (the router is in every page's first load).
 */

/** Loads the home page's chunk: resolves to `{ default: HomePage }` for React.lazy. */
export const loadHomePage = () => import('./home-page').then((m) => ({ default: m.HomePage }));
