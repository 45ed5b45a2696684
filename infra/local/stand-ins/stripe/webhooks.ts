/**
 * The fake Stripe's webhook sender: each event is posted to the shop's webhook route, signed with
 * the current signing secret the way Stripe signs (`Stripe-Signature: t=…,v1=…`, made by the real
 * SDK's test header generator), so the shop verifies it with its production code. Events carry the
 * API version the fake implements and only fields Stripe sends (strict.ts).
 *
 * Like Stripe, an event the endpoint does not accept (an answer other than 2xx, or none) is sent
 * again, the same event with a new signature, after growing waits: Stripe "attempts to deliver
 * events to your destination for up to three days with an exponential back off" (Webhooks,
 * "Retry behavior"); locally the waits are WEBHOOK_RETRY_DELAYS_MS. A fault switched on for
 * 'stripe-webhooks' ('drop') loses the event: it is never delivered, as when an endpoint is
 * disabled or Stripe gives up. Every attempt is listed by the test helper
 * `GET /v1/test_helpers/webhook_deliveries`.
 */
import Stripe from 'stripe';
import { takeFault } from '../../faults/fault-switch';
import { rid, nowSeconds, type ApiRoute, type FakeStripeStore } from './store';
import { assertStripeFields, FAKE_API_VERSION } from './strict';
import type {
  FakeEventType,
  FakePaymentEventType,
  FakeRefundEventType,
  FakeStripeOptions,
  FakeSubscriptionEventType,
} from './types';

const signer = new Stripe('sk_test_signer');

/** Waits before the 2nd, 3rd, ... delivery of an event the endpoint did not accept (local, compressed). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000, 15_000, 60_000, 300_000];

/** One attempt to deliver an event. */
export interface WebhookDelivery {
  event_id: string;
  type: string;
  /** The object the event is about (session, subscription or refund id). */
  about: string;
  /** 1 for the first delivery. */
  attempt: number;
  /** The endpoint's HTTP status; 0 when it did not answer or the event was dropped. */
  status: number;
  dropped: boolean;
  at: string;
}

/** How many attempts the sender remembers for the test helper. */
const KEPT_DELIVERIES = 2_000;

export interface WebhookSender {
  /** Every delivery attempt remembered, oldest first. */
  deliveries(): readonly WebhookDelivery[];
  /** Delivers an event about a checkout session (its current state). @returns the HTTP status, 0 when not delivered */
  sendEvent(type: FakeEventType, sessionId: string): Promise<number>;
  /** Delivers a subscription event (its current subscription, or its latest invoice). @returns the HTTP status, 0 when not delivered */
  sendSubscriptionEvent(type: FakeSubscriptionEventType, subscriptionId: string): Promise<number>;
  /** Delivers a refund event (the refund, or its charge for `charge.refunded`). @returns the HTTP status, 0 when not delivered */
  sendRefundEvent(type: FakeRefundEventType, refundId: string): Promise<number>;
  /** Delivers a payment attempt's event (the PaymentIntent, or its latest Charge for `charge.failed`). @returns the HTTP status, 0 when not delivered */
  sendPaymentEvent(type: FakePaymentEventType, intentId: string): Promise<number>;
}

/** The sender for `store`'s objects, posting to `opts.webhookUrl`. */
export function createWebhookSender(
  store: FakeStripeStore,
  opts: Pick<FakeStripeOptions, 'webhookUrl' | 'webhookSecret' | 'log' | 'faultsFile' | 'webhookRetryDelaysMs'>,
): WebhookSender {
  const log = opts.log ?? (() => undefined);
  const delays = opts.webhookRetryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const attempts: WebhookDelivery[] = [];
  const remember = (d: WebhookDelivery) => {
    attempts.push(d);
    if (attempts.length > KEPT_DELIVERIES) attempts.splice(0, attempts.length - KEPT_DELIVERIES);
  };

  /** Posts `event` (attempt n), and schedules the next attempt when it is not accepted. @returns the HTTP status (0: no answer) */
  async function post(event: { id: string; type: string }, about: string, attempt: number): Promise<number> {
    const secret = opts.webhookSecret();
    if (!secret) return 0;
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    const res = await fetch(opts.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    }).catch(() => null);
    const status = res?.status ?? 0;
    await res?.body?.cancel().catch(() => undefined);
    remember({
      event_id: event.id,
      type: event.type,
      about,
      attempt,
      status,
      dropped: false,
      at: new Date().toISOString(),
    });
    log(
      `stripe: ${event.type} ${about} -> ${res?.status ?? 'non consegnato'}${attempt > 1 ? ` (tentativo ${attempt})` : ''}`,
    );
    const accepted = status >= 200 && status < 300;
    if (!accepted && attempt <= delays.length) {
      const timer = setTimeout(() => void post(event, about, attempt + 1), delays[attempt - 1]);
      timer.unref();
    }
    return status;
  }

  /** Sends a new event of `type` carrying `object`. @returns the first attempt's HTTP status (0: not delivered) */
  async function deliver(type: string, object: unknown, about: string): Promise<number> {
    if (!opts.webhookSecret()) return 0;
    const event = {
      id: rid('evt_'),
      object: 'event',
      api_version: FAKE_API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    assertStripeFields(event, type);
    if (takeFault(opts.faultsFile, 'stripe-webhooks', type, about)) {
      remember({ event_id: event.id, type, about, attempt: 1, status: 0, dropped: true, at: new Date().toISOString() });
      log(`stripe: ${type} ${about} -> perso (guasto locale)`);
      return 0;
    }
    return post(event, about, 1);
  }

  return {
    deliveries: () => attempts,
    async sendEvent(type, id) {
      const record = store.sessions.get(id);
      if (!record) return 0;
      return deliver(type, structuredClone(record.session), id);
    },
    async sendSubscriptionEvent(type, subscriptionId) {
      const sub = store.subscriptions.get(subscriptionId);
      if (!sub) return 0;
      const object = type.startsWith('invoice.') ? store.invoices.get(sub.latest_invoice ?? '') : sub;
      if (!object) return 0;
      return deliver(type, structuredClone(object), subscriptionId);
    },
    async sendRefundEvent(type, refundId) {
      const refund = store.refunds.get(refundId);
      if (!refund) return 0;
      const object = type === 'charge.refunded' ? store.charges.get(refund.charge) : refund;
      if (!object) return 0;
      return deliver(type, structuredClone(object), refundId);
    },
    async sendPaymentEvent(type, intentId) {
      const intent = store.paymentIntents.get(intentId);
      const object = type === 'charge.failed' ? store.charges.get(intent?.latest_charge ?? '') : intent;
      if (!object) return 0;
      return deliver(type, structuredClone(object), intentId);
    },
  };
}

/**
 * The test helper listing delivery attempts: `GET /v1/test_helpers/webhook_deliveries` (optionally
 * `?about=<object id>`), answering `{ data: WebhookDelivery[] }`, oldest first.
 */
export const webhookDeliveryRoutes: ApiRoute = (req, ctx) => {
  if (req.method !== 'GET' || req.path !== '/v1/test_helpers/webhook_deliveries') return undefined;
  const about = req.params.about === undefined ? null : String(req.params.about);
  return { data: ctx.webhooks.deliveries().filter((d) => about === null || d.about === about) };
};
