/**
 * Turns a function's entry of FUNCTION_PERMISSIONS (function-permissions.ts) into IAM statements
 * and the environment variables that go with them. Table, bucket and parameter ARNs are built from
 * the stage's physical names (stage-settings.ts), so statements stay free of cross-stack imports.
 */
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { BUCKETS, publishedPagesParameterName, shopOriginParameterName, TABLE } from '../definitions';
import {
  permissionsOf,
  PAYMENT_SECRET_ENV,
  secretActions,
  SHOP_ORIGIN_PARAMETER_ENV,
  PUBLISHED_PAGES_PARAMETER_ENV,
  EMAIL_CONFIGURATION_SET_ENV,
  type BundleName,
} from './function-permissions';
import { bucketArn, tableArn } from './stage-settings';
import { ORIGIN_VERIFY_SECRET_ENV } from '../../functions/lib/origin-verify';
import { configurationSetArn, emailConfigurationSetName, emailIdentityArn } from './email';

/** The stage resources a grant may name. */
export interface GrantTargets {
  stage: string;
  /** ARN of the payment secret (data stack); required when an entry has `paymentSecret`. */
  paymentSecretArn?: string;
  /** ARN of the origin-verify secret (data stack); required when an entry has `originVerifySecret`. */
  originVerifySecretArn?: string;
  /** ARN of the user pool; required when an entry has `cognito`. */
  userPoolArn?: string;
  /** The stage's sender address (its SES identity); required when an entry has `sendEmail`. */
  emailSender?: string;
}

/** IAM statements and environment of one function. */
export interface FunctionGrants {
  statements: iam.PolicyStatement[];
  /** Extra environment variables (PAYMENT_SECRET_ID, SHOP_ORIGIN_PARAMETER) for what it may read. */
  environment: Record<string, string>;
  /** Object wildcard ARNs granted (`<bucket ARN>/*`), for the cdk-nag IAM5 acknowledgement. */
  objectWildcards: string[];
}

/** ARN of the stage's shop origin parameter (written by the web stack). */
export function shopOriginParameterArn(scope: IConstruct, stage: string): string {
  return parameterArn(scope, shopOriginParameterName(stage));
}

/** ARN of an SSM parameter of this account and region by its name ('/aurum/...'). */
function parameterArn(scope: IConstruct, name: string): string {
  return Stack.of(scope).formatArn({ service: 'ssm', resource: 'parameter', resourceName: name.replace(/^\//, '') });
}

/**
 * The grants of `name` (FUNCTION_PERMISSIONS) for the stage.
 * @throws Error when the entry needs a target that was not given
 */
export function grantsFor(scope: IConstruct, name: BundleName, targets: GrantTargets): FunctionGrants {
  const p = permissionsOf(name);
  const statements: iam.PolicyStatement[] = [];
  const environment: Record<string, string> = {};
  const objectWildcards: string[] = [];
  const table = tableArn(scope, targets.stage);

  if (p.table?.length)
    statements.push(new iam.PolicyStatement({ actions: p.table.map((a) => `dynamodb:${a}`), resources: [table] }));
  if (p.indexes?.length) {
    const known = new Set(TABLE.globalSecondaryIndexes.map((g) => g.indexName));
    for (const index of p.indexes) if (!known.has(index)) throw new Error(`${name}: unknown index ${index}`);
    statements.push(
      new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: p.indexes.map((i) => `${table}/index/${i}`) }),
    );
  }
  for (const [bucket, actions] of Object.entries(p.buckets ?? {}) as [keyof typeof BUCKETS, readonly string[]][]) {
    if (!actions.length) continue;
    const objects = `${bucketArn(scope, BUCKETS[bucket].baseName, targets.stage)}/*`;
    objectWildcards.push(objects);
    statements.push(new iam.PolicyStatement({ actions: actions.map((a) => `s3:${a}`), resources: [objects] }));
  }
  if (p.listBuckets?.length) {
    statements.push(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: p.listBuckets.map((bucket) => bucketArn(scope, BUCKETS[bucket].baseName, targets.stage)),
      }),
    );
  }
  if (p.paymentSecret) {
    if (!targets.paymentSecretArn) throw new Error(`${name}: the payment secret ARN is needed for its grant`);
    statements.push(
      new iam.PolicyStatement({ actions: secretActions(p.paymentSecret), resources: [targets.paymentSecretArn] }),
    );
    environment[PAYMENT_SECRET_ENV] = targets.paymentSecretArn;
  }
  if (p.originVerifySecret) {
    if (!targets.originVerifySecretArn)
      throw new Error(`${name}: the origin-verify secret ARN is needed for its grant`);
    statements.push(
      new iam.PolicyStatement({ actions: secretActions('read'), resources: [targets.originVerifySecretArn] }),
    );
    environment[ORIGIN_VERIFY_SECRET_ENV] = targets.originVerifySecretArn;
  }
  if (p.cognito?.length) {
    if (!targets.userPoolArn) throw new Error(`${name}: the user pool ARN is needed for its grant`);
    statements.push(
      new iam.PolicyStatement({ actions: p.cognito.map((a) => `cognito-idp:${a}`), resources: [targets.userPoolArn] }),
    );
  }
  if (p.shopOrigin) {
    statements.push(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [shopOriginParameterArn(scope, targets.stage)],
      }),
    );
    environment[SHOP_ORIGIN_PARAMETER_ENV] = shopOriginParameterName(targets.stage);
  }
  if (p.publishedPages) {
    const name = publishedPagesParameterName(targets.stage);
    statements.push(new iam.PolicyStatement({ actions: ['ssm:GetParameter'], resources: [parameterArn(scope, name)] }));
    environment[PUBLISHED_PAGES_PARAMETER_ENV] = name;
  }
  if (p.sendEmail) {
    if (!targets.emailSender) throw new Error(`${name}: the sender address is needed for its grant`);
    // SES API v2 SendEmail is authorised on the sending identity and on the configuration set.
    statements.push(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [emailIdentityArn(scope, targets.emailSender), configurationSetArn(scope, targets.stage)],
      }),
    );
    environment[EMAIL_CONFIGURATION_SET_ENV] = emailConfigurationSetName(targets.stage);
  }
  return { statements, environment, objectWildcards };
}
