/**
 * Back-office API of the 'admin' function: orders (fulfilment) and the sales summary, users and
 * payment keys (the Aurum Club offer, discount codes and shipping are in admin-offers.ts). Every
 * route names the capability it needs (shared/permissions.ts); its access level derives from it.
 * Amounts in integer euro cents; dates ISO 8601 (calendar days 'YYYY-MM-DD', Italian time).
 */
import type * as z from 'zod/mini';
import type { Role } from '../permissions';
import type { orderListQuerySchema, orderUpdateSchema } from '../schemas/admin-orders';
import type {
  banSchema,
  roleChangeSchema,
  staffPhoneSchema,
  unbanSchema,
  userListQuerySchema,
} from '../schemas/admin-users';
import type { paymentMethodsSchema, paymentSettingsSchema, paymentVerifySchema } from '../schemas/admin-payments';
import type { PaymentMethodSwitches } from '../payment-methods';
import type { refundSchema } from '../schemas/refunds';
import type { AdminOrderDto, OrderStatus, RefundDto } from './orders';
import { staffRoute, type PageResponse } from './route';

/** A CSV answer (bytes, not JSON; RFC 4180, UTF-8): the browser saves it as a file. */
export interface CsvFile {
  readonly contentType: 'text/csv';
}

/** One row of the admin user listing. */
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
  /** The payment methods the owner allows on the checkout page (shared/payment-methods.ts). */
  payment_methods: PaymentMethodSwitches;
}

/** POST /api/admin/payment-settings/verify: whether the stored secret key works at the payment provider. */
export interface PaymentVerifyDto {
  ok: boolean;
  /** Italian outcome for the admin (account reached, or why not). */
  message: string;
  /** The provider's account id when reached, else null. */
  account_id: string | null;
  /** True for live keys, false for test keys, null when not reached. */
  livemode: boolean | null;
  checked_at: string;
}

/** One day of the sales chart. */
export interface SalesDayDto {
  /** Calendar day in Italy, 'YYYY-MM-DD'. */
  date: string;
  /** Revenue of the day's orders that are not 'Annullato', cents. */
  revenue_cents: number;
  /** Orders of the day that are not 'Annullato'. */
  orders: number;
}

/** A best seller of the window (product or bundle line of the orders not cancelled). */
export interface TopProductDto {
  product_id: string | null;
  bundle_id: string | null;
  name: string;
  units: number;
  revenue_cents: number;
}

/** GET /api/admin/sales-summary: the last 30 days (today included, Italian calendar days). */
export interface SalesSummaryDto {
  /** First and last day of the window, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  /** Revenue and orders of the window, cancelled orders excluded. */
  revenue_cents: number;
  orders: number;
  /** revenue_cents / orders, rounded to the cent (0 without orders). */
  average_order_cents: number;
  /** One entry per day of the window, oldest first (days without orders included). */
  by_day: SalesDayDto[];
  /** Orders of the window per status (cancelled included). */
  by_status: Record<OrderStatus, number>;
  /** Up to 5 best sellers by units sold, then revenue. */
  top_products: TopProductDto[];
  generated_at: string;
}

/** POST /api/admin/orders/{id}/refunds answer: the order after the refund and the refund made (its Stripe status). */
export interface RefundResultDto {
  order: AdminOrderDto;
  /** 'failed' when Stripe refused it, 'pending' while Stripe has not confirmed it. */
  refund: RefundDto;
}

export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export type RefundBody = z.input<typeof refundSchema>;
export type OrderUpdateBody = z.input<typeof orderUpdateSchema>;
export type PaymentSettingsBody = z.input<typeof paymentSettingsSchema>;
export type PaymentMethodsBody = z.input<typeof paymentMethodsSchema>;
export type PaymentVerifyBody = z.input<typeof paymentVerifySchema>;
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type RoleChangeBody = z.input<typeof roleChangeSchema>;
export type BanBody = z.input<typeof banSchema>;
export type UnbanBody = z.input<typeof unbanSchema>;
export type StaffPhoneBody = z.input<typeof staffPhoneSchema>;

/** Orders (fulfilment) and sales, payment keys and users. */
export const ADMIN_API = {
  orders: staffRoute<PageResponse<AdminOrderDto>>('orders', {
    method: 'GET',
    path: '/api/admin/orders',
    fn: 'admin',
    summary:
      'Orders with user email, newest first, paged (?status=, ?needs_refund=true, ?withdrawals=open, ?q= order id or its 8-char prefix)',
  }),
  updateOrder: staffRoute<AdminOrderDto, OrderUpdateBody>('orders', {
    method: 'PATCH',
    path: '/api/admin/orders/{id}',
    fn: 'admin',
    summary: 'Set status, tracking_number, tracking_url',
  }),
  refundOrder: staffRoute<RefundResultDto, RefundBody>('refunds', {
    method: 'POST',
    path: '/api/admin/orders/{id}/refunds',
    fn: 'admin',
    summary: 'Refund an order (everything left, lines or an amount; optionally restock and cancel) through Stripe',
  }),
  receiveWithdrawal: staffRoute<AdminOrderDto>('orders', {
    method: 'POST',
    path: '/api/admin/orders/{id}/withdrawals/{wid}/received',
    fn: 'admin',
    summary: "A withdrawal's goods are back: requested -> received",
  }),
  refundWithdrawal: staffRoute<RefundResultDto>('refunds', {
    method: 'POST',
    path: '/api/admin/orders/{id}/withdrawals/{wid}/refund',
    fn: 'admin',
    summary:
      'Refund a received withdrawal through Stripe (the withdrawn lines; the whole order with delivery when all of it)',
  }),
  salesSummary: staffRoute<SalesSummaryDto>('sales', {
    method: 'GET',
    path: '/api/admin/sales-summary',
    fn: 'admin',
    summary: 'Revenue and orders of the last 30 days by day, orders by status, top products',
  }),
  paymentSettings: staffRoute<AdminPaymentSettingsDto>('payments', {
    method: 'GET',
    path: '/api/admin/payment-settings',
    fn: 'admin',
    summary: 'Publishable key and whether a secret is set',
  }),
  savePaymentSettings: staffRoute<AdminPaymentSettingsDto, PaymentSettingsBody>('payments', {
    method: 'PUT',
    path: '/api/admin/payment-settings',
    fn: 'admin',
    summary: 'Save keys (secret to Secrets Manager; empty = unchanged)',
  }),
  savePaymentMethods: staffRoute<AdminPaymentSettingsDto, PaymentMethodsBody>('payments', {
    method: 'PUT',
    path: '/api/admin/payment-methods',
    fn: 'admin',
    summary: 'Switch each payment method of the checkout page on or off (cards or PayPal stay on)',
  }),
  verifyPaymentSettings: staffRoute<PaymentVerifyDto, PaymentVerifyBody>('payments', {
    method: 'POST',
    path: '/api/admin/payment-settings/verify',
    fn: 'admin',
    summary: 'Call Stripe with the stored secret key and report whether it works',
  }),
  users: staffRoute<PageResponse<UserRowDto>>('users', {
    method: 'GET',
    path: '/api/admin/users',
    fn: 'admin',
    summary: 'Users newest first, paged (?q= email prefix, case-insensitive)',
  }),
  setRole: staffRoute<UserRowDto, RoleChangeBody>('users', {
    method: 'PUT',
    path: '/api/admin/users/{id}/role',
    fn: 'admin',
    summary: 'Promote to / demote from collaborator',
  }),
  ban: staffRoute<UserRowDto, BanBody>('users', {
    method: 'POST',
    path: '/api/admin/users/{id}/ban',
    fn: 'admin',
    summary: 'Ban: disable in Cognito, sign out, banned_until',
  }),
  setStaffPhone: staffRoute<UserRowDto, StaffPhoneBody>('users', {
    method: 'PUT',
    path: '/api/admin/users/{id}/phone',
    fn: 'admin',
    summary: "Set or remove a staff member's phone number, the only kind Cognito sends SMS codes to",
  }),
  unban: staffRoute<UserRowDto, UnbanBody>('users', {
    method: 'POST',
    path: '/api/admin/users/{id}/unban',
    fn: 'admin',
    summary: 'Unban: enable in Cognito, clear banned_until',
  }),
  newsletterSubscribersCsv: staffRoute<CsvFile>('users', {
    method: 'GET',
    path: '/api/admin/newsletter/subscribers.csv',
    fn: 'admin',
    summary: 'Confirmed newsletter subscribers as CSV (email, consent time, source; attachment)',
  }),
} as const;
