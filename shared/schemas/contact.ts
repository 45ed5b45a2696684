/**
 * Body of POST /api/contact. `website` is the honeypot: a field people never see (hidden from
 * screen readers and the tab order); a value means a bot, answered like a person but not stored
 * (functions/account/contact.ts).
 */
import * as z from 'zod/mini';
import { CONTACT_MESSAGE_MAX, CONTACT_TOPICS } from '../contact';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const contactSchema = z.strictObject({
  first_name: text(100),
  last_name: text(100),
  email: z.pipe(z.string().check(z.trim()), z.email().check(z.maxLength(254))),
  topic: z.optional(z.nullable(z.enum(CONTACT_TOPICS.map((t) => t.value) as [string, ...string[]]))),
  message: text(CONTACT_MESSAGE_MAX),
  website: z.optional(z.string().check(z.maxLength(500))),
});
export type ContactBody = z.input<typeof contactSchema>;

/** The fields' names as the form shows them (400 messages). */
export const CONTACT_FIELD_LABELS: Record<string, string> = {
  first_name: 'Nome',
  last_name: 'Cognome',
  email: 'Email',
  topic: 'Argomento',
  message: 'Messaggio',
};
