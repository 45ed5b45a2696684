/**
 * GET /api/me, the signed-in user's own profile: its own module so the pages that only need the
 * membership for prices (every shop page's first load) do not load the whole account contract.
 * ACCOUNT_API (account.ts) includes it as `me`.
 */
import type { Membership, SubscriptionTier } from '../tiers';
import type { Role } from '../permissions';
import type { BillingDto } from '../billing';
import { route } from './route';

/** The active subscription of a member (user_subscriptions), copied onto the profile. */
export interface SubscriptionDto {
  subscription_id: string;
  plan_name: string;
  status: 'active' | 'cancelled' | 'expired';
  subscription_tier: SubscriptionTier;
  discount_percentage: number;
  /** ISO dates. */
  started_at: string;
  /** When the membership ends (access stops): the end of the paid period, or when it was ended. */
  ends_at: string;
  /** Aurum Club bought online: the plan, the Stripe subscription, renewal and cancellation. Absent on seeded memberships. */
  plan_id?: string;
  stripe_subscription_id?: string;
  /** True once the member cancelled: the membership lasts until ends_at and does not renew. */
  cancel_at_period_end?: boolean;
  /** Next renewal (ISO), or null when it will not renew (cancelled, ended). */
  renews_at?: string | null;
  /** End of the current paid period (ISO); in the first 14 days, the end of the first one. */
  current_period_end?: string;
  /** ISO: when the member asked at checkout for the membership to start at once (art. 50 c.3 Codice del Consumo). */
  service_start_requested_at?: string | null;
  /** The price of the first paid period, euro cents (the withdrawal dialog's amount paid). */
  first_payment_cents?: number | null;
  /** ISO: when the member withdrew from the contract ('Recedi dal contratto'), else null. */
  withdrawn_at?: string | null;
}

/** GET /api/me. */
export interface MeDto {
  id: string;
  email: string;
  /** Effective role (the lower of the token's groups and the profile's role). */
  role: Role;
  created_at: string;
  membership: Membership;
  /** The active subscription with plan, tier, discount and ISO dates, or null. */
  subscription: SubscriptionDto | null;
  billing: BillingDto;
}

/** GET /api/me: own profile (role, membership, billing data). */
export const ME_ROUTE = route<MeDto>({
  method: 'GET',
  path: '/api/me',
  fn: 'account',
  access: 'user',
  summary: 'Own profile: role, membership, billing data',
});
