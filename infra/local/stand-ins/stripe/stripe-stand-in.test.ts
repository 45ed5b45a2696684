/**
 * The fake Stripe driven by the real `stripe` SDK, checked against Stripe's documented rules:
 * unknown parameters, the API version, the session's expiry window, the minimum charge, the line
 * item cap, no-cost sessions, idempotency, expansions, coupon redemption, longer billing intervals,
 * the payment methods (which a session offers, what a payment or a decline with each leaves, refund
 * periods, a subscription renewed with PayPal), and refunds with their events (received by a small webhook endpoint that verifies signatures
 * with the SDK's constructEvent).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { freePort } from '../../ports';
import { startFakeStripe, type FakeStripe } from './server';
import { STRIPE_SHAPES } from './strict';

const SECRET_KEY = 'sk_test_stand_in';
const WEBHOOK_SECRET = 'whsec_stand_in';

let fake: FakeStripe;
let stripe: Stripe;
let hook: http.Server;
const events: Stripe.Event[] = [];

const now = () => Math.floor(Date.now() / 1000);

/** A payment-mode session of one line of `cents` (and `extra` parameters). */
const paymentSession = (cents: number, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create({
    mode: 'payment',
    currency: 'eur',
    line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: cents, product_data: { name: 'Prova' } } }],
    success_url: 'http://localhost/ok',
    cancel_url: 'http://localhost/no',
    ...extra,
  });

/** The Stripe error a call is refused with. */
async function refusal(
  call: Promise<unknown>,
): Promise<{ code?: string; message: string; type: string; param?: string }> {
  try {
    await call;
  } catch (e) {
    const err = e as Stripe.errors.StripeError;
    return { code: err.code, message: err.message, type: err.type, param: err.param };
  }
  throw new Error('the call was not refused');
}

/** Waits until an event of `type` about `id` has been received. */
async function eventOf(type: string, id: string): Promise<Stripe.Event> {
  for (let i = 0; i < 100; i++) {
    const e = events.find((x) => x.type === type && (x.data.object as { id?: string }).id === id);
    if (e) return e;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${type} for ${id}`);
}

beforeAll(async () => {
  const hookPort = await freePort();
  const verifier = new Stripe(SECRET_KEY);
  hook = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      events.push(
        verifier.webhooks.constructEvent(
          Buffer.concat(chunks),
          String(req.headers['stripe-signature']),
          WEBHOOK_SECRET,
        ),
      );
      res.writeHead(200).end('{}');
    } catch {
      res.writeHead(400).end('{}');
    }
  });
  await new Promise<void>((r) => hook.listen(hookPort, '127.0.0.1', () => r()));
  const port = await freePort();
  fake = await startFakeStripe({
    port,
    publicUrl: `http://localhost:${port}`,
    webhookUrl: `http://127.0.0.1:${hookPort}/`,
    webhookSecret: () => WEBHOOK_SECRET,
    secretKeys: () => [SECRET_KEY],
  });
  stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http' });
});

afterAll(async () => {
  await fake.stop();
  await new Promise<void>((r) => hook.close(() => r()));
});

describe('fake Stripe: as strict as Stripe', () => {
  it('refuses unknown parameters with parameter_unknown, naming them as Stripe does', async () => {
    const top = await refusal(paymentSession(2000, { colour: 'gold' } as never));
    expect(top).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
    expect(top.message).toBe('Received unknown parameter: colour');
    const nested = await refusal(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'eur', unit_amount: 900, product_data: { name: 'x' }, sku: 'a' } },
        ] as never,
        success_url: 'http://localhost/ok',
      }),
    );
    expect(nested).toMatchObject({ code: 'parameter_unknown', param: 'line_items[0][price_data][sku]' });
    // the parameter the API version removed is unknown too
    expect(await refusal(paymentSession(2000, { payment_method_types: ['card'] } as never))).toMatchObject({
      code: 'parameter_unknown',
      param: 'payment_method_types',
    });
    // metadata takes any key
    expect((await paymentSession(2000, { metadata: { qualsiasi_chiave: 'x' } })).metadata).toEqual({
      qualsiasi_chiave: 'x',
    });
  });

  it('answers only in the API version the SDK pins', async () => {
    expect(STRIPE_SHAPES.api_version).toBe(Stripe.API_VERSION);
    const other = new Stripe(SECRET_KEY, {
      host: '127.0.0.1',
      port: Number(new URL(fake.url).port),
      protocol: 'http',
      apiVersion: '2024-06-20' as never,
    });
    expect((await refusal(other.balance.retrieve())).message).toContain(STRIPE_SHAPES.api_version);
  });

  it('takes expires_at only from 30 minutes to 24 hours after creation, with no slack', async () => {
    const t = now();
    const tooSoon = await refusal(paymentSession(2000, { expires_at: t + 30 * 60 - 1 }));
    expect(tooSoon).toMatchObject({ param: 'expires_at' });
    expect(await refusal(paymentSession(2000, { expires_at: t + 24 * 3600 + 5 }))).toMatchObject({
      param: 'expires_at',
    });
    const ok = await paymentSession(2000, { expires_at: now() + 30 * 60 + 2 });
    expect(ok.expires_at - ok.created).toBeGreaterThanOrEqual(30 * 60);
  });

  it('refuses a total under 0,50 € with amount_too_small, and a session with nothing to pay is no_payment_required', async () => {
    expect(await refusal(paymentSession(49))).toMatchObject({ code: 'amount_too_small' });
    expect((await paymentSession(50)).amount_total).toBe(50);
    const free = await paymentSession(0);
    expect(free.payment_status).toBe('unpaid');
    await fake.pay(free.id);
    const done = await stripe.checkout.sessions.retrieve(free.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', payment_intent: null });
    const paid = await paymentSession(2000);
    await fake.pay(paid.id);
    const after = await stripe.checkout.sessions.retrieve(paid.id);
    expect(after.payment_status).toBe('paid');
    expect(after.payment_intent).toMatch(/^pi_/);
    // a subscription whose first invoice is under the minimum is refused too
    const cheap = await stripe.prices.create({
      currency: 'eur',
      unit_amount: 30,
      recurring: { interval: 'month', interval_count: 1 },
      product_data: { name: 'Piano' },
    });
    expect(
      await refusal(
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: cheap.id, quantity: 1 }],
          success_url: 'http://localhost/ok',
        }),
      ),
    ).toMatchObject({ code: 'amount_too_small' });
  });

  it('takes at most 100 line items in payment mode', async () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        quantity: 1,
        price_data: { currency: 'eur', unit_amount: 100, product_data: { name: `Riga ${i}` } },
      }));
    const base = { mode: 'payment' as const, success_url: 'http://localhost/ok' };
    expect((await stripe.checkout.sessions.create({ ...base, line_items: lines(100) })).amount_total).toBe(10_000);
    expect(await refusal(stripe.checkout.sessions.create({ ...base, line_items: lines(101) }))).toMatchObject({
      param: 'line_items',
    });
  });

  it('replays the first answer to an idempotency key and refuses the key with other parameters', async () => {
    const key = `prova-${Date.now()}`;
    const first = await stripe.prices.create(
      { currency: 'eur', unit_amount: 1000, product_data: { name: 'A' } },
      { idempotencyKey: key },
    );
    await stripe.prices.update(first.id, { active: false });
    const again = await stripe.prices.create(
      { currency: 'eur', unit_amount: 1000, product_data: { name: 'A' } },
      { idempotencyKey: key },
    );
    // the saved first answer, as it was then (active), not a new price
    expect(again.id).toBe(first.id);
    expect(again.active).toBe(true);
    const changed = await refusal(
      stripe.prices.create(
        { currency: 'eur', unit_amount: 2000, product_data: { name: 'A' } },
        { idempotencyKey: key },
      ),
    );
    expect(changed.type).toBe('StripeIdempotencyError');
    expect(changed.message).toContain('same parameters');
    const elsewhere = await refusal(
      stripe.coupons.create({ amount_off: 100, currency: 'eur', duration: 'once' }, { idempotencyKey: key }),
    );
    expect(elsewhere.type).toBe('StripeIdempotencyError');
  });

  it('sends line_items only when expanded, and nothing Stripe does not send', async () => {
    const s = await paymentSession(2000);
    expect('line_items' in s).toBe(false);
    const expanded = await stripe.checkout.sessions.retrieve(s.id, { expand: ['line_items'] });
    expect(expanded.line_items?.data.map((l) => [l.description, l.quantity, l.amount_total])).toEqual([
      ['Prova', 1, 2000],
    ]);
    for (const key of Object.keys(expanded)) expect(STRIPE_SHAPES.objects['checkout.session'], key).toContain(key);
    expect((await refusal(stripe.checkout.sessions.retrieve(s.id, { expand: ['customer'] }))).message).toContain(
      'cannot be expanded',
    );
  });

  it('redeems a coupon when its session completes, not when the session is created', async () => {
    const coupon = await stripe.coupons.create({
      amount_off: 500,
      currency: 'eur',
      duration: 'once',
      max_redemptions: 1,
    });
    const s = await paymentSession(2000, { discounts: [{ coupon: coupon.id }] });
    expect(s.amount_total).toBe(1500);
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(0);
    expect(fake.sessions.get(s.id)!.session.discounts).toEqual([{ coupon: coupon.id, promotion_code: null }]);
    await fake.pay(s.id);
    expect(await stripe.coupons.retrieve(coupon.id)).toMatchObject({ times_redeemed: 1, valid: false });
    // used up: a second session cannot take it
    expect((await refusal(paymentSession(2000, { discounts: [{ coupon: coupon.id }] }))).param).toBe('discounts');
  });

  it('bills intervals up to three years', async () => {
    const price = await stripe.prices.create({
      currency: 'eur',
      unit_amount: 30_000,
      recurring: { interval: 'month', interval_count: 36 },
      product_data: { name: 'Tre anni' },
    });
    expect(price.recurring).toEqual({ interval: 'month', interval_count: 36 });
    expect(
      await refusal(
        stripe.prices.create({
          currency: 'eur',
          unit_amount: 30_000,
          recurring: { interval: 'month', interval_count: 37 },
          product_data: { name: 'Troppo' },
        }),
      ),
    ).toMatchObject({ param: 'recurring[interval_count]' });
  });
});

describe('fake Stripe: refunds', () => {
  it('refunds part, then the rest, of a paid session, never more than was paid, with signed events', async () => {
    const s = await paymentSession(3000);
    await fake.pay(s.id);
    const intent = (await stripe.checkout.sessions.retrieve(s.id)).payment_intent as string;
    const first = await stripe.refunds.create(
      { payment_intent: intent, amount: 1000, reason: 'requested_by_customer', metadata: { order_id: 'o-1' } },
      { idempotencyKey: `refund-a-${intent}` },
    );
    expect(first).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded', payment_intent: intent });
    expect(first.metadata).toEqual({ order_id: 'o-1' });
    const charged = await eventOf(
      'charge.refunded',
      (await stripe.paymentIntents.retrieve(intent)).latest_charge as string,
    );
    expect(charged.data.object).toMatchObject({ amount: 3000, amount_refunded: 1000, refunded: false });
    expect(charged.api_version).toBe(STRIPE_SHAPES.api_version);
    await eventOf('refund.created', first.id);
    const tooMuch = await refusal(stripe.refunds.create({ payment_intent: intent, amount: 2001 }));
    expect(tooMuch.code).toBe('amount_too_large');
    const rest = await stripe.refunds.create({ payment_intent: intent });
    expect(rest.amount).toBe(2000);
    expect((await refusal(stripe.refunds.create({ payment_intent: intent }))).code).toBe('charge_already_refunded');
    const listed = await stripe.refunds.list({ payment_intent: intent });
    expect(listed.data.map((r) => r.id)).toEqual([rest.id, first.id]);
    expect((await stripe.refunds.retrieve(first.id)).amount).toBe(1000);
    expect((await stripe.checkout.sessions.list({ payment_intent: intent })).data.map((x) => x.id)).toEqual([s.id]);
  });

  it("pays a subscription's invoice through a PaymentIntent its InvoicePayment names, refundable up to what was paid", async () => {
    const price = await stripe.prices.create({
      currency: 'eur',
      unit_amount: 2990,
      recurring: { interval: 'month', interval_count: 1 },
      product_data: { name: 'Mensile' },
    });
    const s = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://localhost/ok',
      cancel_url: 'http://localhost/no',
    });
    await fake.pay(s.id);
    const sub = await stripe.subscriptions.retrieve(
      (await stripe.checkout.sessions.retrieve(s.id)).subscription as string,
    );
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_create', amount_paid: 2990, status: 'paid' });
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id!, status: 'paid' });
    expect(payments.data).toHaveLength(1);
    const intent = payments.data[0]!.payment.payment_intent as string;
    expect(payments.data[0]).toMatchObject({ amount_paid: 2990, payment: { type: 'payment_intent' } });
    expect((await stripe.paymentIntents.retrieve(intent)).amount_received).toBe(2990);
    expect((await refusal(stripe.invoicePayments.list({ invoice: invoice.id!, status: 'done' }))).param).toBe('status');
    expect((await refusal(stripe.refunds.create({ payment_intent: intent, amount: 2991 }))).code).toBe(
      'amount_too_large',
    );
    expect((await stripe.refunds.create({ payment_intent: intent, amount: 2293 })).amount).toBe(2293);
    const cancelled = await stripe.subscriptions.cancel(sub.id);
    expect(cancelled.status).toBe('canceled');
    expect(await refusal(stripe.subscriptions.cancel(sub.id))).toMatchObject({
      message: 'This subscription has already been canceled.',
    });
  });

  it('a refund that fails later gives the money back to the charge and sends refund.failed', async () => {
    const s = await paymentSession(2500);
    await fake.pay(s.id);
    const intent = (await stripe.checkout.sessions.retrieve(s.id)).payment_intent as string;
    const refund = await stripe.refunds.create({ payment_intent: intent, amount: 2500 });
    const res = await fetch(`${fake.url}/v1/test_helpers/refunds/${refund.id}/fail`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(res.status).toBe(200);
    const failed = await eventOf('refund.failed', refund.id);
    expect(failed.data.object).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    await eventOf('refund.updated', refund.id);
    // the charge can be refunded again
    expect((await stripe.refunds.create({ payment_intent: intent })).amount).toBe(2500);
  });
});

/** POSTs a fake-only test helper with form `params`. */
const helper = (pathname: string, params: Record<string, string> = {}) =>
  fetch(`${fake.url}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });

/** The Charge that paid (or last tried to pay) a session, expanded from its PaymentIntent. */
async function chargeOfSession(sessionId: string): Promise<Stripe.Charge> {
  const intent = await stripe.paymentIntents.retrieve(
    (await stripe.checkout.sessions.retrieve(sessionId)).payment_intent as string,
    { expand: ['latest_charge'] },
  );
  return intent.latest_charge as Stripe.Charge;
}

describe('fake Stripe: payment methods', () => {
  const ALL = ['card', 'paypal', 'satispay', 'klarna'] as const;

  it('offers of the allowed methods only those whose published rules fit the session, silently', async () => {
    // EUR payment of 20 €: every one fits
    expect((await paymentSession(2000, { allowed_payment_method_types: [...ALL] })).payment_method_types).toEqual([
      'card',
      'klarna',
      'paypal',
      'satispay',
    ]);
    // Satispay presents in EUR only; Klarna and PayPal in GBP too
    const gbp = await stripe.checkout.sessions.create({
      mode: 'payment',
      allowed_payment_method_types: [...ALL],
      line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: 2000, product_data: { name: 'x' } } }],
      success_url: 'http://localhost/ok',
    });
    expect(gbp.payment_method_types).toEqual(['card', 'klarna', 'paypal']);
    // Satispay's maximum charge is 999.999,99 €
    expect(
      (await paymentSession(100_000_000, { allowed_payment_method_types: ['card', 'satispay'] })).payment_method_types,
    ).toEqual(['card']);
    // Satispay has no subscription mode; PayPal does
    const price = await stripe.prices.create({
      currency: 'eur',
      unit_amount: 2990,
      recurring: { interval: 'month' },
      product_data: { name: 'Mensile' },
    });
    const sub = await stripe.checkout.sessions.create({
      mode: 'subscription',
      allowed_payment_method_types: ['card', 'paypal', 'satispay'],
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://localhost/ok',
    });
    expect(sub.payment_method_types).toEqual(['card', 'paypal']);
    // nothing left: refused
    expect((await refusal(paymentSession(100_000_000, { allowed_payment_method_types: ['satispay'] }))).param).toBe(
      'allowed_payment_method_types',
    );
    // not restricted: every method of the dashboard, the delayed SEPA debit too
    expect((await paymentSession(2000)).payment_method_types).toContain('sepa_debit');
  });

  it('a payment records its method on the PaymentIntent and the Charge: PayPal, Satispay, Klarna, a card through Apple Pay', async () => {
    for (const [choice, type] of [
      ['paypal', 'paypal'],
      ['satispay', 'satispay'],
      ['klarna', 'klarna'],
      ['card:apple_pay', 'card'],
    ] as const) {
      const s = await paymentSession(3100, { allowed_payment_method_types: [...ALL] });
      expect((await helper(`/v1/test_helpers/checkout/sessions/${s.id}/pay`, { payment_method: choice })).status).toBe(
        200,
      );
      const charge = await chargeOfSession(s.id);
      expect(charge).toMatchObject({ status: 'succeeded', amount: 3100, payment_method_details: { type } });
      expect((await stripe.paymentIntents.retrieve(charge.payment_intent as string)).payment_method_types).toEqual([
        type,
      ]);
      if (type === 'card')
        expect(charge.payment_method_details?.card).toMatchObject({
          brand: 'visa',
          last4: '4242',
          wallet: { type: 'apple_pay' },
        });
      expect((await eventOf('checkout.session.completed', s.id)).data.object).toMatchObject({ payment_status: 'paid' });
    }
    // a method the session does not offer cannot pay it
    const cardOnly = await paymentSession(3100, { allowed_payment_method_types: ['card'] });
    expect(
      (await helper(`/v1/test_helpers/checkout/sessions/${cardOnly.id}/pay`, { payment_method: 'paypal' })).status,
    ).toBe(400);
  });

  it('a declined payment leaves the session open, the PaymentIntent asking for another method, and sends payment_failed', async () => {
    const s = await paymentSession(4200, { allowed_payment_method_types: ['card', 'satispay'] });
    await helper(`/v1/test_helpers/checkout/sessions/${s.id}/decline`, { payment_method: 'satispay' });
    const session = await stripe.checkout.sessions.retrieve(s.id);
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const failed = await eventOf('payment_intent.payment_failed', session.payment_intent as string);
    expect(failed.data.object).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_method_provider_decline', payment_method: { type: 'satispay' } },
    });
    expect(await chargeOfSession(s.id)).toMatchObject({
      status: 'failed',
      paid: false,
      failure_code: 'payment_method_provider_decline',
      payment_method_details: { type: 'satispay' },
    });
    // nothing to refund on a declined payment
    expect((await refusal(stripe.refunds.create({ payment_intent: session.payment_intent as string }))).code).toBe(
      'charge_not_refundable',
    );
    // the customer tries again with a card: the same PaymentIntent is paid
    await helper(`/v1/test_helpers/checkout/sessions/${s.id}/pay`, { payment_method: 'card' });
    const paid = await stripe.checkout.sessions.retrieve(s.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: session.payment_intent });
  });

  it('refunds PayPal and Satispay only within 180 days of the payment; a Satispay refund settles later', async () => {
    const paidWith = async (method: string) => {
      const s = await paymentSession(5000, { allowed_payment_method_types: [...ALL] });
      await helper(`/v1/test_helpers/checkout/sessions/${s.id}/pay`, { payment_method: method });
      return (await stripe.checkout.sessions.retrieve(s.id)).payment_intent as string;
    };
    const satispay = await paidWith('satispay');
    const refund = await stripe.refunds.create({ payment_intent: satispay, amount: 1200 });
    expect(refund).toMatchObject({ status: 'pending', amount: 1200 });
    expect((await eventOf('refund.updated', refund.id)).data.object).toMatchObject({ status: 'succeeded' });
    for (const method of ['paypal', 'satispay']) {
      const intent = await paidWith(method);
      await helper(`/v1/test_helpers/payment_intents/${intent}/backdate`, { days: '179' });
      expect((await stripe.refunds.create({ payment_intent: intent, amount: 100 })).amount).toBe(100);
      await helper(`/v1/test_helpers/payment_intents/${intent}/backdate`, { days: '2' });
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, amount: 100 }))).toMatchObject({
        type: 'StripeInvalidRequestError',
        code: 'charge_not_refundable',
      });
    }
    // a card and Klarna publish no refund period
    for (const method of ['card', 'klarna']) {
      const intent = await paidWith(method);
      await helper(`/v1/test_helpers/payment_intents/${intent}/backdate`, { days: '400' });
      expect((await stripe.refunds.create({ payment_intent: intent, amount: 100 })).amount).toBe(100);
    }
  });

  it('a subscription paid with PayPal renews with PayPal', async () => {
    const price = await stripe.prices.create({
      currency: 'eur',
      unit_amount: 2990,
      recurring: { interval: 'month' },
      product_data: { name: 'Mensile' },
    });
    const s = await stripe.checkout.sessions.create({
      mode: 'subscription',
      allowed_payment_method_types: ['card', 'paypal'],
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://localhost/ok',
    });
    await fake.pay(s.id, 'paypal');
    const subId = (await stripe.checkout.sessions.retrieve(s.id)).subscription as string;
    await helper(`/v1/test_helpers/subscriptions/${subId}/end_period`);
    const sub = await stripe.subscriptions.retrieve(subId);
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid' });
    const payment = (await stripe.invoicePayments.list({ invoice: invoice.id!, status: 'paid' })).data[0]!;
    const intent = await stripe.paymentIntents.retrieve(payment.payment.payment_intent as string, {
      expand: ['latest_charge'],
    });
    expect((intent.latest_charge as Stripe.Charge).payment_method_details?.type).toBe('paypal');
  });
});

describe('fake Stripe: a state file keeps the account across restarts', () => {
  it('a Price made before a stop is found after a start on the same file; without the file they are not', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-state-'));
    const stateFile = path.join(dir, 'stripe-state.json');
    const start = async (withFile: boolean) => {
      const port = await freePort();
      const standIn = await startFakeStripe({
        port,
        publicUrl: `http://localhost:${port}`,
        webhookUrl: 'http://127.0.0.1:9/',
        webhookSecret: () => WEBHOOK_SECRET,
        secretKeys: () => [SECRET_KEY],
        ...(withFile ? { stateFile } : {}),
      });
      return { standIn, client: new Stripe(SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http' }) };
    };
    const first = await start(true);
    const price = await first.client.prices.create({
      currency: 'eur',
      unit_amount: 2990,
      recurring: { interval: 'month' },
      product_data: { name: 'Aurum Club Premium' },
    });
    await first.standIn.stop();

    const again = await start(true);
    expect((await again.client.prices.retrieve(price.id)).unit_amount).toBe(2990);
    await again.standIn.stop();

    const fresh = await start(false);
    expect((await refusal(fresh.client.prices.retrieve(price.id))).message).toBe(`No such price: '${price.id}'`);
    await fresh.standIn.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
