/**
 * Public entry of the Aurum Club feature (web/src/club: the /premium page, its plans and
 * showcase). The router imports it: the page's chunk loader only.
 */
import { pageLoader } from '../ui/page-loader';

/** Loads the /premium page's chunk (prerendered: preloaded at boot): `{ default: PremiumPage }`. */
export const loadPremiumPage = pageLoader(() => import('./premium-page').then((m) => ({ default: m.PremiumPage })));
