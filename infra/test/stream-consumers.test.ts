/**
 * The relay's CDK part (infra/stacks/stream-consumers.ts) with a sample consumer list: one event
 * source mapping per consumer on the table's stream with its filter criteria, batch size, retries,
 * partial batch responses and an encrypted dead-letter queue; the stream read grant on the
 * table's stream only; cdk-nag clean. (The real list, STREAM_CONSUMERS, is checked in the app's
 * template by cdk-app.test.ts.)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityWritten, type StreamConsumerSettings } from '../stream-filters';
import { BundledFunction } from '../stacks/bundled-function';
import { StreamConsumers, STREAM_READ_ACTIONS } from '../stacks/stream-consumers';
import { flattenCfnValue } from '../stacks/nag';

const STAGE = 'relay-test';
const CONSUMERS: StreamConsumerSettings[] = [
  {
    name: 'first-worker',
    description: 'first',
    filters: [entityWritten('first_job')],
    batchSize: 10,
    retryAttempts: 3,
    maxRecordAgeSeconds: 86_400,
  },
  {
    name: 'second-worker',
    description: 'second',
    filters: [entityWritten('second_job'), entityWritten('second_job', ['MODIFY'])],
    batchSize: 1,
    retryAttempts: 0,
    maxRecordAgeSeconds: 3_600,
  },
];

let dir: string;
let template: Template;
let reportFile: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'aurum-relay-cdk-'));
  for (const c of CONSUMERS) {
    mkdirSync(join(dir, 'bundles', c.name), { recursive: true });
    writeFileSync(
      join(dir, 'bundles', c.name, 'index.mjs'),
      'export const handler = async () => ({ batchItemFailures: [] });',
    );
  }
  const app = new App({ outdir: join(dir, 'out'), builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'Relay');
  const table = new dynamodb.Table(stack, 'Table', {
    tableName: `aurum-shop-${STAGE}`,
    partitionKey: { name: 'PK', type: dynamodb.AttributeType.STRING },
    sortKey: { name: 'SK', type: dynamodb.AttributeType.STRING },
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
  });
  new StreamConsumers(stack, 'StreamConsumers', {
    stage: STAGE,
    table,
    consumers: CONSUMERS,
    createFunction: (scope, c) =>
      new BundledFunction(scope, c.name, {
        name: c.name,
        stage: STAGE,
        functionsDir: join(dir, 'bundles'),
        environment: {},
        description: c.description,
      }),
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  template = Template.fromStack(stack);
  reportFile = join(dir, 'out', 'validation-report.json');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Resource = { Properties: Record<string, unknown> };
const resources = (type: string) => Object.entries(template.findResources(type) as Record<string, Resource>);

describe('stream consumers (CDK)', () => {
  it('maps each consumer to the stream with its filters, batch size, retries, record age and partial batch responses', () => {
    const functions = new Map(resources('AWS::Lambda::Function').map(([id, f]) => [id, f.Properties.FunctionName]));
    const mappings = resources('AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties);
    expect(mappings).toHaveLength(CONSUMERS.length);
    for (const c of CONSUMERS) {
      const m = mappings.find(
        (x) => functions.get((x.FunctionName as { Ref: string }).Ref) === `aurum-${c.name}-${STAGE}`,
      )!;
      expect(m, c.name).toBeDefined();
      expect(flattenCfnValue(m.EventSourceArn)).toMatch(/^<Table.*\.StreamArn>$/);
      expect(m).toMatchObject({
        StartingPosition: 'TRIM_HORIZON',
        BatchSize: c.batchSize,
        MaximumRetryAttempts: c.retryAttempts,
        MaximumRecordAgeInSeconds: c.maxRecordAgeSeconds,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      expect(
        (m.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) => JSON.parse(f.Pattern)),
      ).toEqual(c.filters);
    }
  });

  it('sends a discarded batch to an encrypted, SSL-only dead-letter queue of its own', () => {
    const queues = resources('AWS::SQS::Queue');
    expect(queues.map(([, q]) => q.Properties.QueueName).sort()).toEqual(
      CONSUMERS.map((c) => `aurum-${c.name}-dlq-${STAGE}`).sort(),
    );
    for (const [, q] of queues) {
      expect(q.Properties.SqsManagedSseEnabled).toBe(true);
      expect(q.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    }
    const queueIds = new Set(queues.map(([id]) => id));
    for (const [, m] of resources('AWS::Lambda::EventSourceMapping')) {
      const destination = (m.Properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure
        .Destination;
      const id = flattenCfnValue(destination).replace(/^<|\.Arn>$/g, '');
      expect(queueIds.has(id)).toBe(true);
    }
    const policies = JSON.stringify(template.findResources('AWS::SQS::QueuePolicy'));
    expect(policies).toContain('aws:SecureTransport');
  });

  it("lets each consumer's role read the table's stream, and nothing more of it", () => {
    for (const [, policy] of resources('AWS::IAM::Policy')) {
      const statements = (policy.Properties.PolicyDocument as { Statement: { Action: string[]; Resource: unknown }[] })
        .Statement;
      const stream = statements.find((s) => [s.Action].flat().includes('dynamodb:GetRecords'))!;
      expect(stream).toBeDefined();
      expect([stream.Action].flat().sort()).toEqual([...STREAM_READ_ACTIONS].sort());
      expect(flattenCfnValue(stream.Resource)).toMatch(/:table\/aurum-shop-relay-test\/stream\/\*$/);
      const actions = statements.flatMap((s) => [s.Action].flat());
      expect(actions.filter((a) => a.startsWith('dynamodb:') && !STREAM_READ_ACTIONS.includes(a as never))).toEqual([]);
    }
  });

  it('is cdk-nag clean', () => {
    const reports = (
      JSON.parse(readFileSync(reportFile, 'utf8')) as {
        pluginReports: { violations: { ruleName: string; severity: string }[] }[];
      }
    ).pluginReports;
    expect(reports.flatMap((r) => r.violations).filter((v) => v.severity === 'error')).toEqual([]);
  });
});
