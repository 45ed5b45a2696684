/**
 * Roles and what each may do: the one place collaborator permissions are defined (spec 6 leaves
 * them open; this is our decision). The route table's access levels follow this table: routes for
 * a capability a collaborator has are level 'collaborator'; the others are 'admin'.
 *
 * | Capability                                   | user | collaborator | admin |
 * |----------------------------------------------|------|--------------|-------|
 * | own cart, wishlist, profile, orders          | yes  | yes          | yes   |
 * | catalogue: products, images, categories      |      | yes          | yes   |
 * | bundles, digital assets, inventory alerts    |      | yes          | yes   |
 * | comments moderation (approve, pin, reply)    |      | yes          | yes   |
 * | orders: list all, set status and tracking    |      | yes          | yes   |
 * | subscription plans, discount codes, shipping |      |              | yes   |
 * | suppliers, automations (import, stock sync)  |      |              | yes   |
 * | payment keys                                 |      |              | yes   |
 * | users: list, roles, ban/unban                |      |              | yes   |
 *
 * Why: a collaborator runs the day-to-day shop (catalogue, moderation, fulfilment); money
 * settings, prices of the club, suppliers' credentials and people stay with the admin.
 * The principal admin (the stage's support email) can never be banned or have its role changed.
 */
export type Role = 'user' | 'collaborator' | 'admin';

export const ROLE_RANK: Record<Role, number> = { user: 0, collaborator: 1, admin: 2 };

export type Capability =
  | 'own-account'
  | 'catalogue'
  | 'bundles'
  | 'digital-assets'
  | 'inventory-alerts'
  | 'comments'
  | 'orders'
  | 'subscriptions'
  | 'discounts'
  | 'shipping'
  | 'suppliers'
  | 'automations'
  | 'payments'
  | 'users';

const COLLABORATOR: readonly Capability[] = ['own-account', 'catalogue', 'bundles', 'digital-assets', 'inventory-alerts', 'comments', 'orders'];

/** True when `role` has `capability` (admin has every capability). */
export function can(role: Role, capability: Capability): boolean {
  if (role === 'admin') return true;
  if (role === 'collaborator') return COLLABORATOR.includes(capability);
  return capability === 'own-account';
}

/** The lower of two roles (the effective role when the token and the profile disagree). */
export function lowerRole(a: Role, b: Role): Role {
  return ROLE_RANK[a] <= ROLE_RANK[b] ? a : b;
}
