/**
 * Lambda handler of the admin context (route table fn 'admin'): orders and the sales summary,
 * users, payment settings (ADMIN_API), and the Aurum Club plans, discount tiers, discount codes and
 * shipping methods (ADMIN_OFFERS_API), the contact messages and the suppression list
 * (ADMIN_MESSAGES_API). Access levels come from the route table; every write is
 * validated with its shared zod schema (400 naming the field, in Italian) and audited.
 */
import { emptyQuerySchema, idSchema, pageQuerySchema } from '../../shared/schemas';
import { orderListQuerySchema, orderUpdateSchema, ORDER_FIELD_LABELS } from '../../shared/schemas/admin-orders';
import { refundRequestOf, refundSchema, REFUND_FIELD_LABELS } from '../../shared/schemas/refunds';
import {
  banSchema,
  roleChangeSchema,
  staffPhoneSchema,
  unbanSchema,
  userListQuerySchema,
  USER_FIELD_LABELS,
} from '../../shared/schemas/admin-users';
import {
  paymentMethodsSchema,
  paymentSettingsSchema,
  paymentVerifySchema,
  PAYMENT_FIELD_LABELS,
} from '../../shared/schemas/admin-payments';
import { discountTierSchema, planSchema, PLAN_FIELD_LABELS } from '../../shared/schemas/admin-subscriptions';
import { discountCodeSchema, DISCOUNT_CODE_FIELD_LABELS } from '../../shared/schemas/admin-discount-codes';
import { shippingMethodSchema, SHIPPING_FIELD_LABELS } from '../../shared/schemas/admin-shipping';
import { ADMIN_API } from '../../shared/api/admin';
import { ADMIN_OFFERS_API } from '../../shared/api/admin-offers';
import { ADMIN_MESSAGES_API } from '../../shared/api/admin-messages';
import {
  contactMessageListQuerySchema,
  suppressionEmailSchema,
  suppressionListQuerySchema,
} from '../../shared/schemas/admin-messages';
import { createContextHandler, type ApiRequest } from '../lib/context-handler';
import { file, json } from '../lib/http';
import { parseInput, parseJsonBody } from '../lib/validate';
import { banUser, changeRole, listUsers, setStaffPhone, unbanUser } from './users';
import * as orders from '../orders';
import { salesSummary } from './sales-summary';
import {
  readPaymentSettings,
  verifyPaymentSettings,
  writePaymentMethods,
  writePaymentSettings,
} from './payment-settings';
import * as plans from './subscription-plans';
import { listClubWithdrawals } from './club-withdrawals';
import * as codes from './discount-codes';
import * as shipping from './shipping-methods';
import * as messages from './messages';

const body = (req: ApiRequest) => parseJsonBody(req.event.body, req.event.isBase64Encoded);
const pathId = (req: ApiRequest) => parseInput(idSchema, req.pathParameters.id, 'id') as string;

/** A back-office refund's answer: audited with the order before and after, then the order and the refund made. */
async function refundAnswer(req: ApiRequest, action: string, id: string, done: orders.RefundOutcome) {
  const { toAdminOrderDto } = await orders.orderViews();
  const before = toAdminOrderDto(done.before);
  const after = toAdminOrderDto(done.after);
  await req.audit({ action, target_type: 'order', target_id: id, before, after });
  return json(201, { order: after, refund: after.refunds.find((r) => r.id === done.refund?.id)! });
}

export const handler = createContextHandler(
  'admin',
  { ...ADMIN_API, ...ADMIN_OFFERS_API, ...ADMIN_MESSAGES_API },
  {
    // ---- orders and sales (the orders module)
    orders: async (req) =>
      json(200, await orders.listOrdersForAdmin(parseInput(orderListQuerySchema, req.query, '', ORDER_FIELD_LABELS))),
    updateOrder: async (req) => {
      const id = pathId(req);
      const change = await orders.updateOrder(id, parseInput(orderUpdateSchema, body(req), '', ORDER_FIELD_LABELS));
      await req.audit({ action: 'update', target_type: 'order', target_id: id, ...change });
      return json(200, change.after);
    },
    refundOrder: async (req) => {
      const id = pathId(req);
      const form = parseInput(refundSchema, body(req), '', REFUND_FIELD_LABELS);
      const done = await orders.refundOrder({
        orderId: id,
        action: form.cancel ? 'admin_cancel_and_refund' : 'admin_refund',
        request: refundRequestOf(form),
        reason: form.reason,
        restock: form.restock,
        actor: { id: req.caller!.sub, email: req.caller!.email, origin: 'admin' },
      });
      return refundAnswer(req, 'refund', id, done);
    },
    receiveWithdrawal: async (req) => {
      const id = pathId(req);
      const wid = parseInput(idSchema, req.pathParameters.wid, 'wid') as string;
      parseInput(emptyQuerySchema, body(req));
      const change = await orders.receiveWithdrawal(id, wid);
      await req.audit({ action: 'withdrawal_received', target_type: 'order', target_id: id, ...change });
      return json(200, change.after);
    },
    refundWithdrawal: async (req) => {
      const id = pathId(req);
      const wid = parseInput(idSchema, req.pathParameters.wid, 'wid') as string;
      parseInput(emptyQuerySchema, body(req));
      return refundAnswer(req, 'withdrawal_refund', id, await orders.refundWithdrawal(id, wid, req.caller!));
    },
    salesSummary: async (req) => {
      parseInput(emptyQuerySchema, req.query);
      return json(200, await salesSummary());
    },

    // ---- payment settings
    paymentSettings: async () => json(200, await readPaymentSettings()),
    savePaymentSettings: async (req) => {
      const change = await writePaymentSettings(
        parseInput(paymentSettingsSchema, body(req), '', PAYMENT_FIELD_LABELS),
        req.caller!.email,
      );
      // The secrets themselves never reach the audit: only whether each is set.
      await req.audit({ action: 'update', target_type: 'payment_settings', target_id: 'stripe', ...change });
      return json(200, change.after);
    },
    savePaymentMethods: async (req) => {
      const change = await writePaymentMethods(parseInput(paymentMethodsSchema, body(req), '', PAYMENT_FIELD_LABELS));
      await req.audit({ action: 'update', target_type: 'payment_settings', target_id: 'methods', ...change });
      return json(200, change.after);
    },
    verifyPaymentSettings: async (req) => {
      parseInput(paymentVerifySchema, body(req));
      const result = await verifyPaymentSettings();
      // Not a write, but a staff action with an outside effect: recorded like one (who checked, the outcome).
      await req.audit({
        action: 'verify',
        target_type: 'payment_settings',
        target_id: 'stripe',
        before: null,
        after: { ok: result.ok, account_id: result.account_id },
      });
      return json(200, result);
    },

    // ---- users
    users: async (req) => json(200, await listUsers(parseInput(userListQuerySchema, req.query, '', USER_FIELD_LABELS))),
    setRole: async (req) => {
      const id = pathId(req);
      const { role } = parseInput(roleChangeSchema, body(req), '', USER_FIELD_LABELS);
      const change = await changeRole(req.caller!, id, role);
      await req.audit({ action: 'set-role', target_type: 'user', target_id: id, ...change });
      return json(200, change.after);
    },
    setStaffPhone: async (req) => {
      const id = pathId(req);
      const { phone } = parseInput(staffPhoneSchema, body(req), '', USER_FIELD_LABELS);
      const change = await setStaffPhone(req.caller!, id, phone);
      await req.audit({
        action: 'set-phone',
        target_type: 'user',
        target_id: id,
        before: change.before,
        after: change.after,
      });
      return json(200, change.row);
    },
    ban: async (req) => {
      const id = pathId(req);
      const { until } = parseInput(banSchema, body(req), '', USER_FIELD_LABELS);
      const change = await banUser(req.caller!, id, until);
      await req.audit({
        action: 'ban',
        target_type: 'user',
        target_id: id,
        before: change.before,
        after: { ...change.after, payments: change.payments },
      });
      return json(200, change.after);
    },
    unban: async (req) => {
      const id = pathId(req);
      parseInput(unbanSchema, body(req));
      const change = await unbanUser(req.caller!, id);
      await req.audit({ action: 'unban', target_type: 'user', target_id: id, ...change });
      return json(200, change.after);
    },
    newsletterSubscribersCsv: async (req) => {
      parseInput(emptyQuerySchema, req.query);
      // loaded on first use: the CSV library stays out of the back office's cold start
      const { exportConfirmedSubscribers } = await import('./newsletter-export');
      const { filename, csv, count } = await exportConfirmedSubscribers();
      // Not a write, but personal data leaving the shop: recorded like one (who exported, how many rows).
      await req.audit({
        action: 'export',
        target_type: 'newsletter',
        target_id: 'subscribers',
        before: null,
        after: { rows: count },
      });
      return file('text/csv; charset=utf-8', filename, Buffer.from(csv, 'utf8'));
    },

    // ---- Aurum Club plans and discount tiers
    plans: async (req) => {
      parseInput(emptyQuerySchema, req.query);
      return json(200, { items: await plans.listPlansByPrice() });
    },
    createPlan: async (req) => {
      const change = await plans.createPlan(parseInput(planSchema, body(req), '', PLAN_FIELD_LABELS));
      await req.audit({ action: 'create', target_type: 'plan', target_id: change.after.id, ...change });
      return json(201, change.after);
    },
    updatePlan: async (req) => {
      const id = pathId(req);
      const change = await plans.updatePlan(id, parseInput(planSchema, body(req), '', PLAN_FIELD_LABELS));
      await req.audit({ action: 'update', target_type: 'plan', target_id: id, ...change });
      return json(200, change.after);
    },
    deletePlan: async (req) => {
      const id = pathId(req);
      const before = await plans.deletePlan(id);
      await req.audit({ action: 'delete', target_type: 'plan', target_id: id, before, after: null });
      return json(200, { deleted: true as const });
    },
    createDiscountTier: async (req) => {
      const change = await plans.createDiscountTier(parseInput(discountTierSchema, body(req), '', PLAN_FIELD_LABELS));
      await req.audit({ action: 'create', target_type: 'discount_tier', target_id: change.after.id, ...change });
      return json(201, change.after);
    },
    updateDiscountTier: async (req) => {
      const id = pathId(req);
      const change = await plans.updateDiscountTier(
        id,
        parseInput(discountTierSchema, body(req), '', PLAN_FIELD_LABELS),
      );
      await req.audit({ action: 'update', target_type: 'discount_tier', target_id: id, ...change });
      return json(200, change.after);
    },
    deleteDiscountTier: async (req) => {
      const id = pathId(req);
      const before = await plans.deleteDiscountTier(id);
      await req.audit({ action: 'delete', target_type: 'discount_tier', target_id: id, before, after: null });
      return json(200, { deleted: true as const });
    },

    // ---- discount codes
    discountCodes: async (req) => json(200, await codes.listDiscountCodes(parseInput(pageQuerySchema, req.query))),
    createDiscountCode: async (req) => {
      const change = await codes.createDiscountCode(
        parseInput(discountCodeSchema, body(req), '', DISCOUNT_CODE_FIELD_LABELS),
      );
      await req.audit({ action: 'create', target_type: 'discount_code', target_id: change.after.id, ...change });
      return json(201, change.after);
    },
    updateDiscountCode: async (req) => {
      const id = pathId(req);
      const change = await codes.updateDiscountCode(
        id,
        parseInput(discountCodeSchema, body(req), '', DISCOUNT_CODE_FIELD_LABELS),
      );
      await req.audit({ action: 'update', target_type: 'discount_code', target_id: id, ...change });
      return json(200, change.after);
    },
    deleteDiscountCode: async (req) => {
      const id = pathId(req);
      const before = await codes.deleteDiscountCode(id);
      await req.audit({ action: 'delete', target_type: 'discount_code', target_id: id, before, after: null });
      return json(200, { deleted: true as const });
    },

    // ---- shipping methods
    createShippingMethod: async (req) => {
      const change = await shipping.createShippingMethod(
        parseInput(shippingMethodSchema, body(req), '', SHIPPING_FIELD_LABELS),
      );
      await req.audit({ action: 'create', target_type: 'shipping_method', target_id: change.after.id, ...change });
      return json(201, change.after);
    },
    updateShippingMethod: async (req) => {
      const id = pathId(req);
      const change = await shipping.updateShippingMethod(
        id,
        parseInput(shippingMethodSchema, body(req), '', SHIPPING_FIELD_LABELS),
      );
      await req.audit({ action: 'update', target_type: 'shipping_method', target_id: id, ...change });
      return json(200, change.after);
    },
    deleteShippingMethod: async (req) => {
      const id = pathId(req);
      const before = await shipping.deleteShippingMethod(id);
      await req.audit({ action: 'delete', target_type: 'shipping_method', target_id: id, before, after: null });
      return json(200, { deleted: true as const });
    },

    // ---- the members' withdrawals from the Aurum Club (Abbonamenti)
    clubWithdrawals: async (req) => json(200, await listClubWithdrawals(parseInput(pageQuerySchema, req.query))),

    // ---- contact messages and the suppression list ('Messaggi')
    contactMessages: async (req) =>
      json(200, await messages.listContactMessages(parseInput(contactMessageListQuerySchema, req.query))),
    answerContactMessage: async (req) => {
      const id = pathId(req);
      parseInput(emptyQuerySchema, body(req));
      const change = await messages.answerContactMessage(id);
      await req.audit({ action: 'answered', target_type: 'contact_message', target_id: id, ...change });
      return json(200, change.after);
    },
    suppressions: async (req) =>
      json(200, await messages.listSuppressions(parseInput(suppressionListQuerySchema, req.query))),
    liftSuppression: async (req) => {
      const email = parseInput(suppressionEmailSchema, req.pathParameters.email, 'email') as string;
      const before = await messages.liftSuppression(email);
      await req.audit({ action: 'delete', target_type: 'suppression', target_id: before.email, before, after: null });
      return json(200, { deleted: true as const });
    },
  },
);
