/**
 * Back-office user schemas (the Utenti screen and the roles rules): list query with email search, role change,
 * ban and unban.
 */
import * as z from 'zod/mini';
import { pageQuerySchema, preprocess } from './index';

/** GET /api/admin/users: paging and an optional email prefix (case-insensitive, e.g. 'giulia' or 'giulia.r@'). */
export const userListQuerySchema = z.lazy(() =>
  z.extend(pageQuerySchema, {
    q: preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.optional(z.string().check(z.trim(), z.maxLength(254))),
    ),
  }),
);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** PUT /api/admin/users/{id}/role: only user and collaborator can be given ("admin role cannot change"). */
export const roleChangeSchema = z.lazy(() => z.strictObject({ role: z.enum(['user', 'collaborator']) }));

/** POST /api/admin/users/{id}/ban: optional end (ISO date-time in the future); default: indefinite. */
export const banSchema = z.lazy(() => z.strictObject({ until: z.optional(z.iso.datetime({ offset: true })) }));

/** POST /api/admin/users/{id}/unban: no fields. */
export const unbanSchema = z.lazy(() => z.strictObject({}));

/**
 * PUT /api/admin/users/{id}/phone: a staff member's number for SMS codes, E.164 ('+393331234567'),
 * or null to remove it.
 */
export const staffPhoneSchema = z.lazy(() =>
  z.strictObject({ phone: z.nullable(z.string().check(z.trim(), z.regex(/^\+[1-9]\d{6,14}$/))) }),
);

/** Italian names of the fields, for the 400 messages. */
export const USER_FIELD_LABELS: Record<string, string> = {
  q: 'Email',
  role: 'Ruolo',
  until: 'Bannato fino al',
  phone: 'Telefono',
};
