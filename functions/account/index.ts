/**
 * Lambda handler of the account context: the signed-in user's own profile, billing data,
 * addresses, orders and reviews (route table fn 'account', level 'user'), the contact form and
 * sign-up (public: a visitor writing to the shop, a visitor creating an account). Object-level authorization:
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
import { SIGNUP_API } from '../../shared/api/signup';
import { NEWSLETTER_API } from '../../shared/api/newsletter';
import { NEWSLETTER_FIELD_LABELS, newsletterSchema, newsletterTokenSchema } from '../../shared/schemas/newsletter';
import {
  SIGNUP_CONFIRM_FIELD_LABELS,
  SIGNUP_FIELD_LABELS,
  signupConfirmSchema,
  signupResendSchema,
  signupSchema,
  termsAcceptanceSchema,
} from '../../shared/schemas/signup';
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
import { confirmSignup, registerAccount, resendSignupCode } from './signup';
import { acceptTerms, termsStatus } from './terms';
import { confirmSubscription, requestSubscription, unsubscribe } from './newsletter';

const body = (req: ApiRequest) => parseJsonBody(req.event.body, req.event.isBase64Encoded);
const pathId = (req: ApiRequest) => parseInput(idSchema, req.pathParameters.id, 'id') as string;
const sub = (req: ApiRequest) => req.caller!.sub;

export const handler = createContextHandler(
  'account',
  { ...ACCOUNT_API, ...REVIEWS_API, ...CONTACT_API, ...SIGNUP_API, ...NEWSLETTER_API },
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
    subscribe: async (req) => {
      const { email } = parseInput(newsletterSchema, body(req), '', NEWSLETTER_FIELD_LABELS);
      await requestSubscription(email, 'footer', req.event.requestContext.http.sourceIp);
      return json(202, { accepted: true as const });
    },
    confirm: async (req) => {
      const { token } = parseInput(newsletterTokenSchema, body(req), '', NEWSLETTER_FIELD_LABELS);
      await confirmSubscription(token);
      return json(200, { confirmed: true as const });
    },
    unsubscribe: async (req) => {
      // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` (form-encoded) to the URI of
      // the List-Unsubscribe header, which carries the token; the page sends it as JSON.
      const oneClick = typeof req.query.token === 'string';
      const input = oneClick ? { token: req.query.token } : body(req);
      const { token } = parseInput(newsletterTokenSchema, input, '', NEWSLETTER_FIELD_LABELS);
      await unsubscribe(token);
      return json(200, { unsubscribed: true as const });
    },
    terms: async (req) => {
      parseInput(emptyQuerySchema, req.query);
      return json(200, await termsStatus(sub(req)));
    },
    acceptTerms: async (req) => {
      const { version } = parseInput(termsAcceptanceSchema, body(req));
      return json(200, await acceptTerms(sub(req), version));
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
    signup: async (req) => {
      const input = parseInput(signupSchema, body(req), '', SIGNUP_FIELD_LABELS);
      await registerAccount(input, req.event.requestContext.http.sourceIp);
      return json(202, { accepted: true as const });
    },
    signupConfirm: async (req) => {
      await confirmSignup(parseInput(signupConfirmSchema, body(req), '', SIGNUP_CONFIRM_FIELD_LABELS));
      return json(200, { confirmed: true as const });
    },
    signupResend: async (req) => {
      const { email } = parseInput(signupResendSchema, body(req), '', SIGNUP_CONFIRM_FIELD_LABELS);
      await resendSignupCode(email, req.event.requestContext.http.sourceIp);
      return json(202, { accepted: true as const });
    },
  },
);
