/**
 * What a ban stops on the payment side (bans reach every path, bans reach Stripe). Called by the
 * admin's ban right after the profile is marked banned and the Cognito account disabled:
 *  - every open shop checkout of the user is expired at Stripe and its stock released (a page
 *    opened before the ban can no longer be paid; a session found already paid is fulfilled as
 *    any other, see abandon.ts);
 *  - the user's open club checkout, if any, is expired at Stripe;
 *  - the club subscription stops renewing: Stripe `cancel_at_period_end`, never an immediate
 *    cancellation. The period already paid is kept (a temporary ban that ends before it gives the
 *    membership back until the period ends, as the member cancelling it would), no further
 *    payment is ever taken, and no refund is made automatically (the admin refunds in Stripe when
 *    the ban calls for it). What the member is told: an email that the membership was cancelled
 *    and that nothing was refunded ('club-ban-cancelled'), queued in the same write that records
 *    the cancelled renewal (once per subscription); while banned, the sign-in answers 'Il tuo
 *    account è sospeso' with the support address (web/src/session/auth-errors.ts; the account is
 *    disabled in Cognito) and a token issued before the ban gets neither member prices nor any
 *    signed-in route (membership-service.ts, access.ts); once a temporary ban ends, the profile's
 *    Abbonamenti tab shows the membership as cancelled, active until its last paid day.
 * Every step is attempted even when an earlier one fails, so a Stripe outage leaves as little
 * open as possible; what could not be stopped is reported (and logged) for the admin to finish in
 * Stripe.
 */
import type { ProfileRecord } from '../data/profile-repository';
import * as memberships from '../data/membership-repository';
import { getPaymentSecrets } from '../lib/secrets';
import { stripeFor } from '../lib/stripe';
import { logger } from '../lib/logger';
import { releaseOpenCheckouts } from './abandon';
import { storeSubscription } from './club';
import { EMAIL_JOBS } from '../email';

/** What stopBannedPurchases did, for the ban's audit entry. */
export interface BanPaymentEffects {
  /** Open shop checkouts expired and released. */
  checkouts_released: number;
  /** True when an open club checkout was expired. */
  club_checkout_expired: boolean;
  /** The club subscription that no longer renews (null: the user had none renewing). */
  subscription_stopped: string | null;
  /** Steps that failed (Stripe unreachable, no keys): the admin finishes them in Stripe. */
  failures: string[];
}

/**
 * Stops every purchase of a user being banned (see the module comment).
 * @param profile the banned user's profile as read before the ban (its running membership)
 * @returns what was stopped and what failed; never throws
 */
export async function stopBannedPurchases(profile: ProfileRecord): Promise<BanPaymentEffects> {
  const effects: BanPaymentEffects = {
    checkouts_released: 0,
    club_checkout_expired: false,
    subscription_stopped: null,
    failures: [],
  };
  const fail = (step: string, error: unknown) => {
    effects.failures.push(step);
    logger.error('ban: a purchase could not be stopped', { step, userId: profile.id, error: error as Error });
  };
  try {
    effects.checkouts_released = await releaseOpenCheckouts(profile.id);
  } catch (error) {
    fail('shop_checkouts', error);
  }
  const subscription = profile.subscription;
  const renewing =
    subscription?.stripe_subscription_id && subscription.status === 'active' && !subscription.cancel_at_period_end;
  const clubCheckout = await memberships.getClubCheckout(profile.id).catch((error: unknown) => {
    fail('club_checkout', error);
    return null;
  });
  if (!renewing && !clubCheckout) return effects;
  const { stripe_secret_key } = await getPaymentSecrets().catch(() => ({ stripe_secret_key: undefined }));
  if (!stripe_secret_key) {
    if (clubCheckout) fail('club_checkout', new Error('payments are not configured'));
    if (renewing) fail('subscription', new Error('payments are not configured'));
    return effects;
  }
  const stripe = await stripeFor(stripe_secret_key);
  if (clubCheckout) {
    try {
      const session = await stripe.checkout.sessions.retrieve(clubCheckout);
      if (session.status === 'open') {
        await stripe.checkout.sessions.expire(clubCheckout);
        effects.club_checkout_expired = true;
      }
    } catch (error) {
      fail('club_checkout', error);
    }
  }
  if (renewing) {
    try {
      const fetchedAt = new Date();
      const updated = await stripe.subscriptions.update(subscription.stripe_subscription_id!, {
        cancel_at_period_end: true,
      });
      // the ban gives nothing back: the notice says so
      const notice = (to: string) =>
        EMAIL_JOBS.clubBanCancelled(to, { stripe_subscription_id: updated.id, plan_name: subscription.plan_name }, 0);
      await storeSubscription(stripe, updated, fetchedAt, { emails: [notice] });
      effects.subscription_stopped = updated.id;
    } catch (error) {
      fail('subscription', error);
    }
  }
  return effects;
}
