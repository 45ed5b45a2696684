/**
 * Every API request must come through the shop's CloudFront distribution, which adds the stage's
 * origin-verify header to each request it forwards to the API (web stack, the `/api/*` origin's
 * custom header). The value is a per-stage Secrets Manager secret (`aurum-origin-verify-<stage>`,
 * JSON `{ "current": "…", "previous": "…" }`); a request without it, or with another value, was sent
 * to the API's own endpoint around the distribution (and its WAF limits) and is refused with 403
 * before any route runs.
 *
 * Where: here, in the shared middleware of every API function (context-handler.ts), not in an
 * authorizer: an HTTP API route has one authorizer, and the protected routes already use the
 * Cognito JWT authorizer. Cost: one GetSecretValue per container every ORIGIN_VERIFY_CACHE_SECONDS
 * (Secrets Manager bills 0.05 USD per 10,000 calls) and one string comparison per request.
 *
 * Rotation: a new value goes into `current` and the old one into `previous`, then the web stack is
 * deployed with `-c originVerifyVersion=<the new version id>` (CloudFormation re-reads a secret only
 * when the property that names it changes); both values are accepted until the next rotation.
 */
import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_MSG } from '../../shared/messages/api-messages';
import { forbidden } from './errors';
import { readSecret } from './secret-store';

/** The header CloudFront adds (lower case, as API Gateway's payload v2 gives header names). */
export const ORIGIN_VERIFY_HEADER = 'x-aurum-origin-verify';

/** Environment variable naming the origin-verify secret (every API function gets it from the stacks). */
export const ORIGIN_VERIFY_SECRET_ENV = 'ORIGIN_VERIFY_SECRET_ID';

/** How long a container reuses the values it read, seconds. */
export const ORIGIN_VERIFY_CACHE_SECONDS = 300;

/** The secret's JSON: the value CloudFront sends now, and the one it sent before the last rotation. */
export interface OriginVerifySecret {
  current: string;
  previous?: string;
}

/** The accepted values of a secret's text (empty when it is not the expected JSON). */
export function acceptedValues(text: string | null): string[] {
  if (!text) return [];
  try {
    const secret = JSON.parse(text) as Partial<OriginVerifySecret>;
    return [secret.current, secret.previous].filter((v): v is string => typeof v === 'string' && v.length > 0);
  } catch {
    return [];
  }
}

function sameValue(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Refuses a request that did not pass the distribution. Does nothing for a function without
 * ORIGIN_VERIFY_SECRET_ID (unit tests of handlers; every deployed API function has it, a CDK test
 * pins that). A value that matches none of the cached ones is checked once more against a fresh
 * read, so a rotation is seen at once.
 * @param event the API Gateway payload v2 event
 * @throws AppError 403 (API_MSG.notThroughShop) when the header is missing or wrong
 */
export async function assertFromDistribution(event: Pick<APIGatewayProxyEventV2, 'headers'>): Promise<void> {
  const secretId = process.env[ORIGIN_VERIFY_SECRET_ENV];
  if (!secretId) return;
  const sent = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (!sent) throw forbidden(API_MSG.notThroughShop);
  const matches = async (forceFetch: boolean) =>
    acceptedValues(await readSecret(secretId, { maxAge: ORIGIN_VERIFY_CACHE_SECONDS, forceFetch })).some((v) =>
      sameValue(v, sent),
    );
  if ((await matches(false)) || (await matches(true))) return;
  throw forbidden(API_MSG.notThroughShop);
}
