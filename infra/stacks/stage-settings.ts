/**
 * Per-stage settings shared by the stacks: which stages keep their data, physical names and
 * retention. Branch stages are destroyable; 'main' keeps its data.
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import { tableName } from '../definitions';

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
