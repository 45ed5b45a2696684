/**
 * Alarm coverage of a synthesised stage, read from its CloudFormation templates only (written from
 * the list of what must be watched, not from the operations stack's code): every function
 * of the shop (named `aurum-…`) needs alarms on its Errors, Throttles and Duration, a stream
 * consumer also on its IteratorAge; every SQS queue (each one is a dead-letter queue) on its
 * visible messages and its oldest message's age; every DynamoDB table on its read and write
 * throttles and its system errors. Functions without a physical name must be CDK's deploy-time
 * handlers (KNOWN_DEPLOY_TIME_HANDLERS), or the check fails too.
 */
import { flattenCfnValue } from '../stacks/nag';

/** A CloudFormation template as JSON. */
export interface TemplateJson {
  Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
}

/**
 * Logical-id prefixes of the functions aws-cdk-lib adds to run during deployments (BucketDeployment,
 * AwsCustomResource, bucket auto-delete): a failure fails the deployment, no alarm needed.
 */
export const KNOWN_DEPLOY_TIME_HANDLERS = [
  'CustomCDKBucketDeployment',
  'AWS679f53fac002430cb0da5b7982bd2287',
  'CustomS3AutoDeleteObjectsCustomResourceProviderHandler',
] as const;

/** The metric names each kind of resource needs an alarm on. */
export const REQUIRED_ALARMS = {
  function: ['Errors', 'Throttles', 'Duration'],
  streamConsumer: ['IteratorAge'],
  queue: ['ApproximateNumberOfMessagesVisible', 'ApproximateAgeOfOldestMessage'],
  table: ['ReadThrottleEvents', 'WriteThrottleEvents', 'SystemErrors'],
} as const;

const DIMENSION_OF = { 'AWS/Lambda': 'FunctionName', 'AWS/SQS': 'QueueName', 'AWS/DynamoDB': 'TableName' } as const;

/** A dimension value as a string: literal, or the name an imported function's ARN is split into. */
function dimensionValue(value: unknown): string {
  const select = (value as { 'Fn::Select'?: [number, { 'Fn::Split'?: [string, unknown] }] } | null)?.['Fn::Select'];
  const split = select?.[1]?.['Fn::Split'];
  // '<AWS::Partition>' holds the delimiter ':' itself: placeholders become one character first.
  if (select && split)
    return (
      flattenCfnValue(split[1])
        .replace(/<[^>]*>/g, '_')
        .split(split[0])[select[0]] ?? ''
    );
  return flattenCfnValue(value);
}

/** Every `<namespace>|<metric>|<dimension value>` some alarm of the templates watches. */
export function watchedMetrics(templates: readonly TemplateJson[]): Set<string> {
  const watched = new Set<string>();
  const add = (namespace: unknown, metricName: unknown, dimensions: unknown) => {
    const key = DIMENSION_OF[namespace as keyof typeof DIMENSION_OF];
    if (!key) return;
    for (const d of (dimensions ?? []) as { Name: string; Value: unknown }[]) {
      if (d.Name === key) watched.add(`${String(namespace)}|${String(metricName)}|${dimensionValue(d.Value)}`);
    }
  };
  for (const template of templates) {
    for (const resource of Object.values(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::CloudWatch::Alarm') continue;
      const p = resource.Properties ?? {};
      add(p.Namespace, p.MetricName, p.Dimensions);
      for (const m of (p.Metrics ?? []) as { MetricStat?: { Metric?: Record<string, unknown> } }[]) {
        const metric = m.MetricStat?.Metric;
        if (metric) add(metric.Namespace, metric.MetricName, metric.Dimensions);
      }
    }
  }
  return watched;
}

/**
 * What lacks an alarm, one line each ('function aurum-cart-x: Throttles'); empty when covered.
 * @param streamConsumers physical names of the stream consumers' functions
 */
export function missingAlarms(templates: readonly TemplateJson[], streamConsumers: readonly string[]): string[] {
  const watched = watchedMetrics(templates);
  const missing: string[] = [];
  const need = (kind: string, namespace: string, name: string, metrics: readonly string[]) => {
    for (const metric of metrics)
      if (!watched.has(`${namespace}|${metric}|${name}`)) missing.push(`${kind} ${name}: ${metric}`);
  };
  for (const template of templates) {
    for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
      const p = resource.Properties ?? {};
      if (resource.Type === 'AWS::Lambda::Function') {
        const name = p.FunctionName;
        if (typeof name !== 'string' || !name.startsWith('aurum-')) {
          if (!KNOWN_DEPLOY_TIME_HANDLERS.some((prefix) => logicalId.startsWith(prefix)))
            missing.push(`function ${logicalId}: no aurum- name and not a known deploy-time handler`);
          continue;
        }
        need('function', 'AWS/Lambda', name, REQUIRED_ALARMS.function);
        if (streamConsumers.includes(name)) need('function', 'AWS/Lambda', name, REQUIRED_ALARMS.streamConsumer);
      } else if (resource.Type === 'AWS::SQS::Queue') {
        need('queue', 'AWS/SQS', String(p.QueueName), REQUIRED_ALARMS.queue);
      } else if (resource.Type === 'AWS::DynamoDB::Table') {
        need('table', 'AWS/DynamoDB', String(p.TableName), REQUIRED_ALARMS.table);
      }
    }
  }
  return missing;
}
