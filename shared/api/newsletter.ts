/**
 * The newsletter (function 'account', public): double opt-in sign-up, confirmation and
 * unsubscribe (also the RFC 8058 one-click target).
 */
import type { NewsletterBody, NewsletterTokenBody } from '../schemas/newsletter';
import { route } from './route';

/** POST /api/newsletter: 202, the same whether or not the address is known. */
export interface NewsletterAcceptedDto {
  accepted: true;
}
/** POST /api/newsletter/confirm. */
export interface NewsletterConfirmedDto {
  confirmed: true;
}
/** POST /api/newsletter/unsubscribe. */
export interface NewsletterUnsubscribedDto {
  unsubscribed: true;
}

export const NEWSLETTER_API = {
  subscribe: route<NewsletterAcceptedDto, NewsletterBody>({
    method: 'POST',
    path: '/api/newsletter',
    fn: 'account',
    access: 'public',
    summary: 'Ask for the newsletter: a confirmation link by email (double opt-in; 10 an hour per IP)',
  }),
  confirm: route<NewsletterConfirmedDto, NewsletterTokenBody>({
    method: 'POST',
    path: '/api/newsletter/confirm',
    fn: 'account',
    access: 'public',
    summary: 'Confirm a subscription with the token of its link',
  }),
  unsubscribe: route<NewsletterUnsubscribedDto, NewsletterTokenBody>({
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    fn: 'account',
    access: 'public',
    summary: 'Unsubscribe with the token of the link (JSON body, or ?token= with RFC 8058 List-Unsubscribe=One-Click)',
  }),
} as const;
