/**
 * The route table: every API route, its Lambda function (bounded context) and its access level.
 * The CDK api stack generates API Gateway routes and the JWT authorizer from it; the local API
 * Gateway v2 adapter mounts it; the authorization-matrix test iterates it. A route that is not in
 * this table does not exist anywhere.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Access levels:
 * - public: anyone; a valid token, when sent, is still read (members see their tier products).
 * - user: a signed-in, non-banned user.
 * - collaborator: role collaborator or admin.
 * - admin: role admin.
 * - webhook: no user token; the handler verifies the caller itself (e.g. Stripe signature).
 */
export type AccessLevel = 'public' | 'user' | 'collaborator' | 'admin' | 'webhook';

/** Lambda functions, one per bounded context. */
export const FUNCTION_NAMES = ['catalog', 'account', 'cart', 'checkout', 'webhooks', 'admin'] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway path with {param} placeholders, always under /api. */
  path: string;
  fn: FunctionName;
  access: AccessLevel;
  /** One-line description for docs and the matrix report. */
  summary: string;
}

export const ROUTES: readonly RouteDefinition[] = [
  { method: 'GET', path: '/api/products', fn: 'catalog', access: 'public', summary: 'Products the caller may see (q, category_id filters)' },
  { method: 'GET', path: '/api/products/{id}', fn: 'catalog', access: 'public', summary: 'Product with images and up to 3 related' },
  { method: 'GET', path: '/api/products/{id}/comments', fn: 'catalog', access: 'public', summary: 'Approved comments, pinned first then newest' },
  { method: 'GET', path: '/api/premium-products', fn: 'catalog', access: 'public', summary: 'Premium-tier showcase (names only for non-members)' },
  { method: 'GET', path: '/api/categories', fn: 'catalog', access: 'public', summary: 'Categories by name' },
  { method: 'GET', path: '/api/categories/{id}', fn: 'catalog', access: 'public', summary: 'Category with its visible products' },
  { method: 'GET', path: '/api/bundles', fn: 'catalog', access: 'public', summary: 'Bundles (premium ones for members) with product count' },
  { method: 'GET', path: '/api/subscription-plans', fn: 'catalog', access: 'public', summary: 'Subscription plans by duration' },
  { method: 'GET', path: '/api/discount-tiers', fn: 'catalog', access: 'public', summary: 'Discount tiers' },

  // account: the signed-in user's own data (object-level: always the caller's sub, never an id from the request)
  { method: 'GET', path: '/api/me', fn: 'account', access: 'user', summary: 'Own profile: role, membership, billing data' },
  { method: 'PUT', path: '/api/me/billing', fn: 'account', access: 'user', summary: 'Save billing_address, vat_number, tax_id' },
  { method: 'GET', path: '/api/me/addresses', fn: 'account', access: 'user', summary: 'Own shipping addresses' },
  { method: 'POST', path: '/api/me/addresses', fn: 'account', access: 'user', summary: 'Add a shipping address' },
  { method: 'PUT', path: '/api/me/addresses/{id}', fn: 'account', access: 'user', summary: 'Edit an own shipping address' },
  { method: 'DELETE', path: '/api/me/addresses/{id}', fn: 'account', access: 'user', summary: 'Delete an own shipping address' },
  { method: 'GET', path: '/api/me/orders', fn: 'account', access: 'user', summary: 'Own orders, newest first' },

  // cart: the signed-in user's cart and wishlist
  { method: 'GET', path: '/api/cart', fn: 'cart', access: 'user', summary: 'Priced cart (member discount spread over lines)' },
  { method: 'POST', path: '/api/cart/items', fn: 'cart', access: 'user', summary: 'Add a product or bundle (or raise its line)' },
  { method: 'PATCH', path: '/api/cart/items/{id}', fn: 'cart', access: 'user', summary: 'Set a line quantity (below 1 removes)' },
  { method: 'DELETE', path: '/api/cart/items/{id}', fn: 'cart', access: 'user', summary: 'Remove a line' },
  { method: 'DELETE', path: '/api/cart', fn: 'cart', access: 'user', summary: 'Clear the cart' },
  { method: 'GET', path: '/api/wishlist', fn: 'cart', access: 'user', summary: 'Wishlist products' },
  { method: 'PUT', path: '/api/wishlist/{productId}', fn: 'cart', access: 'user', summary: 'Add a product to the wishlist' },
  { method: 'DELETE', path: '/api/wishlist/{productId}', fn: 'cart', access: 'user', summary: 'Remove a product from the wishlist' },

  // checkout: payment settings (publishable key), Stripe Checkout session from the stored cart
  { method: 'GET', path: '/api/payment-settings', fn: 'checkout', access: 'public', summary: 'Stripe publishable key (or null)' },
  { method: 'POST', path: '/api/checkout/session', fn: 'checkout', access: 'user', summary: 'Reserve stock and create a Checkout Session' },
  { method: 'GET', path: '/api/checkout/session/{id}', fn: 'checkout', access: 'user', summary: 'Outcome of an own checkout session (order id once paid)' },
  { method: 'POST', path: '/api/checkout/cancel/{id}', fn: 'checkout', access: 'user', summary: 'Give up an own checkout: expire the session, release the stock' },

  // webhooks: verified by signature, no user token
  { method: 'POST', path: '/api/webhooks/stripe', fn: 'webhooks', access: 'webhook', summary: 'Stripe events: completed (fulfil), expired (release)' },

  // admin: orders (collaborator: fulfilment) and payment keys (admin)
  { method: 'GET', path: '/api/admin/orders', fn: 'admin', access: 'collaborator', summary: 'All orders with user email, newest first' },
  { method: 'PATCH', path: '/api/admin/orders/{id}', fn: 'admin', access: 'collaborator', summary: 'Set status, tracking_number, tracking_url' },
  { method: 'GET', path: '/api/admin/payment-settings', fn: 'admin', access: 'admin', summary: 'Publishable key and whether a secret is set' },
  { method: 'PUT', path: '/api/admin/payment-settings', fn: 'admin', access: 'admin', summary: 'Save keys (secret to Secrets Manager; empty = unchanged)' },

  // admin: users and roles (spec 6: admin only)
  { method: 'GET', path: '/api/admin/users', fn: 'admin', access: 'admin', summary: 'Users with email, role, created_at, banned_until' },
  { method: 'PUT', path: '/api/admin/users/{id}/role', fn: 'admin', access: 'admin', summary: 'Promote to / demote from collaborator' },
  { method: 'POST', path: '/api/admin/users/{id}/ban', fn: 'admin', access: 'admin', summary: 'Ban: disable in Cognito, sign out, banned_until' },
  { method: 'POST', path: '/api/admin/users/{id}/unban', fn: 'admin', access: 'admin', summary: 'Unban: enable in Cognito, clear banned_until' },
];

/** The API Gateway route key of a route, e.g. 'GET /api/products/{id}'. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Routes whose token is checked by the API Gateway JWT authorizer (every non-public, non-webhook route). */
export function requiresAuthorizer(route: RouteDefinition): boolean {
  return route.access !== 'public' && route.access !== 'webhook';
}
