/**
 * The relay in the cloud: one Lambda event source mapping per STREAM_CONSUMERS entry
 * (functions/triggers.ts) on the table's DynamoDB stream, instantiated by the api stack.
 *
 * Each consumer gets:
 *  - its function (bundle functions/streams/<name>.ts, the grants of its FUNCTION_PERMISSIONS
 *    entry, made by the api stack's factory) and read access to the table's stream (the four
 *    actions Lambda's poller needs, on `<table>/stream/*`, as the DynamoDB guide's example);
 *  - an event source mapping: starting at TRIM_HORIZON (nothing written before the first poll is
 *    skipped), the consumer's filter criteria, batch size, retry attempts and maximum record age,
 *    partial batch responses (ReportBatchItemFailures: a failed record is retried from its
 *    sequence number, the records before it are not sent again);
 *  - an encrypted SQS dead-letter queue `aurum-<name>-dlq-<stage>` (14 days) as the mapping's
 *    on-failure destination: a batch whose retries are exhausted is recorded there (shard and
 *    sequence numbers), and the stream moves on.
 * The local runtime plays the same mappings with infra/local/stand-ins/dynamodb-streams.ts.
 */
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { assertValidConsumer, type StreamConsumerSettings } from '../stream-filters';
import type { BundledFunction } from './bundled-function';
import { acknowledgeGuard } from './guard';
import { acknowledgeNag, acknowledgeWildcards, flattenCfnValue } from './nag';
import { removalPolicyFor, stageName, tableArn } from './stage-settings';

/** How long a dead-letter queue keeps a discarded batch's record (SQS's maximum). */
export const STREAM_DLQ_RETENTION_DAYS = 14;

/** The DynamoDB Streams actions a consumer's role needs (Lambda's poller reads with the function's role). */
export const STREAM_READ_ACTIONS = [
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
] as const;

/** Properties of the StreamConsumers construct. */
export interface StreamConsumersProps {
  stage: string;
  /** The table; it must have a stream (TABLE.streamViewType). */
  table: dynamodb.ITable;
  /** The consumers (STREAM_CONSUMERS). */
  consumers: readonly StreamConsumerSettings[];
  /** Creates a consumer's function with its FUNCTION_PERMISSIONS grants (the api stack's factory). */
  createFunction: (scope: Construct, consumer: StreamConsumerSettings) => BundledFunction;
}

/** The mappings, functions and dead-letter queues of the stream consumers. */
export class StreamConsumers extends Construct {
  /** Each consumer's function, by name. */
  readonly functions = new Map<string, lambda.Function>();
  /** Each consumer's dead-letter queue, by name. */
  readonly deadLetterQueues = new Map<string, sqs.Queue>();

  /** @throws Error when the table has no stream or a consumer's settings are out of the mapping's limits */
  constructor(scope: Construct, id: string, props: StreamConsumersProps) {
    super(scope, id);
    const streamArn = props.table.tableStreamArn;
    if (props.consumers.length > 0 && !streamArn) throw new Error('StreamConsumers: the table has no stream');
    const streamResources = `${tableArn(this, props.stage)}/stream/*`;

    for (const consumer of props.consumers) {
      assertValidConsumer(consumer);
      const bundled = props.createFunction(this, consumer);
      bundled.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: [...STREAM_READ_ACTIONS], resources: [streamResources] }),
      );
      const wildcard = `Resource::${flattenCfnValue(bundled.function.stack.resolve(streamResources))}`;
      acknowledgeWildcards(
        bundled.role,
        "Lambda's stream poller reads the table's stream with this role: the stream's ARN ends in a creation label, so the grant names <table ARN>/stream/* (the DynamoDB guide's policy for stream consumers).",
        (finding) => finding === wildcard,
      );

      const queue = new sqs.Queue(this, `${consumer.name}-dlq`, {
        queueName: stageName(`aurum-${consumer.name}-dlq`, props.stage),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(STREAM_DLQ_RETENTION_DAYS),
        removalPolicy: removalPolicyFor(props.stage),
      });
      acknowledgeNag(queue, {
        id: 'AwsSolutions-SQS3',
        reason: `This queue is the on-failure destination (dead-letter queue) of the ${consumer.name} stream mapping.`,
      });
      acknowledgeGuard(queue, {
        rule: 'sqs_dlq_check',
        reason: `CT.SQS.PR.1: this queue is itself the dead-letter queue of the ${consumer.name} stream mapping.`,
      });

      new lambda.EventSourceMapping(this, `${consumer.name}-mapping`, {
        target: bundled.function,
        eventSourceArn: streamArn!,
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: consumer.batchSize,
        retryAttempts: consumer.retryAttempts,
        maxRecordAge: Duration.seconds(consumer.maxRecordAgeSeconds),
        reportBatchItemFailures: true,
        filters: consumer.filters.map((pattern) => lambda.FilterCriteria.filter(pattern as Record<string, unknown>)),
        onFailure: new SqsDlq(queue),
      });
      this.functions.set(consumer.name, bundled.function);
      this.deadLetterQueues.set(consumer.name, queue);
    }
  }
}
