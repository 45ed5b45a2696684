/**
 * Amplify Auth (v6) against the Cognito user pool of the current stage. The pool, client and
 * endpoint come from the runtime config: locally the endpoint points at cognito-local and the
 * sign-in flow is USER_PASSWORD_AUTH (the emulator has no SRP); in the cloud it is USER_SRP_AUTH.
 * Tokens live in localStorage (Amplify's default), so the session survives reloads and is shared
 * by every tab of the shop.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut, type JWT } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { getConfig, type AppConfig } from '../config';
import { roleFromGroups, type Role } from '../../../shared/permissions';
import { MFA_CLAIM, passedMfa } from '../../../shared/mfa';

/** Prefix of the localStorage keys Amplify keeps the Cognito tokens under. */
export { COGNITO_STORAGE_PREFIX } from './storage';

/** The signed-in user derived from the ID token. */
export interface TokenUser {
  sub: string;
  email: string;
  /** Role from the token's groups (display only: the server decides every permission). */
  role: Role;
  isAdmin: boolean;
  /** True when the session passed a second factor (token claim; staff need it for the back office). */
  mfa: boolean;
}

let configuredFor: string | null = null;

/**
 * Configures Amplify once for the given runtime config (later calls with the same pool are no-ops).
 * @returns false when the config carries no user pool (e.g. a static preview without the runtime)
 */
export function configureAmplify(config: AppConfig = getConfig()): boolean {
  if (!config.userPoolId || !config.userPoolClientId) return false;
  const key = `${config.userPoolId}|${config.userPoolClientId}|${config.cognitoEndpoint ?? ''}`;
  if (configuredFor === key) return true;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  configuredFor = key;
  return true;
}

/** The sign-in flow of this stage ('USER_PASSWORD_AUTH' locally, 'USER_SRP_AUTH' in the cloud). */
export function authFlowType(): AppConfig['authFlow'] {
  return getConfig().authFlow;
}

/**
 * Reads the user from an ID token's claims. Admin rights come only from the 'cognito:groups'
 * claim, never from comparing an email on the client.
 * @returns null when the token lacks a subject
 */
export function userFromIdToken(idToken: JWT | undefined): TokenUser | null {
  const payload = idToken?.payload;
  if (!payload || typeof payload.sub !== 'string') return null;
  const rawGroups = payload['cognito:groups'];
  const groups = Array.isArray(rawGroups) ? rawGroups.filter((g): g is string => typeof g === 'string') : [];
  const role = roleFromGroups(groups);
  return {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    role,
    isAdmin: role === 'admin',
    mfa: passedMfa(payload[MFA_CLAIM]),
  };
}

/**
 * The current Cognito session's user (Amplify refreshes expired tokens when it can).
 * @returns null when nobody is signed in, Amplify is not configured or the session cannot be read
 */
export async function readSessionUser(): Promise<TokenUser | null> {
  if (!configureAmplify()) return null;
  try {
    const session = await fetchAuthSession();
    return userFromIdToken(session.tokens?.idToken);
  } catch {
    return null;
  }
}

/**
 * The current ID token as a string, for `Authorization: Bearer` on API calls.
 * @returns null when signed out
 */
export async function currentIdToken(): Promise<string | null> {
  if (!configureAmplify()) return null;
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** Signs out of Amplify (tokens removed from storage). No-op when Amplify cannot be configured. */
export async function signOutAmplify(): Promise<void> {
  if (configureAmplify()) await signOut();
}

/** Calls `onChange` on Amplify's sign-in, sign-out and token events. @returns the unsubscribe function */
export function listenAuthEvents(onChange: () => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (['signedIn', 'signedOut', 'tokenRefresh', 'tokenRefresh_failure'].includes(payload.event)) onChange();
  });
}
