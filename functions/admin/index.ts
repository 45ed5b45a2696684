/**
 * Lambda handler of the admin context (route table fn 'admin'): users, orders and payment
 * settings; the back-office screens add their routes here. Access levels come from the route table.
 */
import { banSchema, emptyQuerySchema, idSchema, orderUpdateSchema, paymentSettingsSchema, roleChangeSchema } from '../../shared/schemas';
import { createContextHandler, type ApiRequest } from '../lib/context-handler';
import { json } from '../lib/http';
import { parseInput, parseJsonBody } from '../lib/validate';
import { banUser, changeRole, listUsers, unbanUser } from './users';
import { listOrdersForAdmin, updateOrderForAdmin } from './orders';
import { readPaymentSettings, writePaymentSettings } from './payment-settings';

const body = (req: ApiRequest) => parseJsonBody(req.event.body, req.event.isBase64Encoded);
const pathId = (req: ApiRequest) => parseInput(idSchema, req.pathParameters.id, 'id') as string;

export const handler = createContextHandler('admin', {
  'GET /api/admin/orders': async (req) => {
    parseInput(emptyQuerySchema, req.query);
    return json(200, { items: await listOrdersForAdmin() });
  },
  'PATCH /api/admin/orders/{id}': async (req) => {
    const id = pathId(req);
    return json(200, await updateOrderForAdmin(id, parseInput(orderUpdateSchema, body(req))));
  },
  'GET /api/admin/payment-settings': async () => json(200, await readPaymentSettings()),
  'PUT /api/admin/payment-settings': async (req) => json(200, await writePaymentSettings(parseInput(paymentSettingsSchema, body(req)))),
  'GET /api/admin/users': async (req) => {
    parseInput(emptyQuerySchema, req.query);
    return json(200, { items: await listUsers() });
  },
  'PUT /api/admin/users/{id}/role': async (req) => {
    const id = pathId(req);
    const { role } = parseInput(roleChangeSchema, body(req));
    return json(200, await changeRole(req.caller!, id, role));
  },
  'POST /api/admin/users/{id}/ban': async (req) => {
    const id = pathId(req);
    const { until } = parseInput(banSchema, body(req));
    return json(200, await banUser(req.caller!, id, until));
  },
  'POST /api/admin/users/{id}/unban': async (req) => {
    const id = pathId(req);
    parseInput(banSchema.pick({}), body(req));
    return json(200, await unbanUser(req.caller!, id));
  },
});
