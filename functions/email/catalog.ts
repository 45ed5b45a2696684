/**
 * Every email the shop sends, by template name: its subject and its React Email body
 * (functions/email/templates/), and the extra headers some need. `renderEmail` turns a template
 * and its data into the subject, the HTML and the plain text of one message.
 */
import { createElement } from 'react';
import { EMAIL_LINKS } from './links';
import type { EmailContext } from './templates/layout';
import { accountCode, accountExists } from './templates/account';
import {
  clubBanCancelled,
  clubEnded,
  clubPaymentFailed,
  clubRenewal,
  clubWelcome,
  clubWithdrawalReceived,
} from './templates/club';
import { contactAutoReply, contactSupport } from './templates/contact';
import { newsletterConfirm, newsletterWelcome, type NewsletterWelcomeData } from './templates/newsletter';
import { orderCancelled, orderConfirmation, orderShipped, ownerNewOrder } from './templates/orders';
import { orderRefunded } from './templates/refunds';
import { ownerLowStock } from './templates/stock';
import { withdrawalReceived, withdrawalRefunded } from './templates/withdrawal';

/** The templates by name (the `template` of an email job). */
export const EMAIL_TEMPLATES = {
  'order-confirmation': orderConfirmation,
  'order-shipped': orderShipped,
  'order-cancelled': orderCancelled,
  'order-refunded': orderRefunded,
  'owner-new-order': ownerNewOrder,
  'owner-low-stock': ownerLowStock,
  'account-code': accountCode,
  'account-exists': accountExists,
  'contact-support': contactSupport,
  'contact-auto-reply': contactAutoReply,
  'newsletter-confirm': newsletterConfirm,
  'newsletter-welcome': newsletterWelcome,
  'club-welcome': clubWelcome,
  'club-renewal': clubRenewal,
  'club-payment-failed': clubPaymentFailed,
  'club-ended': clubEnded,
  'club-ban-cancelled': clubBanCancelled,
  'club-withdrawal-received': clubWithdrawalReceived,
  'withdrawal-received': withdrawalReceived,
  'withdrawal-refunded': withdrawalRefunded,
} as const;

/** A template's name. */
export type EmailTemplateName = keyof typeof EMAIL_TEMPLATES;
/** The data a template takes. */
export type TemplateData<N extends EmailTemplateName> = Parameters<(typeof EMAIL_TEMPLATES)[N]['Body']>[0]['data'];

/** One rendered message. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** True for a known template name. */
export function isTemplateName(name: string): name is EmailTemplateName {
  return Object.hasOwn(EMAIL_TEMPLATES, name);
}

/**
 * Headers a template's message carries besides the usual ones. The newsletter's messages carry
 * RFC 8058 one-click unsubscribe: `List-Unsubscribe` with the HTTPS URI the mail client POSTs to,
 * and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` ("The List-Unsubscribe-Post header
 * MUST contain the single key/value pair List-Unsubscribe=One-Click", RFC 8058 section 3.1).
 */
function headersOf(name: EmailTemplateName, data: unknown, context: EmailContext): Record<string, string> {
  if (name !== 'newsletter-welcome') return {};
  const token = (data as NewsletterWelcomeData).unsubscribe_token;
  return {
    'List-Unsubscribe': `<${EMAIL_LINKS.newsletterOneClick(context.origin, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * Renders one message of a template (HTML and its plain-text version).
 * @throws Error for an unknown template name
 */
export async function renderEmail(name: string, data: unknown, context: EmailContext): Promise<RenderedEmail> {
  if (!isTemplateName(name)) throw new Error(`unknown email template ${name}`);
  const template = EMAIL_TEMPLATES[name] as unknown as {
    subject: (d: unknown) => string;
    Body: (p: { data: unknown; context: EmailContext }) => React.ReactElement;
  };
  const { render } = await import('@react-email/render');
  const element = createElement(template.Body, { data, context });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(data), html, text, headers: headersOf(name, data, context) };
}
