/**
 * The contact form (function 'account', public): a visitor's message is stored, delivered to the
 * support inbox with Reply-To the sender, and answered with an automatic reply.
 */
import type { ContactBody } from '../schemas/contact';
import { route } from './route';

/** POST /api/contact: 202 `{ accepted: true }` (also when the honeypot caught a bot). */
export interface ContactAcceptedDto {
  accepted: true;
}

export const CONTACT_API = {
  contact: route<ContactAcceptedDto, ContactBody>({
    method: 'POST',
    path: '/api/contact',
    fn: 'account',
    access: 'public',
    summary: 'Send a message to the shop (3 an hour per address, 10 per IP)',
  }),
} as const;
