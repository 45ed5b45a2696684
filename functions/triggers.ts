/**
 * Every Lambda function that is not an API route, in one table with what starts it: Cognito
 * triggers, scheduled jobs, the consumers of the table's stream (with their filters) and the
 * EventBridge consumers. The API functions are the route table's (shared/api/routes.ts). Each
 * function's permissions are its entry, under the same name, in infra/stacks/function-permissions.ts
 * (the CDK grants and the local IAM guard read it). The CDK stacks and the local runtime read this
 * table, so a trigger is declared once for both.
 *
 * Cognito triggers: each `x` has its entry at functions/triggers/x.ts exporting `handler`. The CDK
 * auth stack wires them; the local runtime invokes the same handlers through
 * infra/local/stand-ins/lambda.ts.
 */
import { entityWritten, type StreamConsumerSettings } from './lib/stream-filters';

export const TRIGGER_FUNCTIONS = ['post-confirmation', 'pre-token-generation', 'custom-message'] as const;
export type TriggerFunctionName = (typeof TRIGGER_FUNCTIONS)[number];

/**
 * Scheduled jobs: each `x` has its entry at functions/jobs/x.ts exporting `handler`, and runs on
 * the given EventBridge Scheduler expression in the cloud (the local runtime runs the same
 * handler on a timer).
 */
export const SCHEDULED_JOBS = [
  {
    name: 'release-reservations',
    schedule: 'rate(5 minutes)',
    description: 'Release stock of expired checkout sessions',
  },
  {
    name: 'lift-expired-bans',
    schedule: 'rate(15 minutes)',
    description: 'Enable again the accounts whose temporary ban has ended',
  },
  // Default rate; a stage can change it with `-c stockSyncRate=...` (CDK) / STOCK_SYNC_RATE (local runtime).
  { name: 'stock-sync', schedule: 'rate(1 hour)', description: 'Sync supplier stock levels' },
  {
    name: 'email-retry',
    schedule: 'rate(5 minutes)',
    description: 'Send email jobs whose earlier sends failed (retry sweep)',
  },
  {
    name: 'reconcile-payments',
    schedule: 'rate(1 hour)',
    description: 'Apply Stripe payments, refunds and memberships whose webhook never arrived; retry pending refunds',
    // Lists 4 days of Stripe's objects and asks Stripe about each payment with refunds: far more
    // than an API function's 10 s on a busy shop, well inside the hour between runs.
    timeoutSeconds: 300,
  },
  {
    name: 'erase-orphan-profiles',
    schedule: 'rate(1 day)',
    description: 'Erase the data of accounts whose Cognito user was deleted directly (GDPR art. 17)',
  },
] as const;
export type ScheduledJobName = (typeof SCHEDULED_JOBS)[number]['name'];

/**
 * The relay: consumers of the table's stream, for work that follows a business write (the write
 * records a job item in its own transaction; the consumer does the work after it, with retries,
 * never lost and never twice). Each entry is one Lambda function (handler:
 * functions/streams/<name>.ts, `handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse>`)
 * with an event source mapping on the stream: its filter criteria, batch size, retries and record
 * age, partial batch responses (ReportBatchItemFailures) and an encrypted SQS dead-letter queue as
 * its on-failure destination (infra/stacks/stream-consumers.ts). The local runtime plays the
 * mappings with a poller on DynamoDB Local's stream (infra/local/stand-ins/dynamodb-streams.ts) that
 * reads this same list. A second consumer is one more entry here, its handler file and its entry
 * in infra/stacks/function-permissions.ts.
 */
export const STREAM_CONSUMERS = [
  {
    // Sends each new email job (functions/streams/email-delivery.ts); a failed send is retried by the
    // mapping, then by the email-retry sweep (SCHEDULED_JOBS), which also gives up after a day.
    name: 'email-worker',
    description: 'Send new email jobs',
    filters: [entityWritten('email_job')],
    batchSize: 10,
    retryAttempts: 3,
    maxRecordAgeSeconds: 86_400,
  },
  {
    name: 'publish',
    description: 'Publishes product and category writes to the search indexes and the published pages',
    // A product or category item inserted, changed or deleted (a delete has only the old image).
    filters: [
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { entity: { S: ['product', 'category'] } } } },
      { eventName: ['REMOVE'], dynamodb: { OldImage: { entity: { S: ['product', 'category'] } } } },
    ],
    // One index read and write per batch: a bulk import is published in a few batches.
    batchSize: 100,
    retryAttempts: 5,
    maxRecordAgeSeconds: 3_600,
  },
] as const satisfies readonly StreamConsumerSettings[];
/** The bundle name of a stream consumer. */
export type StreamConsumerName = (typeof STREAM_CONSUMERS)[number]['name'];

/**
 * Functions invoked by an EventBridge rule on the account's default bus (api stack), each from
 * functions/events/<name>.ts: its events' source and detail types.
 */
export const EVENT_CONSUMERS = [
  {
    name: 'ses-events',
    description: 'SES bounces and complaints into the suppression list',
    source: 'aws.ses',
    // the configuration set's BOUNCE and COMPLAINT events (infra/stacks/email.ts SUPPRESSION_EVENTS)
    detailTypes: ['Email Bounced', 'Email Complained'],
  },
] as const;
/** The bundle name of an event consumer. */
export type EventConsumerName = (typeof EVENT_CONSUMERS)[number]['name'];
