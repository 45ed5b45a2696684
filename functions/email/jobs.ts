/**
 * The one module that builds each email job: which template, to whom, with which data, and the
 * job's deterministic id per business event (so a replayed webhook or a retried write cannot
 * queue the same email twice). Business writes put the job in their own transaction
 * (`emailJobPut(job)` from functions/data/email-job-repository.ts) or queue it alone
 * (`queueEmailJob(job)`) when there is nothing else to commit.
 */
import { ORDER_ID_DISPLAY_LENGTH } from '../../shared/constants';
import { NEWSLETTER_CONFIRM_VALID_HOURS } from '../../shared/newsletter';
import { SIGNUP_CODE_VALID_HOURS } from '../../shared/signup';
import type { NewEmailJob } from '../data/email-job-repository';
import type { OrderRecord } from '../data/order-items';
import type { EmailTemplateName, TemplateData } from './catalog';
import { stageSettings } from './settings';
import type { OrderEmailData } from './templates/orders';
import type { ContactMessageData } from './templates/contact';
import type { MembershipRecord } from '../data/membership-repository';
import type { ClubEmailData, ClubWithdrawalEmailData } from './templates/club';
import type { LowStockData } from './templates/stock';
import type { OrderRefund } from '../../shared/refunds';
import { refundedCents, refundState } from '../../shared/refunds';
import type { WithdrawalEmailData } from './templates/withdrawal';
import type { OrderWithdrawal } from '../../shared/withdrawals';
import { addDays } from '../../shared/withdrawals';
import { italianDate } from '../../shared/calendar';

/** A job of a known template with its data. */
function job<N extends EmailTemplateName>(
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

/** What the order emails show of an order (a snapshot: later edits do not change a queued email). */
export function orderEmailData(o: OrderRecord): OrderEmailData {
  const lines = (o.items ?? []).map((i) => ({
    name: i.name,
    quantity: i.quantity,
    unit_cents: i.price_cents,
    is_digital: Boolean(i.is_digital),
    ...(i.bundle_items?.length ? { bundle_items: i.bundle_items.map((b) => b.name) } : {}),
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.unit_cents * l.quantity, 0);
  return {
    order_id: o.id,
    short_id: o.id.slice(0, ORDER_ID_DISPLAY_LENGTH),
    created_at: o.created_at,
    customer_email: o.user_email,
    lines,
    subtotal_cents: subtotal,
    discount_code: o.discount_code ?? null,
    discount_cents: o.discount_cents ?? null,
    shipping_method: o.shipping_method ?? null,
    shipping_cents: o.shipping_cents ?? null,
    shipping_address: o.shipping_address ?? null,
    total_cents: o.total_cents,
    has_digital: (o.items ?? []).some((i) => i.is_digital || (i.bundle_items ?? []).some((b) => b.is_digital)),
    digital_consent_at: o.digital_consent_at ?? null,
  };
}

/**
 * What the withdrawal emails show: the withdrawn units and the last day to send them back (14 days
 * from the request: Codice del Consumo art. 57 c.1).
 */
export function withdrawalEmailData(o: OrderRecord, w: OrderWithdrawal, refundCents?: number): WithdrawalEmailData {
  return {
    order_id: o.id,
    short_id: o.id.slice(0, ORDER_ID_DISPLAY_LENGTH),
    order_created_at: o.created_at,
    withdrawal_id: w.id,
    requested_at: w.requested_at,
    lines: w.lines.map((l) => ({
      name: o.items[l.index]!.name,
      quantity: l.quantity,
      unit_cents: o.items[l.index]!.price_cents,
    })),
    return_by: addDays(italianDate(new Date(w.requested_at)), 14),
    ...(refundCents !== undefined ? { refund_cents: refundCents } : {}),
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
  /** The customer's order confirmation, once per order (written with the order at fulfilment). */
  orderConfirmation: (o: OrderRecord): NewEmailJob => job('order-confirmation', o.id, o.user_email, orderEmailData(o)),
  /** The owner's notice of a new paid order, to the support inbox, once per order. */
  ownerNewOrder: (o: OrderRecord): NewEmailJob =>
    job('owner-new-order', o.id, stageSettings().email.support_inbox, orderEmailData(o)),
  /**
   * 'Spedito': once per order and tracking number (a corrected tracking number is a new email;
   * setting the same status again is not).
   */
  orderShipped: (o: OrderRecord): NewEmailJob =>
    job('order-shipped', `${o.id}:${o.tracking_number ?? '-'}`, o.user_email, {
      ...orderEmailData(o),
      tracking_number: o.tracking_number ?? null,
      tracking_url: o.tracking_url ?? null,
    }),
  /** 'Annullato': once per order. */
  orderCancelled: (o: OrderRecord): NewEmailJob => job('order-cancelled', o.id, o.user_email, orderEmailData(o)),
  /**
   * A refund confirmed by Stripe: once per refund (its id), with the units it gave back by name.
   * @param o the order as written with the refund succeeded
   */
  orderRefunded: (o: OrderRecord, r: OrderRefund): NewEmailJob =>
    job('order-refunded', r.id, o.user_email, {
      order_id: o.id,
      short_id: o.id.slice(0, ORDER_ID_DISPLAY_LENGTH),
      created_at: o.created_at,
      refund_id: r.id,
      amount_cents: r.amount_cents,
      lines: r.lines.flatMap((l) => {
        const item = o.items[l.index];
        return item ? [{ name: item.name, quantity: l.quantity }] : [];
      }),
      shipping: r.shipping,
      total_cents: o.total_cents,
      refunded_total_cents: refundedCents(o),
      full: refundState(o) === 'full',
    }),
  /** The owner's notice of a product a sale left low or sold out: once per product, level and order. */
  ownerLowStock: (d: LowStockData & { order_id: string }): NewEmailJob => {
    const { order_id, ...data } = d;
    const level = d.quantity <= 0 ? 'sold_out' : 'low_stock';
    return job('owner-low-stock', `${d.product_id}:${level}:${order_id}`, stageSettings().email.support_inbox, data);
  },
  /** Aurum Club welcome: once per subscription, when it first becomes a running membership. */
  clubWelcome: (to: string, m: MembershipRecord): NewEmailJob =>
    job('club-welcome', m.stripe_subscription_id, to, clubData(m)),
  /** The receipt of a paid renewal: once per invoice. */
  clubRenewal: (to: string, m: MembershipRecord, invoice: ClubInvoiceData): NewEmailJob =>
    job('club-renewal', invoice.id, to, {
      ...clubData(m),
      period_start: invoice.period_start,
      period_end: invoice.period_end,
      amount_cents: invoice.amount_cents,
      invoice_number: invoice.number,
    }),
  /** A renewal Stripe could not charge: once per invoice (Stripe's later retries of it send no more). */
  clubPaymentFailed: (to: string, m: MembershipRecord, invoice: ClubInvoiceData): NewEmailJob =>
    job('club-payment-failed', invoice.id, to, { ...clubData(m), amount_cents: invoice.amount_cents }),
  /** The membership ended (Stripe ended the subscription): once per subscription. */
  clubEnded: (to: string, m: MembershipRecord): NewEmailJob =>
    job('club-ended', m.stripe_subscription_id, to, { ...clubData(m), period_end: m.ends_at, renews_at: null }),
  /** The acknowledgement of a withdrawal from the club: once per subscription (one contract, one withdrawal). */
  clubWithdrawalReceived: (to: string, stripeSubscriptionId: string, data: ClubWithdrawalEmailData): NewEmailJob =>
    job('club-withdrawal-received', stripeSubscriptionId, to, data),
  /** A ban cancelled the membership: once per subscription. @param refundedCents money given back with it */
  clubBanCancelled: (to: string, m: { stripe_subscription_id: string; plan_name: string }, refundedCents: number) =>
    job('club-ban-cancelled', m.stripe_subscription_id, to, { plan_name: m.plan_name, refunded_cents: refundedCents }),
  /**
   * 'Qualcuno ha provato a registrarsi con la tua email': at most one per address and UTC hour
   * (`window`, e.g. '2026-11-22T10'), so the sign-up route cannot be used to flood an inbox.
   */
  /**
   * A sign-up's code, sent by the shop (Cognito sends nothing for accounts the shop creates), once
   * per code (`salt`: the code's own random salt, so the job id does not hold the code).
   */
  signupCode: (email: string, salt: string, code: string, purpose: 'sign-up' | 'resend'): NewEmailJob =>
    job('account-code', `${email.trim().toLowerCase()}:${salt}`, email, {
      purpose,
      code,
      valid_hours: SIGNUP_CODE_VALID_HOURS,
    }),
  accountExists: (email: string, window: string, attemptedAt: string): NewEmailJob =>
    job('account-exists', `${email.trim().toLowerCase()}:${window}`, email, { attempted_at: attemptedAt }),
  /**
   * The newsletter's confirmation link, once per link (`hash`: the SHA-256 of the link's secret,
   * so the job id does not hold the token itself).
   */
  newsletterConfirm: (email: string, hash: string, token: string): NewEmailJob =>
    job('newsletter-confirm', `${email.trim().toLowerCase()}:${hash}`, email, {
      token,
      valid_hours: NEWSLETTER_CONFIRM_VALID_HOURS,
    }),
  /** The newsletter's welcome on confirmation, with its one-click unsubscribe, once per confirmation. */
  newsletterWelcome: (email: string, hash: string, unsubscribeToken: string): NewEmailJob =>
    job('newsletter-welcome', `${email.trim().toLowerCase()}:${hash}`, email, { unsubscribe_token: unsubscribeToken }),
  /** A contact message to the support inbox, Reply-To the sender. */
  contactSupport: (m: ContactMessageData): NewEmailJob =>
    job('contact-support', m.message_id, stageSettings().email.support_inbox, m, m.email),
  /** The automatic reply to the sender of a contact message. */
  contactAutoReply: (m: ContactMessageData): NewEmailJob => job('contact-auto-reply', m.message_id, m.email, m),
  /** The acknowledgement of a withdrawal request, once per withdrawal (written with the request). */
  withdrawalReceived: (o: OrderRecord, w: OrderWithdrawal): NewEmailJob =>
    job('withdrawal-received', w.id, o.user_email, withdrawalEmailData(o, w)),
  /** The refund of a withdrawal, once per withdrawal (written with the refund). */
  withdrawalRefunded: (o: OrderRecord, w: OrderWithdrawal, refundCents: number): NewEmailJob =>
    job('withdrawal-refunded', w.id, o.user_email, withdrawalEmailData(o, w, refundCents)),
};
