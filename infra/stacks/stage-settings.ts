/**
 * Per-stage settings shared by the stacks: which stages keep their data, physical names and
 * retention. Branch stages are destroyable; 'main' keeps its data.
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import { tableName } from '../definitions';
import { DEMO_SELLER, SELLER_FIELDS, type SellerIdentity } from '../../shared/seller';
import { parseSellerIdentity } from '../../shared/schemas/seller';

/** The stage whose data survives `cdk destroy` (table, buckets, user pool are retained). */
export const PRODUCTION_STAGE = 'main';

/** Properties every Aurum stack receives. */
export interface StageProps {
  /** Sanitised stage name (see infra/stage.ts), part of every stack and physical name. */
  stage: string;
}

/** True when the stage keeps its data on stack deletion (only 'main'). */
export function isRetainedStage(stage: string): boolean {
  return stage === PRODUCTION_STAGE;
}

/** RETAIN for 'main', DESTROY for branch stages. */
export function removalPolicyFor(stage: string): RemovalPolicy {
  return isRetainedStage(stage) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}

/**
 * CloudWatch log retention: a year on every stage (Control Tower's CT.CLOUDWATCH.PR.2, and the
 * year the records of staff actions and payments are kept for); a branch stage's log groups go
 * with its stacks.
 */
export function logRetentionFor(_stage: string): logs.RetentionDays {
  return logs.RetentionDays.ONE_YEAR;
}

/** Stage-scoped physical name of a regional resource, e.g. 'aurum-users-main'. */
export function stageName(baseName: string, stage: string): string {
  return `${baseName}-${stage}`;
}

/**
 * Globally unique bucket name: `${baseName}-${stage}-${account}` (at most 21 + 20 + 12 + 2 = 55
 * characters with the names used here). The account is a token when synthesised without one.
 */
export function bucketName(scope: IConstruct, baseName: string, stage: string): string {
  return `${baseName}-${stage}-${Stack.of(scope).account}`;
}

/**
 * ARN of the stage's table, built from its physical name (tableName(stage)) rather than from a
 * cross-stack reference: IAM statements stay free of imports and cdk-nag findings stay stable.
 */
export function tableArn(scope: IConstruct, stage: string): string {
  return Stack.of(scope).formatArn({ service: 'dynamodb', resource: 'table', resourceName: tableName(stage) });
}

/** ARN of a stage bucket, built from its physical name (see bucketName). */
export function bucketArn(scope: IConstruct, baseName: string, stage: string): string {
  return `arn:${Stack.of(scope).partition}:s3:::${bucketName(scope, baseName, stage)}`;
}

/** The context key holding a stage's seller identity (`-c seller='{...}'`, or cdk.json / cdk.context.json). */
export const SELLER_CONTEXT_KEY = 'seller';

/**
 * The seller identity a stage publishes in its footer, legal pages, emails and receipts (art. 7
 * D.Lgs. 70/2003, art. 49 Codice del Consumo): read from the `seller` context (an object, or its
 * JSON text). A deploy without a complete and valid one stops at synth: the shop must not go online
 * without saying who sells. The demo identity of the local runtime is refused on the production stage.
 * @param raw the context value
 * @throws Error naming the stage, the missing or invalid fields and how to pass them
 */
export function sellerIdentityFor(stage: string, raw: unknown): SellerIdentity {
  const howTo =
    `Pass it as JSON with -c ${SELLER_CONTEXT_KEY}='{"company_name":…}' (or under "context" in cdk.json), ` +
    `fields: ${SELLER_FIELDS.join(', ')} (share_capital optional).`;
  if (raw === undefined || raw === null || raw === '')
    throw new Error(
      `Stage '${stage}': the seller's identity is missing (company name, registered office, P.IVA, REA, PEC, support email: art. 7 D.Lgs. 70/2003). ${howTo}`,
    );
  const parsed = parseSellerIdentity(raw);
  if (!parsed.ok)
    throw new Error(`Stage '${stage}': the seller's identity is invalid (${parsed.problems.join('; ')}). ${howTo}`);
  if (isRetainedStage(stage) && parsed.seller.vat_number === DEMO_SELLER.vat_number)
    throw new Error(`Stage '${stage}': the demo seller identity cannot be published on the production stage. ${howTo}`);
  return parsed.seller;
}
