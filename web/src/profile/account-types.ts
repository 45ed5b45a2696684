/**
 * Shapes of the signed-in user's account answers (GET /api/me, /api/me/addresses). Dates are
 * ISO 8601 strings.
 */
import type { AddressInput } from '../../../shared/schemas';
import type { Membership } from '../../../shared/tiers';

/** Account roles (spec 6). */
export type AccountRole = 'user' | 'collaborator' | 'admin';

/** The three billing fields (spec 2 Fatturazione); null when empty. */
export interface BillingDto {
  billing_address: string | null;
  vat_number: string | null;
  tax_id: string | null;
}

/** The active subscription of a member. */
export interface SubscriptionDto {
  subscription_id: string;
  plan_name: string;
  status: string;
  subscription_tier: string;
  discount_percentage: number;
  started_at: string;
  ends_at: string | null;
}

/** GET /api/me. */
export interface MeDto {
  id: string;
  email: string;
  role: AccountRole;
  created_at: string;
  membership: Membership;
  subscription: SubscriptionDto | null;
  billing: BillingDto;
}

/** One saved shipping address (GET /api/me/addresses item). */
export interface AddressDto {
  id: string;
  full_name: string;
  line1: string;
  line2: string | null;
  postal_code: string;
  city: string;
  province: string | null;
  country: string;
  phone: string | null;
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

/** Body of POST/PUT /api/me/addresses. */
export type AddressBody = AddressInput;
