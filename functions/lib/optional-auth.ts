/**
 * Optional sign-in on public routes. API Gateway runs the JWT authorizer only on routes that have
 * one, and a public route must answer visitors too, so it has none: there, when the request
 * carries a bearer token, the function verifies it itself (jose against the user pool's JWKS;
 * issuer JWT_ISSUER, audience USER_POOL_CLIENT_ID) so members see their tier products. An invalid
 * or expired token on a public route means "visitor", never an error.
 */
import type { JWTVerifyGetKey } from 'jose';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller } from './caller';
import { authTimeOf, parseGroups, roleFromGroups } from './caller';
import { MFA_CLAIM, passedMfa } from '../../shared/mfa';

let jwks: { issuer: string; getKey: JWTVerifyGetKey } | null = null;

// jose is imported with the first bearer token: a visitor's request (most public traffic) never loads it.
function keySet(issuer: string, createRemoteJWKSet: typeof import('jose').createRemoteJWKSet): JWTVerifyGetKey {
  if (!jwks || jwks.issuer !== issuer)
    jwks = { issuer, getKey: createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)) };
  return jwks.getKey;
}

/**
 * Verifies the request's bearer token, if any.
 * @returns the caller, or null (no token, invalid token, or no issuer configured)
 */
export async function callerFromBearer(event: APIGatewayProxyEventV2): Promise<Caller | null> {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const issuer = process.env.JWT_ISSUER;
  const clientId = process.env.USER_POOL_CLIENT_ID;
  if (!header || !issuer || !clientId) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  if (!token) return null;
  try {
    const { createRemoteJWKSet, jwtVerify } = await import('jose');
    const { payload } = await jwtVerify(token, keySet(issuer, createRemoteJWKSet), { issuer });
    const aud = payload.aud ?? payload.client_id;
    if (!(Array.isArray(aud) ? aud : [aud]).includes(clientId)) return null;
    if (typeof payload.sub !== 'string') return null;
    const groups = parseGroups(payload['cognito:groups'] as string[] | undefined);
    return {
      sub: payload.sub,
      email: String(payload.email ?? ''),
      groups,
      role: roleFromGroups(groups),
      mfa: passedMfa(payload[MFA_CLAIM]),
      authTime: authTimeOf(payload.auth_time),
    };
  } catch {
    return null;
  }
}
