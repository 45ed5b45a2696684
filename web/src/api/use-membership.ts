/**
 * The caller's membership for price display (the membership rule and the member discount).
 * Read from GET /api/me under the SWR key '/api/me' (shared with the profile page); visitors,
 * a loading session and a failed lookup all mean no discount.
 */
import useSWR from 'swr';
import { NO_MEMBERSHIP, type Membership } from '../../../shared/tiers';
import type { ApiError } from './client';
import { apiGet } from './client';
import { useSession } from '../session/session';
import { SHOP_PATHS, userSwrOptions } from './user-swr';

/** The part of GET /api/me this module reads. */
export interface MeMembershipView {
  membership: Membership;
}

/**
 * Current membership: tier, level, discount_percentage and is_member.
 * @returns NO_MEMBERSHIP for visitors, while loading, and when /api/me fails (a
 *   subscription fetch failure falls back to non-member)
 */
export function useMembership(): Membership {
  const { status } = useSession();
  const { data, error } = useSWR<MeMembershipView, ApiError>(status === 'signed-in' ? SHOP_PATHS.me : null, apiGet, {
    ...userSwrOptions,
    revalidateOnFocus: false,
  });
  if (status !== 'signed-in' || error || !data?.membership) return NO_MEMBERSHIP;
  return data.membership;
}
