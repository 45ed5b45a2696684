/**
 * Staff MFA: the MFA state of a session travels in the ID token as the claim
 * MFA_CLAIM, computed by the Cognito pre-token-generation trigger from the user's own MFA
 * settings (functions/triggers/pre-token-generation.ts). Admin and collaborator routes refuse a
 * token without it (functions/lib/access.ts); the SPA asks a staff member without it to enrol an
 * authenticator app before the back office opens (web/src/admin/staff-mfa-gate.tsx).
 *
 * Why the settings stand for "this session passed MFA": in this pool a user with an enabled factor
 * is challenged for it at every sign-in (no device remembering, no passwordless flow), so a token
 * issued while a factor is enabled was issued after the factor was answered (or, for a refreshed
 * token, the factor was just verified during enrolment).
 */

/** ID token claim with the session's second factor. */
export const MFA_CLAIM = 'aurum_mfa';

/** Values of MFA_CLAIM: the factor the session passed, or 'none'. */
export type MfaClaim = 'totp' | 'sms' | 'none';

/**
 * The claim for a user's enabled MFA methods (Cognito's UserMFASettingList, e.g.
 * ['SOFTWARE_TOKEN_MFA']). An authenticator app wins over SMS when both are on.
 */
export function mfaClaimOf(enabledMethods: readonly string[] | undefined): MfaClaim {
  if (enabledMethods?.includes('SOFTWARE_TOKEN_MFA')) return 'totp';
  if (enabledMethods?.includes('SMS_MFA')) return 'sms';
  return 'none';
}

/** True when a token's MFA_CLAIM value says a second factor was passed. */
export function passedMfa(claim: unknown): boolean {
  return claim === 'totp' || claim === 'sms';
}
