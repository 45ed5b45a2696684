/**
 * Lambda handler of the webhooks context: POST /api/webhooks/stripe (route table access 'webhook':
 * no user token; the Stripe signature is verified on the raw body with the real SDK's
 * constructEvent, tolerance 300 s). A bad signature or an old timestamp answers 400 and writes
 * nothing. Handled events: checkout.session.completed and async_payment_succeeded (fulfil, only a
 * paid session that matches its reservation), checkout.session.expired and async_payment_failed
 * (release, once); the Aurum Club's subscription events (customer.subscription.created/updated/
 * deleted, invoice.paid, invoice.payment_failed, and checkout.session.completed of a
 * subscription-mode session) sync the membership from the subscription as Stripe has it now
 * (functions/checkout/club.ts); refund events (charge.refunded, refund.created/updated/failed) bring
 * the refunds of the order the payment made in step with Stripe (the orders module's reconcileRefunds).
 * Other events answer 200 and are ignored.
 */
import type Stripe from 'stripe';
import { API_MSG } from '../../shared/messages/api-messages';
import { WEBHOOKS_API } from '../../shared/api/webhooks';
import { createContextHandler } from '../lib/context-handler';
import { json } from '../lib/http';
import { badRequest, conflict } from '../lib/errors';
import { getPaymentSecrets } from '../lib/secrets';
import { stripeFor, WEBHOOK_TOLERANCE_SECONDS } from '../lib/stripe';
import { logger } from '../lib/logger';
import { metrics } from '../lib/observability';
import * as orders from '../orders';
import { subscriptionOfEvent, syncSubscription } from '../checkout/public';

export const handler = createContextHandler('webhooks', WEBHOOKS_API, {
  stripe: async (req) => {
    const raw = req.event.body
      ? req.event.isBase64Encoded
        ? Buffer.from(req.event.body, 'base64')
        : Buffer.from(req.event.body, 'utf8')
      : Buffer.alloc(0);
    const signature = req.event.headers['stripe-signature'];
    const secrets = await getPaymentSecrets();
    if (!secrets.stripe_webhook_secret || !secrets.stripe_secret_key)
      throw conflict(API_MSG.paymentsMissing, API_MSG.paymentsMissingTitle);
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('missing signature');
      event = (await stripeFor(secrets.stripe_secret_key)).webhooks.constructEvent(
        raw,
        signature,
        secrets.stripe_webhook_secret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      logger.warn('webhook signature rejected', { reason: (error as Error).message });
      metrics.webhookRejected();
      throw badRequest(API_MSG.webhookSignature, 'stripe-signature');
    }
    // Aurum Club: every subscription event syncs the subscription as Stripe has it now.
    const clubSubscription = subscriptionOfEvent(event);
    if (clubSubscription) return json(200, { received: true, result: await syncSubscription(clubSubscription, event) });
    if (
      event.type.startsWith('checkout.session.') &&
      (event.data.object as Stripe.Checkout.Session).mode === 'subscription'
    )
      return json(200, { received: true, result: 'ignored' });
    const refundedPayment = orders.paymentIntentOfEvent(event);
    if (refundedPayment) return json(200, { received: true, result: await orders.reconcileRefunds(refundedPayment) });
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return json(200, { received: true, result: await orders.fulfilSession(event.data.object) });
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        return json(200, { received: true, result: await orders.releaseSession(event.data.object) });
      default:
        return json(200, { received: true, result: 'ignored' });
    }
  },
});
