/**
 * Expected answers of the authorization matrix, written BY HAND from the permission policy
 * (shared/permissions.ts's table and the roles and permissions rule), never read back from the
 * route table: lowering a route's level in the contract makes the matrix fail. "Allowed" is the
 * exact status the harmless sample request gets (404 for an unknown id, 400 for an invalid body,
 * 200 for a read), so an allowed caller must also get the right answer, not merely "not 401/403".
 *
 * Staff must pass MFA: 'collaboratorNoMfa' and 'adminNoMfa' hold the staff roles
 * but signed in without a second factor; every staff route refuses them (403), everything else
 * treats them like any signed-in user.
 */

export type Actor =
  'visitor' | 'customer' | 'member' | 'collaborator' | 'admin' | 'banned' | 'collaboratorNoMfa' | 'adminNoMfa';
export const ACTORS: readonly Actor[] = [
  'visitor',
  'customer',
  'member',
  'collaborator',
  'admin',
  'banned',
  'collaboratorNoMfa',
  'adminNoMfa',
];
/** The policy classes of the table, by the level of access they describe. */
export type PolicyClass = 'everyone' | 'signedIn' | 'staff' | 'adminOnly';

/** Key under which a row keeps the policy class it was written with (not an actor: symbol key). */
export const POLICY_CLASS = Symbol('policyClass');

export type ExpectedRow = Readonly<Record<Actor, number>> & { readonly [POLICY_CLASS]: PolicyClass };

const row = (policy: PolicyClass, statuses: Record<Actor, number>): ExpectedRow => ({
  ...statuses,
  [POLICY_CLASS]: policy,
});

/** Public: everyone, banned users included, gets `status`. */
const everyone = (status: number): ExpectedRow =>
  row('everyone', {
    visitor: status,
    customer: status,
    member: status,
    collaborator: status,
    admin: status,
    banned: status,
    collaboratorNoMfa: status,
    adminNoMfa: status,
  });
/** Own data: any signed-in, non-banned user (a second factor is not needed for one's own data). */
const signedIn = (status: number): ExpectedRow =>
  row('signedIn', {
    visitor: 401,
    customer: status,
    member: status,
    collaborator: status,
    admin: status,
    banned: 403,
    collaboratorNoMfa: status,
    adminNoMfa: status,
  });
/** Day-to-day shop work (catalogue, moderation, fulfilment): collaborators and the admin, after MFA. */
const staff = (status: number): ExpectedRow =>
  row('staff', {
    visitor: 401,
    customer: 403,
    member: 403,
    collaborator: status,
    admin: status,
    banned: 403,
    collaboratorNoMfa: 403,
    adminNoMfa: 403,
  });
/** Money, suppliers and people: the admin alone, after MFA. */
const adminOnly = (status: number): ExpectedRow =>
  row('adminOnly', {
    visitor: 401,
    customer: 403,
    member: 403,
    collaborator: 403,
    admin: status,
    banned: 403,
    collaboratorNoMfa: 403,
    adminNoMfa: 403,
  });
/** No user token; the caller proves itself otherwise (e.g. a Stripe signature). */
const signatureOnly = (status: number): ExpectedRow => everyone(status);

export const EXPECTED: Readonly<Record<string, ExpectedRow>> = {
  // catalogue: public reads
  'GET /api/products': everyone(200),
  'GET /api/products/{id}': everyone(404),
  'GET /api/products/{id}/comments': everyone(404),
  'GET /api/premium-products': everyone(200),
  'GET /api/categories': everyone(200),
  'GET /api/categories/{id}': everyone(404),
  'GET /api/bundles': everyone(200),
  'GET /api/subscription-plans': everyone(200),
  'GET /api/discount-tiers': everyone(200),
  'GET /api/shipping-methods': everyone(200),

  // account: own data
  'GET /api/me': signedIn(200),
  'DELETE /api/me': signedIn(400),
  'PUT /api/me/billing': signedIn(200),
  'GET /api/me/addresses': signedIn(200),
  'POST /api/me/addresses': signedIn(400),
  'PUT /api/me/addresses/{id}': signedIn(400),
  'DELETE /api/me/addresses/{id}': signedIn(404),
  'GET /api/me/orders': signedIn(200),
  'GET /api/me/export': signedIn(200),
  'GET /api/me/orders/{id}/receipt': signedIn(404),
  'GET /api/me/terms': signedIn(200),
  'POST /api/me/terms': signedIn(400),
  'POST /api/products/{id}/comments': signedIn(404),

  // the contact form: anyone may write to the shop (the sample body is empty: 400 naming a field)
  'POST /api/contact': everyone(400),
  // sign-up: anyone may create an account (the sample body is empty: 400 naming a field)
  'POST /api/signup': everyone(400),
  // the sign-up's code step and resend: anyone (the sample body is empty: 400 naming a field)
  'POST /api/signup/confirm': everyone(400),
  'POST /api/signup/resend': everyone(400),
  // the newsletter: anyone may ask for it, confirm or leave it with the link's token
  'POST /api/newsletter': everyone(400),
  'POST /api/newsletter/confirm': everyone(400),
  'POST /api/newsletter/unsubscribe': everyone(400),

  // cart and wishlist: own data
  'GET /api/cart': signedIn(200),
  'POST /api/cart/items': signedIn(400),
  'PATCH /api/cart/items/{id}': signedIn(404),
  'DELETE /api/cart/items/{id}': signedIn(404),
  'DELETE /api/cart': signedIn(200),
  'PUT /api/cart/discount-code': signedIn(400),
  'DELETE /api/cart/discount-code': signedIn(200),
  'GET /api/wishlist': signedIn(200),
  'PUT /api/wishlist/{productId}': signedIn(404),
  'DELETE /api/wishlist/{productId}': signedIn(200),

  // checkout: the publishable key is public; sessions are the caller's own (the cart is empty here)
  'GET /api/payment-settings': everyone(200),
  'POST /api/checkout/session': signedIn(400),
  'GET /api/checkout/session/{id}': signedIn(200),
  'POST /api/checkout/cancel/{id}': signedIn(404),

  // Aurum Club: buying a plan and one's own membership (an unknown plan is 404 for everyone; no
  // actor has a renewing Stripe subscription to cancel, the seeded member included: 404)
  'POST /api/checkout/subscription': signedIn(404),
  'GET /api/me/subscription': signedIn(200),
  'POST /api/me/subscription/cancel': signedIn(404),
  'POST /api/me/subscription/withdrawal': signedIn(404),
  // cancelling an own order (an unknown order is 404 for everyone)
  'POST /api/me/orders/{id}/cancel': signedIn(404),
  // withdrawing from an own order's contract (an unknown order is 404 for everyone)
  'POST /api/me/orders/{id}/withdrawal': signedIn(404),

  // webhooks: an unsigned body is refused whoever sends it
  'POST /api/webhooks/stripe': signatureOnly(400),

  // back office: fulfilment is staff work; revenue, payment keys and people are the admin's
  'GET /api/admin/orders': staff(200),
  'PATCH /api/admin/orders/{id}': staff(404),
  // money going back is the admin's (a collaborator fulfils orders but never refunds them)
  'POST /api/admin/orders/{id}/refunds': adminOnly(404),
  // a withdrawal's goods received is fulfilment (staff); its refund is money (the admin's)
  'POST /api/admin/orders/{id}/withdrawals/{wid}/received': staff(404),
  'POST /api/admin/orders/{id}/withdrawals/{wid}/refund': adminOnly(404),
  'GET /api/admin/sales-summary': adminOnly(200),
  'GET /api/admin/contact-messages': staff(200),
  'POST /api/admin/contact-messages/{id}/answered': staff(404),
  'GET /api/admin/suppressions': staff(200),
  'DELETE /api/admin/suppressions/{email}': adminOnly(404),
  'GET /api/admin/payment-settings': adminOnly(200),
  'PUT /api/admin/payment-settings': adminOnly(400),
  'PUT /api/admin/payment-methods': adminOnly(400),
  'POST /api/admin/payment-settings/verify': adminOnly(400),
  'GET /api/admin/users': adminOnly(200),
  'PUT /api/admin/users/{id}/role': adminOnly(404),
  'PUT /api/admin/users/{id}/phone': adminOnly(404),
  'POST /api/admin/users/{id}/ban': adminOnly(404),
  'POST /api/admin/users/{id}/unban': adminOnly(404),
  // the subscribers' addresses are people's data: the admin's, like the users
  'GET /api/admin/newsletter/subscribers.csv': adminOnly(200),

  // back office: club prices, discount codes and shipping costs are money, the admin's alone
  'GET /api/admin/subscription-plans': adminOnly(200),
  'GET /api/admin/club-withdrawals': adminOnly(200),
  'POST /api/admin/subscription-plans': adminOnly(400),
  'PUT /api/admin/subscription-plans/{id}': adminOnly(400),
  'DELETE /api/admin/subscription-plans/{id}': adminOnly(404),
  'POST /api/admin/discount-tiers': adminOnly(400),
  'PUT /api/admin/discount-tiers/{id}': adminOnly(400),
  'DELETE /api/admin/discount-tiers/{id}': adminOnly(404),
  'GET /api/admin/discount-codes': adminOnly(200),
  'POST /api/admin/discount-codes': adminOnly(400),
  'PUT /api/admin/discount-codes/{id}': adminOnly(400),
  'DELETE /api/admin/discount-codes/{id}': adminOnly(404),
  'POST /api/admin/shipping-methods': adminOnly(400),
  'PUT /api/admin/shipping-methods/{id}': adminOnly(400),
  'DELETE /api/admin/shipping-methods/{id}': adminOnly(404),
  // back office: catalogue, bundles, digital assets, inventory alerts and moderation are staff work
  'GET /api/admin/products': staff(200),
  'POST /api/admin/products': staff(400),
  'GET /api/admin/products/{id}': staff(404),
  'PUT /api/admin/products/{id}': staff(404),
  'DELETE /api/admin/products/{id}': staff(404),
  'POST /api/admin/products/{id}/image-uploads': staff(404),
  'PUT /api/admin/products/{id}/images': staff(404),
  'PATCH /api/admin/products/{id}/stock': staff(404),
  'GET /api/admin/inventory-alerts': staff(200),
  'GET /api/admin/categories': staff(200),
  'POST /api/admin/categories': staff(400),
  'PUT /api/admin/categories/{id}': staff(404),
  'DELETE /api/admin/categories/{id}': staff(404),
  'GET /api/admin/bundles': staff(200),
  'POST /api/admin/bundles': staff(400),
  'PUT /api/admin/bundles/{id}': staff(404),
  'DELETE /api/admin/bundles/{id}': staff(404),
  'POST /api/admin/bundles/{id}/image-upload': staff(404),
  'GET /api/admin/digital-assets': staff(200),
  'POST /api/admin/digital-assets/uploads': staff(400),
  'POST /api/admin/digital-assets': staff(400),
  'DELETE /api/admin/digital-assets/{id}': staff(404),
  'GET /api/admin/comments': staff(200),
  'PATCH /api/admin/comments/{id}': staff(404),
  'DELETE /api/admin/comments/{id}': staff(404),
  // back office: suppliers (their credentials) and automations are the admin's
  'GET /api/admin/suppliers': adminOnly(200),
  'POST /api/admin/suppliers': adminOnly(400),
  'PUT /api/admin/suppliers/{id}': adminOnly(404),
  'DELETE /api/admin/suppliers/{id}': adminOnly(404),
  'POST /api/admin/automations/import': adminOnly(400),
  'POST /api/admin/automations/stock-sync': adminOnly(404),
  'GET /api/admin/automations/stock-sync/runs': adminOnly(200),
  'GET /api/admin/automations/stock-sync/runs/{id}': adminOnly(404),
};
