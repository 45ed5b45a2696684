/**
 * Which Aurum Club emails a subscription change sends, decided from the membership as it was
 * stored before the change, the membership the change stores, and the Stripe event that caused it:
 *  - welcome: the membership is running and was not before (first activation; once per
 *    subscription, so a membership back from a late payment is not welcomed again);
 *  - renewal receipt: `invoice.paid` of a renewal (`billing_reason` 'subscription_cycle'), once per
 *    invoice; the first invoice is the welcome's;
 *  - payment failed: `invoice.payment_failed` of a renewal, once per invoice (Stripe's later
 *    retries of the same invoice send no more);
 *  - ended: Stripe ended the subscription (`canceled`) and the stored membership was not ended,
 *    unless the member withdrew (the withdrawal's acknowledgement says it ended).
 * Each is keyed on its business event (email jobs are put IF NOT EXISTS), so a replayed or
 * duplicated event never queues a second email. Pure.
 */
import type Stripe from 'stripe';
import type { MembershipRecord } from '../data/membership-repository';
import type { NewEmailJob } from '../data/email-job-repository';
import { EMAIL_JOBS, type ClubInvoiceData } from '../email';

/** Stripe's billing_reason of a subscription's renewal invoice. */
const RENEWAL = 'subscription_cycle';

/** An email still missing its recipient (the member's address is read only when one is due). */
export type ClubEmail = (to: string) => NewEmailJob;

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/**
 * The invoice of an invoice event, in the emails' terms. The paid period is the invoice line's
 * (Stripe's `invoice.period_start/end` of a subscription invoice is the period BEFORE the one
 * billed), else the subscription's current period as fetched.
 */
function invoiceOf(
  invoice: Stripe.Invoice,
  amountCents: number,
  current: { start: number; end: number },
): ClubInvoiceData {
  const line = invoice.lines?.data?.[0]?.period;
  return {
    id: invoice.id!,
    amount_cents: amountCents,
    number: invoice.number ?? null,
    period_start: iso(line?.start ?? current.start),
    period_end: iso(line?.end ?? current.end),
  };
}

/**
 * The emails a subscription change owes (see the module comment).
 * @param before the membership stored before this change (null: none yet)
 * @param after the membership this change stores
 * @param event the Stripe event that caused it (null: a change the shop made, e.g. a cancellation)
 * @param period the subscription's current period as fetched (epoch seconds)
 */
export function clubEmailsOf(
  before: MembershipRecord | null,
  after: MembershipRecord,
  event: Stripe.Event | null,
  period: { start: number; end: number },
): ClubEmail[] {
  const out: ClubEmail[] = [];
  if (after.status === 'active' && before?.status !== 'active') out.push((to) => EMAIL_JOBS.clubWelcome(to, after));
  if (event?.type === 'invoice.paid') {
    const invoice = event.data.object;
    if (invoice.billing_reason === RENEWAL)
      out.push((to) => EMAIL_JOBS.clubRenewal(to, after, invoiceOf(invoice, invoice.amount_paid, period)));
  }
  if (event?.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    if (invoice.billing_reason === RENEWAL)
      out.push((to) => EMAIL_JOBS.clubPaymentFailed(to, after, invoiceOf(invoice, invoice.amount_due, period)));
  }
  // a withdrawal's own acknowledgement (club-withdrawal.ts) already tells that the membership ended
  if (after.stripe_status === 'canceled' && before && before.stripe_status !== 'canceled' && !after.withdrawn_at)
    out.push((to) => EMAIL_JOBS.clubEnded(to, after));
  return out;
}
