/**
 * AWS Control Tower's proactive controls (CloudFormation Guard rules, shipped with the cfn-guard
 * binary by @cdklabs/cdk-validator-cfnguard) run on every synthesis as a CDK policy-validation
 * plugin, as cdk-nag does (infra/cdk-app.ts). A finding fails synthesis unless it is fixed or
 * acknowledged here or beside its resource, always with a written reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  Validations,
  type IPolicyValidationContextBeta1,
  type IPolicyValidationPluginBeta1,
  type PolicyValidationPluginReportBeta1,
} from 'aws-cdk-lib';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
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

/** The folder of the Control Tower rules the plugin ships (one sub-folder per service). */
const CONTROL_TOWER_RULES = join(
  dirname(createRequire(import.meta.url).resolve('@cdklabs/cdk-validator-cfnguard')),
  '..',
  'rules',
  'control-tower',
  'cfn-guard',
);

/** Every Control Tower rule file with the CloudFormation resource types it checks. */
export const CONTROL_TOWER_RULE_FILES: readonly { file: string; types: readonly string[] }[] = readdirSync(
  CONTROL_TOWER_RULES,
  { recursive: true, encoding: 'utf8' },
)
  .filter((f) => f.endsWith('.guard'))
  .sort()
  .map((f) => {
    const file = join(CONTROL_TOWER_RULES, f);
    return { file, types: [...new Set(readFileSync(file, 'utf8').match(/AWS::[A-Za-z0-9]+::[A-Za-z0-9]+/g) ?? [])] };
  });

/**
 * The rule files that can find something in templates holding `types`: those naming one of them,
 * and any naming none (kept to be safe).
 */
export function rulesFor(types: ReadonlySet<string>): string[] {
  return CONTROL_TOWER_RULE_FILES.filter((r) => r.types.length === 0 || r.types.some((t) => types.has(t))).map(
    (r) => r.file,
  );
}

/**
 * AWS Control Tower's proactive controls (the plugin's own rules and binary), run against the
 * resource types the synthesised templates hold. The plugin runs every one of its 237 rule files
 * over every template, and a rule whose resource type is absent (RDS, EKS, EC2, ...) passes
 * without finding anything but still costs its run: leaving those out gives the same findings in
 * about a quarter of the time. Same plugin name, rule ids and report as CfnGuardValidator.
 */
export class ControlTowerGuard implements IPolicyValidationPluginBeta1 {
  readonly name: string;
  readonly version?: string;
  readonly ruleIds?: string[];

  constructor() {
    const all = new CfnGuardValidator();
    this.name = all.name;
    this.version = all.version;
    this.ruleIds = all.ruleIds;
  }

  /** Runs the controls that apply to the templates' resource types. */
  validate(context: IPolicyValidationContextBeta1): PolicyValidationPluginReportBeta1 {
    const types = new Set<string>();
    for (const path of context.templatePaths) {
      const template = JSON.parse(readFileSync(path, 'utf8')) as { Resources?: Record<string, { Type?: string }> };
      for (const r of Object.values(template.Resources ?? {})) if (r.Type) types.add(r.Type);
    }
    const rules = rulesFor(types);
    if (rules.length === 0) return { success: true, violations: [] };
    return new CfnGuardValidator({ controlTowerRulesEnabled: false, rules }).validate(context);
  }
}
