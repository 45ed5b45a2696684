/**
 * What each Lambda function may touch: the ONE place its grants are declared (least
 * privilege per function). Every bundle (API context, scheduled job, Cognito trigger) has an
 * entry; the type makes a missing entry a compile error, so a new function cannot ship without one.
 *
 * Used by
 *  - the CDK stacks (function-grants.ts turns an entry into IAM statements and environment), and
 *  - the local runtime, which enforces the same entries on every AWS SDK call a function makes
 *    (infra/local/gateway/iam-guard.ts: DynamoDB, S3, Cognito, Secrets Manager), so a missing grant fails locally and in the
 *    tests the way it would fail in the cloud (AccessDeniedException), naming this file.
 *
 * Adding a function: add its name to FUNCTION_NAMES (the route table) or its row to
 * functions/triggers.ts (TRIGGER_FUNCTIONS, SCHEDULED_JOBS, STREAM_CONSUMERS, EVENT_CONSUMERS), then an
 * entry here with only what its code uses, then its row in the template test's EXPECTED_GRANTS
 * (infra/test/cdk-app.test.ts, written by hand from what the function is for).
 * DynamoDB transactions need the actions of their parts (a TransactWriteItems with a Put and an
 * Update needs PutItem and UpdateItem); a Query on a GSI needs the index in `indexes`.
 */
import type { FunctionName } from '../../shared/api/route';
import type {
  EventConsumerName,
  ScheduledJobName,
  StreamConsumerName,
  TriggerFunctionName,
} from '../../functions/triggers';

/** DynamoDB item actions on the stage's table. Scan is deliberately not one of them. */
export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem'
  | 'ConditionCheckItem';

/** GSIs of the table (functions/data/table-definition.ts). */
export type IndexName = 'GSI1' | 'GSI2' | 'GSI3' | 'GSI4' | 'GSI5';

/** The buckets (infra/definitions.ts BUCKETS): images, digital files, search indexes, the SPA. */
export type BucketKey = 'images' | 'files' | 'search' | 'web';

/** S3 object actions. */
export type ObjectAction = 'GetObject' | 'PutObject' | 'DeleteObject';

/** Access to a secret: GetSecretValue, or GetSecretValue and PutSecretValue. */
export type SecretAccess = 'read' | 'readWrite';

/** Cognito user pool actions (admin API) on the stage's pool. */
export type CognitoAction =
  | 'AdminGetUser'
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'AdminUserGlobalSignOut'
  | 'AdminAddUserToGroup'
  | 'AdminRemoveUserFromGroup'
  | 'AdminInitiateAuth'
  | 'AdminDeleteUser'
  | 'AdminUpdateUserAttributes'
  | 'AdminDeleteUserAttributes'
  | 'AdminCreateUser'
  | 'AdminConfirmSignUp'
  | 'AdminSetUserPassword';

/** The grants of one function. Leave a field out when the function does not use it. */
export interface FunctionPermissions {
  /** Item actions on the stage's table. */
  table?: readonly TableAction[];
  /** GSIs it queries (dynamodb:Query on `<table>/index/<name>`). */
  indexes?: readonly IndexName[];
  /**
   * Object actions per data bucket (on `<bucket>/*`). HeadObject needs GetObject, DeleteObjects
   * needs DeleteObject; a presigned POST is signed with the role, so the upload needs PutObject.
   */
  buckets?: Readonly<Partial<Record<BucketKey, readonly ObjectAction[]>>>;
  /** Buckets it lists by prefix (s3:ListBucket on the bucket itself). */
  listBuckets?: readonly BucketKey[];
  /** The payment secret (Stripe keys, Secrets Manager); the function gets PAYMENT_SECRET_ID. */
  paymentSecret?: SecretAccess;
  /**
   * The suppliers' API keys secret (Secrets Manager), created by the Automations construct
   * (automations.ts), which grants it and gives the function SUPPLIER_SECRET_ID.
   */
  supplierSecret?: SecretAccess;
  /**
   * The origin-verify secret (read): every API function checks that a request came through the
   * distribution (functions/lib/origin-verify.ts); the function gets ORIGIN_VERIFY_SECRET_ID.
   */
  originVerifySecret?: 'read';
  /** Cognito actions on the stage's user pool. */
  cognito?: readonly CognitoAction[];
  /** Reads the shop origin parameter (SSM) the web stack writes; the function gets SHOP_ORIGIN_PARAMETER. */
  shopOrigin?: boolean;
  /**
   * Raises operator alerts (functions/lib/alerts.ts), which publish to the notifications topic:
   * sns:Publish on it and NOTIFICATIONS_TOPIC_ARN, given by the Automations construct that owns the
   * topic (automations.ts).
   */
  alerts?: boolean;
  /**
   * Sends email through the stage's SES identity in its configuration set (ses:SendEmail on both);
   * the function gets EMAIL_CONFIGURATION_SET.
   */
  sendEmail?: boolean;
  /**
   * Tells CloudFront about published pages (functions/publish/edge.ts): reads the published pages
   * parameter (SSM, ssm:GetParameter; the function gets PUBLISHED_PAGES_PARAMETER). The web stack,
   * which owns the KeyValueStore and the distribution, grants the rest on exactly those two
   * (cloudfront-keyvaluestore:DescribeKeyValueStore and UpdateKeys, cloudfront:CreateInvalidation;
   * web-stack.ts grantPublishedPages).
   */
  publishedPages?: boolean;
}

/** Every deployed bundle: API contexts, scheduled jobs, Cognito triggers, stream consumers. */
export type BundleName = FunctionName | ScheduledJobName | TriggerFunctionName | StreamConsumerName | EventConsumerName;

const READ = ['GetItem', 'BatchGetItem', 'Query'] as const satisfies readonly TableAction[];

export const FUNCTION_PERMISSIONS = {
  // Public catalogue: reads products, categories, bundles, plans, comments (collections on GSI1,
  // a category with its products on GSI2, the premium showcase on GSI5). Never writes.
  // The shopper's search reads the search indexes (GetObject; conditional, to see a newer one).
  catalog: {
    originVerifySecret: 'read',
    table: READ,
    indexes: ['GSI1', 'GSI2', 'GSI5'],
    buckets: { search: ['GetObject'] },
  },
  // The caller's profile (created on first call), billing data, addresses and orders (an order's
  // receipt finds it by id on GSI2, AP19); presigned downloads of the digital files the caller
  // bought (admin-catalog reads it too, for the assets it manages). 'Elimina account': the password checked by a
  // server-side sign-in, open checkouts released and the club subscription cancelled at Stripe
  // (payment key; open checkouts on GSI2), the data erased (BatchWriteItem; the caller's reviews
  // on GSI1), the Cognito user signed out and deleted. Sign-up: the user created, looked up and
  // confirmed on the server (the pool allows no self sign-up), its pending code item (AP135-AP137).
  account: {
    originVerifySecret: 'read',
    table: [...READ, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    indexes: ['GSI1', 'GSI2'],
    buckets: { files: ['GetObject'] },
    paymentSecret: 'read',
    cognito: [
      'AdminInitiateAuth',
      'AdminUserGlobalSignOut',
      'AdminDeleteUser',
      // Sign-up: the account created without a Cognito email, looked up, confirmed by the shop's code.
      'AdminCreateUser',
      'AdminGetUser',
      'AdminConfirmSignUp',
      'AdminSetUserPassword',
      'AdminUpdateUserAttributes',
    ],
  },
  // Cart lines, applied discount code and wishlist of the caller; catalogue reads for prices and
  // stock, the shipping methods priced for the cart (GSI1) and a discount code by its text (GSI2).
  cart: {
    originVerifySecret: 'read',
    table: [...READ, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    indexes: ['GSI1', 'GSI2'],
  },
  // Checkout: reserves stock and records the reservation in one transaction, abandons the caller's
  // open checkouts (GSI2; a session found paid is fulfilled: order put, cart lines deleted), creates
  // the Stripe session (secret key) with return URLs on the shop's own origin (SSM parameter);
  // the customer's cancellation and withdrawal (order, 'Recessi' queue entry and email job in one
  // transaction).
  checkout: {
    originVerifySecret: 'read',
    table: [...READ, 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['GSI2'],
    paymentSecret: 'read',
    shopOrigin: true,
    alerts: true,
  },
  // Stripe webhooks: verify the signature (webhook secret), turn a reservation into an order
  // (transaction: put order, update reservation and stock, delete cart lines; first a BatchGetItem
  // of which products the stock sync maintains) or release it.
  // No queries, no Cognito, no buckets.
  webhooks: {
    originVerifySecret: 'read',
    table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    paymentSecret: 'read',
    alerts: true,
  },
  // Back office: orders (GSI1 list and sales window, GSI2 by short id, GSI3 by status), users (GSI1;
  // GSI2 by email; ban/unban and roles also in Cognito), plans and discount tiers (transactions),
  // discount codes (with their unique-text claims), shipping methods, payment keys (and 'Verifica'
  // at Stripe), audit trail; refunds and withdrawals ('Recessi' queue: Query, then the orders).
  admin: {
    originVerifySecret: 'read',
    table: [...READ, 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['GSI1', 'GSI2', 'GSI3'],
    paymentSecret: 'readWrite',
    alerts: true,
    cognito: [
      'AdminDisableUser',
      'AdminEnableUser',
      'AdminUserGlobalSignOut',
      'AdminAddUserToGroup',
      'AdminRemoveUserFromGroup',
      // a staff member's phone number (SMS codes), set and removed by the admin only
      'AdminUpdateUserAttributes',
      'AdminDeleteUserAttributes',
    ],
  },
  // Back office catalogue: products (GSI3 by name, GSI4 stock alerts, GSI1 collections, GSI2 a
  // category's products and the carts/wishlists holding an item), categories, bundles, digital
  // assets, comment moderation (GSI3 by id); saves are transactions with condition checks; a
  // deleted product leaves carts and wishlists (BatchWriteItem). Uploads by presigned POST to both
  // buckets (signed with this role: PutObject), removed images and files deleted, file sizes read
  // (HeadObject: GetObject), a deleted product's or bundle's image folder listed.
  'admin-catalog': {
    originVerifySecret: 'read',
    table: [...READ, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'],
    indexes: ['GSI1', 'GSI2', 'GSI3', 'GSI4'],
    buckets: {
      images: ['GetObject', 'PutObject', 'DeleteObject'],
      files: ['GetObject', 'PutObject', 'DeleteObject'],
      search: ['GetObject'],
    },
    listBuckets: ['images'],
  },
  // Automations API: suppliers (GSI1 by name; shipping method names) and their API keys (the
  // supplier secret, read and written), product import (product and its page link in one
  // transaction; re-import updates it), stock-sync start (lock and run items) and runs (GSI1);
  // imported images stored in the images bucket (replaced ones deleted). Its SNS and job-invoke
  // grants come with the Automations construct (automations.ts).
  automations: {
    originVerifySecret: 'read',
    table: [...READ, 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    indexes: ['GSI1'],
    buckets: { images: ['PutObject', 'DeleteObject'] },
    supplierSecret: 'readWrite',
  },
  // The stock-sync job: linked products and open reservations (GSI1), conditional stock writes,
  // the run record and its lock, the suppliers' API keys (read). No S3, no payment secret, no
  // Cognito; SNS comes with the Automations construct.
  'stock-sync': {
    table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['GSI1'],
    supplierSecret: 'read',
  },
  // Sweep of expired reservations (GSI1): expires the session at Stripe, releases or fulfils.
  'release-reservations': {
    table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['GSI1'],
    paymentSecret: 'read',
    alerts: true,
  },
  // The payments reconciliation: what the webhook writes for a session, a refund or a membership
  // Stripe has and the shop does not (fulfilment markers by BatchGetItem), the pending refunds'
  // queue (Query on its partition, AP147), the club withdrawals (GSI1, AP132) and their steps.
  'reconcile-payments': {
    table: [...READ, 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['GSI1'],
    paymentSecret: 'read',
    alerts: true,
  },
  // Lifts ended bans: the banned users by ban end (GSI3 BANS), the ban cleared on the profile
  // (conditional UpdateItem), the Cognito account enabled again.
  'lift-expired-bans': { table: ['UpdateItem'], indexes: ['GSI3'], cognito: ['AdminEnableUser'] },
  // Erases the profiles whose Cognito user was deleted directly: every profile (GSI1 USERS), the
  // user looked up in Cognito, then 'Elimina account''s erasure: open checkouts released (GSI2) and
  // the club subscription cancelled at Stripe (payment key), the data erased (BatchWriteItem; the
  // user's reviews on GSI1), the orders unlinked, the audit entry written.
  'erase-orphan-profiles': {
    table: [...READ, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    indexes: ['GSI1', 'GSI2'],
    paymentSecret: 'read',
    cognito: ['AdminGetUser'],
  },
  // The email worker (stream consumer of new email jobs): reads a job and claims, closes or
  // reschedules it (conditional updates), checks the suppression list, renders the links on the
  // shop's origin and sends through SES.
  'email-worker': { table: ['GetItem', 'UpdateItem'], shopOrigin: true, sendEmail: true },
  // The email retry sweep: the pending jobs that are due (GSI1), then the same as the worker.
  'email-retry': { table: ['GetItem', 'UpdateItem'], indexes: ['GSI1'], shopOrigin: true, sendEmail: true },
  // Cognito custom message: renders the account emails with the shop's links (its origin); no data.
  'custom-message': { shopOrigin: true },
  // The publish consumer of the table's stream: reads the categories (GetItem, AP48; AP4 paged for
  // their pages' first products), the products (BatchGetItem; AP1 on GSI1 to
  // rebuild a missing index) and their approved reviews (AP31, GSI2), reads and writes the search
  // indexes, reads the product page template and writes and deletes the published documents in the
  // web bucket; the shop origin for canonical URLs; the published paths in CloudFront's
  // KeyValueStore and the invalidation of the changed ones.
  publish: {
    table: ['GetItem', 'BatchGetItem', 'Query'],
    indexes: ['GSI1', 'GSI2'],
    buckets: { search: ['GetObject', 'PutObject'], web: ['GetObject', 'PutObject', 'DeleteObject'] },
    shopOrigin: true,
    publishedPages: true,
  },
  // SES bounce and complaint events: suppresses the addresses (AP102, PutItem IF NOT EXISTS).
  'ses-events': { table: ['PutItem'] },
  // Cognito post-confirmation: creates the profile item (conditional put).
  'post-confirmation': { table: ['PutItem'] },
  // Cognito pre-token-generation: reads the user's MFA settings to put the MFA state in the token,
  // records a change of factor on the profile (conditional UpdateItem) and, when the change is
  // first seen on a refresh, signs the user out everywhere.
  'pre-token-generation': { table: ['UpdateItem'], cognito: ['AdminGetUser', 'AdminUserGlobalSignOut'] },
} as const satisfies Record<BundleName, FunctionPermissions>;

/** The grants of a bundle. */
export function permissionsOf(name: BundleName): FunctionPermissions {
  return FUNCTION_PERMISSIONS[name];
}

/** Environment variable naming the payment secret (functions/lib/secrets.ts). */
export const PAYMENT_SECRET_ENV = 'PAYMENT_SECRET_ID';

/** The IAM actions a secret access level grants. */
export function secretActions(access: SecretAccess): string[] {
  return ['secretsmanager:GetSecretValue', ...(access === 'readWrite' ? ['secretsmanager:PutSecretValue'] : [])];
}

/** Environment variable naming the shop origin parameter (functions/lib/shop-url.ts). */
export const SHOP_ORIGIN_PARAMETER_ENV = 'SHOP_ORIGIN_PARAMETER';

/** Environment variable naming the published pages parameter (functions/publish/edge.ts). */
export const PUBLISHED_PAGES_PARAMETER_ENV = 'PUBLISHED_PAGES_PARAMETER';

/** Environment variable naming the SES configuration set (functions/streams/email-transport.ts). */
export const EMAIL_CONFIGURATION_SET_ENV = 'EMAIL_CONFIGURATION_SET';
