/**
 * The signed-in user's own profile (the profile's Fatturazione and Abbonamenti tabs).
 */
import type { BillingDto, MeDto } from '../../shared/api/account';
import type { BillingInput } from '../../shared/schemas';
import { updateBilling, type ProfileRecord } from '../data/profile-repository';
import { membershipOfProfile } from './membership-service';

/** Maps the caller's profile (already loaded by the access check: 0 extra requests). */
export function toMe(profile: ProfileRecord, role: ProfileRecord['role']): MeDto {
  const membership = membershipOfProfile(profile);
  return {
    id: profile.id,
    email: profile.email,
    role,
    created_at: profile.created_at,
    membership,
    subscription: membership.is_member ? profile.subscription : null,
    billing: {
      billing_address: profile.billing_address ?? null,
      vat_number: profile.vat_number ?? null,
      tax_id: profile.tax_id ?? null,
    },
  };
}

/** PUT /api/me/billing: saves the three billing fields (empty -> null). 1 UpdateItem. */
export async function saveBilling(sub: string, input: BillingInput): Promise<BillingDto> {
  const billing = {
    billing_address: input.billing_address ?? null,
    vat_number: input.vat_number ?? null,
    tax_id: input.tax_id ?? null,
  };
  await updateBilling(sub, billing);
  return billing;
}
