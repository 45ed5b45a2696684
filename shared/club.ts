/**
 * The Aurum Club membership of a Stripe subscription (docs/payments.md, "The Aurum Club").
 * Pure: the webhook and the cancel route turn the subscription as Stripe has it NOW into the
 * membership the shop grants, with this one rule:
 *  - active (or trialing): a member until the end of the paid period (`current_period_end`); it
 *    renews then, unless the member cancelled (`cancel_at_period_end`);
 *  - past_due / unpaid / incomplete (a payment that did not come): the membership ends where the
 *    paid time ended, the start of the unpaid period (`current_period_start`), i.e. at once;
 *  - canceled / incomplete_expired: it ended at `ended_at` (never later than the paid period's end).
 * Times in epoch seconds in, ISO 8601 out.
 */

/** The fields of a Stripe subscription the rule reads (periods from its first item). */
export interface StripeSubscriptionState {
  status: string;
  cancel_at_period_end: boolean;
  /** Epoch seconds. */
  start_date: number;
  current_period_start: number;
  current_period_end: number;
  ended_at: number | null;
}

/** The membership a subscription gives now. */
export interface ClubPeriod {
  /** 'active' while it grants the tier (until ends_at), else 'expired'. */
  status: 'active' | 'expired';
  started_at: string;
  /** When access ends (ISO). */
  ends_at: string;
  /** Next renewal (ISO), or null when it will not renew. */
  renews_at: string | null;
  cancel_at_period_end: boolean;
}

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** Stripe statuses in which the current period is paid. */
const PAID_STATUSES = new Set(['active', 'trialing']);
/** Stripe statuses of a subscription that is over. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

/**
 * The membership of a subscription as Stripe has it (the rule above).
 * @param s the subscription's status, cancellation flag and times (epoch seconds)
 */
export function clubPeriod(s: StripeSubscriptionState): ClubPeriod {
  const started_at = iso(s.start_date);
  if (PAID_STATUSES.has(s.status)) {
    const end = iso(s.current_period_end);
    return {
      status: 'active',
      started_at,
      ends_at: end,
      renews_at: s.cancel_at_period_end ? null : end,
      cancel_at_period_end: s.cancel_at_period_end,
    };
  }
  if (ENDED_STATUSES.has(s.status)) {
    const endedAt = Math.min(s.ended_at ?? s.current_period_end, s.current_period_end);
    return {
      status: 'expired',
      started_at,
      ends_at: iso(endedAt),
      renews_at: null,
      cancel_at_period_end: s.cancel_at_period_end,
    };
  }
  // past_due, unpaid, incomplete, paused: the period that started was not paid
  return {
    status: 'expired',
    started_at,
    ends_at: iso(s.current_period_start),
    renews_at: null,
    cancel_at_period_end: s.cancel_at_period_end,
  };
}

/**
 * Longest period a Stripe Price can renew at. Stripe (`recurring[interval_count]`): "Maximum of
 * three years interval allowed (3 years, 36 months, or 156 weeks)." The back office's plan form
 * allows the same (shared/schemas/admin-subscriptions.ts).
 */
export const MAX_STRIPE_INTERVAL_MONTHS = 36;

/** The Stripe recurring interval of a plan's duration: monthly × n up to 36 months; null when Stripe cannot bill it. */
export function stripeInterval(durationMonths: number): { interval: 'month'; interval_count: number } | null {
  return Number.isInteger(durationMonths) && durationMonths >= 1 && durationMonths <= MAX_STRIPE_INTERVAL_MONTHS
    ? { interval: 'month', interval_count: durationMonths }
    : null;
}
