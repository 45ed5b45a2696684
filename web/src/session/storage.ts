/**
 * Where Amplify keeps the Cognito session (localStorage), readable without loading Amplify: the
 * session provider loads the Amplify chunk only when a session is stored or a sign-in starts, so
 * visitors never download it.
 */
export const COGNITO_STORAGE_PREFIX = 'CognitoIdentityServiceProvider.';

/** True when localStorage holds Cognito tokens (a session to restore). */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> = window.localStorage): boolean {
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(COGNITO_STORAGE_PREFIX)) return true;
  return false;
}
