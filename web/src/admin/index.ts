/** Public entry of the back office (web/src/admin: its layout, theme and sections). */

/** Loads the back office's chunk (/admin and below): `{ default: AdminApp }` for React.lazy. */
export const loadAdminApp = () => import('./admin-app');
