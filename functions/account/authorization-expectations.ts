/**
 * Expected answers of the authorization matrix, written BY HAND from the permission policy
 * (shared/permissions.ts's table and spec 6), never read back from the route table: lowering a
 * route's level in the contract makes the matrix fail. "Allowed" is the exact status the harmless
 * sample request gets (404 for an unknown id, 400 for an invalid body, 200 for a read), so an
 * allowed caller must also get the right answer, not merely "not 401/403".
 */

export type Actor = 'visitor' | 'customer' | 'member' | 'collaborator' | 'admin' | 'banned';
export const ACTORS: readonly Actor[] = ['visitor', 'customer', 'member', 'collaborator', 'admin', 'banned'];
export type ExpectedRow = Readonly<Record<Actor, number>>;

/** Public: everyone, banned users included, gets `status`. */
const everyone = (status: number): ExpectedRow => ({ visitor: status, customer: status, member: status, collaborator: status, admin: status, banned: status });
/** Own data: any signed-in, non-banned user. */
const signedIn = (status: number): ExpectedRow => ({ visitor: 401, customer: status, member: status, collaborator: status, admin: status, banned: 403 });
/** Day-to-day shop work (catalogue, moderation, fulfilment): collaborators and the admin. */
const staff = (status: number): ExpectedRow => ({ visitor: 401, customer: 403, member: 403, collaborator: status, admin: status, banned: 403 });
/** Money, suppliers and people: the admin alone. */
const adminOnly = (status: number): ExpectedRow => ({ visitor: 401, customer: 403, member: 403, collaborator: 403, admin: status, banned: 403 });
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

  // account: own data
  'GET /api/me': signedIn(200),
  'PUT /api/me/billing': signedIn(200),
  'GET /api/me/addresses': signedIn(200),
  'POST /api/me/addresses': signedIn(400),
  'PUT /api/me/addresses/{id}': signedIn(400),
  'DELETE /api/me/addresses/{id}': signedIn(404),
  'GET /api/me/orders': signedIn(200),

  // cart and wishlist: own data
  'GET /api/cart': signedIn(200),
  'POST /api/cart/items': signedIn(400),
  'PATCH /api/cart/items/{id}': signedIn(404),
  'DELETE /api/cart/items/{id}': signedIn(404),
  'DELETE /api/cart': signedIn(200),
  'GET /api/wishlist': signedIn(200),
  'PUT /api/wishlist/{productId}': signedIn(404),
  'DELETE /api/wishlist/{productId}': signedIn(200),

  // checkout: the publishable key is public; sessions are the caller's own (the cart is empty here)
  'GET /api/payment-settings': everyone(200),
  'POST /api/checkout/session': signedIn(400),
  'GET /api/checkout/session/{id}': signedIn(200),
  'POST /api/checkout/cancel/{id}': signedIn(404),

  // webhooks: an unsigned body is refused whoever sends it
  'POST /api/webhooks/stripe': signatureOnly(400),

  // back office: fulfilment is staff work; payment keys and people are the admin's
  'GET /api/admin/orders': staff(200),
  'PATCH /api/admin/orders/{id}': staff(404),
  'GET /api/admin/payment-settings': adminOnly(200),
  'PUT /api/admin/payment-settings': adminOnly(400),
  'GET /api/admin/users': adminOnly(200),
  'PUT /api/admin/users/{id}/role': adminOnly(404),
  'POST /api/admin/users/{id}/ban': adminOnly(404),
  'POST /api/admin/users/{id}/unban': adminOnly(404),

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
