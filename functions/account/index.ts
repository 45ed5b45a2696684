/**
 * Lambda handler of the account context: the signed-in user's own profile, billing data,
 * addresses, orders and reviews (route table fn 'account', level 'user'), and the contact form
 * (public: a visitor writing to the shop). Object-level authorization:
 * every operation uses the verified caller's sub, never an owner id from the request.
 */
import {
  addressSchema,
  ADDRESS_FIELD_LABELS,
  billingSchema,
  BILLING_FIELD_LABELS,
  DELETE_ACCOUNT_LABELS,
  deleteAccountSchema,
  emptyQuerySchema,
  idSchema,
  pageQuerySchema,
} from '../../shared/schemas';
import { ACCOUNT_API } from '../../shared/api/account';
import { REVIEWS_API } from '../../shared/api/reviews';
import { CONTACT_API } from '../../shared/api/contact';
import { CONTACT_FIELD_LABELS, contactSchema } from '../../shared/schemas/contact';
import { REVIEW_FIELD_LABELS, reviewSchema } from '../../shared/schemas/reviews';
import { createContextHandler, type ApiRequest } from '../lib/context-handler';
import { file, json } from '../lib/http';
import { parseInput, parseJsonBody } from '../lib/validate';
import { toMe, saveBilling } from './profile';
import { addAddress, editAddress, listOwnAddresses, removeAddress } from './addresses';
import { listOwnOrders } from './orders';
import { submitReview } from './reviews';
import { acceptContactMessage } from './contact';

const body = (req: ApiRequest) => parseJsonBody(req.event.body, req.event.isBase64Encoded);
const pathId = (req: ApiRequest) => parseInput(idSchema, req.pathParameters.id, 'id') as string;
const sub = (req: ApiRequest) => req.caller!.sub;

export const handler = createContextHandler(
  'account',
  { ...ACCOUNT_API, ...REVIEWS_API, ...CONTACT_API },
  {
    me: async (req) => {
      parseInput(emptyQuerySchema, req.query);
      return json(200, toMe(req.profile!, req.caller!.role));
    },
    billing: async (req) => {
      const input = parseInput(billingSchema, body(req), '', BILLING_FIELD_LABELS);
      return json(200, await saveBilling(sub(req), input));
    },
    addresses: async (req) => json(200, { items: await listOwnAddresses(sub(req)) }),
    addAddress: async (req) => {
      const input = parseInput(addressSchema, body(req), '', ADDRESS_FIELD_LABELS);
      return json(201, await addAddress(sub(req), input));
    },
    editAddress: async (req) => {
      const id = pathId(req);
      const input = parseInput(addressSchema, body(req), '', ADDRESS_FIELD_LABELS);
      return json(200, await editAddress(sub(req), id, input));
    },
    deleteAddress: async (req) => {
      await removeAddress(sub(req), pathId(req));
      return json(200, { deleted: true as const });
    },
    deleteAccount: async (req) => {
      const { password } = parseInput(deleteAccountSchema, body(req), '', DELETE_ACCOUNT_LABELS);
      // the erasure (and the Stripe and Cognito clients it needs) is loaded on first use
      const { eraseOwnAccount } = await import('./erasure');
      return json(200, await eraseOwnAccount(req.caller!, req.profile!, password, req.event.routeKey));
    },
    exportData: async (req) => {
      parseInput(emptyQuerySchema, req.query);
      const { exportOwnData } = await import('./data-export');
      const data = await exportOwnData(req.profile!);
      const day = data.exported_at.slice(0, 10);
      return file('application/json', `aurum-fitness-dati-${day}.json`, Buffer.from(JSON.stringify(data, null, 2)));
    },
    receipt: async (req) => {
      parseInput(emptyQuerySchema, req.query);
      // the receipt and its PDF library are loaded on the first receipt, not at init
      const { ownOrderReceipt } = await import('./receipt');
      const { filename, pdf } = await ownOrderReceipt(sub(req), pathId(req));
      return file('application/pdf', filename, pdf);
    },
    orders: async (req) => json(200, await listOwnOrders(sub(req), parseInput(pageQuerySchema, req.query))),
    postReview: async (req) => {
      const productId = pathId(req);
      const { content } = parseInput(reviewSchema, body(req), '', REVIEW_FIELD_LABELS);
      const result = await submitReview(sub(req), req.profile, productId, content);
      return json(result.submitted ? 201 : 200, result);
    },
    contact: async (req) => {
      const input = parseInput(contactSchema, body(req), '', CONTACT_FIELD_LABELS);
      await acceptContactMessage(input, req.event.requestContext.http.sourceIp);
      return json(202, { accepted: true });
    },
  },
);
