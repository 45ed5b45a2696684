/**
 * Lambda handler of the checkout context (route table fn 'checkout'): the public publishable key,
 * session creation from the stored cart (with the shipping method and address of a cart that
 * ships), the outcome of an own session, and the Aurum Club: a plan's subscription checkout, the
 * caller's membership and its cancellation at period end; and, served here by the route table's
 * choice, the orders module's customer routes: the cancellation of an order still 'In
 * elaborazione' and the withdrawal from the contract of a delivered one (functions/orders).
 */
import { billingOf } from '../../shared/billing';
import * as z from 'zod/mini';
import { emptyQuerySchema, idSchema } from '../../shared/schemas';
import { API_MSG } from '../../shared/messages/api-messages';
import { CHECKOUT_API, type CheckoutSessionStatusDto } from '../../shared/api/checkout';
import { createContextHandler, type ApiRequest } from '../lib/context-handler';
import { json } from '../lib/http';
import { parseInput, parseJsonBody } from '../lib/validate';
import {
  CHECKOUT_FIELD_LABELS,
  checkoutSessionSchema,
  subscriptionCheckoutSchema,
  SUBSCRIPTION_CHECKOUT_FIELD_LABELS,
} from '../../shared/schemas/checkout';
import {
  clubWithdrawalSchema,
  withdrawalRequestSchema,
  WITHDRAWAL_FIELD_LABELS,
} from '../../shared/schemas/withdrawals';
import { cancelClubSubscription, startClubCheckout } from './club';
import { notFound } from '../lib/errors';
import { membershipOfProfile } from '../lib/membership';
import { membershipFromSubscription } from '../../shared/membership';
import { getPaymentSettings } from '../data/settings-repository';
import { getSessionFulfilment } from '../data/reservation-repository';
import { createCheckoutSession } from './checkout-session';
import { shopUrlFor } from '../lib/shop-url';
import { cancelCheckout } from './abandon';
import { idempotencyKeyOf, idempotent } from './idempotent-request';
import { metrics } from '../lib/observability';
import * as orders from '../orders';

const sessionIdSchema = z.string().check(z.regex(/^cs_(test|live)_[A-Za-z0-9]{10,200}$/));

export const handler = createContextHandler('checkout', CHECKOUT_API, {
  paymentSettings: async (req) => {
    parseInput(emptyQuerySchema, req.query);
    const s = await getPaymentSettings();
    return json(200, { stripePublishableKey: s.stripe_publishable_key });
  },
  createSession: async (req: ApiRequest) => {
    const caller = req.caller!;
    const key = idempotencyKeyOf(req.event.headers ?? {});
    const raw = parseJsonBody(req.event.body, req.event.isBase64Encoded);
    const input = parseInput(checkoutSessionSchema, raw, '', CHECKOUT_FIELD_LABELS);
    const session = await idempotent(caller.sub, key, JSON.stringify(raw ?? null), async () =>
      createCheckoutSession(
        { sub: caller.sub, email: caller.email, billing: billingOf(req.profile) },
        membershipOfProfile(req.profile),
        await shopUrlFor(req.event),
        input,
      ),
    ).catch((e: unknown) => {
      metrics.checkoutFailed();
      throw e;
    });
    return json(201, session);
  },
  cancel: async (req) => {
    const id = parseInput(idSchema, req.pathParameters.id, 'id') as string;
    return json(200, await cancelCheckout(req.caller!.sub, id));
  },
  subscribe: async (req) => {
    const { plan_id, service_start_request } = parseInput(
      subscriptionCheckoutSchema,
      parseJsonBody(req.event.body, req.event.isBase64Encoded),
      '',
      SUBSCRIPTION_CHECKOUT_FIELD_LABELS,
    );
    return json(
      201,
      await startClubCheckout(
        req.caller!,
        membershipOfProfile(req.profile),
        plan_id,
        await shopUrlFor(req.event),
        service_start_request === true,
      ),
    );
  },
  mySubscription: async (req) => {
    parseInput(emptyQuerySchema, req.query);
    return json(200, { subscription: req.profile?.subscription ?? null, membership: membershipOfProfile(req.profile) });
  },
  cancelOrder: async (req) => {
    const id = parseInput(idSchema, req.pathParameters.id, 'id') as string;
    parseInput(emptyQuerySchema, parseJsonBody(req.event.body, req.event.isBase64Encoded));
    return json(200, await orders.cancelOrder(id, req.caller!));
  },
  withdrawOrder: async (req) => {
    const id = parseInput(idSchema, req.pathParameters.id, 'id') as string;
    const { lines } = parseInput(
      withdrawalRequestSchema,
      parseJsonBody(req.event.body, req.event.isBase64Encoded),
      '',
      WITHDRAWAL_FIELD_LABELS,
    );
    return json(201, await orders.withdrawOrder(id, lines, req.caller!));
  },
  withdrawSubscription: async (req) => {
    parseInput(clubWithdrawalSchema, parseJsonBody(req.event.body, req.event.isBase64Encoded));
    // loaded on first use: a withdrawal is rare beside checkouts
    const { withdrawFromClub, toClubWithdrawalDto } = await import('./club-withdrawal');
    const done = await withdrawFromClub(req.profile, req.caller!);
    await req.audit({
      action: 'club_withdrawal',
      target_type: 'subscription',
      target_id: done.withdrawal.stripe_subscription_id,
      before: done.before,
      after: done.withdrawal,
    });
    return json(201, {
      subscription: done.subscription,
      membership: membershipFromSubscription(done.subscription),
      withdrawal: toClubWithdrawalDto(done.withdrawal),
    });
  },
  cancelSubscription: async (req) => {
    const subscription = await cancelClubSubscription(req.profile);
    return json(200, { subscription, membership: membershipFromSubscription(subscription) });
  },
  session: async (req) => {
    const id = parseInput(sessionIdSchema, req.pathParameters.id, 'id') as string;
    const done = await getSessionFulfilment(id);
    if (done && done.user_id !== req.caller!.sub) throw notFound(API_MSG.notFoundOrder);
    return json<CheckoutSessionStatusDto>(
      200,
      done ? { status: 'complete', order_id: done.order_id } : { status: 'pending', order_id: null },
    );
  },
});
