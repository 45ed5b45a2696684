/**
 * Resource definitions shared by the CDK stacks (infra/stacks) and the local runtime
 * (infra/local), so both stand up the same things: bucket names, user pool settings and groups.
 * Stage names come from infra/stage.ts.
 */
export { TABLE, tableName } from '../functions/data/table-definition';
import { PASSWORD_POLICY } from '../shared/password-policy';

/** Buckets; physical names are `${baseName}-${stage}` (plus account in the cloud for global uniqueness). */
export const BUCKETS = {
  /** Product and bundle images; served publicly through CloudFront under /media/*. Keys: products/{productId}/{timestamp-random}.{ext}. */
  images: { baseName: 'aurum-product-images' },
  /** Digital products (planners, meal plans); private, presigned GET after purchase. Keys: digital_assets/{timestamp}-{name}.{ext}. */
  files: { baseName: 'aurum-product-files' },
  /**
   * The product search indexes; private, never served (the `all` index holds tier-restricted
   * products). Keys: products/public.json, products/all.json (functions/data/search-index-repository.ts).
   */
  search: { baseName: 'aurum-search-index' },
  /**
   * The SPA (web stack), served by CloudFront's default behaviour: the build's files, and the
   * documents the publish step writes under published/ (functions/publish/product-pages.ts, category-pages.ts, home-page.ts, legal-pages.ts).
   */
  web: { baseName: 'aurum-web' },
} as const;

/**
 * Name of the SSM parameter holding the exact shop origin of a stage (`https://<custom domain>` or
 * `https://<distribution>.cloudfront.net`), written by the web stack, read by the checkout function
 * for Stripe's return URLs and its Origin check (functions/lib/shop-url.ts).
 */
export function shopOriginParameterName(stage: string): string {
  return `/aurum/${stage}/shop-origin`;
}

/**
 * Name of the SSM parameter holding, as JSON, where the publish step tells CloudFront about the
 * pages it published (functions/publish/edge.ts): `{ "keyValueStoreArn": "...", "distributionId": "..." }`,
 * written by the web stack (the store and the distribution are created there, after the publish
 * function's stack).
 */
export function publishedPagesParameterName(stage: string): string {
  return `/aurum/${stage}/published-pages`;
}

/** Admin notifications topic (SNS); physical name `${baseName}-${stage}`. */
export const NOTIFICATIONS_TOPIC = { baseName: 'aurum-notifications' } as const;

/**
 * Secret holding the payment keys (`{ stripe_secret_key, stripe_webhook_secret }`, functions/lib/secrets.ts);
 * name `${baseName}-${stage}`, created holding `{}` (payments not configured).
 */
export const PAYMENT_SECRET = { baseName: 'aurum-payment' } as const;

/** Secret holding the suppliers' stock API keys (`{ supplierId: key }`); name `${baseName}-${stage}`, created holding `{}`. */
export const SUPPLIER_SECRET = { baseName: 'aurum-supplier-keys' } as const;

/**
 * Secret holding the origin-verify value CloudFront adds to every API request
 * (`{ current, previous }`, functions/lib/origin-verify.ts); name `${baseName}-${stage}`, generated.
 */
export const ORIGIN_VERIFY_SECRET = { baseName: 'aurum-origin-verify' } as const;

/**
 * Environment of the automations function and the stock-sync job, on top of FUNCTION_ENV.
 * IMPORT_ALLOW_LOOPBACK ('1') is set by the local runtime only (its fake supplier is on 127.0.0.1);
 * no cloud function ever gets it (the CDK test checks).
 */
export const AUTOMATIONS_ENV = {
  topicArn: 'NOTIFICATIONS_TOPIC_ARN',
  supplierSecretId: 'SUPPLIER_SECRET_ID',
  stockSyncFunction: 'STOCK_SYNC_FUNCTION_NAME',
  allowLoopback: 'IMPORT_ALLOW_LOOPBACK',
} as const;

/**
 * The stock-sync job's rate: `-c stockSyncRate=...` in CDK, STOCK_SYNC_RATE in the local runtime,
 * else the SCHEDULED_JOBS default ('rate(1 hour)').
 */
export const STOCK_SYNC_RATE_ENV = 'STOCK_SYNC_RATE';

/**
 * Milliseconds of an EventBridge rate expression, e.g. 'rate(1 hour)' -> 3600000.
 * @throws Error for anything but `rate(N minute[s]|hour[s]|day[s])` with N >= 1
 */
export function rateToMs(expression: string): number {
  const m = /^rate\((\d+) (minute|hour|day)(s?)\)$/.exec(expression.trim());
  const n = Number(m?.[1]);
  // EventBridge wants the singular unit for 1 and the plural otherwise.
  if (!m || n < 1 || (n === 1) !== (m[3] === '')) throw new Error(`not a rate expression: ${expression}`);
  return n * (m[2] === 'minute' ? 60_000 : m[2] === 'hour' ? 3_600_000 : 86_400_000);
}

/** Public URL prefix of the images bucket on the shop origin (CloudFront behaviour / local proxy). */
export { MEDIA_PATH_PREFIX } from '../functions/lib/media';

/** Cognito user pool (email sign-in, the staff groups, MFA). */
export const USER_POOL = {
  baseName: 'aurum-users',
  clientBaseName: 'aurum-web',
  /** Cognito groups; the role of a user is the highest group it belongs to. */
  groups: [
    { name: 'admin', description: 'Amministratore: tutte le schermate admin', precedence: 0 },
    { name: 'collaborator', description: 'Collaboratore: gestione catalogo e ordini', precedence: 1 },
  ],
  passwordPolicy: PASSWORD_POLICY,
  /**
   * The only user attributes the SPA's app client may write (sign-up sends the email; nothing
   * else is edited by users). `phone_number` is not one of them: SMS codes go only to numbers an
   * administrator sets (create-admin), so no user can make the shop pay for SMS to a number of
   * its choice (SMS pumping). The local Cognito's proxy refuses other attributes as Cognito does.
   */
  clientWriteAttributes: ['email'],
  /** Token lifetimes (minutes). Locally longer, since cognito-local cannot refresh after MFA. */
  accessTokenMinutes: 60,
  idTokenMinutes: 60,
  localTokenMinutes: 24 * 60,
  refreshTokenDays: 30,
} as const;

/** Functions environment variable names (set by CDK and by the local runtime). */
export const FUNCTION_ENV = {
  tableName: 'TABLE_NAME',
  imagesBucket: 'IMAGES_BUCKET',
  filesBucket: 'FILES_BUCKET',
  searchBucket: 'SEARCH_BUCKET',
  webBucket: 'WEB_BUCKET',
  supportEmail: 'SUPPORT_EMAIL',
  userPoolId: 'USER_POOL_ID',
  /** SPA app client id: the audience of tokens verified on public routes (optional-auth). */
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Server-only app client (ADMIN_USER_PASSWORD_AUTH) that checks a password typed again. */
  passwordCheckClientId: 'PASSWORD_CHECK_CLIENT_ID',
  /** Token issuer (https://cognito-idp.{region}.amazonaws.com/{poolId}); its JWKS verifies optional tokens. */
  jwtIssuer: 'JWT_ISSUER',
  stage: 'STAGE',
  /** The stage's seller and email settings, JSON (shared/stage-settings.ts StageSettings). */
  stageSettings: 'STAGE_SETTINGS',
} as const;
