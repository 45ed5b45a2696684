/**
 * The Aurum Club sold online: a plan is bought through a Stripe Checkout Session in
 * subscription mode; Stripe's subscription events keep the membership on the user's profile in
 * step (shared/club.ts decides what a subscription grants); the member cancels at period end.
 *
 * Event ordering rule: whatever the event (checkout.session.completed, invoice.paid,
 * invoice.payment_failed, customer.subscription.*), the subscription is fetched again from Stripe
 * and its CURRENT state is stored, conditioned on no later-fetched state being stored
 * (membership-repository saveMembership). Replays and out-of-order deliveries therefore all
 * converge on Stripe's state, with one membership per subscription.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { API_MSG } from '../../shared/messages/api-messages';
import { CLUB_MSG } from '../../shared/messages/club';
import { clubPeriod, stripeInterval } from '../../shared/club';
import type { Membership } from '../../shared/tiers';
import type { SubscriptionDto } from '../../shared/api/account';
import type { CheckoutSessionDto } from '../../shared/api/checkout';
import { formatItalianDay } from '../../shared/calendar';
import type { PlanRecord } from '../data/catalog-items';
import { getPlan } from '../data/plan-repository';
import { getPaymentSettings } from '../data/settings-repository';
import type { ProfileRecord } from '../data/profile-repository';
import * as memberships from '../data/membership-repository';
import { getPaymentSecrets } from '../lib/secrets';
import { sessionExpiresAt, SHOP_CURRENCY, stripeFor } from '../lib/stripe';
import { methodsForSession, type PaymentMethodSwitches, type ShopPaymentMethod } from '../../shared/payment-methods';
import { AppError, badRequest, conflict, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { raiseAlert } from '../lib/alerts';
import { releaseCheckoutGate } from '../data/checkout-gate-repository';
import { gateRefusal, takeCheckoutGate } from './gate';
import { getProfile } from '../data/profile-repository';
import type { NewEmailJob } from '../data/email-job-repository';
import { clubEmailsOf, type ClubEmail } from './club-emails';
import { paymentProviderFailure } from '../lib/payments/stripe-payments';

/**
 * Subscription metadata key of the time (ISO) the member asked, at checkout, for the membership to
 * start at once during the 14 days of withdrawal (art. 50 c.3 Codice del Consumo). Kept by Stripe on
 * the subscription so every sync stores it on the membership.
 */
export const SERVICE_START_METADATA = 'service_start_requested_at';
/** Subscription metadata key of the time (ISO) the member withdrew from the contract (club-withdrawal.ts). */
export const WITHDRAWAL_METADATA = 'withdrawal_requested_at';

/**
 * The methods the club is sold with: cards and PayPal, whose renewals Stripe charges off-session
 * like the first payment. Klarna's subscriptions are not offered (the shop sells it for the cart).
 */
export const CLUB_PAYMENT_METHODS: readonly ShopPaymentMethod[] = ['card', 'paypal'];

/** Minutes a subscription checkout page stays payable (Stripe's minimum). */
export const CLUB_CHECKOUT_MINUTES = 30;

/** The Stripe client of the stage's keys and the payment methods the owner allows. @throws 409 without keys */
async function stripeClient(): Promise<{ stripe: Stripe; methods: PaymentMethodSwitches }> {
  const settings = await getPaymentSettings();
  const secrets = await getPaymentSecrets({ changedAt: settings.updated_at });
  if (!settings.stripe_publishable_key || !secrets.stripe_secret_key)
    throw conflict(API_MSG.paymentsMissing, API_MSG.paymentsMissingTitle);
  return { stripe: await stripeFor(secrets.stripe_secret_key), methods: settings.payment_methods };
}

/**
 * The Stripe Price of a plan, created or replaced when the plan's price or duration changed since
 * (the old Price is deactivated). The idempotency key names the intended creation: this plan, this
 * amount and duration, replacing this Price (or none). Stripe replays the first answer to a key
 * for at least 24 hours, so a key of the amount alone would hand a plan changed A -> B -> A back
 * the Price of A it deactivated; two sales of the same plan at the same moment still share one Price.
 * @returns the Price id
 * @throws 409 'Piano non disponibile' for a duration Stripe cannot bill (over 36 months)
 */
export async function ensurePlanPrice(stripe: Stripe, plan: PlanRecord): Promise<string> {
  if (
    plan.stripe_price_id &&
    plan.stripe_price_cents === plan.price_cents &&
    plan.stripe_price_months === plan.duration_months
  )
    return plan.stripe_price_id;
  const recurring = stripeInterval(plan.duration_months);
  if (!recurring) throw conflict(CLUB_MSG.planNotSellable, CLUB_MSG.planNotSellableTitle);
  const price = await stripe.prices.create(
    {
      currency: SHOP_CURRENCY,
      unit_amount: plan.price_cents,
      recurring,
      nickname: plan.name,
      product_data: { name: plan.name, metadata: { plan_id: plan.id } },
      metadata: { plan_id: plan.id, plan_name: plan.name },
    },
    {
      idempotencyKey: `plan-price-${plan.id}-${plan.price_cents}-${plan.duration_months}-after-${plan.stripe_price_id ?? 'none'}`,
    },
  );
  if (
    await memberships.setPlanPrice(plan.id, { id: price.id, cents: plan.price_cents, months: plan.duration_months })
  ) {
    if (plan.stripe_price_id && plan.stripe_price_id !== price.id) {
      await stripe.prices
        .update(plan.stripe_price_id, { active: false })
        .catch((e: Error) =>
          logger.warn('could not deactivate the old price', { priceId: plan.stripe_price_id, reason: e.message }),
        );
    }
  }
  return price.id;
}

/**
 * POST /api/checkout/subscription: a Stripe Checkout Session in subscription mode for a
 * listed plan, at the plan's Stripe Price (kept in step by ensurePlanPrice). The user's previous
 * club checkout, if still open, is expired first (never two payable pages).
 * Each call makes up to 3 Stripe calls, so it passes the user's checkout gate first (one checkout
 * at a time, a cap per hour shared with shop checkouts: ./gate.ts).
 * DynamoDB: plan, settings, previous checkout (GetItem each), the gate (1-2 UpdateItem, released
 * with 1 UpdateItem), + price record (UpdateItem) when the Price is new, + the checkout record
 * (PutItem).
 * The buyer must have asked for the membership to start at once (`serviceStartRequest` true: the
 * express request of art. 50 c.3 Codice del Consumo, since the club is a service that runs during
 * the 14 days of withdrawal); its time goes into the subscription's metadata and from there onto the
 * membership and into the welcome email (a durable medium).
 * @param shopUrl this stage's shop origin (success and cancel URLs)
 * @param serviceStartRequest the tick of the box at checkout
 * @throws 400 naming service_start_request without the express request (before any Stripe call);
 *   404 unknown or archived plan; 409 'Sei già membro' for a member; 409 payments missing;
 *   409 a plan Stripe cannot bill; 409 'Checkout in corso'; 429 'Troppi Tentativi'; 503 when
 *   Stripe fails or does not answer (502 when it refuses)
 */
export async function startClubCheckout(
  caller: { sub: string; email: string },
  membership: Membership,
  planId: string,
  shopUrl: string,
  serviceStartRequest: boolean,
  now = new Date(),
): Promise<CheckoutSessionDto> {
  // art. 50 c.3 Codice del Consumo: a service that starts during the withdrawal period needs the
  // consumer's express request; without it, nothing is sold (and nothing is created at Stripe).
  if (serviceStartRequest !== true) throw badRequest(CLUB_MSG.serviceStartRequired, 'service_start_request');
  const plan = await getPlan(planId);
  if (!plan || plan.archived_at) throw notFound(CLUB_MSG.planNotFound);
  if (membership.is_member) throw conflict(CLUB_MSG.alreadyMember, CLUB_MSG.alreadyMemberTitle);
  const token = randomUUID();
  const gate = await takeCheckoutGate(caller.sub, token, now);
  if (!gate.acquired) throw gateRefusal(gate);
  try {
    const { stripe, methods } = await stripeClient();
    // Cards and PayPal, of those the owner allows (Satispay has no subscription mode; Klarna is
    // offered for the cart only): one of the two is always on (clubPayable).
    const allowed = methodsForSession(methods, {
      mode: 'subscription',
      currency: SHOP_CURRENCY,
      amount_cents: plan.price_cents,
    }).filter((m) => CLUB_PAYMENT_METHODS.includes(m));
    if (allowed.length === 0) throw conflict(API_MSG.paymentsMissing, API_MSG.paymentsMissingTitle);
    const price = await ensurePlanPrice(stripe, plan);
    const previous = await memberships.getClubCheckout(caller.sub);
    if (previous) {
      const old = await stripe.checkout.sessions.retrieve(previous).catch(() => null);
      if (old?.status === 'open')
        await stripe.checkout.sessions
          .expire(previous)
          .catch((e: Error) =>
            logger.warn('could not expire the previous club checkout', { sessionId: previous, reason: e.message }),
          );
    }
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      allowed_payment_method_types: allowed,
      customer_email: caller.email || undefined,
      client_reference_id: caller.sub,
      subscription_data: {
        metadata: { user_id: caller.sub, plan_id: plan.id, [SERVICE_START_METADATA]: now.toISOString() },
      },
      metadata: { user_id: caller.sub, plan_id: plan.id, kind: 'club' },
      // right before the call, from the clock now (never the request's earlier clock read)
      expires_at: sessionExpiresAt(CLUB_CHECKOUT_MINUTES),
      success_url: `${shopUrl}/premium?abbonamento=attivo&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${shopUrl}/premium`,
    });
    await memberships.putClubCheckout(caller.sub, session.id, now.toISOString());
    return {
      sessionId: session.id,
      url: session.url!,
      expires_at: new Date(session.expires_at * 1000).toISOString(),
      total_cents: plan.price_cents,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error('club checkout failed', { error: error as Error, planId });
    throw await paymentProviderFailure(error);
  } finally {
    await releaseCheckoutGate(caller.sub, token);
  }
}

/** What syncing a subscription did. */
export type ClubSyncResult = memberships.MembershipWrite | 'ignored';

/** What else a subscription change writes: the event that caused it, and emails the caller owes. */
export interface SubscriptionChange {
  /** The Stripe event being handled (null or absent: a change the shop made). */
  event?: Stripe.Event | null;
  /** Emails queued with the change besides the ones the change itself owes (e.g. the ban's notice). */
  emails?: ClubEmail[];
}

/**
 * Stores the membership of a subscription as Stripe has it (the module's ordering rule), with the
 * member's emails the change owes (club-emails.ts) in the same write.
 * DynamoDB: AP72 + plan (GetItem each), + AP11 (the member's address) when an email is due, then
 * 1 TransactWriteItems (again without a job a replay had queued).
 * @param subscription the subscription as just fetched from Stripe (or answered by an update)
 * @param fetchedAt when it was fetched (the ordering condition)
 * @returns 'saved', 'stale' (a later state is stored), 'profile_taken' (alerted) or 'ignored'
 *   (not a club subscription)
 */
export async function storeSubscription(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  fetchedAt: Date,
  change: SubscriptionChange = {},
): Promise<ClubSyncResult> {
  const userId = subscription.metadata?.user_id;
  const planId = subscription.metadata?.plan_id;
  const item = subscription.items?.data?.[0];
  if (!userId || !planId || !item) return 'ignored';
  const [stored, plan] = await Promise.all([memberships.getMembership(subscription.id), getPlan(planId)]);
  if (!plan) {
    await raiseAlert({
      code: 'subscription_not_applied',
      summary: 'A club subscription names a plan that does not exist: no membership.',
      details: { subscriptionId: subscription.id, userId, planId },
    });
    return 'ignored';
  }
  const period = clubPeriod({
    status: subscription.status,
    cancel_at_period_end: subscription.cancel_at_period_end,
    start_date: subscription.start_date,
    current_period_start: item.current_period_start,
    current_period_end: item.current_period_end,
    ended_at: subscription.ended_at,
  });
  const periodEnd = new Date(item.current_period_end * 1000).toISOString();
  const firstPeriod = item.current_period_start === subscription.start_date;
  // Members keep the tier and discount they bought until the next paid period starts.
  const keep = stored && stored.current_period_end === periodEnd;
  const record: memberships.MembershipRecord = {
    stripe_subscription_id: subscription.id,
    stripe_customer_id:
      typeof subscription.customer === 'string' ? subscription.customer : (subscription.customer?.id ?? null),
    user_id: userId,
    plan_id: plan.id,
    plan_name: keep ? stored.plan_name : plan.name,
    subscription_tier: keep ? stored.subscription_tier : plan.subscription_tier,
    discount_percentage: keep ? stored.discount_percentage : plan.discount_percentage,
    stripe_status: subscription.status,
    status: period.status,
    started_at: period.started_at,
    current_period_end: periodEnd,
    ends_at: period.ends_at,
    renews_at: period.renews_at,
    cancel_at_period_end: period.cancel_at_period_end,
    synced_at: fetchedAt.toISOString(),
    service_start_requested_at: subscription.metadata?.[SERVICE_START_METADATA] ?? null,
    first_payment_cents:
      stored?.first_payment_cents ?? (firstPeriod ? (item.price?.unit_amount ?? 0) * (item.quantity ?? 1) : null),
    withdrawn_at: subscription.metadata?.[WITHDRAWAL_METADATA] ?? null,
  };
  const owed = [
    ...clubEmailsOf(stored, record, change.event ?? null, {
      start: item.current_period_start,
      end: item.current_period_end,
    }),
    ...(change.emails ?? []),
  ];
  const result = await memberships.saveMembership(record, new Date().toISOString(), await addressed(userId, owed));
  logger.info('club subscription synced', {
    subscriptionId: subscription.id,
    userId,
    stripeStatus: subscription.status,
    result,
    endsAt: record.ends_at,
  });
  if (result === 'profile_taken' && period.status === 'active') {
    await raiseAlert({
      code: 'subscription_not_applied',
      summary: 'A paid club subscription could not become the membership: the user has another running membership.',
      details: { subscriptionId: subscription.id, userId, planId },
    });
  }
  // A plan the admin deleted (archived) is not renewed: its members keep it until the period ends.
  if (plan.archived_at && period.status === 'active' && !subscription.cancel_at_period_end) {
    await stripe.subscriptions
      .update(subscription.id, { cancel_at_period_end: true })
      .catch((e: Error) =>
        logger.warn('could not stop renewing an archived plan', { subscriptionId: subscription.id, reason: e.message }),
      );
  }
  return result;
}

/** The owed emails addressed to the member (their profile's address); none when the profile is gone. */
async function addressed(userId: string, owed: ClubEmail[]): Promise<NewEmailJob[]> {
  if (owed.length === 0) return [];
  const profile = await getProfile(userId);
  if (!profile?.email) {
    logger.warn('club emails not queued: the member has no profile', { userId, count: owed.length });
    return [];
  }
  return owed.map((email) => email(profile.email));
}

/**
 * Syncs a subscription named by an event: fetches it from Stripe and stores its membership, with
 * the emails the event owes (club-emails.ts).
 * @param subscriptionId the Stripe subscription id (sub_...)
 * @param event the Stripe event that named it
 */
export async function syncSubscription(subscriptionId: string, event?: Stripe.Event): Promise<ClubSyncResult> {
  const { stripe_secret_key } = await getPaymentSecrets();
  if (!stripe_secret_key) throw conflict(API_MSG.paymentsMissing, API_MSG.paymentsMissingTitle);
  const stripe = await stripeFor(stripe_secret_key);
  const fetchedAt = new Date();
  return storeSubscription(stripe, await stripe.subscriptions.retrieve(subscriptionId), fetchedAt, { event });
}

/**
 * POST /api/me/subscription/cancel: cancels the caller's club subscription at the end of
 * the paid period (Stripe `cancel_at_period_end`); the membership lasts until then. Idempotent.
 * @returns the membership as it is now (renews_at null, ends_at the period end)
 * @throws 404 without a running membership, or for one that has no Stripe subscription (nothing
 *   renews: the message says until when it lasts); 503 when Stripe fails or does not answer (502 when it refuses)
 */
export async function cancelClubSubscription(profile: ProfileRecord | null): Promise<SubscriptionDto> {
  const current = profile?.subscription;
  if (!current || current.status !== 'active' || Date.parse(current.ends_at) <= Date.now())
    throw notFound(CLUB_MSG.noSubscription);
  if (!current.stripe_subscription_id)
    throw new AppError(
      404,
      CLUB_MSG.notCancellable(formatItalianDay(current.ends_at)),
      undefined,
      CLUB_MSG.notCancellableTitle,
    );
  if (current.cancel_at_period_end) return current;
  const { stripe } = await stripeClient();
  try {
    const fetchedAt = new Date();
    const updated = await stripe.subscriptions.update(current.stripe_subscription_id, { cancel_at_period_end: true });
    await storeSubscription(stripe, updated, fetchedAt);
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error('club cancellation failed', { error: error as Error, subscriptionId: current.stripe_subscription_id });
    throw await paymentProviderFailure(error);
  }
  const stored = await memberships.getMembership(current.stripe_subscription_id);
  return stored ? memberships.toSubscriptionDto(stored) : current;
}
