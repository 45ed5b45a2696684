/**
 * Every email template renders to HTML and plain text, in Italian, with absolute links on the
 * shop's origin and the seller's identity of the stage settings in its footer; the newsletter's
 * messages carry RFC 8058 one-click unsubscribe headers. Expectations are written from what each
 * email must say, not read from the templates.
 */
import { describe, expect, it } from 'vitest';
import { defaultStageSettings } from '../../shared/stage-settings';
import { EMAIL_TEMPLATES, renderEmail, type EmailTemplateName } from './catalog';

const origin = 'https://negozio.example.com';
const settings = {
  ...defaultStageSettings('supporto@negozio.example.com'),
  seller: {
    company_name: 'Aurum Prova S.r.l.',
    registered_office: 'Via Prova 9, 70121 Bari (BA)',
    vat_number: '12345678901',
    rea_number: 'BA-123456',
    pec: 'aurumprova@pec.example',
    support_email: 'supporto@negozio.example.com',
    share_capital: null,
  },
};
const context = { origin, settings };

const order = {
  order_id: 'a1b2c3d4-0000-4000-8000-000000000001',
  short_id: 'a1b2c3d4',
  created_at: '2026-11-20T10:00:00.000Z',
  customer_email: 'cliente@example.com',
  lines: [
    { name: 'Kettlebell Pro 16 kg', quantity: 2, unit_cents: 4990, is_digital: false },
    { name: 'Programma Forza', quantity: 1, unit_cents: 1900, is_digital: true },
  ],
  subtotal_cents: 11880,
  discount_code: 'AURUM10',
  discount_cents: 1188,
  shipping_method: 'Corriere Espresso',
  shipping_cents: 990,
  shipping_address: {
    full_name: 'Mario Rossi',
    line1: 'Via Roma 1',
    line2: null,
    postal_code: '20121',
    city: 'Milano',
    province: 'MI',
    country: 'IT',
    phone: null,
  },
  total_cents: 11682,
  has_digital: true,
  digital_consent_at: '2026-11-20T09:58:00.000Z',
  payment_method: 'PayPal',
};
const club = {
  plan_name: 'Oro Mensile',
  tier: 'gold',
  discount_percentage: 15,
  period_end: '2026-12-20T00:00:00.000Z',
};
const contact = {
  message_id: 'm-1',
  first_name: 'Giulia',
  last_name: 'Bianchi',
  email: 'giulia@example.com',
  topic_label: 'Ordini',
  message: 'Quando arriva il mio ordine?',
  created_at: '2026-11-20T10:00:00.000Z',
};
const withdrawal = {
  order_id: order.order_id,
  short_id: order.short_id,
  order_created_at: order.created_at,
  withdrawal_id: 'w1b2c3d4-0000-4000-8000-000000000009',
  requested_at: '2026-11-26T14:05:00.000Z',
  lines: [{ name: 'Kettlebell Pro 16 kg', quantity: 1, unit_cents: 4990 }],
  return_by: '2026-12-10',
};

const SAMPLES: Record<EmailTemplateName, unknown> = {
  'order-confirmation': order,
  'order-shipped': { ...order, tracking_number: 'BRT1', tracking_url: 'https://tracking.example/BRT1' },
  'order-cancelled': order,
  'order-refunded': {
    order_id: order.order_id,
    short_id: order.short_id,
    created_at: order.created_at,
    refund_id: 'r-1',
    amount_cents: 4990,
    lines: [{ name: 'Kettlebell Pro 16 kg', quantity: 1 }],
    shipping: false,
    total_cents: 11682,
    refunded_total_cents: 4990,
    full: false,
  },
  'owner-new-order': order,
  'owner-low-stock': {
    product_id: 'p-1',
    name: 'Kettlebell Pro 16 kg',
    quantity: 3,
    threshold: 5,
    order_short_id: 'a1b2c3d4',
    at: '2026-11-20T10:00:00.000Z',
  },
  'account-code': { purpose: 'forgot-password', code: '{####}' },
  'account-exists': { attempted_at: '2026-11-22T10:00:00.000Z' },
  'contact-support': contact,
  'contact-auto-reply': contact,
  'newsletter-confirm': { token: 'tok-confirm', valid_hours: 48 },
  'newsletter-welcome': { unsubscribe_token: 'tok-unsub' },
  'club-welcome': club,
  'club-renewal': {
    ...club,
    period_start: '2026-11-20T00:00:00.000Z',
    renews_at: club.period_end,
    amount_cents: 1999,
    invoice_number: 'INV-1',
  },
  'club-payment-failed': { ...club, amount_cents: 1999 },
  'club-ended': club,
  'club-ban-cancelled': { plan_name: 'Oro Mensile', refunded_cents: 0 },
  'club-withdrawal-received': {
    plan_name: 'Oro Mensile',
    started_at: '2026-11-10T09:00:00.000Z',
    requested_at: '2026-11-17T15:42:00.000Z',
    days_used: 7,
    period_days: 30,
    paid_cents: 2990,
    kept_cents: 697,
    refund_cents: 2293,
  },
  'withdrawal-received': withdrawal,
  'withdrawal-refunded': { ...withdrawal, refund_cents: 4990 },
};

describe('email templates', () => {
  it.each(Object.keys(EMAIL_TEMPLATES) as EmailTemplateName[])(
    '%s: HTML and text, absolute links on the origin, the seller in the footer',
    async (name) => {
      const email = await renderEmail(name, SAMPLES[name], context);
      // React's text separators (<!-- -->) split the HTML's text; a reader never sees them
      const html = email.html.replace(/<!-- -->/g, '');
      expect(email.subject.length).toBeGreaterThan(5);
      expect(email.html).toMatch(/^<!DOCTYPE html/);
      expect(email.html).toContain('lang="it"');
      for (const body of [html, email.text]) {
        expect(body).not.toMatch(/undefined|\bnull\b|NaN|\[object Object\]/);
        expect(body).toContain('Aurum Prova S.r.l.');
        expect(body).toContain('P.IVA IT12345678901');
      }
      // every link is absolute: the shop's origin, a mail address or a carrier's tracking page
      const hrefs = [...email.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).toMatch(/^(https:\/\/negozio\.example\.com|mailto:|https:\/\/tracking\.)/);
      expect(email.text.length).toBeGreaterThan(80);
    },
  );

  it('the order confirmation states lines, code, shipping, the total with VAT included, how it was paid, and the withdrawal right', async () => {
    const { subject, text } = await renderEmail('order-confirmation', order, context);
    expect(subject).toBe('Conferma ordine #a1b2c3d4');
    expect(text).toContain('2 × Kettlebell Pro 16 kg');
    expect(text).toContain('99,80\u00a0€');
    expect(text).toContain('-11,88\u00a0€');
    expect(text).toContain('Corriere Espresso');
    expect(text).toContain('9,90\u00a0€');
    expect(text).toMatch(/Totale \(IVA inclusa\)\s+116,82\u00a0€/);
    expect(text).toMatch(/Pagato con\s+PayPal/);
    expect(text).toContain('Diritto di recesso');
    expect(text).toContain(`${origin}/legal/politica-di-reso`);
    expect(text).toContain(`${origin}/legal/termini-e-condizioni`);
    expect(text).toContain('Mario Rossi');
    // the consent to the immediate supply of the digital content and its time (Rome: 10:58 CET)
    expect(text).toContain('Il 20 novembre 2026 alle ore 10:58 hai acconsentito');
    expect(text).toContain('art. 59 c.1 lett. o');
  });

  it('acknowledges a withdrawal with its content and the date and time of the request (Rome time)', async () => {
    const { subject, text } = await renderEmail('withdrawal-received', withdrawal, context);
    expect(subject).toBe("Abbiamo ricevuto il tuo recesso dall'ordine #a1b2c3d4");
    // 14:05 UTC is 15:05 in Rome in November (CET)
    expect(text).toContain('26 novembre 2026 alle ore 15:05');
    expect(text).toContain('1 × Kettlebell Pro 16 kg');
    expect(text).toContain('10 dicembre 2026');
  });

  it('acknowledges a club withdrawal with the date and time, the part kept and the refund', async () => {
    const { subject, text } = await renderEmail(
      'club-withdrawal-received',
      SAMPLES['club-withdrawal-received'],
      context,
    );
    expect(subject).toBe('Abbiamo ricevuto il tuo recesso da Aurum Club');
    // 15:42 UTC is 16:42 in Rome in November (CET)
    expect(text).toContain('17 novembre 2026 alle ore 16:42');
    expect(text).toMatch(/Parte goduta \(7 giorni su 30\)\s*6,97/);
    expect(text).toMatch(/Rimborso\s*22,93/);
  });

  it('repeats the express request to start the club at once in the welcome (durable medium, art. 50 c.3)', async () => {
    const { text } = await renderEmail(
      'club-welcome',
      { ...club, service_start_requested_at: '2026-11-10T09:00:00.000Z' },
      context,
    );
    expect(text).toContain(
      "Il 10 novembre 2026 alle ore 10:00 ci hai chiesto espressamente di far iniziare subito l'abbonamento",
    );
  });

  it('keeps Cognito’s code placeholder for the trigger to fill, never a code of its own', async () => {
    const { html, text } = await renderEmail('account-code', { purpose: 'sign-up', code: '{####}' }, context);
    expect(html).toContain('{####}');
    expect(text).toContain('{####}');
  });

  it("shows the shop's own sign-up code with how long it is valid", async () => {
    const { subject, html, text } = await renderEmail(
      'account-code',
      { purpose: 'sign-up', code: '042917', valid_hours: 24 },
      context,
    );
    expect(subject).toBe('Il tuo codice di verifica Aurum Fitness');
    expect(html).toMatch(/data-code="true"[^>]*>042917</);
    expect(text).toContain('Il codice vale 24 ore.');
    expect(text).not.toContain('scade dopo poco tempo');
  });

  it('gives the newsletter welcome RFC 8058 one-click unsubscribe headers and no other email any', async () => {
    const welcome = await renderEmail('newsletter-welcome', { unsubscribe_token: 'tok/unsub' }, context);
    expect(welcome.headers).toEqual({
      'List-Unsubscribe': `<${origin}/api/newsletter/unsubscribe?token=tok%2Funsub>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect((await renderEmail('order-confirmation', order, context)).headers).toEqual({});
  });

  it('refuses an unknown template', async () => {
    await expect(renderEmail('nope', {}, context)).rejects.toThrow(/unknown email template nope/);
  });
});
