/**
 * The one module that builds each email job: which template, to whom, with which data, and the
 * job's deterministic id per business event (so a replayed webhook or a retried write cannot
 * queue the same email twice). Business writes put the job in their own transaction
 * (`emailJobPut(job)` from functions/data/email-job-repository.ts) or queue it alone
 * (`queueEmailJob(job)`) when there is nothing else to commit.
 */
import { ORDER_ID_DISPLAY_LENGTH } from '../../shared/constants';
import { NEWSLETTER_CONFIRM_VALID_HOURS } from '../../shared/newsletter';
import type { NewEmailJob } from '../data/email-job-repository';
import type { OrderRecord } from '../data/order-items';
import type { EmailTemplateName, TemplateData } from './catalog';
import { stageSettings } from './settings';
import type { OrderEmailData } from './templates/orders';
import type { ContactMessageData } from './templates/contact';

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
  };
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
   * 'Qualcuno ha provato a registrarsi con la tua email': at most one per address and UTC hour
   * (`window`, e.g. '2026-11-22T10'), so the sign-up route cannot be used to flood an inbox.
   */
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
};
