/**
 * The environment the functions get in the local runtime: the same variables the CDK stacks give
 * them (table, buckets, user pool, stage, secret ARNs), the AWS SDK's standard endpoint variables
 * pointing each service at its stand-in, and the local-only settings (the fake Stripe's API base, the shop's own
 * URL, loopback allowed for the fake supplier).
 */
import { AUTOMATIONS_ENV, BUCKETS, FUNCTION_ENV, NOTIFICATIONS_TOPIC, tableName } from '../definitions';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws';
import { LOCAL_STOCK_SYNC_FUNCTION } from './stand-ins/lambda';
import { PAYMENT_SECRET_ENV } from '../stacks/function-permissions';
import { ORIGIN_VERIFY_SECRET_ENV } from '../../functions/lib/origin-verify';
import { LOCAL_REQUEST_TIMEOUT_ENV } from '../../functions/lib/aws-client-config';
import { LOCAL_AWS_REQUEST_TIMEOUT_MS } from './process-defaults';
import { defaultStageSettings } from '../../shared/stage-settings';

/** The local runtime's stage name (resource names end in `-local`). */
export const LOCAL_STAGE = 'local';

/** The local stage's seller and email settings: the demo values (clearly fictitious). */
export const LOCAL_STAGE_SETTINGS = defaultStageSettings(DEFAULT_SUPPORT_EMAIL);

/** Endpoints of the stand-ins and the local names the functions need. */
export interface FunctionsEnvironmentArgs {
  dynamodb: string;
  s3: string;
  cognito: string;
  userPoolId: string;
  userPoolClientId: string;
  shopUrl: string;
  stripe: string;
  sns: string;
  lambda: string;
  secretsManager: string;
  /** MailDev's SMTP URL (the functions' email transport). */
  smtp: string;
  /** The ARNs of the stage's secrets (bootstrap.ts ensureSecrets). */
  secrets: { payment: string; supplierKeys: string; originVerify: string };
}

/** The environment the functions get: table, buckets, and the SDK's standard endpoint variables. */
export function functionsEnvironment(args: FunctionsEnvironmentArgs): Record<string, string> {
  return {
    // As the stacks give them (function-grants.ts, automations.ts): the secrets' ARNs.
    [PAYMENT_SECRET_ENV]: args.secrets.payment,
    [AUTOMATIONS_ENV.supplierSecretId]: args.secrets.supplierKeys,
    [ORIGIN_VERIFY_SECRET_ENV]: args.secrets.originVerify,
    // Local stage only: the fake supplier listens on 127.0.0.1 (safe-fetch refuses loopback otherwise).
    [AUTOMATIONS_ENV.allowLoopback]: '1',
    [AUTOMATIONS_ENV.topicArn]: `arn:aws:sns:${LOCAL_REGION}:000000000000:${NOTIFICATIONS_TOPIC.baseName}-${LOCAL_STAGE}`,
    [AUTOMATIONS_ENV.stockSyncFunction]: LOCAL_STOCK_SYNC_FUNCTION,
    AWS_ENDPOINT_URL_SNS: args.sns,
    AWS_ENDPOINT_URL_LAMBDA: args.lambda,
    STRIPE_API_BASE: args.stripe,
    SHOP_URL: args.shopUrl,
    [FUNCTION_ENV.tableName]: tableName(LOCAL_STAGE),
    [FUNCTION_ENV.imagesBucket]: `${BUCKETS.images.baseName}-${LOCAL_STAGE}`,
    [FUNCTION_ENV.filesBucket]: `${BUCKETS.files.baseName}-${LOCAL_STAGE}`,
    [FUNCTION_ENV.searchBucket]: `${BUCKETS.search.baseName}-${LOCAL_STAGE}`,
    [FUNCTION_ENV.webBucket]: `${BUCKETS.web.baseName}-${LOCAL_STAGE}`,
    [FUNCTION_ENV.supportEmail]: DEFAULT_SUPPORT_EMAIL,
    // the local runtime's clearly fictitious seller (a cloud stage needs its real one: stage-settings.ts)
    [FUNCTION_ENV.userPoolId]: args.userPoolId,
    [FUNCTION_ENV.userPoolClientId]: args.userPoolClientId,
    // one local app client: it also enables ADMIN_USER_PASSWORD_AUTH (the cloud's password-check client)
    [FUNCTION_ENV.passwordCheckClientId]: args.userPoolClientId,
    [FUNCTION_ENV.jwtIssuer]: `${args.cognito}/${args.userPoolId}`,
    [FUNCTION_ENV.stage]: LOCAL_STAGE,
    // The demo seller and sender (clearly fictitious), as a stage's settings come from CDK.
    [FUNCTION_ENV.stageSettings]: JSON.stringify(LOCAL_STAGE_SETTINGS),
    // Local only: email goes over SMTP to MailDev instead of SES (functions/streams/email-transport.ts).
    SMTP_URL: args.smtp,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: args.dynamodb,
    AWS_ENDPOINT_URL_S3: args.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: args.cognito,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: args.secretsManager,
    S3_FORCE_PATH_STYLE: '1',
    // Local only: 10 s for each AWS SDK attempt's answer instead of 2 s (aws-client-config.ts says why).
    [LOCAL_REQUEST_TIMEOUT_ENV]: String(LOCAL_AWS_REQUEST_TIMEOUT_MS),
    POWERTOOLS_DEV: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
  };
}
