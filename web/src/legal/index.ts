/**
 * Public entry of the legal feature (web/src/legal: the legal pages, their content built from the
 * seller's identity and the shipping methods). The router imports it, so it is in every page's
 * first load: the lazy page only. The dialog of updated Termini a signed-in user must accept is in
 * web/src/session.
 */
import { lazy } from 'react';

/** The legal pages (/legal/:page), lazy (React.lazy). */
export const LegalPage = lazy(() => import('./legal-page').then((m) => ({ default: m.LegalPage })));
