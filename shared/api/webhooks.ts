/**
 * Webhook routes (function 'webhooks', access 'webhook': no user token; the handler verifies the
 * caller itself).
 */
import { route } from './route';

/** Answer to a verified Stripe event. */
export interface WebhookAckDto {
  received: true;
  /** What the event did (e.g. 'created', 'duplicate', 'released', 'ignored'). */
  result: string;
}

export const WEBHOOKS_API = {
  stripe: route<WebhookAckDto>({
    method: 'POST',
    path: '/api/webhooks/stripe',
    fn: 'webhooks',
    access: 'webhook',
    summary: 'Stripe events: completed (fulfil), expired (release)',
  }),
} as const;
