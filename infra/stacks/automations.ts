/**
 * Automations infrastructure of a stage (docs/stock-sync.md), one construct instantiated by the api stack:
 *
 *  - the notifications topic `aurum-notifications-<stage>` (SNS, AWS-managed KMS key, TLS only)
 *    with the stage's support email subscribed to every message; suppliers' notification emails
 *    are subscribed by the automations function when a supplier is saved, each with a filter
 *    policy on its own stock alerts (`kind` = stock_alert, `supplier_id` = its id);
 *  - the secret `aurum-supplier-keys-<stage>` holding the suppliers' stock API keys;
 *  - the stock-sync job function (10-minute timeout) run by an EventBridge Scheduler schedule at
 *    the stage's rate (`-c stockSyncRate=...`, default the SCHEDULED_JOBS one, hourly) with a retry
 *    policy (2 retries, events older than 1 hour dropped) and a dead-letter queue; the function's
 *    asynchronous invocations (the schedule's and the API's) retry once and then go to the same
 *    queue;
 *  - the grants of the automations API function and of the job on these resources (their table and
 *    bucket grants are their FUNCTION_PERMISSIONS entries, infra/stacks/function-permissions.ts,
 *    and so is their access to the supplier secret: `supplierSecret`).
 *
 * Grants on this construct's resources (least privilege):
 *   automations API fn  secretsmanager:GetSecretValue/PutSecretValue  supplier keys secret
 *                       lambda:InvokeFunction                         the stock-sync job (async start)
 *                       sns:Subscribe, sns:Unsubscribe                 the notifications topic
 *   stock-sync job      secretsmanager:GetSecretValue                 supplier keys secret
 *                       sns:Publish                                   the notifications topic
 *                       sqs:SendMessage                               its dead-letter queue (on-failure destination)
 *   admin API fn        sns:Publish                                   the notifications topic (payment keys changed)
 *   scheduler role      lambda:InvokeFunction on the job; sqs:SendMessage on the dead-letter queue
 */
import { Duration, SecretValue } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SCHEDULED_JOBS } from '../../functions/triggers';
import { AUTOMATIONS_ENV, NOTIFICATIONS_TOPIC, SUPPLIER_SECRET, rateToMs } from '../definitions';
import { BundledFunction } from './bundled-function';
import { acknowledgeNag, acknowledgeWildcards, flattenCfnValue } from './nag';
import { acknowledgeGuard } from './guard';
import { removalPolicyFor, stageName } from './stage-settings';
import type { FunctionGrants } from './function-grants';
import { permissionsOf, secretActions } from './function-permissions';

/** The job's name in SCHEDULED_JOBS (functions/jobs/stock-sync.ts). */
export const STOCK_SYNC_JOB = 'stock-sync';

/** Timeouts (seconds): the job runs a whole sync (2,000 products take well under a minute); the API function imports a page and its images (under API Gateway's 30 s). */
export const AUTOMATIONS_TIMEOUTS = { job: 600, api: 29 } as const;

/** The schedule's retry policy and the async invoke config of the job. */
export const STOCK_SYNC_RETRY = { scheduleRetries: 2, maxEventAgeHours: 1, asyncRetries: 1 } as const;

export interface AutomationsProps {
  stage: string;
  functionsDir: string;
  /** The environment every function gets (FUNCTION_ENV values). */
  environment: Record<string, string>;
  /** The 'automations' API function (FUNCTION_NAMES). */
  apiFunction: lambda.Function;
  /** Its execution role. */
  apiRole: iam.IRole;
  /** Subscribed to every notification. */
  supportEmail: string;
  /** The job's table grants and environment (function-grants.ts grantsFor('stock-sync')). */
  jobGrants: FunctionGrants;
  /**
   * The functions that raise operator alerts or security alerts (FUNCTION_PERMISSIONS `alerts`):
   * each gets the topic's ARN and sns:Publish on it.
   */
  alertPublishers: readonly lambda.Function[];
}

/** The stage's rate for the stock sync: context `stockSyncRate`, else the SCHEDULED_JOBS default. */
export function stockSyncRateOf(scope: Construct): string {
  const context = scope.node.tryGetContext('stockSyncRate') as unknown;
  const rate =
    typeof context === 'string' && context.trim()
      ? context.trim()
      : SCHEDULED_JOBS.find((j) => j.name === STOCK_SYNC_JOB)!.schedule;
  rateToMs(rate); // throws on anything but a valid rate expression
  return rate;
}

/** Topic, secret, job, schedule and dead-letter queue of the automations. */
export class Automations extends Construct {
  readonly topic: sns.Topic;
  readonly supplierSecret: secretsmanager.Secret;
  readonly job: lambda.Function;
  readonly deadLetterQueue: sqs.Queue;
  readonly schedule: scheduler.Schedule;

  constructor(scope: Construct, id: string, props: AutomationsProps) {
    super(scope, id);
    const { stage } = props;
    const removalPolicy = removalPolicyFor(stage);

    this.topic = new sns.Topic(this, 'Notifications', {
      topicName: stageName(NOTIFICATIONS_TOPIC.baseName, stage),
      displayName: 'Aurum Fitness',
      masterKey: kms.Alias.fromAliasName(this, 'SnsKey', 'alias/aws/sns'),
      enforceSSL: true,
    });
    this.topic.addSubscription(new subscriptions.EmailSubscription(props.supportEmail));

    this.supplierSecret = new secretsmanager.Secret(this, 'SupplierKeys', {
      secretName: stageName(SUPPLIER_SECRET.baseName, stage),
      description: `Aurum Fitness suppliers' stock API keys (${stage}); set through the admin suppliers page`,
      // Not a secret value: the empty object means "no keys yet".
      secretStringValue: SecretValue.unsafePlainText('{}'),
      removalPolicy,
    });
    acknowledgeNag(this.supplierSecret, {
      id: 'AwsSolutions-SMG4',
      reason:
        'Suppliers issue their stock API keys; the admin replaces a key on the suppliers page. Secrets Manager rotation cannot rotate them.',
    });

    this.deadLetterQueue = new sqs.Queue(this, 'StockSyncDlq', {
      queueName: stageName('aurum-stock-sync-dlq', stage),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy,
    });
    acknowledgeNag(this.deadLetterQueue, {
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is the dead-letter queue of the stock-sync schedule and job.',
    });
    acknowledgeGuard(this.deadLetterQueue, {
      rule: 'sqs_dlq_check',
      reason: 'CT.SQS.PR.1: this queue is itself the dead-letter queue of the stock sync.',
    });

    const job = new BundledFunction(this, STOCK_SYNC_JOB, {
      name: STOCK_SYNC_JOB,
      stage,
      functionsDir: props.functionsDir,
      environment: {
        ...props.environment,
        ...props.jobGrants.environment,
        [AUTOMATIONS_ENV.topicArn]: this.topic.topicArn,
        [AUTOMATIONS_ENV.supplierSecretId]: this.supplierSecret.secretArn,
      },
      description: `Aurum Fitness job: ${SCHEDULED_JOBS.find((j) => j.name === STOCK_SYNC_JOB)!.description} (${stage})`,
      timeout: Duration.seconds(AUTOMATIONS_TIMEOUTS.job),
      memorySize: 1024,
    });
    this.job = job.function;
    for (const statement of props.jobGrants.statements) job.role.addToPrincipalPolicy(statement);
    job.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: secretActions(permissionsOf(STOCK_SYNC_JOB).supplierSecret!),
        resources: [this.supplierSecret.secretArn],
      }),
    );
    job.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sns:Publish'], resources: [this.topic.topicArn] }),
    );
    this.job.configureAsyncInvoke({
      retryAttempts: STOCK_SYNC_RETRY.asyncRetries,
      maxEventAge: Duration.hours(STOCK_SYNC_RETRY.maxEventAgeHours),
      onFailure: new SqsDestination(this.deadLetterQueue),
    });

    const schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: `EventBridge Scheduler role for ${STOCK_SYNC_JOB} (${stage})`,
    });
    this.schedule = new scheduler.Schedule(this, 'Schedule', {
      scheduleName: stageName(`aurum-${STOCK_SYNC_JOB}`, stage),
      description: 'Sync supplier stock levels',
      schedule: scheduler.ScheduleExpression.expression(stockSyncRateOf(this)),
      target: new schedulerTargets.LambdaInvoke(this.job, {
        role: schedulerRole,
        input: scheduler.ScheduleTargetInput.fromObject({ trigger: 'schedule' }),
        retryAttempts: STOCK_SYNC_RETRY.scheduleRetries,
        maxEventAge: Duration.hours(STOCK_SYNC_RETRY.maxEventAgeHours),
        deadLetterQueue: this.deadLetterQueue,
      }),
    });

    // The API function: its timeout (imports), environment and three grants.
    (props.apiFunction.node.defaultChild as CfnFunction).timeout = AUTOMATIONS_TIMEOUTS.api;
    props.apiFunction.addEnvironment(AUTOMATIONS_ENV.topicArn, this.topic.topicArn);
    props.apiFunction.addEnvironment(AUTOMATIONS_ENV.supplierSecretId, this.supplierSecret.secretArn);
    props.apiFunction.addEnvironment(AUTOMATIONS_ENV.stockSyncFunction, this.job.functionName);
    props.apiRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: secretActions(permissionsOf('automations').supplierSecret!),
        resources: [this.supplierSecret.secretArn],
      }),
    );
    props.apiRole.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.job.functionArn] }),
    );
    props.apiRole.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sns:Subscribe', 'sns:Unsubscribe'], resources: [this.topic.topicArn] }),
    );
    // Operator alerts (functions/lib/alerts.ts) and the admin's security alerts reach the admin through the topic.
    for (const fn of props.alertPublishers) {
      fn.addEnvironment(AUTOMATIONS_ENV.topicArn, this.topic.topicArn);
      fn.role!.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['sns:Publish'], resources: [this.topic.topicArn] }),
      );
    }

    const fnArn = flattenCfnValue(this.job.stack.resolve(this.job.functionArn));
    acknowledgeWildcards(
      schedulerRole,
      'The Lambda target grants invoke on the function and its versions (<function ARN>:*); nothing else.',
      (finding) => finding === `Resource::${fnArn}:*`,
    );
  }
}
