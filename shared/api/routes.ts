/**
 * The route table: every API route, its Lambda function (bounded context) and its access level,
 * gathered from the contexts' contract files. The CDK api stack generates API Gateway routes and
 * the JWT authorizer from it; the local API Gateway v2 adapter mounts it; each context's handler
 * checks at cold start that it serves exactly its rows; the authorization-matrix test walks it.
 * A route that is not in this table does not exist anywhere.
 *
 * To add a route: declare it in its context's file (shared/api/<context>.ts) with `route()` or,
 * for the back office, `staffRoute(capability, ...)`, add the group below if new, implement the
 * operation in the function, and give it a row in the authorization matrix's expectations.
 */
import { CATALOG_API } from './catalog';
import { ACCOUNT_API } from './account';
import { CART_API } from './cart';
import { CHECKOUT_API } from './checkout';
import { WEBHOOKS_API } from './webhooks';
import { ADMIN_API } from './admin';
import { ADMIN_OFFERS_API } from './admin-offers';
import { ADMIN_MESSAGES_API } from './admin-messages';
import { ADMIN_CATALOG_API } from './admin-catalog';
import { REVIEWS_API } from './reviews';
import { AUTOMATIONS_API } from './admin-automations';
import { CONTACT_API } from './contact';
import { SIGNUP_API } from './signup';
import { NEWSLETTER_API } from './newsletter';
import type { RouteDefinition } from './route';

export * from './route';

/** Every route group, by name (used for docs and to find a route's contract entry). */
export const API_GROUPS = {
  catalog: CATALOG_API,
  account: ACCOUNT_API,
  reviews: REVIEWS_API,
  contact: CONTACT_API,
  signup: SIGNUP_API,
  newsletter: NEWSLETTER_API,
  cart: CART_API,
  checkout: CHECKOUT_API,
  webhooks: WEBHOOKS_API,
  admin: ADMIN_API,
  adminOffers: ADMIN_OFFERS_API,
  adminMessages: ADMIN_MESSAGES_API,
  adminCatalog: ADMIN_CATALOG_API,
  automations: AUTOMATIONS_API,
} as const;

/** The whole table. */
export const ROUTES: readonly RouteDefinition[] = Object.values(API_GROUPS).flatMap(
  (group) => Object.values(group) as RouteDefinition[],
);
