/**
 * Admin user management (the Utenti screen, the user states, the roles rules): list users (newest first,
 * paged) or search them by email prefix, promote/demote collaborator, ban/unban. The principal
 * admin (the account with the admin role, known by its user id, not by email) can never be banned or have the role changed:
 * 403 titled 'Azione non permessa' (the title travels in the error body for the SPA's toast).
 */
import { API_MSG } from '../../shared/messages/api-messages';
import { USERS_MSG } from '../../shared/messages/admin-users';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import type { Caller } from '../lib/caller';
import type { Change } from '../lib/audit';
import * as profiles from '../data/profile-repository';
import type { UserRowDto } from '../../shared/api/admin';
import type { PageResponse } from '../../shared/api/route';
import type { UserListQuery } from '../../shared/schemas/admin-users';
import { disableAndSignOut, enableUser, globalSignOut, setGroupMembership, setPhoneNumber } from '../lib/cognito';
import type { BanPaymentEffects } from '../checkout/public';

/** Ban without an end date: 100 years. */
const INDEFINITE_BAN_MS = 100 * 365 * 24 * 3600 * 1000;

const toRow = (p: profiles.ProfileRecord): UserRowDto => ({
  id: p.id,
  email: p.email,
  role: p.role,
  created_at: p.created_at,
  banned_until: p.banned_until ?? null,
});

/**
 * GET /api/admin/users: one page of users, newest first (AP12), or, with `q`, the users whose
 * email starts with it, case-insensitively, by email (AP63). 1 Query either way.
 * @throws AppError 400 on a bad cursor
 */
export async function listUsers(query: UserListQuery): Promise<PageResponse<UserRowDto>> {
  const page = query.q ? await profiles.searchProfilesByEmail(query.q, query) : await profiles.listProfilesPage(query);
  return { items: page.items.map(toRow), next_cursor: page.next_cursor };
}

/**
 * Loads a target user and refuses protected accounts.
 * @throws AppError 404 'Utente non trovato.'; 403 'Azione non permessa' / 'Non puoi modificare
 *   l'account admin principale.' (title and message); 403 on the caller's own account
 */
async function modifiableTarget(actor: Caller, id: string): Promise<profiles.ProfileRecord> {
  const target = await profiles.getProfile(id);
  if (!target) throw notFound(API_MSG.notFoundUser);
  // The principal admin is the account holding the admin role (set on its profile, by user id, by
  // create-admin only), never whoever's email matches the support address: customers write their
  // own email.
  if (target.role === 'admin') throw forbidden(API_MSG.principalAdmin, API_MSG.principalAdminTitle);
  if (target.id === actor.sub) throw forbidden(API_MSG.selfAction);
  return target;
}

/**
 * PUT /api/admin/users/{id}/role: Cognito group first, then the profile with the time of the
 * change (staff routes refuse sessions authenticated before it), then a global sign-out: every
 * refresh token issued before the change is revoked, so no session from before a promotion ever
 * becomes a staff session. A collaborator without a second factor is asked to enrol one at its
 * next sign-in (the back office's enrolment page), and staff routes wait for it.
 */
export async function changeRole(
  actor: Caller,
  id: string,
  role: 'user' | 'collaborator',
): Promise<Change<UserRowDto>> {
  const target = await modifiableTarget(actor, id);
  // A customer has no number for SMS codes: a demoted collaborator's goes (setStaffPhone).
  if (role === 'user') await setPhoneNumber(target.id, null);
  await setGroupMembership(target.id, 'collaborator', role === 'collaborator');
  await profiles.updateRole(id, role);
  await globalSignOut(undefined, target.id);
  return { before: toRow(target), after: toRow({ ...target, role }) };
}

/**
 * POST /api/admin/users/{id}/ban: banned_until first (the API refuses the user at once, even
 * with a still-valid token, and public routes stop treating it as a member), then Cognito disable
 * + global sign-out, then its purchases stop (functions/checkout/ban.ts: open checkouts expired at
 * Stripe and released, the club subscription no longer renews). A temporary ban is lifted by the
 * lift-expired-bans job once it ends.
 * @param until ISO date-time; default indefinite
 * @returns the change, and what was stopped at Stripe (for the audit entry)
 * @throws AppError 400 when `until` is not in the future
 */
export async function banUser(
  actor: Caller,
  id: string,
  until?: string,
  now = new Date(),
): Promise<Change<UserRowDto> & { payments: BanPaymentEffects }> {
  const target = await modifiableTarget(actor, id);
  const end = until ? new Date(until) : new Date(now.getTime() + INDEFINITE_BAN_MS);
  if (end.getTime() <= now.getTime()) {
    throw badRequest("Il campo 'until' deve essere una data futura.", 'until');
  }
  const bannedUntil = end.toISOString();
  await profiles.updateBannedUntil(id, bannedUntil);
  await disableAndSignOut(target.id);
  // Imported here: the checkout's modules (and Stripe's SDK) stay out of the admin function's init.
  const { stopBannedPurchases } = await import('../checkout/public');
  const payments = await stopBannedPurchases(target);
  return { before: toRow(target), after: toRow({ ...target, banned_until: bannedUntil }), payments };
}

/** POST /api/admin/users/{id}/unban: Cognito enable, then clear banned_until. */
export async function unbanUser(actor: Caller, id: string): Promise<Change<UserRowDto>> {
  const target = await modifiableTarget(actor, id);
  await enableUser(target.id);
  await profiles.updateBannedUntil(id, null);
  return { before: toRow(target), after: toRow({ ...target, banned_until: null }) };
}

/** A phone number as the audit shows it: the last 3 digits only. */
const maskedPhone = (phone: string | null) => (phone ? `***${phone.slice(-3)}` : null);

/**
 * PUT /api/admin/users/{id}/phone: sets or removes a staff member's phone number in Cognito, the
 * only number Cognito sends SMS codes (MFA) to. The SPA's app client cannot write `phone_number`
 * (USER_POOL.clientWriteAttributes) and this route, the admin's alone, refuses any account that is
 * not staff, so SMS never goes to a number a customer chose (no SMS pumping). A demotion removes the
 * number (changeRole). The admin may set its own number; another admin account is never touched.
 * @param phone E.164, or null to remove
 * @returns the change for the audit (the number masked to its last 3 digits)
 * @throws AppError 404 unknown user; 403 another admin; 409 'Solo lo staff può avere un numero per i
 *   codici SMS.' for a customer
 */
export async function setStaffPhone(
  actor: Caller,
  id: string,
  phone: string | null,
): Promise<{ row: UserRowDto; before: { phone: string | null }; after: { phone: string | null } }> {
  const target = await profiles.getProfile(id);
  if (!target) throw notFound(API_MSG.notFoundUser);
  if (target.role === 'admin' && target.id !== actor.sub)
    throw forbidden(API_MSG.principalAdmin, API_MSG.principalAdminTitle);
  if (target.role === 'user') throw conflict(USERS_MSG.phoneStaffOnly);
  await setPhoneNumber(target.id, phone);
  return { row: toRow(target), before: { phone: null }, after: { phone: maskedPhone(phone) } };
}
