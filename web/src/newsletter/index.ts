/** Public entry of the newsletter feature (web/src/newsletter: the confirm and unsubscribe pages). */

/**
 * Loads the chunk of /newsletter/conferma and /newsletter/disiscrizione: resolves to
 * `{ default: NewsletterPage }` (props `{ kind: 'confirm' | 'unsubscribe' }`) for React.lazy.
 */
export const loadNewsletterPage = () => import('./newsletter-page').then((m) => ({ default: m.NewsletterPage }));
