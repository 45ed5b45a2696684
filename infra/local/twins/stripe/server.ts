/**
 * An in-repo fake of the Stripe API for the local runtime and the tests. The real `stripe` SDK
 * talks to it (host/port/protocol), so the functions' code path is the production one.
 *
 * API (form-encoded like Stripe's, API version 2026-09-30): POST /v1/checkout/sessions (idempotency
 * keys honoured; `allowed_payment_method_types` filters the "dashboard" methods DASHBOARD_PAYMENT_METHODS
 * into the session's `payment_method_types`, all of them when absent; the removed
 * `payment_method_types` parameter is refused like the real API does), GET /v1/checkout/sessions/{id},
 * POST /v1/checkout/sessions/{id}/expire.
 * Test helpers (fake only, same secret key), under /v1/test_helpers/checkout/sessions/{id}/:
 * `pay` (as 'Paga'; `send_event=false` holds the webhook back, a delivery still on its way) and
 * `delayed_payment` with `outcome` = processing (complete, unpaid: sends checkout.session.completed),
 * succeeded (paid: async_payment_succeeded) or failed (async_payment_failed), as a delayed payment
 * method would.
 * POST /v1/coupons (amount_off or percent_off; `discounts` of a session takes it off the line items,
 * never the shipping); `shipping_options[0][shipping_rate_data]` (fixed_amount) adds the shipping
 * (`shipping_cost`, `total_details`).
 * Subscriptions (issue 8): POST /v1/prices (product_data, recurring month × interval_count),
 * GET /v1/prices/{id}, POST /v1/prices/{id} (active); sessions in mode 'subscription' with
 * `line_items[0][price]` and `subscription_data[metadata]`: paying creates a customer, a
 * subscription (items.data[0].current_period_start/end, like API versions since 2025-03-31) and a
 * paid invoice, and sends customer.subscription.created, invoice.paid and
 * checkout.session.completed; GET /v1/subscriptions/{id}; POST /v1/subscriptions/{id}
 * (cancel_at_period_end, metadata: customer.subscription.updated); DELETE /v1/subscriptions/{id}
 * (cancels now: customer.subscription.deleted). Test helper (fake only):
 * POST /v1/test_helpers/subscriptions/{id}/end_period makes the current period end NOW, as if its
 * time had come (a test clock): the subscription renews for another interval (invoice.paid,
 * customer.subscription.updated), or with `payment=failed` goes past_due (invoice.payment_failed,
 * customer.subscription.updated), or, when cancel_at_period_end is set or `cancel=true`, ends
 * (customer.subscription.deleted).
 * GET /v1/account and GET /v1/balance (the account the keys belong to: the admin's 'Verifica').
 * Every /v1 call needs one of the account's secret keys (401 'Invalid API Key provided' otherwise,
 * like Stripe).
 * Hosted checkout page: GET /pay/{id} with 'Paga' (marks the session complete and paid, posts a
 * correctly signed checkout.session.completed to the shop's real webhook route, then redirects to
 * success_url) and 'Annulla' (redirects to cancel_url). Open sessions past expires_at expire on
 * their own and send checkout.session.expired.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import qs from 'qs';
import Stripe from 'stripe';

export interface FakeStripeOptions {
  port: number;
  /** Public base of the hosted page, e.g. 'http://localhost:12111'. */
  publicUrl: string;
  /** Where events are posted (the shop's POST /api/webhooks/stripe). */
  webhookUrl: string;
  /** Current webhook signing secret (read at send time, so key changes apply). */
  webhookSecret: () => string | null;
  /** Accepted secret keys (sk_test_...). */
  secretKeys: () => string[];
  log?: (message: string) => void;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  success_url: string;
  cancel_url: string;
  url: string | null;
  line_items: { name: string; quantity: number; unit_amount: number }[];
  /** Mode 'subscription': the price sold, the subscription's metadata, and once paid the subscription and customer. */
  subscription: string | null;
  customer: string | null;
  subscription_price?: string;
  subscription_metadata?: Record<string, string>;
  /** Coupons applied (Stripe: `discounts`). */
  discounts: { coupon: string }[];
  /** The chosen shipping rate and its amount (Stripe: `shipping_cost`), or null. */
  shipping_cost: { amount_subtotal: number; amount_total: number; shipping_rate: string; display_name: string } | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
}

/** A coupon (POST /v1/coupons), Stripe's shape (amount_off in cents or percent_off). */
interface FakeCoupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  percent_off: number | null;
  currency: string | null;
  duration: string;
  max_redemptions: number | null;
  times_redeemed: number;
  name: string | null;
  metadata: Record<string, string>;
  valid: boolean;
  created: number;
  livemode: false;
}

/** Payment methods "enabled in the dashboard" of the fake account: what a session offers when not restricted. */
export const DASHBOARD_PAYMENT_METHODS = ['card', 'sepa_debit', 'klarna', 'paypal'] as const;

/** Events the fake sends. */
export type FakeEventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed';
/** Subscription events the fake sends (their object is a subscription or an invoice). */
export type FakeSubscriptionEventType =
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed';

/** A Price (POST /v1/prices), Stripe's shape. */
interface FakePrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  recurring: { interval: 'month' | 'year' | 'week' | 'day'; interval_count: number } | null;
  type: 'recurring' | 'one_time';
  metadata: Record<string, string>;
  nickname: string | null;
  created: number;
  livemode: false;
}

/** A Subscription, Stripe's shape (periods on the item, as in API versions since 2025-03-31). */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  status: 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete';
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  start_date: number;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  livemode: false;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: FakePrice;
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

/** An Invoice of a subscription, Stripe's shape (the fields the shop reads). */
interface FakeInvoice {
  id: string;
  object: 'invoice';
  status: 'paid' | 'open';
  customer: string;
  currency: string;
  amount_due: number;
  amount_paid: number;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  created: number;
  livemode: false;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Delivers a subscription event (its current subscription, or its latest invoice), signed (tests: replays). */
  sendSubscriptionEvent(type: FakeSubscriptionEventType, subscriptionId: string): Promise<number>;
  /** Pays a session as the hosted page's 'Paga' does (tests). */
  pay(id: string): Promise<void>;
  /** Delivers an event for a session to the webhook, signed (tests: repeated deliveries). */
  sendEvent(type: FakeEventType, id: string): Promise<number>;
  stop(): Promise<void>;
}

const signer = new Stripe('sk_test_signer');

/** The fake's Stripe account (GET /v1/account), shaped like Stripe's Account object. */
const ACCOUNT = {
  id: 'acct_1AurumFitnessLocal',
  object: 'account',
  business_profile: { name: 'Aurum Fitness', support_email: 'supporto@aurumfitness.example', url: null, mcc: '5941' },
  business_type: 'company',
  capabilities: { card_payments: 'active', transfers: 'active' },
  charges_enabled: true,
  country: 'IT',
  created: 1767225600,
  default_currency: 'eur',
  details_submitted: true,
  email: 'supporto@aurumfitness.example',
  payouts_enabled: true,
  settings: { dashboard: { display_name: 'Aurum Fitness (locale)', timezone: 'Europe/Rome' } },
  type: 'standard',
} as const;
const rid = (prefix: string, n = 24) =>
  `${prefix}${randomBytes(n)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, n)}`;

function stripeError(res: http.ServerResponse, status: number, message: string, param?: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } }));
}

function sendJson(res: http.ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': rid('req_', 14) });
  res.end(JSON.stringify(body));
}

const euro = (cents: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hostedPage(s: FakeSession, renewsEveryMonths: number | null = null): string {
  const rows = s.line_items
    .map(
      (l) =>
        `<tr><td>${esc(l.name)}</td><td>${l.quantity}</td><td>${euro(l.unit_amount)}</td><td>${euro(l.unit_amount * l.quantity)}</td></tr>`,
    )
    .join('');
  const open = s.status === 'open';
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pagamento di prova · Aurum Fitness</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;padding:24px}main{max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 24px #0001}
h1{font-size:20px;margin:0 0 4px}p.note{color:#6b7280;font-size:13px}table{width:100%;border-collapse:collapse;margin:18px 0;font-size:14px}td,th{padding:8px 4px;border-bottom:1px solid #eee;text-align:left}
.row{text-align:right;margin:4px 0;color:#425466}.total{font-size:22px;font-weight:700;text-align:right}button{font-size:16px;padding:12px 20px;border-radius:8px;border:0;cursor:pointer;margin-right:8px}.pay{background:#635bff;color:#fff}.cancel{background:#eee}</style></head>
<body><main><h1>Pagamento di prova</h1><p class="note">Ambiente locale: nessun addebito reale. Sessione ${esc(s.id)}</p>
<table><thead><tr><th>Articolo</th><th>Qtà</th><th>Prezzo</th><th>Totale</th></tr></thead><tbody>${rows}</tbody></table>
${s.total_details.amount_discount ? `<p class="row" data-testid="stripe-discount">Sconto: −${euro(s.total_details.amount_discount)}</p>` : ''}
${s.shipping_cost ? `<p class="row" data-testid="stripe-shipping">Spedizione (${esc(s.shipping_cost.display_name)}): ${s.shipping_cost.amount_total === 0 ? 'gratis' : euro(s.shipping_cost.amount_total)}</p>` : ''}
<p class="total" data-testid="stripe-total">${euro(s.amount_total)}</p>
${renewsEveryMonths ? `<p class="row" data-testid="stripe-recurring">Abbonamento: si rinnova automaticamente ogni ${renewsEveryMonths === 1 ? 'mese' : `${renewsEveryMonths} mesi`}</p>` : ''}
${
  open
    ? `<form method="post" action="/pay/${s.id}/complete" style="display:inline"><button class="pay" type="submit">Paga</button></form>
<form method="post" action="/pay/${s.id}/cancel" style="display:inline"><button class="cancel" type="submit">Annulla</button></form>`
    : `<p>Questa sessione è ${s.status === 'complete' ? 'già pagata' : 'scaduta'}.</p>`
}
</main></body></html>`;
}

/** Starts the fake on `port`. */
export async function startFakeStripe(opts: FakeStripeOptions): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<string, FakeCoupon>();
  const prices = new Map<string, FakePrice>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const idempotency = new Map<string, string>();
  const log = opts.log ?? (() => undefined);

  async function sendEvent(type: FakeEventType, id: string): Promise<number> {
    const session = sessions.get(id);
    if (!session) return 0;
    return deliver(
      type,
      { ...session, line_items: undefined, subscription_price: undefined, subscription_metadata: undefined },
      id,
    );
  }

  async function sendSubscriptionEvent(type: FakeSubscriptionEventType, subscriptionId: string): Promise<number> {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) return 0;
    const object = type.startsWith('invoice.') ? invoices.get(sub.latest_invoice ?? '') : sub;
    if (!object) return 0;
    return deliver(type, structuredClone(object), subscriptionId);
  }

  /** Posts a signed event of `type` carrying `object` to the shop's webhook route. @returns the HTTP status (0: not delivered) */
  async function deliver(type: string, object: unknown, about: string): Promise<number> {
    const secret = opts.webhookSecret();
    if (!secret) return 0;
    const payload = JSON.stringify({
      id: rid('evt_'),
      object: 'event',
      api_version: '2026-09-30',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    const res = await fetch(opts.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    }).catch(() => null);
    log(`stripe: ${type} ${about} -> ${res?.status ?? 'non consegnato'}`);
    return res?.status ?? 0;
  }

  const addMonths = (epoch: number, months: number) => {
    const d = new Date(epoch * 1000);
    d.setUTCMonth(d.getUTCMonth() + months);
    return Math.floor(d.getTime() / 1000);
  };
  const monthsOf = (p: FakePrice) => (p.recurring?.interval === 'year' ? 12 : 1) * (p.recurring?.interval_count ?? 1);

  function invoiceFor(sub: FakeSubscription, reason: FakeInvoice['billing_reason'], paid: boolean): FakeInvoice {
    const item = sub.items.data[0]!;
    const inv: FakeInvoice = {
      id: rid('in_', 24),
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      customer: sub.customer,
      currency: sub.currency,
      amount_due: item.price.unit_amount,
      amount_paid: paid ? item.price.unit_amount : 0,
      billing_reason: reason,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    invoices.set(inv.id, inv);
    sub.latest_invoice = inv.id;
    return inv;
  }

  /** Pays a subscription-mode session: customer, subscription, first invoice paid, then the events. */
  async function startSubscription(s: FakeSession): Promise<void> {
    const price = prices.get(s.subscription_price ?? '')!;
    const now = Math.floor(Date.now() / 1000);
    const sub: FakeSubscription = {
      id: rid('sub_', 24),
      object: 'subscription',
      status: 'active',
      customer: rid('cus_', 14),
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      start_date: now,
      created: now,
      currency: price.currency,
      metadata: { ...(s.subscription_metadata ?? {}) },
      latest_invoice: null,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: rid('si_', 14),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: now,
            current_period_end: addMonths(now, monthsOf(price)),
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    invoiceFor(sub, 'subscription_create', true);
    s.subscription = sub.id;
    s.customer = sub.customer;
    await sendSubscriptionEvent('customer.subscription.created', sub.id);
    await sendSubscriptionEvent('invoice.paid', sub.id);
  }

  /** Ends a subscription now (cancelled, or the period ended with cancel_at_period_end). */
  async function endSubscription(sub: FakeSubscription, at: number): Promise<void> {
    sub.status = 'canceled';
    sub.ended_at = at;
    sub.canceled_at ??= at;
    await sendSubscriptionEvent('customer.subscription.deleted', sub.id);
  }

  /** Test clock: the current period ends now; renew, fail the renewal, or end. @returns an error message or null */
  async function endPeriod(sub: FakeSubscription, payment: string, cancel: boolean): Promise<string | null> {
    if (sub.status === 'canceled') return 'subscription is canceled';
    const item = sub.items.data[0]!;
    const now = Math.floor(Date.now() / 1000);
    if (sub.cancel_at_period_end || cancel) {
      item.current_period_end = now;
      await endSubscription(sub, now);
      return null;
    }
    item.current_period_start = now;
    item.current_period_end = addMonths(now, monthsOf(item.price));
    if (payment === 'failed') {
      sub.status = 'past_due';
      invoiceFor(sub, 'subscription_cycle', false);
      await sendSubscriptionEvent('invoice.payment_failed', sub.id);
    } else {
      sub.status = 'active';
      invoiceFor(sub, 'subscription_cycle', true);
      await sendSubscriptionEvent('invoice.paid', sub.id);
    }
    await sendSubscriptionEvent('customer.subscription.updated', sub.id);
    return null;
  }

  async function pay(id: string): Promise<void> {
    const s = sessions.get(id);
    if (!s || s.status !== 'open') return;
    s.status = 'complete';
    s.payment_status = 'paid';
    s.url = null;
    if (s.mode === 'subscription') await startSubscription(s);
    await sendEvent('checkout.session.completed', id);
  }

  /** Pays like 'Paga'; with sendEvent false the webhook is held back (a delivery still on its way). Test helper. */
  async function payHelper(s: FakeSession, sendEvent_: boolean): Promise<string | null> {
    if (s.status !== 'open') return 'session is not open';
    if (sendEvent_) {
      await pay(s.id);
      return null;
    }
    s.status = 'complete';
    s.payment_status = 'paid';
    s.url = null;
    return null;
  }

  /** A delayed payment method's outcome (test helper). @returns an error message, or null when done */
  async function delayedPayment(s: FakeSession, outcome: string): Promise<string | null> {
    if (outcome === 'processing') {
      if (s.status !== 'open') return 'session is not open';
      s.status = 'complete';
      s.url = null;
      await sendEvent('checkout.session.completed', s.id);
      return null;
    }
    if (s.status !== 'complete' || s.payment_status !== 'unpaid') return 'session has no pending payment';
    if (outcome === 'succeeded') {
      s.payment_status = 'paid';
      await sendEvent('checkout.session.async_payment_succeeded', s.id);
      return null;
    }
    if (outcome === 'failed') {
      await sendEvent('checkout.session.async_payment_failed', s.id);
      return null;
    }
    return 'outcome must be processing, succeeded or failed';
  }

  async function expire(s: FakeSession): Promise<void> {
    if (s.status !== 'open') return;
    s.status = 'expired';
    s.url = null;
    await sendEvent('checkout.session.expired', s.id);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const pay_ = /^\/pay\/([^/]+)(?:\/(complete|cancel))?$/.exec(url.pathname);
      if (pay_) {
        const s = sessions.get(pay_[1]!);
        if (!s) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Sessione non trovata');
          return;
        }
        if (req.method === 'GET' && !pay_[2]) {
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              hostedPage(
                s,
                s.subscription_price && prices.get(s.subscription_price)
                  ? monthsOf(prices.get(s.subscription_price)!)
                  : null,
              ),
            );
          return;
        }
        if (req.method === 'POST' && pay_[2] === 'complete') {
          if (s.status === 'open') await pay(s.id);
          const target = s.status === 'complete' ? s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) : s.cancel_url;
          res.writeHead(303, { location: target }).end();
          return;
        }
        if (req.method === 'POST' && pay_[2] === 'cancel') {
          res.writeHead(303, { location: s.cancel_url }).end();
          return;
        }
      }
      if (!url.pathname.startsWith('/v1/')) {
        res.writeHead(404).end();
        return;
      }
      const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      if (!opts.secretKeys().includes(key)) {
        stripeError(res, 401, 'Invalid API Key provided');
        return;
      }
      const params = qs.parse(body) as Record<string, unknown>;
      if (req.method === 'GET' && url.pathname === '/v1/account') {
        sendJson(res, ACCOUNT);
        return;
      }
      if (req.method === 'GET' && url.pathname === '/v1/balance') {
        const paid = [...sessions.values()]
          .filter((x) => x.payment_status === 'paid')
          .reduce((sum, x) => sum + x.amount_total, 0);
        sendJson(res, {
          object: 'balance',
          livemode: false,
          available: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
          pending: [{ amount: paid, currency: 'eur', source_types: { card: paid } }],
        });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/prices') {
        const ikey = req.headers['idempotency-key'];
        const prior = typeof ikey === 'string' ? idempotency.get(`price:${ikey}`) : undefined;
        if (prior) {
          sendJson(res, prices.get(prior));
          return;
        }
        const amount = Number(params.unit_amount);
        if (!Number.isInteger(amount) || amount < 0) {
          stripeError(res, 400, 'Invalid integer: unit_amount', 'unit_amount');
          return;
        }
        if (!params.currency) {
          stripeError(res, 400, 'Missing required param: currency.', 'currency');
          return;
        }
        const recurringIn = params.recurring as { interval?: string; interval_count?: string } | undefined;
        const interval = String(recurringIn?.interval ?? '') as NonNullable<FakePrice['recurring']>['interval'];
        const count = Number(recurringIn?.interval_count ?? 1);
        if (
          recurringIn &&
          (!['day', 'week', 'month', 'year'].includes(String(interval)) ||
            !Number.isInteger(count) ||
            count < 1 ||
            (interval === 'month' && count > 12) ||
            (interval === 'year' && count > 1))
        ) {
          stripeError(res, 400, 'Invalid recurring interval (at most one year).', 'recurring');
          return;
        }
        const productData = params.product_data as { name?: string } | undefined;
        if (!params.product && !productData?.name) {
          stripeError(res, 400, 'Missing required param: product.', 'product');
          return;
        }
        const price: FakePrice = {
          id: rid('price_', 24),
          object: 'price',
          active: true,
          currency: String(params.currency),
          unit_amount: amount,
          product: params.product ? String(params.product) : rid('prod_', 14),
          recurring: recurringIn ? { interval, interval_count: count } : null,
          type: recurringIn ? 'recurring' : 'one_time',
          metadata: (params.metadata ?? {}) as Record<string, string>,
          nickname: params.nickname ? String(params.nickname) : null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        prices.set(price.id, price);
        if (typeof ikey === 'string') idempotency.set(`price:${ikey}`, price.id);
        sendJson(res, price);
        return;
      }
      const priceRoute = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname);
      if (priceRoute) {
        const price = prices.get(priceRoute[1]!);
        if (!price) {
          stripeError(res, 404, `No such price: '${priceRoute[1]}'`, 'price');
          return;
        }
        if (req.method === 'POST') {
          if (params.active !== undefined) price.active = params.active === 'true';
          if (params.metadata) price.metadata = { ...price.metadata, ...(params.metadata as Record<string, string>) };
        }
        sendJson(res, price);
        return;
      }
      const subRoute = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (subRoute) {
        const sub = subscriptions.get(subRoute[1]!);
        if (!sub) {
          stripeError(res, 404, `No such subscription: '${subRoute[1]}'`, 'id');
          return;
        }
        if (req.method === 'GET') {
          sendJson(res, sub);
          return;
        }
        if (req.method === 'DELETE') {
          if (sub.status === 'canceled') {
            stripeError(res, 400, 'This subscription has already been canceled.');
            return;
          }
          await endSubscription(sub, Math.floor(Date.now() / 1000));
          sendJson(res, sub);
          return;
        }
        if (req.method === 'POST') {
          if (sub.status === 'canceled') {
            stripeError(res, 400, 'A canceled subscription can only update its cancellation_details and metadata.');
            return;
          }
          if (params.cancel_at_period_end !== undefined) {
            sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
            sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0]!.current_period_end : null;
            sub.canceled_at = sub.cancel_at_period_end ? Math.floor(Date.now() / 1000) : null;
          }
          if (params.metadata) sub.metadata = { ...sub.metadata, ...(params.metadata as Record<string, string>) };
          sendJson(res, sub);
          void sendSubscriptionEvent('customer.subscription.updated', sub.id);
          return;
        }
      }
      const subHelper = /^\/v1\/test_helpers\/subscriptions\/([^/]+)\/end_period$/.exec(url.pathname);
      if (subHelper && req.method === 'POST') {
        const sub = subscriptions.get(subHelper[1]!);
        if (!sub) {
          stripeError(res, 404, `No such subscription: '${subHelper[1]}'`, 'id');
          return;
        }
        const problem = await endPeriod(sub, String(params.payment ?? 'succeeded'), params.cancel === 'true');
        if (problem) {
          stripeError(res, 400, problem);
          return;
        }
        sendJson(res, sub);
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/coupons') {
        const ikey = req.headers['idempotency-key'];
        const prior = typeof ikey === 'string' ? idempotency.get(`coupon:${ikey}`) : undefined;
        if (prior) {
          sendJson(res, coupons.get(prior));
          return;
        }
        const amountOff = params.amount_off === undefined ? null : Number(params.amount_off);
        const percentOff = params.percent_off === undefined ? null : Number(params.percent_off);
        if ((amountOff === null) === (percentOff === null)) {
          stripeError(res, 400, 'You must pass exactly one of amount_off or percent_off.', 'amount_off');
          return;
        }
        if (amountOff !== null && (!Number.isInteger(amountOff) || amountOff < 1 || !params.currency)) {
          stripeError(res, 400, 'amount_off must be a positive integer with a currency', 'amount_off');
          return;
        }
        const coupon: FakeCoupon = {
          id: rid('', 8),
          object: 'coupon',
          amount_off: amountOff,
          percent_off: percentOff,
          currency: amountOff !== null ? String(params.currency) : null,
          duration: String(params.duration ?? 'once'),
          max_redemptions: params.max_redemptions ? Number(params.max_redemptions) : null,
          times_redeemed: 0,
          name: params.name ? String(params.name) : null,
          metadata: (params.metadata ?? {}) as Record<string, string>,
          valid: true,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        coupons.set(coupon.id, coupon);
        if (typeof ikey === 'string') idempotency.set(`coupon:${ikey}`, coupon.id);
        sendJson(res, coupon);
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const ikey = req.headers['idempotency-key'];
        const prior = typeof ikey === 'string' ? idempotency.get(ikey) : undefined;
        if (prior) {
          sendJson(res, sessions.get(prior));
          return;
        }
        const items = Object.values(
          (params.line_items ?? {}) as Record<
            string,
            {
              quantity?: string;
              price?: string;
              price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
            }
          >,
        );
        if (items.length === 0) {
          stripeError(res, 400, 'line_items is required', 'line_items');
          return;
        }
        const mode = String(params.mode ?? 'payment');
        let subscriptionPrice: FakePrice | undefined;
        if (mode === 'subscription') {
          subscriptionPrice = items.length === 1 && items[0]!.price ? prices.get(items[0]!.price) : undefined;
          if (!subscriptionPrice || !subscriptionPrice.active || !subscriptionPrice.recurring) {
            stripeError(
              res,
              400,
              'In subscription mode, line_items[0][price] must be an active recurring price.',
              'line_items',
            );
            return;
          }
          items[0] = {
            quantity: items[0]!.quantity ?? '1',
            price_data: {
              currency: subscriptionPrice.currency,
              unit_amount: String(subscriptionPrice.unit_amount),
              product_data: {
                name: String(subscriptionPrice.nickname ?? subscriptionPrice.metadata.plan_name ?? 'Abbonamento'),
              },
            },
          };
        } else if (mode !== 'payment') {
          stripeError(res, 400, `Invalid mode: ${mode}`, 'mode');
          return;
        }
        if (params.payment_method_types !== undefined) {
          stripeError(res, 400, 'Received unknown parameter: payment_method_types', 'payment_method_types');
          return;
        }
        const allowed =
          params.allowed_payment_method_types === undefined
            ? null
            : Object.values(params.allowed_payment_method_types as Record<string, string> | string[]).map(String);
        const offered = DASHBOARD_PAYMENT_METHODS.filter((m) => !allowed || allowed.includes(m));
        if (offered.length === 0) {
          stripeError(
            res,
            400,
            'No valid payment method types for this Checkout Session.',
            'allowed_payment_method_types',
          );
          return;
        }
        const line_items = items.map((i) => ({
          name: String(i.price_data?.product_data?.name ?? ''),
          quantity: Number(i.quantity),
          unit_amount: Number(i.price_data?.unit_amount),
        }));
        if (
          line_items.some(
            (l) =>
              !Number.isInteger(l.unit_amount) || l.unit_amount < 0 || !Number.isInteger(l.quantity) || l.quantity < 1,
          )
        ) {
          stripeError(res, 400, 'Invalid line item', 'line_items');
          return;
        }
        const subtotal = line_items.reduce((s, l) => s + l.unit_amount * l.quantity, 0);
        // discounts: coupons taken off the line items (never the shipping), as Stripe does
        const discountIds = Object.values((params.discounts ?? {}) as Record<string, { coupon?: string }>).map((d) =>
          String(d.coupon ?? ''),
        );
        if (discountIds.length > 1) {
          stripeError(res, 400, 'You may only specify one discount.', 'discounts');
          return;
        }
        const coupon = discountIds[0] ? coupons.get(discountIds[0]) : undefined;
        if (discountIds[0] && (!coupon || !coupon.valid)) {
          stripeError(res, 400, `No such coupon: '${discountIds[0]}'`, 'discounts');
          return;
        }
        if (
          coupon?.amount_off !== null &&
          coupon?.amount_off !== undefined &&
          coupon.currency !== String(params.currency ?? 'eur')
        ) {
          stripeError(res, 400, 'The coupon currency does not match the session currency.', 'discounts');
          return;
        }
        const discount = !coupon
          ? 0
          : Math.min(subtotal, coupon.amount_off ?? Math.round((subtotal * (coupon.percent_off ?? 0)) / 100));
        if (coupon) {
          coupon.times_redeemed += 1;
          if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) coupon.valid = false;
        }
        // shipping_options: one fixed-amount rate (the first is the one selected on the page)
        const rates = Object.values(
          (params.shipping_options ?? {}) as Record<
            string,
            {
              shipping_rate_data?: {
                type?: string;
                display_name?: string;
                fixed_amount?: { amount?: string; currency?: string };
              };
            }
          >,
        );
        const rate = rates[0]?.shipping_rate_data;
        if (
          rates.length > 0 &&
          (!rate ||
            rate.type !== 'fixed_amount' ||
            !rate.display_name ||
            !Number.isInteger(Number(rate.fixed_amount?.amount)) ||
            Number(rate.fixed_amount?.amount) < 0)
        ) {
          stripeError(res, 400, 'Invalid shipping_rate_data', 'shipping_options');
          return;
        }
        const shippingAmount = rate ? Number(rate.fixed_amount!.amount) : 0;
        const total = subtotal - discount + shippingAmount;
        const id = rid('cs_test_', 40);
        const now = Math.floor(Date.now() / 1000);
        const expiresAt = params.expires_at ? Number(params.expires_at) : now + 24 * 3600;
        if (expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600) {
          stripeError(res, 400, 'expires_at must be between 30 minutes and 24 hours from now', 'expires_at');
          return;
        }
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          amount_subtotal: subtotal,
          amount_total: total,
          currency: String(params.currency ?? 'eur'),
          discounts: coupon ? [{ coupon: coupon.id }] : [],
          shipping_cost: rate
            ? {
                amount_subtotal: shippingAmount,
                amount_total: shippingAmount,
                shipping_rate: rid('shr_', 24),
                display_name: String(rate.display_name),
              }
            : null,
          total_details: { amount_discount: discount, amount_shipping: shippingAmount, amount_tax: 0 },
          client_reference_id: (params.client_reference_id as string) ?? null,
          customer_email: (params.customer_email as string) ?? null,
          created: now,
          expires_at: expiresAt,
          livemode: false,
          metadata: (params.metadata ?? {}) as Record<string, string>,
          mode,
          subscription: null,
          customer: null,
          ...(subscriptionPrice
            ? {
                subscription_price: subscriptionPrice.id,
                subscription_metadata:
                  (params.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {},
              }
            : {}),
          payment_status: 'unpaid',
          status: 'open',
          success_url: String(params.success_url),
          cancel_url: String(params.cancel_url),
          allowed_payment_method_types: allowed,
          payment_method_types: [...offered],
          url: `${opts.publicUrl}/pay/${id}`,
          line_items,
        };
        sessions.set(id, session);
        if (typeof ikey === 'string') idempotency.set(ikey, id);
        sendJson(res, { ...session, subscription_price: undefined, subscription_metadata: undefined });
        return;
      }
      const helper = /^\/v1\/test_helpers\/checkout\/sessions\/([^/]+)\/(delayed_payment|pay)$/.exec(url.pathname);
      if (helper && req.method === 'POST') {
        const hs = sessions.get(helper[1]!);
        if (!hs) {
          stripeError(res, 404, `No such checkout.session: '${helper[1]}'`, 'session');
          return;
        }
        const problem =
          helper[2] === 'pay'
            ? await payHelper(hs, params.send_event !== 'false')
            : await delayedPayment(hs, String(params.outcome ?? ''));
        if (problem) {
          stripeError(res, 400, problem, 'outcome');
          return;
        }
        sendJson(res, hs);
        return;
      }
      const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
      const s = m ? sessions.get(m[1]!) : undefined;
      if (m && !s) {
        stripeError(res, 404, `No such checkout.session: '${m[1]}'`, 'session');
        return;
      }
      if (m && s && req.method === 'GET' && !m[2]) {
        sendJson(res, { ...s, subscription_price: undefined, subscription_metadata: undefined });
        return;
      }
      if (m && s && req.method === 'POST' && m[2]) {
        if (s.status !== 'open') {
          stripeError(res, 400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
          return;
        }
        await expire(s);
        sendJson(res, s);
        return;
      }
      stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
    } catch (error) {
      stripeError(res, 500, (error as Error).message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const timer = setInterval(() => {
    const now = Math.floor(Date.now() / 1000);
    for (const s of sessions.values()) if (s.status === 'open' && s.expires_at <= now) void expire(s);
  }, 5000);
  timer.unref();
  return {
    url: `http://127.0.0.1:${opts.port}`,
    sessions,
    subscriptions,
    sendSubscriptionEvent,
    pay,
    sendEvent,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
