/**
 * Body of POST /api/signup: the new account's email and password. The pool's password rule
 * (shared/password-policy.ts) is checked by the use-case before anything is written or sent to
 * Cognito, so a weak password is a 400 naming the field with the rule's own sentence.
 */
import * as z from 'zod/mini';

export const signupSchema = z.strictObject({
  email: z.pipe(z.string().check(z.trim()), z.email().check(z.maxLength(254))),
  // the pool's rule is checked by the use-case (its own Italian sentence, PASSWORD_RULE_MESSAGE)
  password: z.string().check(z.minLength(1), z.maxLength(256)),
  /** Termini and Privacy Policy accepted (required: the use-case answers 400 naming the field). */
  accept_terms: z.optional(z.boolean()),
  /** The separate, unticked newsletter box: true starts the newsletter's double opt-in. */
  marketing_consent: z.optional(z.boolean()),
});
export type SignupBody = z.input<typeof signupSchema>;

/** The fields' names as the form shows them (400 messages). */
export const SIGNUP_FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  accept_terms: 'Accetto i Termini e la Privacy Policy',
  marketing_consent: 'Newsletter',
};

/** Body of POST /api/me/terms: the version the customer accepts (LEGAL_DOCUMENTS_VERSION). */
export const termsAcceptanceSchema = z.strictObject({
  version: z.string().check(z.minLength(1), z.maxLength(40)),
});
export type TermsAcceptanceBody = z.input<typeof termsAcceptanceSchema>;

/**
 * Body of POST /api/signup/confirm: the address, the 6-digit code the shop emailed and the password
 * the account keeps (the one given here wins over the one given at sign-up).
 */
export const signupConfirmSchema = z.strictObject({
  email: z.pipe(z.string().check(z.trim()), z.email().check(z.maxLength(254))),
  code: z.string().check(z.regex(/^\d{6}$/)),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
});
export type SignupConfirmBody = z.input<typeof signupConfirmSchema>;

/** Body of POST /api/signup/resend: the address whose sign-up code is sent again. */
export const signupResendSchema = z.strictObject({
  email: z.pipe(z.string().check(z.trim()), z.email().check(z.maxLength(254))),
});
export type SignupResendBody = z.input<typeof signupResendSchema>;

/** The code step's field names as the page shows them (400 messages). */
export const SIGNUP_CONFIRM_FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  code: 'Codice',
  password: 'Password',
};
