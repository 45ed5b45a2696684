/**
 * The shop's pages the emails link to, as absolute URLs on the stage's origin (an email is read
 * outside the shop, so every link carries the origin).
 */
const at = (origin: string, path: string) => `${origin.replace(/\/+$/, '')}${path}`;

export const EMAIL_LINKS = {
  /** The customer's orders (and downloads) in the profile. */
  orders: (origin: string) => at(origin, '/profile'),
  /** The customer's Aurum Club membership in the profile. */
  club: (origin: string) => at(origin, '/profile?tab=abbonamenti'),
  /** The club's plans. */
  premium: (origin: string) => at(origin, '/premium'),
  terms: (origin: string) => at(origin, '/legal/termini-e-condizioni'),
  returns: (origin: string) => at(origin, '/legal/politica-di-reso'),
  privacy: (origin: string) => at(origin, '/legal/privacy-policy'),
  login: (origin: string) => at(origin, '/login'),
  /** /login opened on 'Password dimenticata?' (the password reset). */
  passwordReset: (origin: string) => at(origin, '/login?reset=1'),
  /** The back office's orders. */
  adminOrders: (origin: string) => at(origin, '/admin/orders'),
  /** The back office's inventory alerts (sold out and low stock). */
  adminInventory: (origin: string) => at(origin, '/admin/inventory-alerts'),
  /** The back office's messages. */
  adminMessages: (origin: string) => at(origin, '/admin/messages'),
  /** The page that confirms a newsletter sign-up (the token is the link's only credential). */
  newsletterConfirm: (origin: string, token: string) =>
    at(origin, `/newsletter/conferma?token=${encodeURIComponent(token)}`),
  /** The page that unsubscribes from the newsletter. */
  newsletterUnsubscribe: (origin: string, token: string) =>
    at(origin, `/newsletter/disiscrizione?token=${encodeURIComponent(token)}`),
  /** RFC 8058 one-click target: the API route a mail client POSTs `List-Unsubscribe=One-Click` to. */
  newsletterOneClick: (origin: string, token: string) =>
    at(origin, `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`),
} as const;
