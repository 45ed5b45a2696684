/**
 * Bodies of the newsletter routes: the address to subscribe, and the token of a confirmation or
 * unsubscribe link (its only credential).
 */
import * as z from 'zod/mini';

export const newsletterSchema = z.strictObject({
  email: z.pipe(z.string().check(z.trim()), z.email().check(z.maxLength(254))),
});
export type NewsletterBody = z.input<typeof newsletterSchema>;

export const newsletterTokenSchema = z.strictObject({
  token: z.string().check(z.minLength(10), z.maxLength(600)),
});
export type NewsletterTokenBody = z.input<typeof newsletterTokenSchema>;

/** The fields' names as the forms show them (400 messages). */
export const NEWSLETTER_FIELD_LABELS: Record<string, string> = { email: 'Email', token: 'Link' };
