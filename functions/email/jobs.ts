/**
 * The email jobs of the shop's contexts (the club, accounts, the newsletter, contact, stock): which
 * template, to whom, with which data, and the job's deterministic id per business event (so a
 * replayed webhook or a retried write cannot queue the same email twice). The order's emails are
 * built by the orders module beside its use cases (functions/orders/order-emails.ts) with
 * `emailJob`. Business writes put the job in their own transaction
 * (`emailJobPut(job)` from functions/data/email-job-repository.ts) or queue it alone
 * (`queueEmailJob(job)`) when there is nothing else to commit.
 */
import { NEWSLETTER_CONFIRM_VALID_HOURS } from '../../shared/newsletter';
import { SIGNUP_CODE_VALID_HOURS } from '../../shared/signup';
import type { NewEmailJob } from '../data/email-job-repository';
import type { EmailTemplateName, TemplateData } from './catalog';
import { stageSettings } from '../lib/stage-settings';
import type { ContactMessageData } from './templates/contact';
import type { MembershipRecord } from '../data/membership-repository';
import type { ClubEmailData, ClubWithdrawalEmailData } from './templates/club';
import type { LowStockData } from './templates/stock';

/**
 * A job of a known template with its data: its id is `{template}:{id}`, so one business event
 * queues one email of a kind, however often it is replayed.
 */
export function emailJob<N extends EmailTemplateName>(
  template: N,
  id: string,
  to: string,
  data: TemplateData<N>,
  replyTo?: string,
): NewEmailJob {
  return {
    id: `${template}:${id}`,
    template,
    to,
    data: data as unknown as Record<string, unknown>,
    reply_to: replyTo ?? null,
  };
}

/** What the club emails show of a membership (its plan as the member has it for the period). */
function clubData(m: MembershipRecord): ClubEmailData {
  return {
    plan_name: m.plan_name,
    tier: m.subscription_tier,
    discount_percentage: m.discount_percentage,
    period_end: m.current_period_end,
    renews_at: m.renews_at,
    service_start_requested_at: m.service_start_requested_at ?? null,
  };
}

/** A subscription's invoice as the club emails show it (amounts in cents, periods ISO). */
export interface ClubInvoiceData {
  /** Stripe's invoice id (`in_…`): one email per invoice and kind. */
  id: string;
  amount_cents: number;
  /** Stripe's invoice number, or null. */
  number: string | null;
  period_start: string;
  period_end: string;
}

export const EMAIL_JOBS = {
  /** The owner's notice of a product a sale left low or sold out: once per product, level and order. */
  ownerLowStock: (d: LowStockData & { order_id: string }): NewEmailJob => {
    const { order_id, ...data } = d;
    const level = d.quantity <= 0 ? 'sold_out' : 'low_stock';
    return emailJob(
      'owner-low-stock',
      `${d.product_id}:${level}:${order_id}`,
      stageSettings().email.support_inbox,
      data,
    );
  },
  /** Aurum Club welcome: once per subscription, when it first becomes a running membership. */
  clubWelcome: (to: string, m: MembershipRecord): NewEmailJob =>
    emailJob('club-welcome', m.stripe_subscription_id, to, clubData(m)),
  /** The receipt of a paid renewal: once per invoice. */
  clubRenewal: (to: string, m: MembershipRecord, invoice: ClubInvoiceData): NewEmailJob =>
    emailJob('club-renewal', invoice.id, to, {
      ...clubData(m),
      period_start: invoice.period_start,
      period_end: invoice.period_end,
      amount_cents: invoice.amount_cents,
      invoice_number: invoice.number,
    }),
  /** A renewal Stripe could not charge: once per invoice (Stripe's later retries of it send no more). */
  clubPaymentFailed: (to: string, m: MembershipRecord, invoice: ClubInvoiceData): NewEmailJob =>
    emailJob('club-payment-failed', invoice.id, to, { ...clubData(m), amount_cents: invoice.amount_cents }),
  /** The membership ended (Stripe ended the subscription): once per subscription. */
  clubEnded: (to: string, m: MembershipRecord): NewEmailJob =>
    emailJob('club-ended', m.stripe_subscription_id, to, { ...clubData(m), period_end: m.ends_at, renews_at: null }),
  /** The acknowledgement of a withdrawal from the club: once per subscription (one contract, one withdrawal). */
  clubWithdrawalReceived: (to: string, stripeSubscriptionId: string, data: ClubWithdrawalEmailData): NewEmailJob =>
    emailJob('club-withdrawal-received', stripeSubscriptionId, to, data),
  /** A ban cancelled the membership: once per subscription. @param refundedCents money given back with it */
  clubBanCancelled: (to: string, m: { stripe_subscription_id: string; plan_name: string }, refundedCents: number) =>
    emailJob('club-ban-cancelled', m.stripe_subscription_id, to, {
      plan_name: m.plan_name,
      refunded_cents: refundedCents,
    }),
  /**
   * 'Qualcuno ha provato a registrarsi con la tua email': at most one per address and UTC hour
   * (`window`, e.g. '2026-11-22T10'), so the sign-up route cannot be used to flood an inbox.
   */
  /**
   * A sign-up's code, sent by the shop (Cognito sends nothing for accounts the shop creates), once
   * per code (`salt`: the code's own random salt, so the job id does not hold the code).
   */
  signupCode: (email: string, salt: string, code: string, purpose: 'sign-up' | 'resend'): NewEmailJob =>
    emailJob('account-code', `${email.trim().toLowerCase()}:${salt}`, email, {
      purpose,
      code,
      valid_hours: SIGNUP_CODE_VALID_HOURS,
    }),
  accountExists: (email: string, window: string, attemptedAt: string): NewEmailJob =>
    emailJob('account-exists', `${email.trim().toLowerCase()}:${window}`, email, { attempted_at: attemptedAt }),
  /**
   * The newsletter's confirmation link, once per link (`hash`: the SHA-256 of the link's secret,
   * so the job id does not hold the token itself).
   */
  newsletterConfirm: (email: string, hash: string, token: string): NewEmailJob =>
    emailJob('newsletter-confirm', `${email.trim().toLowerCase()}:${hash}`, email, {
      token,
      valid_hours: NEWSLETTER_CONFIRM_VALID_HOURS,
    }),
  /** The newsletter's welcome on confirmation, with its one-click unsubscribe, once per confirmation. */
  newsletterWelcome: (email: string, hash: string, unsubscribeToken: string): NewEmailJob =>
    emailJob('newsletter-welcome', `${email.trim().toLowerCase()}:${hash}`, email, {
      unsubscribe_token: unsubscribeToken,
    }),
  /** A contact message to the support inbox, Reply-To the sender. */
  contactSupport: (m: ContactMessageData): NewEmailJob =>
    emailJob('contact-support', m.message_id, stageSettings().email.support_inbox, m, m.email),
  /** The automatic reply to the sender of a contact message. */
  contactAutoReply: (m: ContactMessageData): NewEmailJob => emailJob('contact-auto-reply', m.message_id, m.email, m),
};
