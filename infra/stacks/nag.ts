/**
 * cdk-nag v3 acknowledgements. cdk-nag runs as a CDK policy-validation plugin; a finding is
 * silenced by acknowledging its rule id (or `RuleId[FindingId]`) on the resource or any ancestor
 * construct, always with a written reason. v3 has no pattern matching for granular findings
 * (AwsSolutions-IAM5[...]), so wildcardFindings() computes them the way the rule does.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
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

/**
 * Flattens a resolved CloudFormation value into the string cdk-nag uses in finding ids
 * (mirrors cdk-nag's flattenCfnReference: Ref -> <X>, GetAtt -> <X.Y>, Join concatenated).
 */
export function flattenCfnValue(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o['Fn::Join']) {
      const [delimiter, items] = o['Fn::Join'] as [string, unknown[]];
      return items.map(flattenCfnValue).join(delimiter);
    }
    if (o['Fn::Sub']) return flattenCfnValue(o['Fn::Sub']);
    if (o['Fn::GetAtt']) {
      const [resource, attribute] = o['Fn::GetAtt'] as [unknown, unknown];
      return `<${flattenCfnValue(resource)}.${flattenCfnValue(attribute)}>`;
    }
    if (o['Fn::ImportValue']) return flattenCfnValue(o['Fn::ImportValue']);
    if (o.Ref) return `<${flattenCfnValue(o.Ref)}>`;
  }
  return JSON.stringify(node);
}

interface PolicyDocumentJson {
  Statement?: { Effect?: string; Action?: string | string[]; Resource?: unknown }[];
}

function asArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/**
 * The AwsSolutions-IAM5 finding ids ('Action::s3:Get*', 'Resource::arn:.../*') of the IAM
 * policies and roles under `scope`, as cdk-nag will report them. Only exact when every value in
 * those policies resolves the same now as at synthesis (no cross-stack references).
 */
export function wildcardFindings(scope: IConstruct): string[] {
  const findings = new Set<string>();
  const analyse = (doc: PolicyDocumentJson | undefined) => {
    for (const statement of doc?.Statement ?? []) {
      if (statement.Effect !== 'Allow') continue;
      for (const action of asArray(statement.Action)) if (action.includes('*')) findings.add(`Action::${action}`);
      for (const resource of asArray(statement.Resource).map(flattenCfnValue)) {
        if (resource.includes('*')) findings.add(`Resource::${resource}`);
      }
    }
  };
  for (const node of scope.node.findAll()) {
    const stack = Stack.of(node);
    if (node instanceof iam.CfnPolicy) analyse(stack.resolve(node.policyDocument) as PolicyDocumentJson);
    if (node instanceof iam.CfnRole) {
      const policies = asArray(
        stack.resolve(node.policies) as { PolicyDocument?: PolicyDocumentJson; policyDocument?: PolicyDocumentJson }[],
      );
      for (const p of policies) analyse(stack.resolve(p.PolicyDocument ?? p.policyDocument) as PolicyDocumentJson);
    }
  }
  return [...findings].sort();
}

/**
 * Acknowledges the AwsSolutions-IAM5 findings under `scope` that `accept` admits (default: all),
 * with one reason. Call it after the policies are complete (end of the stack constructor).
 * @returns the acknowledged finding ids
 */
export function acknowledgeWildcards(
  scope: IConstruct,
  reason: string,
  accept: (finding: string) => boolean = () => true,
): string[] {
  const accepted = wildcardFindings(scope).filter(accept);
  for (const finding of accepted) Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
  return accepted;
}
