/**
 * cdk-nag v3 acknowledgements. cdk-nag runs as a CDK policy-validation plugin; a finding is
 * silenced by acknowledging its rule id (or `RuleId[FindingId]`) on the resource or any ancestor
 * construct, always with a written reason.
 */
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** One acknowledged cdk-nag finding. */
export interface NagAcknowledgement {
  /** Rule id, e.g. 'AwsSolutions-S1', or a single finding, e.g. 'AwsSolutions-IAM5[Resource::*]'. */
  id: string;
  /** Why the finding is deliberate. */
  reason: string;
}

/** Acknowledges cdk-nag findings on `scope` and everything below it. */
export function acknowledgeNag(scope: IConstruct, ...rules: NagAcknowledgement[]): void {
  for (const rule of rules) Validations.of(scope).acknowledge({ id: rule.id, reason: rule.reason });
}
