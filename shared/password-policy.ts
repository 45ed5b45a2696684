/**
 * The password rule of the user pool, defined once: the CDK auth stack and the local pool use it
 * (infra/definitions.ts), and the SPA checks it before calling Cognito, because cognito-local does
 * not enforce password policies and the shop must behave the same locally and in the cloud.
 * Every field that sets a password shows the rule as it is (PASSWORD_RULE_HINT), not the spec's
 * older 'Min. 6 caratteri' placeholder: the rule is the server's, stricter on purpose (NIST minimum of 8).
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;

/** The rule as a form field's hint, shown under every field that sets a password. */
export const PASSWORD_RULE_HINT = 'Almeno 8 caratteri, con una maiuscola, una minuscola e un numero.';

/** The Italian sentence that states the rule. */
export const PASSWORD_RULE_MESSAGE =
  'La password deve avere almeno 8 caratteri, con almeno una lettera maiuscola, una minuscola e un numero.';

/**
 * Checks a password against PASSWORD_POLICY.
 * @returns null when it passes, else PASSWORD_RULE_MESSAGE
 */
export function passwordPolicyError(password: string): string | null {
  const ok =
    password.length >= PASSWORD_POLICY.minLength &&
    (!PASSWORD_POLICY.requireLowercase || /[a-z]/.test(password)) &&
    (!PASSWORD_POLICY.requireUppercase || /[A-Z]/.test(password)) &&
    (!PASSWORD_POLICY.requireDigits || /\d/.test(password));
  return ok ? null : PASSWORD_RULE_MESSAGE;
}
