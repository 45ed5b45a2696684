/**
 * The caller of a request, read from `event.requestContext.authorizer.jwt.claims` (filled by the
 * API Gateway JWT authorizer in the cloud and by the local adapter locally). Handlers never parse
 * tokens themselves.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { roleFromGroups, type Role } from '../../shared/permissions';
import { MFA_CLAIM, passedMfa } from '../../shared/mfa';

export type { Role };
export { roleFromGroups };

export interface Caller {
  /** Cognito sub (user id). */
  sub: string;
  email: string;
  /** Cognito groups ('admin', 'collaborator'). */
  groups: string[];
  /** Role derived from the groups: admin > collaborator > user. */
  role: Role;
  /** True when the token says the session passed a second factor (claim MFA_CLAIM, shared/mfa.ts). */
  mfa: boolean;
  /**
   * When the session authenticated (the token's `auth_time`, epoch seconds; a refreshed token
   * keeps its session's), or null when the token has none.
   */
  authTime: number | null;
}

/** The `auth_time` claim as epoch seconds (API Gateway passes claims as strings), or null. */
export function authTimeOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : null;
}

type ClaimValue = string | number | boolean | string[] | undefined;

/**
 * Parses the groups claim. API Gateway renders JWT array claims as '[a b]'; the local adapter
 * passes arrays through. Both shapes are accepted.
 */
export function parseGroups(value: ClaimValue): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  const trimmed = value.trim().replace(/^\[/, '').replace(/\]$/, '');
  return trimmed
    .split(/[\s,]+/)
    .map((g) => g.replace(/^"|"$/g, ''))
    .filter(Boolean);
}

/**
 * The caller of an HTTP API v2 event.
 * @returns the Caller, or null when the request carries no verified token
 */
export function callerFromEvent(event: APIGatewayProxyEventV2): Caller | null {
  const ctx = event.requestContext as APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, ClaimValue> } };
  };
  const claims = ctx.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (!claims || typeof sub !== 'string' || sub === '') return null;
  const groups = parseGroups(claims['cognito:groups']);
  return {
    sub,
    email: String(claims.email ?? ''),
    groups,
    role: roleFromGroups(groups),
    mfa: passedMfa(claims[MFA_CLAIM]),
    authTime: authTimeOf(claims.auth_time),
  };
}
