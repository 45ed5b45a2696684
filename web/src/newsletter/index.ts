/**
 * Public entry of the newsletter feature (web/src/newsletter: the confirm and unsubscribe pages).
 * The router imports it: the lazy page only.
 */
import { lazy } from 'react';

/** /newsletter/conferma and /newsletter/disiscrizione (props `{ kind: 'confirm' | 'unsubscribe' }`), lazy. */
export const NewsletterPage = lazy(() => import('./newsletter-page').then((m) => ({ default: m.NewsletterPage })));
