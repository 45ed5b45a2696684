/**
 * The signed-in user's own profile (the profile's Fatturazione and Abbonamenti tabs).
 */
import type { MeDto } from '../../shared/api/account';
import { billingOf, type BillingDto } from '../../shared/billing';
import type { BillingInput } from '../../shared/schemas';
import { updateBilling, type ProfileRecord } from '../data/profile-repository';
import { membershipOfProfile } from '../lib/membership';

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
    billing: billingOf(profile),
  };
}

/**
 * PUT /api/me/billing: saves the billing fields (empty -> null; the schema already checked the
 * partita IVA and codice fiscale). 1 UpdateItem.
 * @returns the saved billing data
 */
export async function saveBilling(sub: string, input: BillingInput): Promise<BillingDto> {
  const billing = billingOf(input);
  await updateBilling(sub, billing);
  return billing;
}
