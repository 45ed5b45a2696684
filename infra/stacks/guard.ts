/**
 * AWS Control Tower's proactive controls (CloudFormation Guard rules, shipped with the cfn-guard
 * binary by @cdklabs/cdk-validator-cfnguard) run on every synthesis as a CDK policy-validation
 * plugin, as cdk-nag does (infra/cdk-app.ts). A finding fails synthesis unless it is fixed or
 * acknowledged here or beside its resource, always with a written reason.
 */
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** The plugin's name, the prefix of its acknowledgement ids. */
export const GUARD_PLUGIN = 'cdk-validator-cfnguard';

/** One acknowledged Guard rule. */
export interface GuardAcknowledgement {
  /** The Guard rule's name, e.g. 'lambda_inside_vpc_check' (control CT.LAMBDA.PR.3). */
  rule: string;
  /** Why the control does not fit this shop. */
  reason: string;
}

/** Acknowledges Guard rules on `scope` and everything below it. */
export function acknowledgeGuard(scope: IConstruct, ...rules: GuardAcknowledgement[]): void {
  for (const r of rules) Validations.of(scope).acknowledge({ id: `${GUARD_PLUGIN}::${r.rule}`, reason: r.reason });
}

/** Controls that do not fit the shop anywhere in it (acknowledged on the whole app). */
export const APP_GUARD_ACKNOWLEDGEMENTS: readonly GuardAcknowledgement[] = [
  {
    rule: 'lambda_inside_vpc_check',
    reason:
      'CT.LAMBDA.PR.3: the functions reach only AWS service endpoints and Stripe, and hold no network path to protect; a VPC would need NAT gateways (about 33 USD a month each) for nothing.',
  },
  {
    rule: 'cloudwatch_log_group_encrypted_check',
    reason:
      'CT.CLOUDWATCH.PR.3: CloudWatch Logs encrypts every log group at rest; the logs carry ids, never card data or secrets, so a customer-managed KMS key adds cost and a key policy without a threat it stops.',
  },
  {
    rule: 's3_bucket_default_encryption_kms_check',
    reason:
      'CT.S3.PR.10: the buckets are encrypted at rest with S3-managed keys; SSE-KMS would bill every presigned upload, download and CloudFront fetch to KMS and needs the distribution in the key policy, for no added protection here.',
  },
  {
    rule: 's3_event_notifications_enabled_check',
    reason:
      'CT.S3.PR.4: nothing in the shop reacts to bucket events; uploads are checked when the back office saves them.',
  },
  {
    rule: 's3_bucket_object_lock_enabled_check',
    reason:
      'CT.S3.PR.9: objects must be deletable (a customer asking for erasure, a product photo replaced, logs expiring); versioning keeps deleted files for 30 days instead.',
  },
];
