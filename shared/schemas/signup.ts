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
});
export type SignupBody = z.input<typeof signupSchema>;

/** The fields' names as the form shows them (400 messages). */
export const SIGNUP_FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
};
