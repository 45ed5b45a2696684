/**
 * Roles and what each may do: the ONE place the back office's permissions are decided (the spec
 * leaves collaborator permissions open; this is our decision). Both sides derive from it:
 *  - the route table (shared/api/*): every admin route names the capability it needs, and its
 *    access level ('collaborator' or 'admin') is `levelFor(capability)`;
 *  - the SPA: the admin sidebar shows `sectionsFor(role)`, and the admin guard lets in only roles
 *    with at least one section.
 *
 * | Capability                                   | user | collaborator | admin |
 * |----------------------------------------------|------|--------------|-------|
 * | own cart, wishlist, profile, orders, reviews | yes  | yes          | yes   |
 * | catalogue: products, images, categories      |      | yes          | yes   |
 * | bundles, digital assets, inventory alerts    |      | yes          | yes   |
 * | comments moderation (approve, pin, reply)    |      | yes          | yes   |
 * | orders: list all, set status and tracking    |      | yes          | yes   |
 * | contact messages (read, mark answered),      |      | yes          | yes   |
 * |   the suppression list (read)                |      |              |       |
 * | lift an address from the suppression list    |      |              | yes   |
 * | refunds (money back, cancel and refund)      |      |              | yes   |
 * | sales summary (revenue, top products)        |      |              | yes   |
 * | subscription plans, discount codes, shipping |      |              | yes   |
 * | suppliers, automations (import, stock sync)  |      |              | yes   |
 * | payment keys                                 |      |              | yes   |
 * | users: list, roles, ban/unban                |      |              | yes   |
 *
 * Why: a collaborator runs the day-to-day shop (catalogue, moderation, fulfilment); money
 * (revenue, club prices, codes, shipping costs, payment keys), suppliers' credentials and people
 * stay with the admin. The principal admin (the account with the admin role, known by its user id;
 * the support email is only a contact address) can never be banned or
 * have its role changed.
 */
export type Role = 'user' | 'collaborator' | 'admin';

export const ROLE_RANK: Record<Role, number> = { user: 0, collaborator: 1, admin: 2 };

export const CAPABILITIES = [
  'own-account',
  'catalogue',
  'bundles',
  'digital-assets',
  'inventory-alerts',
  'comments',
  'orders',
  'messages',
  'suppressions',
  'refunds',
  'sales',
  'subscriptions',
  'discounts',
  'shipping',
  'suppliers',
  'automations',
  'payments',
  'users',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** What a collaborator may do (the admin may do everything). */
const COLLABORATOR: readonly Capability[] = [
  'own-account',
  'catalogue',
  'bundles',
  'digital-assets',
  'inventory-alerts',
  'comments',
  'orders',
  'messages',
];

/** True when `role` has `capability` (admin has every capability). */
export function can(role: Role, capability: Capability): boolean {
  if (role === 'admin') return true;
  if (role === 'collaborator') return COLLABORATOR.includes(capability);
  return capability === 'own-account';
}

/** Staff access levels of the route table. */
export type StaffLevel = 'collaborator' | 'admin';

/**
 * The lowest staff level that holds `capability`: the access level of every route needing it.
 * @example levelFor('comments') === 'collaborator'; levelFor('payments') === 'admin'
 */
export function levelFor(capability: Capability): StaffLevel {
  return can('collaborator', capability) ? 'collaborator' : 'admin';
}

/** Role from Cognito groups ('cognito:groups' claim): 'admin' wins over 'collaborator'; otherwise 'user'. */
export function roleFromGroups(groups: readonly string[]): Role {
  if (groups.includes('admin')) return 'admin';
  if (groups.includes('collaborator')) return 'collaborator';
  return 'user';
}

/** The lower of two roles (the effective role when the token and the profile disagree). */
export function lowerRole(a: Role, b: Role): Role {
  return ROLE_RANK[a] <= ROLE_RANK[b] ? a : b;
}

/** One section of the back office (a sidebar entry of the admin shell). */
export interface AdminSection {
  /** URL segment under /admin. */
  slug: string;
  /** Sidebar label (Italian). */
  label: string;
  /** The capability that opens the section. */
  capability: Capability;
}

/** The spec's 14 sections in its order, then 'Messaggi'; 'products' is the default. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { slug: 'products', label: 'Prodotti', capability: 'catalogue' },
  { slug: 'users', label: 'Utenti', capability: 'users' },
  { slug: 'orders', label: 'Ordini', capability: 'orders' },
  { slug: 'subscriptions', label: 'Abbonamenti', capability: 'subscriptions' },
  { slug: 'digital-assets', label: 'Asset Digitali', capability: 'digital-assets' },
  { slug: 'suppliers', label: 'Fornitori', capability: 'suppliers' },
  { slug: 'bundles', label: 'Bundle', capability: 'bundles' },
  { slug: 'comments', label: 'Commenti', capability: 'comments' },
  { slug: 'inventory-alerts', label: 'Avvisi Inventario', capability: 'inventory-alerts' },
  { slug: 'payments', label: 'Pagamenti', capability: 'payments' },
  { slug: 'shipping', label: 'Spedizioni', capability: 'shipping' },
  { slug: 'categories', label: 'Categorie', capability: 'catalogue' },
  { slug: 'discounts', label: 'Codici Sconto', capability: 'discounts' },
  { slug: 'automations', label: 'Automazioni', capability: 'automations' },
  { slug: 'messages', label: 'Messaggi', capability: 'messages' },
];

export type AdminSectionSlug = (typeof ADMIN_SECTIONS)[number]['slug'];

/** The sections `role` may open, in sidebar order (empty for a plain user). */
export function sectionsFor(role: Role): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => can(role, s.capability));
}

/** True when `role` may open the back office at all (has at least one section). */
export function canOpenBackOffice(role: Role): boolean {
  return sectionsFor(role).length > 0;
}
