/**
 * Back-office API of the 'admin' function: orders (fulfilment), users and payment keys. Every route
 * names the capability it needs (shared/permissions.ts); its access level derives from it.
 * Amounts in integer euro cents; dates ISO 8601.
 */
import type { z } from 'zod';
import type { Role } from '../permissions';
import type { banSchema, orderUpdateSchema, paymentSettingsSchema, roleChangeSchema } from '../schemas';
import type { AdminOrderDto } from './orders';
import { staffRoute, type ListResponse } from './route';

/** One row of the admin user listing (spec 3 "user listing"). */
export interface UserRowDto {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  /** ISO; in the future while banned, else null. */
  banned_until: string | null;
}

/** GET/PUT /api/admin/payment-settings: the publishable key and whether each secret is set (secrets are never returned). */
export interface AdminPaymentSettingsDto {
  stripe_publishable_key: string | null;
  has_secret_key: boolean;
  has_webhook_secret: boolean;
  updated_at: string | null;
}

export type OrderUpdateBody = z.input<typeof orderUpdateSchema>;
export type PaymentSettingsBody = z.input<typeof paymentSettingsSchema>;
export type RoleChangeBody = z.input<typeof roleChangeSchema>;
export type BanBody = z.input<typeof banSchema>;

/** Orders (fulfilment), payment keys and users. */
export const ADMIN_API = {
  orders: staffRoute<ListResponse<AdminOrderDto>>('orders', { method: 'GET', path: '/api/admin/orders', fn: 'admin', summary: 'All orders with user email, newest first' }),
  updateOrder: staffRoute<AdminOrderDto, OrderUpdateBody>('orders', { method: 'PATCH', path: '/api/admin/orders/{id}', fn: 'admin', summary: 'Set status, tracking_number, tracking_url' }),
  paymentSettings: staffRoute<AdminPaymentSettingsDto>('payments', { method: 'GET', path: '/api/admin/payment-settings', fn: 'admin', summary: 'Publishable key and whether a secret is set' }),
  savePaymentSettings: staffRoute<AdminPaymentSettingsDto, PaymentSettingsBody>('payments', { method: 'PUT', path: '/api/admin/payment-settings', fn: 'admin', summary: 'Save keys (secret to Secrets Manager; empty = unchanged)' }),
  users: staffRoute<ListResponse<UserRowDto>>('users', { method: 'GET', path: '/api/admin/users', fn: 'admin', summary: 'Users with email, role, created_at, banned_until' }),
  setRole: staffRoute<UserRowDto, RoleChangeBody>('users', { method: 'PUT', path: '/api/admin/users/{id}/role', fn: 'admin', summary: 'Promote to / demote from collaborator' }),
  ban: staffRoute<UserRowDto, BanBody>('users', { method: 'POST', path: '/api/admin/users/{id}/ban', fn: 'admin', summary: 'Ban: disable in Cognito, sign out, banned_until' }),
  unban: staffRoute<UserRowDto, Record<string, never>>('users', { method: 'POST', path: '/api/admin/users/{id}/unban', fn: 'admin', summary: 'Unban: enable in Cognito, clear banned_until' }),
} as const;
