/** Public entry of the Aurum Club feature (web/src/club: the /premium page, its plans and showcase). */

/** Loads the /premium page's chunk: resolves to `{ default: PremiumPage }` for React.lazy. */
export const loadPremiumPage = () => import('./premium-page').then((m) => ({ default: m.PremiumPage }));
