/**
 * Back-office API of what the shop sells besides products (function 'admin'): Aurum Club plans and
 * the discount tiers they copy, discount codes and shipping methods. Every route names its capability
 * (shared/permissions.ts: all of these are the admin's). Amounts in integer euro cents.
 * Reading: tiers and shipping methods use the public lists (CATALOG_API.discountTiers,
 * CATALOG_API.shippingMethods); plans have their own list ordered by price.
 */
import type * as z from 'zod/mini';
import type { DiscountType } from '../discount-codes';
import type { discountTierSchema, planSchema } from '../schemas/admin-subscriptions';
import type { discountCodeSchema } from '../schemas/admin-discount-codes';
import type { shippingMethodSchema } from '../schemas/admin-shipping';
import type { pageQuerySchema } from '../schemas';
import type { DiscountTierDto, ShippingMethodDto, SubscriptionPlanDto } from './catalog';
import { staffRoute, type ListResponse, type PageResponse } from './route';

/** A discount code in the back office. */
export interface DiscountCodeDto {
  id: string;
  /** As the admin typed it; unique case-insensitively. */
  code: string;
  discount_type: DiscountType;
  /** Percent 1..100 ('percentage') or cents ('fixed'). */
  value: number;
  /** Last valid day 'YYYY-MM-DD' (Italian time), or null. */
  expires_at: string | null;
  is_active: boolean;
  /** Paid orders that used the code (counted by the checkout). */
  times_used: number;
  created_at: string;
  updated_at: string;
}

/** A member's withdrawal from the Aurum Club as the back office lists it (amounts in euro cents, dates ISO). */
export interface AdminClubWithdrawalDto {
  stripe_subscription_id: string;
  user_id: string;
  email: string;
  plan_name: string;
  started_at: string;
  requested_at: string;
  /** When the member had asked for the membership to start at once (art. 50 c.3 Codice del Consumo). */
  service_start_requested_at: string | null;
  days_used: number;
  period_days: number;
  paid_cents: number;
  kept_cents: number;
  refund_cents: number;
  /** 'requested' while the cancellation and refund run (a Stripe failure leaves it there), 'completed' once done. */
  status: 'requested' | 'completed';
  stripe_refund_id: string | null;
  completed_at: string | null;
}

/** Answer of a delete. */
export interface DeletedDto {
  deleted: true;
}

export type PlanBody = z.input<typeof planSchema>;
export type DiscountTierBody = z.input<typeof discountTierSchema>;
export type DiscountCodeBody = z.input<typeof discountCodeSchema>;
export type ShippingMethodBody = z.input<typeof shippingMethodSchema>;
export type DiscountCodeListQuery = z.input<typeof pageQuerySchema>;

/** Plans, discount tiers, discount codes and shipping methods. */
export const ADMIN_OFFERS_API = {
  plans: staffRoute<ListResponse<SubscriptionPlanDto>>('subscriptions', {
    method: 'GET',
    path: '/api/admin/subscription-plans',
    fn: 'admin',
    summary: 'Plans ordered by price',
  }),
  createPlan: staffRoute<SubscriptionPlanDto, PlanBody>('subscriptions', {
    method: 'POST',
    path: '/api/admin/subscription-plans',
    fn: 'admin',
    summary: 'Create a plan (percentage copied from its discount tier)',
  }),
  updatePlan: staffRoute<SubscriptionPlanDto, PlanBody>('subscriptions', {
    method: 'PUT',
    path: '/api/admin/subscription-plans/{id}',
    fn: 'admin',
    summary: 'Edit a plan',
  }),
  deletePlan: staffRoute<DeletedDto>('subscriptions', {
    method: 'DELETE',
    path: '/api/admin/subscription-plans/{id}',
    fn: 'admin',
    summary: 'Delete (archive) a plan: no longer sold; members keep it until their period ends',
  }),
  clubWithdrawals: staffRoute<PageResponse<AdminClubWithdrawalDto>>('subscriptions', {
    method: 'GET',
    path: '/api/admin/club-withdrawals',
    fn: 'admin',
    summary: "Members' withdrawals from the Aurum Club, newest first, paged",
  }),
  createDiscountTier: staffRoute<DiscountTierDto, DiscountTierBody>('subscriptions', {
    method: 'POST',
    path: '/api/admin/discount-tiers',
    fn: 'admin',
    summary: 'Create a discount tier',
  }),
  updateDiscountTier: staffRoute<DiscountTierDto, DiscountTierBody>('subscriptions', {
    method: 'PUT',
    path: '/api/admin/discount-tiers/{id}',
    fn: 'admin',
    summary: 'Edit a discount tier; plans copying it get the new percentage',
  }),
  deleteDiscountTier: staffRoute<DeletedDto>('subscriptions', {
    method: 'DELETE',
    path: '/api/admin/discount-tiers/{id}',
    fn: 'admin',
    summary: 'Delete a discount tier no plan uses',
  }),
  discountCodes: staffRoute<PageResponse<DiscountCodeDto>>('discounts', {
    method: 'GET',
    path: '/api/admin/discount-codes',
    fn: 'admin',
    summary: 'Discount codes newest first, paged',
  }),
  createDiscountCode: staffRoute<DiscountCodeDto, DiscountCodeBody>('discounts', {
    method: 'POST',
    path: '/api/admin/discount-codes',
    fn: 'admin',
    summary: 'Create a code (unique case-insensitively)',
  }),
  updateDiscountCode: staffRoute<DiscountCodeDto, DiscountCodeBody>('discounts', {
    method: 'PUT',
    path: '/api/admin/discount-codes/{id}',
    fn: 'admin',
    summary: 'Edit, activate or deactivate a code (times_used kept)',
  }),
  deleteDiscountCode: staffRoute<DeletedDto>('discounts', {
    method: 'DELETE',
    path: '/api/admin/discount-codes/{id}',
    fn: 'admin',
    summary: 'Delete a code',
  }),
  createShippingMethod: staffRoute<ShippingMethodDto, ShippingMethodBody>('shipping', {
    method: 'POST',
    path: '/api/admin/shipping-methods',
    fn: 'admin',
    summary: 'Create a shipping method',
  }),
  updateShippingMethod: staffRoute<ShippingMethodDto, ShippingMethodBody>('shipping', {
    method: 'PUT',
    path: '/api/admin/shipping-methods/{id}',
    fn: 'admin',
    summary: 'Edit a shipping method',
  }),
  deleteShippingMethod: staffRoute<DeletedDto>('shipping', {
    method: 'DELETE',
    path: '/api/admin/shipping-methods/{id}',
    fn: 'admin',
    summary: 'Delete a shipping method',
  }),
} as const;
