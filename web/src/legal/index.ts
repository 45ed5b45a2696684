/**
 * Public entry of the legal feature (web/src/legal: the legal pages and the dialog of updated
 * Termini). The router imports it: nothing here loads its code eagerly.
 */
import { lazy } from 'react';

/** Loads the legal pages' chunk (/legal/:page): resolves to `{ default: LegalPage }` for React.lazy. */
export const loadLegalPage = () => import('./legal-page').then((m) => ({ default: m.LegalPage }));

/**
 * For a signed-in user: asks once whether the Termini in force are accepted and, if not, shows the
 * dialog 'Abbiamo aggiornato i Termini'. Lazy (render it inside Suspense): its code stays out of a
 * visitor's first load.
 */
export const TermsUpdateGate = lazy(() => import('./terms-update-gate').then((m) => ({ default: m.TermsUpdateGate })));
