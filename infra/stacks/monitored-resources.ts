/**
 * What the operations stacks watch, read from the constructs the other stacks created rather than
 * from a hand-kept list: every function of the shop (a `CfnFunction` named `aurum-…`), every SQS
 * queue (all of them are dead-letter queues) and every DynamoDB table. A function, queue or table
 * added later is monitored without touching the operations stack; the CDK test
 * (infra/test/operations.test.ts) checks, from the synthesised templates, that each has its alarms.
 *
 * CDK's own deploy-time handlers (BucketDeployment, AwsCustomResource, bucket auto-delete) carry no
 * physical name and are not listed: they run only while CloudFormation deploys, and a failure of
 * theirs fails the deployment itself.
 */
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { IConstruct } from 'constructs';
import { STREAM_CONSUMERS } from '../../functions/triggers';
import { FUNCTION_SETTINGS } from './bundled-function';
import { stageName } from './stage-settings';

/** Prefix of every physical name of the shop's functions (`aurum-<bundle>-<stage>`). */
export const FUNCTION_NAME_PREFIX = 'aurum-';

/** One function to watch. */
export interface MonitoredFunction {
  /** Physical name, e.g. 'aurum-checkout-main'. */
  functionName: string;
  /** Its timeout in seconds (the 'near its timeout' alarm sits at a share of it). */
  timeoutSeconds: number;
  /** True for a consumer of the table's stream (it gets an iterator-age alarm). */
  streamConsumer: boolean;
}

/** Everything the operations stack alarms on. */
export interface MonitoredResources {
  functions: MonitoredFunction[];
  /** Physical names of the queues (the dead-letter queues). */
  queueNames: string[];
  /** Physical names of the tables. */
  tableNames: string[];
}

/**
 * Walks `root` (the app) for the shop's functions, queues and tables of `stage`.
 * @throws Error when a function, queue or table has no literal physical name (it could not be
 * referenced without a cross-stack export)
 */
export function monitoredResources(root: IConstruct, stage: string): MonitoredResources {
  const consumers = new Set(STREAM_CONSUMERS.map((c) => stageName(`${FUNCTION_NAME_PREFIX}${c.name}`, stage)));
  const functions: MonitoredFunction[] = [];
  const queueNames: string[] = [];
  const tableNames: string[] = [];
  for (const node of root.node.findAll()) {
    if (node instanceof lambda.CfnFunction) {
      const name = node.functionName;
      if (typeof name !== 'string' || !name.startsWith(FUNCTION_NAME_PREFIX)) continue;
      functions.push({
        functionName: name,
        timeoutSeconds: typeof node.timeout === 'number' ? node.timeout : FUNCTION_SETTINGS.timeout.toSeconds(),
        streamConsumer: consumers.has(name),
      });
    } else if (node instanceof sqs.CfnQueue) {
      if (typeof node.queueName !== 'string') throw new Error(`queue ${node.node.path} has no literal name`);
      queueNames.push(node.queueName);
    } else if (node instanceof dynamodb.CfnTable) {
      if (typeof node.tableName !== 'string') throw new Error(`table ${node.node.path} has no literal name`);
      tableNames.push(node.tableName);
    }
  }
  const byName = (a: MonitoredFunction, b: MonitoredFunction) => a.functionName.localeCompare(b.functionName);
  return { functions: functions.sort(byName), queueNames: queueNames.sort(), tableNames: tableNames.sort() };
}
