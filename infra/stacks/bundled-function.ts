/**
 * A Lambda function deployed from a prebuilt esbuild bundle (dist/functions/<name>/index.mjs,
 * written by infra/bundling/build-functions.ts), with the settings every Aurum function shares: Node.js
 * 24 on arm64, 512 MB, 10 s, X-Ray active tracing (Powertools tracer: functions/lib/observability.ts),
 * its own log group with stage retention, and its own role that can write only to that log group
 * and send traces (no AWSLambdaBasicExecutionRole). Callers add the function's grants
 * (function-permissions.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledgeNag } from './nag';
import { logRetentionFor, removalPolicyFor, stageName } from './stage-settings';

/** Lambda settings shared by every function. */
export const FUNCTION_SETTINGS = {
  runtime: lambda.Runtime.NODEJS_24_X,
  architecture: lambda.Architecture.ARM_64,
  memorySize: 512,
  timeout: Duration.seconds(10),
  tracing: lambda.Tracing.ACTIVE,
} as const;

/** Powertools settings of every function (functions/lib/observability.ts reads them). */
export const POWERTOOLS_ENV = {
  POWERTOOLS_SERVICE_NAME: 'aurum-shop',
  POWERTOOLS_METRICS_NAMESPACE: 'AurumFitness',
} as const;

/** Properties of a BundledFunction. */
export interface BundledFunctionProps {
  /** Bundle name: the folder under functionsDir, and the `aurum-<name>-<stage>` function name. */
  name: string;
  stage: string;
  /** Folder holding one sub-folder per bundle (dist/functions). */
  functionsDir: string;
  environment: Record<string, string>;
  description: string;
  /** Overrides FUNCTION_SETTINGS.timeout (e.g. a long-running job). */
  timeout?: Duration;
  /** Overrides FUNCTION_SETTINGS.memorySize (MB). */
  memorySize?: number;
}

/** One function from its prebuilt bundle, with its log group and least-privilege role. */
export class BundledFunction extends Construct {
  /** The function. */
  readonly function: lambda.Function;
  /** Its execution role (logs to its own group only; add grants to it). */
  readonly role: iam.Role;
  /** Its log group. */
  readonly logGroup: logs.LogGroup;

  /** Creates the function `aurum-<name>-<stage>` from `<functionsDir>/<name>`. */
  constructor(scope: Construct, id: string, props: BundledFunctionProps) {
    super(scope, id);
    const functionName = stageName(`aurum-${props.name}`, props.stage);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${functionName}`,
      retention: logRetentionFor(props.stage),
      removalPolicy: removalPolicyFor(props.stage),
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${functionName} execution role`,
    });
    this.logGroup.grantWrite(this.role);
    this.function = new lambda.Function(this, 'Function', {
      functionName,
      description: props.description,
      ...FUNCTION_SETTINGS,
      ...(props.timeout ? { timeout: props.timeout } : {}),
      ...(props.memorySize ? { memorySize: props.memorySize } : {}),
      handler: 'index.handler',
      code: lambda.Code.fromAsset(join(props.functionsDir, props.name)),
      // No --enable-source-maps: it parses every bundle's source map at init, on every cold start
      // (docs/decisions/0009-no-source-maps-at-init.md); functions/lib/mapped-stacks.ts maps stacks
      // to the sources when one is first printed.
      environment: { ...props.environment, ...POWERTOOLS_ENV },
      role: this.role,
      logGroup: this.logGroup,
    });
    acknowledgeNag(this.role, {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords take no resource ARN (added by aws-cdk-lib for Tracing.ACTIVE).',
    });
  }
}

/** Throws a clear error when a function bundle has not been built. */
export function assertBundlesExist(functionsDir: string, names: readonly string[]): void {
  const missing = names.filter((name) => !existsSync(join(functionsDir, name, 'index.mjs')));
  if (missing.length > 0) {
    throw new Error(
      `Missing Lambda bundle(s) for ${missing.join(', ')} in ${functionsDir}. Run \`npm run build:functions\` first (npm run synth does it for you).`,
    );
  }
}
