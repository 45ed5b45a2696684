/**
 * The shop's security headers, defined once for the CloudFront response headers policies (web
 * stack) and the local origin (infra/local/origin/web-server.ts), so the local runtime sends what a
 * stage sends:
 *  - every SPA file, /config.json and the API: HSTS, nosniff, frame DENY, the referrer policy, the
 *    Permissions-Policy and a Content-Security-Policy whose scripts come only from the shop itself
 *    and js.stripe.com (no inline script);
 *  - /media (the images bucket, files uploaded through the back office): its own restrictive
 *    policy, so even a file that got past the upload checks can never run script on the shop's
 *    origin (no script, no plugins, a sandbox, not framable, not readable by other sites).
 */

/** HSTS max-age, seconds (a year). */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** Permissions-Policy: no camera, microphone or geolocation for anything on the shop. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/** Referrer-Policy of every answer. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** What the shop's pages connect to besides their own origin. */
export interface CspSources {
  /** The Cognito endpoint (cloud: `https://cognito-idp.<region>.amazonaws.com`). */
  cognito: string;
  /** Origins of the presigned uploads (the images and files buckets). */
  uploadOrigins: string[];
}

/**
 * Content-Security-Policy of the shop: own origin, data:/blob: images, Cognito, presigned uploads
 * to the data buckets, and Stripe (js.stripe.com, checkout).
 */
export function contentSecurityPolicy(sources: CspSources): string {
  return [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com",
    // MUI/emotion inject <style> elements at runtime.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${sources.cognito} ${sources.uploadOrigins.join(' ')} https://api.stripe.com`,
    'frame-src https://checkout.stripe.com https://js.stripe.com',
    "form-action 'self' https://checkout.stripe.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The security headers of every SPA file, /config.json and API answer (lower-case names). */
export function securityHeaders(sources: CspSources): Record<string, string> {
  return {
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    'content-security-policy': contentSecurityPolicy(sources),
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/**
 * Content-Security-Policy of /media: nothing may load or run from a media file opened on its own
 * (an SVG or HTML file would find no script, style or plugin allowed, and a sandbox without
 * scripts), and no page may frame it.
 */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; sandbox; frame-ancestors 'none'";

/** The headers of /media answers (lower-case names). */
export const MEDIA_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': REFERRER_POLICY,
  'content-security-policy': MEDIA_CONTENT_SECURITY_POLICY,
  // only the shop's own pages (and browsers opening the image) may use it
  'cross-origin-resource-policy': 'same-origin',
};
