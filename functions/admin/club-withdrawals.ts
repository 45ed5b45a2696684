/**
 * The back office's view of the members' withdrawals from the Aurum Club (Abbonamenti, beside the
 * plans). A club withdrawal is completed by the server at once (the subscription cancelled, the
 * unused part refunded: functions/checkout/club-withdrawal.ts), so the admin has nothing to do
 * with it as with goods in 'Recessi': the list is the record, and shows one left 'requested' by a
 * Stripe failure (the member's retry, or the admin in Stripe, finishes it).
 */
import type { AdminClubWithdrawalDto } from '../../shared/api/admin-offers';
import type { PageResponse } from '../../shared/api/route';
import type { PageQuery } from '../../shared/schemas';
import { listClubWithdrawalsPage, type ClubWithdrawalRecord } from '../data/club-withdrawal-repository';

const toDto = (w: ClubWithdrawalRecord): AdminClubWithdrawalDto => ({
  stripe_subscription_id: w.stripe_subscription_id,
  user_id: w.user_id,
  email: w.email,
  plan_name: w.plan_name,
  started_at: w.started_at,
  requested_at: w.requested_at,
  service_start_requested_at: w.service_start_requested_at,
  days_used: w.days_used,
  period_days: w.period_days,
  paid_cents: w.paid_cents,
  kept_cents: w.kept_cents,
  refund_cents: w.refund_cents,
  status: w.status,
  stripe_refund_id: w.stripe_refund_id,
  completed_at: w.completed_at,
});

/** GET /api/admin/club-withdrawals: one page, newest first. DynamoDB: 1 Query (AP132). */
export async function listClubWithdrawals(page: PageQuery): Promise<PageResponse<AdminClubWithdrawalDto>> {
  const out = await listClubWithdrawalsPage(page);
  return { items: out.items.map(toDto), next_cursor: out.next_cursor };
}
