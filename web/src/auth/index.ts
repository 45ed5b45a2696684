/**
 * Public entry of the sign-in feature (web/src/auth: /login with sign-up, the emailed and TOTP
 * codes and password reset). The signed-in user's session, shared by every feature, is in
 * web/src/session.
 */

/** Loads the /login page's chunk: resolves to `{ default: LoginPage }` for React.lazy. */
export const loadLoginPage = () => import('./login-page').then((m) => ({ default: m.LoginPage }));
