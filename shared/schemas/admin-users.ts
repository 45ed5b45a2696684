/**
 * Back-office user schemas (spec 2 Admin Users, spec 6): list query with email search, role change,
 * ban and unban.
 */
import * as z from 'zod';
import { pageQuerySchema } from './index';

/** GET /api/admin/users: paging and an optional email prefix (case-insensitive, e.g. 'giulia' or 'giulia.r@'). */
export const userListQuerySchema = pageQuerySchema.extend({
  q: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(254).optional()),
}).strict();
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** PUT /api/admin/users/{id}/role: only user and collaborator can be given (spec 4 "admin role cannot change"). */
export const roleChangeSchema = z.object({ role: z.enum(['user', 'collaborator']) }).strict();

/** POST /api/admin/users/{id}/ban: optional end (ISO date-time in the future); default: indefinite. */
export const banSchema = z.object({ until: z.iso.datetime({ offset: true }).optional() }).strict();

/** POST /api/admin/users/{id}/unban: no fields. */
export const unbanSchema = z.object({}).strict();

/** Italian names of the fields, for the 400 messages. */
export const USER_FIELD_LABELS: Record<string, string> = { q: 'Email', role: 'Ruolo', until: 'Bannato fino al' };
