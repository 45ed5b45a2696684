/**
 * Enforces a route's access level (route table) on the server.
 *
 * - public, webhook: anyone (a public route still reads an optional token: see optional-auth.ts).
 * - user: a verified caller whose profile is not banned (banned_until in the future -> 403 even
 *   while an old token is still valid).
 * - collaborator / admin: additionally the effective role must hold the route's capability
 *   (shared/permissions.ts `can`) and reach its level. The effective role is the LOWER of the token's
 *   Cognito groups and the profile's role, so a demotion or ban takes effect at once while a
 *   promotion needs a fresh token. Cognito groups and the server decide; never the client.
 *   A staff route also needs a token that passed a second factor (claim MFA_CLAIM, shared/mfa.ts):
 *   a staff member without MFA gets 403 'staffMfaRequired' there and nowhere else.
 * - Staff MFA is a property of the session: a staff route refuses (403 'staffSessionStale') a
 *   token whose session authenticated (`auth_time`) before the user's role or second factor last
 *   changed (profile `role_changed_at`, `mfa_changed_at`), so a refresh token taken before a
 *   promotion or an enrolment never yields a staff session; the user signs in again.
 *
 * Costs 1 GetItem (the profile) on non-public routes; the profile is handed to the operation.
 */
import type { RouteDefinition } from '../../shared/api/route';
import type { Caller } from './caller';
import { forbidden, unauthorized } from './errors';
import { API_MSG } from '../../shared/messages/api-messages';
import { ACCOUNT_MSG } from '../../shared/messages/account';
import { can, lowerRole, ROLE_RANK } from '../../shared/permissions';
import { createProfileIfMissing, getProfile, type ProfileRecord } from '../data/profile-repository';

/** True for a back-office route (admin or collaborator level, or a capability): it needs MFA. */
export function isStaffRoute(route: Pick<RouteDefinition, 'access' | 'capability'>): boolean {
  return route.access === 'admin' || route.access === 'collaborator' || route.capability !== undefined;
}

/** True when banned_until is set and in the future. */
export function isBanned(profile: Pick<ProfileRecord, 'banned_until'> | null, now = new Date()): boolean {
  return Boolean(profile?.banned_until && Date.parse(profile.banned_until) > now.getTime());
}

/** A profile for a verified user that has none yet (trigger missed): role user, or admin for the admin group. */
export function defaultProfile(caller: Caller, now = new Date()): ProfileRecord {
  return {
    id: caller.sub,
    email: caller.email,
    role: caller.role === 'admin' ? 'admin' : 'user',
    created_at: now.toISOString(),
    banned_until: null,
    billing_address: null,
    vat_number: null,
    tax_id: null,
    subscription: null,
  };
}

/**
 * @returns the caller with its effective role, and its profile (null on public routes)
 * @throws AppError 401 when the route needs a signed-in caller and there is none
 * @throws AppError 403 when the caller is banned or its role is below the route's level
 */
export async function enforceAccess(
  route: RouteDefinition,
  caller: Caller | null,
): Promise<{ caller: Caller | null; profile: ProfileRecord | null }> {
  if (route.access === 'public' || route.access === 'webhook') return { caller, profile: null };
  if (!caller) throw unauthorized();
  let profile = await getProfile(caller.sub);
  if (!profile) {
    profile = defaultProfile(caller);
    await createProfileIfMissing(profile);
  }
  // an erased account (GDPR art. 17): a token issued before the deletion reaches nothing, and no
  // empty profile is created again for it
  if (profile.erased_at) throw unauthorized(ACCOUNT_MSG.accountErased);
  if (isBanned(profile)) throw forbidden(API_MSG.banned);
  const role = lowerRole(caller.role, profile.role);
  const effective: Caller = { ...caller, role };
  if (route.access === 'admin' && role !== 'admin') throw forbidden();
  if (route.access === 'collaborator' && ROLE_RANK[role] < ROLE_RANK.collaborator) throw forbidden();
  // Staff routes: the permission policy itself decides (shared/permissions.ts), not only the level.
  if (route.capability && !can(role, route.capability)) throw forbidden();
  if (isStaffRoute(route) && !caller.mfa) throw forbidden(API_MSG.staffMfaRequired, API_MSG.staffMfaRequiredTitle);
  if (isStaffRoute(route) && !sessionAfterChanges(caller.authTime, profile))
    throw forbidden(API_MSG.staffSessionStale, API_MSG.staffMfaRequiredTitle);
  return { caller: effective, profile };
}

/**
 * Seconds a recorded change of factor may follow the sign-in that saw it: the pre-token trigger
 * records it while Cognito issues that sign-in's tokens, within the trigger's 5-second limit
 * (Cognito: "Amazon Cognito invokes Lambda functions synchronously. When called, your Lambda
 * function must respond within 5 seconds.").
 */
export const MFA_RECORD_SLACK_SECONDS = 5;

/**
 * True when a session authenticated at `authTime` (epoch seconds) is not older than the profile's
 * last role change, nor than its last change of second factor (less MFA_RECORD_SLACK_SECONDS).
 * A token without auth_time is refused once anything changed.
 */
export function sessionAfterChanges(
  authTime: number | null,
  profile: Pick<ProfileRecord, 'role_changed_at' | 'mfa_changed_at'>,
): boolean {
  const roleAt = profile.role_changed_at ? Math.floor(Date.parse(profile.role_changed_at) / 1000) : 0;
  const mfaAt = profile.mfa_changed_at
    ? Math.floor(Date.parse(profile.mfa_changed_at) / 1000) - MFA_RECORD_SLACK_SECONDS
    : 0;
  const since = Math.max(roleAt, mfaAt);
  if (since <= 0) return true;
  return authTime !== null && authTime >= since;
}
