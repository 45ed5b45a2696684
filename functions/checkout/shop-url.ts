/**
 * The shop origin for Stripe's success and cancel URLs. SHOP_URL when set (the local runtime
 * sets it; a stage with a custom domain sets it too); otherwise the browser's Origin header when it
 * is this stage's CloudFront domain (ALLOWED_ORIGIN_SUFFIX, default '.cloudfront.net'), since the
 * API stack cannot know the distribution's domain without a dependency cycle.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { badRequest } from '../lib/errors';

/** @throws AppError 400 when no trustworthy origin is known */
export function shopUrlFor(event: APIGatewayProxyEventV2): string {
  if (process.env.SHOP_URL) return process.env.SHOP_URL.replace(/\/$/, '');
  const origin = event.headers?.origin ?? '';
  const suffix = process.env.ALLOWED_ORIGIN_SUFFIX ?? '.cloudfront.net';
  try {
    const url = new URL(origin);
    if (url.protocol === 'https:' && url.hostname.endsWith(suffix)) return url.origin;
  } catch { /* fall through */ }
  throw badRequest("Origine della richiesta non riconosciuta.", 'origin');
}
