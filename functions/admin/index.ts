/**
 * Lambda handler of the admin context (route table fn 'admin'): users, orders and payment
 * settings; the back-office screens add their routes here. Access levels come from the route table.
 */
import { banSchema, emptyQuerySchema, idSchema, orderUpdateSchema, paymentSettingsSchema, roleChangeSchema } from '../../shared/schemas';
import { ADMIN_API } from '../../shared/api/admin';
import { createContextHandler, type ApiRequest } from '../lib/context-handler';
import { json } from '../lib/http';
import { parseInput, parseJsonBody } from '../lib/validate';
import { banUser, changeRole, listUsers, unbanUser } from './users';
import { listOrdersForAdmin, updateOrderForAdmin } from './orders';
import { readPaymentSettings, writePaymentSettings } from './payment-settings';

const body = (req: ApiRequest) => parseJsonBody(req.event.body, req.event.isBase64Encoded);
const pathId = (req: ApiRequest) => parseInput(idSchema, req.pathParameters.id, 'id') as string;

export const handler = createContextHandler('admin', ADMIN_API, {
  orders: async (req) => {
    parseInput(emptyQuerySchema, req.query);
    return json(200, { items: await listOrdersForAdmin() });
  },
  updateOrder: async (req) => {
    const id = pathId(req);
    const change = await updateOrderForAdmin(id, parseInput(orderUpdateSchema, body(req)));
    await req.audit({ action: 'update', target_type: 'order', target_id: id, ...change });
    return json(200, change.after);
  },
  paymentSettings: async () => json(200, await readPaymentSettings()),
  savePaymentSettings: async (req) => {
    const change = await writePaymentSettings(parseInput(paymentSettingsSchema, body(req)));
    // The secrets themselves never reach the audit: only whether each is set.
    await req.audit({ action: 'update', target_type: 'payment_settings', target_id: 'stripe', ...change });
    return json(200, change.after);
  },
  users: async (req) => {
    parseInput(emptyQuerySchema, req.query);
    return json(200, { items: await listUsers() });
  },
  setRole: async (req) => {
    const id = pathId(req);
    const { role } = parseInput(roleChangeSchema, body(req));
    const change = await changeRole(req.caller!, id, role);
    await req.audit({ action: 'set-role', target_type: 'user', target_id: id, ...change });
    return json(200, change.after);
  },
  ban: async (req) => {
    const id = pathId(req);
    const { until } = parseInput(banSchema, body(req));
    const change = await banUser(req.caller!, id, until);
    await req.audit({ action: 'ban', target_type: 'user', target_id: id, ...change });
    return json(200, change.after);
  },
  unban: async (req) => {
    const id = pathId(req);
    parseInput(banSchema.pick({}), body(req));
    const change = await unbanUser(req.caller!, id);
    await req.audit({ action: 'unban', target_type: 'user', target_id: id, ...change });
    return json(200, change.after);
  },
});
