/**
 * The fake Stripe's webhook sender: each event is posted to the shop's webhook route, signed with
 * the current signing secret the way Stripe signs (`Stripe-Signature: t=…,v1=…`, made by the real
 * SDK's test header generator), so the shop verifies it with its production code. Events carry the
 * API version the fake implements and only fields Stripe sends (strict.ts).
 */
import Stripe from 'stripe';
import { rid, nowSeconds, type FakeStripeStore } from './store';
import { assertStripeFields, FAKE_API_VERSION } from './strict';
import type {
  FakeEventType,
  FakePaymentEventType,
  FakeRefundEventType,
  FakeStripeOptions,
  FakeSubscriptionEventType,
} from './types';

const signer = new Stripe('sk_test_signer');

export interface WebhookSender {
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
  opts: Pick<FakeStripeOptions, 'webhookUrl' | 'webhookSecret' | 'log'>,
): WebhookSender {
  const log = opts.log ?? (() => undefined);

  /** Posts a signed event of `type` carrying `object`. @returns the HTTP status (0: not delivered) */
  async function deliver(type: string, object: unknown, about: string): Promise<number> {
    const secret = opts.webhookSecret();
    if (!secret) return 0;
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
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    const res = await fetch(opts.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    }).catch(() => null);
    log(`stripe: ${type} ${about} -> ${res?.status ?? 'non consegnato'}`);
    return res?.status ?? 0;
  }

  return {
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
