/**
 * EdgeStack (`Aurum-<stage>-Edge`, always in us-east-1): the shop's AWS WAF web ACL. A web ACL for
 * a CloudFront distribution must be created in US East (N. Virginia) with the CLOUDFRONT scope,
 * so it has a stack of its own there; the web stack (in the shop's region) reads its ARN with
 * Fn::GetStackOutput and deploys after it.
 *
 * Rules: one rate-based rule per per-client limit of infra/rate-limits.ts (the local origin
 * enforces the same definitions), keyed on the client's IP address, scoped to its method and
 * path; over the limit a client gets 429 with the API's Italian error body, others go on.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import {
  CLIENT_RATE_LIMITS,
  RATE_LIMITED_BODY,
  RATE_LIMITED_RETRY_AFTER_SECONDS,
  RATE_LIMITED_STATUS,
  type ClientRateLimit,
} from '../rate-limits';
import { stageName } from './stage-settings';

/** Region of every web ACL that protects a CloudFront distribution. */
export const EDGE_REGION = 'us-east-1';

/** Name of the edge stack's output holding the web ACL's ARN (read by the web stack). */
export const WEB_ACL_ARN_OUTPUT = 'WebAclArn';

/** Key of the custom response body of rate-limited requests. */
const RATE_LIMITED_BODY_KEY = 'rate-limited';

export interface EdgeStackProps extends StackProps {
  stage: string;
}

/** A byte match on one part of the request (no text transformation). */
function matches(
  field: wafv2.CfnWebACL.FieldToMatchProperty,
  positionalConstraint: 'EXACTLY' | 'STARTS_WITH' | 'ENDS_WITH',
  searchString: string,
): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: field,
      positionalConstraint,
      searchString,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

/** The requests a limit counts: its method and path, as infra/rate-limits.ts `limitsOf` decides locally. */
export function scopeOf(limit: ClientRateLimit): wafv2.CfnWebACL.StatementProperty {
  const parts = [
    ...(limit.method ? [matches({ method: {} }, 'EXACTLY', limit.method)] : []),
    matches({ uriPath: {} }, 'STARTS_WITH', limit.pathStartsWith),
    ...(limit.pathEndsWith ? [matches({ uriPath: {} }, 'ENDS_WITH', limit.pathEndsWith)] : []),
  ];
  return parts.length === 1 ? parts[0]! : { andStatement: { statements: parts } };
}

export class EdgeStack extends Stack {
  /** The web ACL (its ARN is the output WEB_ACL_ARN_OUTPUT). */
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const metric = (name: string) => stageName(`aurum-${name}`, stage);
    const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: metric(name),
      sampledRequestsEnabled: true,
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'ShopWebAcl', {
      name: stageName('aurum-shop', stage),
      // WAF descriptions allow no parentheses
      description: `Aurum Fitness per-client limits, stage ${stage}`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('shop-web-acl'),
      customResponseBodies: {
        [RATE_LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: RATE_LIMITED_BODY },
      },
      rules: CLIENT_RATE_LIMITS.map((limit, priority) => ({
        name: `rate-${limit.name}`,
        priority,
        action: {
          block: {
            customResponse: {
              responseCode: RATE_LIMITED_STATUS,
              customResponseBodyKey: RATE_LIMITED_BODY_KEY,
              responseHeaders: [{ name: 'Retry-After', value: String(RATE_LIMITED_RETRY_AFTER_SECONDS) }],
            },
          },
        },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'IP',
            limit: limit.limit,
            evaluationWindowSec: limit.windowSeconds,
            scopeDownStatement: scopeOf(limit),
          },
        },
        visibilityConfig: visibility(`rate-${limit.name}`),
      })),
    });

    new CfnOutput(this, WEB_ACL_ARN_OUTPUT, { value: this.webAcl.attrArn });
  }
}
