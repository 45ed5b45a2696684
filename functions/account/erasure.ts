/**
 * 'Elimina account' (GDPR art. 17, right to erasure): the signed-in customer, after typing the
 * password again and confirming, deletes the account. In this order, so that a failure leaves the
 * account whole and the customer can try again:
 *  1. the password is checked (Cognito); wrong: 400 on 'password', nothing changes;
 *  2. what could still charge the customer stops: open shop checkouts are expired at Stripe and
 *     their stock released, and a running Aurum Club subscription is cancelled now at Stripe
 *     (`DELETE /v1/subscriptions/{id}`: no renewal, no further payment; the paid period is not
 *     refunded automatically). A Stripe failure answers 502 and nothing is erased;
 *  3. the data are erased (erasure-repository.ts): profile, billing data, addresses, cart,
 *     wishlist, club checkout, the newsletter entry of the account's email; reviews stay with
 *     their author shown as 'Utente eliminato'; orders keep only their tax record for the 10
 *     years fiscal law requires (art. 2220 c.c.; GDPR art. 17 c.3 lett. b: a legal obligation;
 *     the orders module's `eraseCustomer`: no email, phone, name or street), reachable by no login;
 *  4. the Cognito user is signed out everywhere and deleted: the sign-in no longer knows it;
 *  5. the audit entry records the erasure by the account's id and counts, never its email or data.
 * Sessions: refresh tokens are revoked by the global sign-out; an ID token issued before stays
 * valid for the API's JWT authorizer until it expires, and the access check answers it 401
 * (the erased profile, access.ts).
 */
import { ACCOUNT_MSG } from '../../shared/messages/account';
import type { Caller } from '../lib/caller';
import { recordAudit } from '../lib/audit';
import { deleteUser, passwordMatches } from '../lib/cognito';
import { AppError, badRequest } from '../lib/errors';
import { logger } from '../lib/logger';
import * as orders from '../orders';
import { getPaymentSecrets } from '../lib/secrets';
import { stripeFor } from '../lib/stripe';
import type { ProfileRecord } from '../data/profile-repository';
import { eraseUserData, listNewsletterItems, listReviewsOfUser, listUserItems } from '../data/erasure-repository';

/** What DELETE /api/me answers. */
export interface AccountErasure {
  deleted: true;
  /** Orders kept for the fiscal record (art. 2220 c.c.). */
  orders_kept: number;
}

/** Cancels the running club subscription now at Stripe; true when there was one. */
async function cancelClubNow(profile: ProfileRecord): Promise<boolean> {
  const s = profile.subscription;
  if (!s?.stripe_subscription_id || s.status !== 'active') return false;
  const { stripe_secret_key } = await getPaymentSecrets();
  if (!stripe_secret_key) throw new Error('payments are not configured');
  const stripe = await stripeFor(stripe_secret_key);
  const current = await stripe.subscriptions.retrieve(s.stripe_subscription_id);
  if (current.status !== 'canceled') await stripe.subscriptions.cancel(s.stripe_subscription_id);
  return true;
}

/** Releases the open checkouts and cancels the club subscription (step 2). @throws AppError 502 */
async function stopPurchases(sub: string, profile: ProfileRecord) {
  try {
    const { releaseOpenCheckouts } = await import('../checkout/public');
    const checkoutsReleased = await releaseOpenCheckouts(sub);
    return { checkoutsReleased, subscriptionCancelled: await cancelClubNow(profile) };
  } catch (error) {
    logger.error('erasure: a purchase could not be stopped', { userId: sub, error: error as Error });
    throw new AppError(502, ACCOUNT_MSG.erasurePaymentFailed);
  }
}

/** What the erasure of an account's data did (counts for the audit; no personal data). */
export type ErasureCounts = Awaited<ReturnType<typeof eraseUserData>> & {
  /** Orders kept with their tax record only. */
  orders_kept: number;
  checkouts_released: number;
  subscription_cancelled: boolean;
};

/**
 * Steps 2 and 3 of the erasure, shared by 'Elimina account' and the daily job that erases the
 * profile of a Cognito user deleted directly (functions/jobs/erase-orphan-profiles.ts): stops
 * what could still charge the customer, then erases the data and unlinks the orders.
 * @param sub the user's id
 * @param profile the user's profile as stored
 * @returns the counts for the audit entry
 * @throws AppError 502 when Stripe could not stop the subscription or a checkout (nothing erased)
 */
export async function eraseAccountData(sub: string, profile: ProfileRecord, now = new Date()): Promise<ErasureCounts> {
  const { checkoutsReleased, subscriptionCancelled } = await stopPurchases(sub, profile);
  const [items, reviews, newsletter] = await Promise.all([
    listUserItems(sub),
    listReviewsOfUser(sub),
    listNewsletterItems(profile.email),
  ]);
  const counts = await eraseUserData(sub, { items, reviews, newsletter }, now);
  // the orders keep their tax record only (the orders module's erasure)
  const ordersKept = await orders.eraseCustomer(sub);
  return {
    ...counts,
    orders_kept: ordersKept,
    checkouts_released: checkoutsReleased,
    subscription_cancelled: subscriptionCancelled,
  };
}

/**
 * DELETE /api/me: erases the caller's account (see the module comment).
 * @param caller the verified caller
 * @param profile the caller's profile (loaded by the access check)
 * @param password the password typed again
 * @param route the route key, for the audit entry
 * @returns `{ deleted: true, orders_kept }`
 * @throws AppError 400 'La password non è corretta.' on 'password'; 502 when Stripe could not
 *   stop the subscription or a checkout (nothing erased)
 */
export async function eraseOwnAccount(
  caller: Caller,
  profile: ProfileRecord,
  password: string,
  route: string,
  now = new Date(),
): Promise<AccountErasure> {
  if (!(await passwordMatches(caller.sub, password))) throw badRequest(ACCOUNT_MSG.wrongPassword, 'password');
  const counts = await eraseAccountData(caller.sub, { ...profile, email: profile.email || caller.email }, now);
  await deleteUser(caller.sub);
  // the audit trail names the erased account by its id only: no email, no erased data
  await recordAudit({ ...caller, email: '' }, route, {
    action: 'account.erase',
    target_type: 'user',
    target_id: caller.sub,
    before: null,
    after: counts,
  });
  return { deleted: true, orders_kept: counts.orders_kept };
}
