/**
 * The local JWT authorizer: verifies a Cognito token from cognito-local with jose against the
 * emulator's JWKS, like API Gateway's JWT authorizer (issuer, signature, expiry, and audience =
 * the app client via `aud` or `client_id`).
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { TokenVerifier } from './api-adapter';

/**
 * @param cognitoEndpoint e.g. 'http://localhost:9229'
 * @param userPoolId the local pool id
 * @param clientId the SPA app client id (the authorizer's audience)
 */
export function createTokenVerifier(cognitoEndpoint: string, userPoolId: string, clientId: string): TokenVerifier {
  const issuer = `${cognitoEndpoint}/${userPoolId}`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer });
      const audience = payload.aud ?? payload.client_id;
      const audiences = Array.isArray(audience) ? audience : [audience];
      if (!audiences.includes(clientId)) return null;
      return payload as Record<string, unknown>;
    } catch {
      return null;
    }
  };
}
