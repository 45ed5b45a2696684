/**
 * Public entry of the sign-in feature (web/src/auth: /login with sign-up, the emailed and TOTP
 * codes and password reset). The router imports it: the page's chunk loader only. The signed-in
 * user's session, which every feature uses, is in web/src/session.
 */
import { pageLoader } from '../ui/page-loader';

/** Loads the /login page's chunk (prerendered: preloaded at boot): `{ default: LoginPage }`. */
export const loadLoginPage = pageLoader(() => import('./login-page').then((m) => ({ default: m.LoginPage })));
