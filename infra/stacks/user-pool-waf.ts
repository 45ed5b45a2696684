/**
 * The user pool's own AWS WAF web ACL (REGIONAL scope, in the pool's region), associated with the
 * pool: the SPA calls Cognito's API directly (sign-up, codes, sign-in), so the distribution's web ACL
 * never sees those requests. One rate-based rule per COGNITO_RATE_LIMITS entry, keyed on the client's
 * IP and scoped to its operations by the X-Amz-Target header. A blocked client gets Cognito's
 * ForbiddenException ("thrown when WAF doesn't allow your request based on a web ACL that's
 * associated with your user pool", Cognito API reference); WAF's custom responses reach only the
 * managed login pages, which the shop does not use.
 */
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { COGNITO_RATE_LIMITS, COGNITO_TARGET_PREFIX, type CognitoRateLimit } from '../rate-limits';
import { stageName } from './stage-settings';

/** The requests a Cognito limit counts: its operations, by the X-Amz-Target header. */
export function cognitoScopeOf(limit: CognitoRateLimit): wafv2.CfnWebACL.StatementProperty {
  const parts = limit.operations.map((operation): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
      positionalConstraint: 'EXACTLY',
      searchString: `${COGNITO_TARGET_PREFIX}${operation}`,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  }));
  return parts.length === 1 ? parts[0]! : { orStatement: { statements: parts } };
}

/** The regional web ACL of a user pool and its association. */
export class UserPoolWaf extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { stage: string; userPoolArn: string }) {
    super(scope, id);
    const metric = (name: string) => stageName(`aurum-${name}`, props.stage);
    const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: metric(name),
      sampledRequestsEnabled: true,
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: stageName('aurum-user-pool', props.stage),
      description: `Aurum Fitness user pool per-client limits, stage ${props.stage}`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('user-pool-web-acl'),
      rules: COGNITO_RATE_LIMITS.map((limit, priority) => ({
        name: `rate-${limit.name}`,
        priority,
        action: { block: {} },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'IP',
            limit: limit.limit,
            evaluationWindowSec: limit.windowSeconds,
            scopeDownStatement: cognitoScopeOf(limit),
          },
        },
        visibilityConfig: visibility(`rate-${limit.name}`),
      })),
    });
    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
