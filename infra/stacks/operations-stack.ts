/**
 * Operations stack (`Aurum-<stage>-Ops`, in the shop's region, deployed after the others): the
 * stage's alarms, its one CloudWatch dashboard, its Synthetics canary and its AWS Budgets alarm,
 * all reporting to the operations topic `aurum-operations-<stage>`, which emails the stage's owner
 * (`-c opsEmail=…`, default the support email). Alarms and the dashboard come from
 * cdk-monitoring-constructs (cdklabs) with the thresholds of ALARM_THRESHOLDS; what each alarm
 * means and what to do first is in docs/operations.md.
 *
 * Watched (monitored-resources.ts finds them in the other stacks):
 *  - the HTTP API: p99 latency, and the share of 5xx answers;
 *  - every function: errors, throttles, maximum duration near its timeout; the stream consumers'
 *    iterator age; the stock sync's invocations (it did not run on schedule);
 *  - the table: read and write throttles, system errors; every dead-letter queue: any message,
 *    and its oldest message's age;
 *  - the business signals: the share of failed checkouts (CheckoutFailed over the checkout
 *    requests of the API access log), WebhookRejected, operator alerts and undeliverable emails
 *    (metric filters on the functions' OPERATOR_ALERT log lines), SES's bounce and complaint rates;
 *  - the canary (home page, /api/products, a product page): a failed run, slow runs.
 * A composite alarm "the shop is down" fires when the canary fails or the API answers mostly 5xx.
 * CloudFront's metrics exist only in us-east-1: its 5xx alarm lives in edge-operations-stack.ts.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as synthetics from 'aws-cdk-lib/aws-synthetics';
import {
  DefaultDashboardFactory,
  MonitoringFacade,
  SnsAlarmActionStrategy,
  type CustomMetricGroup,
} from 'cdk-monitoring-constructs';
import type { Construct } from 'constructs';
import { ALERT_LOG_MESSAGE } from '../../functions/lib/alerts';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../functions/lib/observability';
import { CHECKOUT_API } from '../../shared/api/checkout';
import { routeKey } from '../../shared/api/routes';
import { rateToMs } from '../definitions';
import { buildCanaryBundle, CANARY_BUNDLE_DIR } from '../canary/bundle';
import { SHOP_URL_ENV } from '../canary/canary-handler';
import { acknowledgeGuard } from './guard';
import { acknowledgeNag, acknowledgeWildcards } from './nag';
import type { MonitoredResources } from './monitored-resources';
import { STOCK_SYNC_JOB } from './automations';
import { bucketName, isRetainedStage, removalPolicyFor, stageName, type StageProps } from './stage-settings';
import { createHash } from 'node:crypto';

/** The thresholds of the stage's alarms (docs/operations.md explains each). */
export const ALARM_THRESHOLDS = {
  /** API p99 latency (whole request, as API Gateway measures it). */
  apiP99LatencyMs: 3_000,
  /** Share of API answers that are 5xx (percent), with at least `apiMinRequests` requests in the period. */
  api5xxPercent: 5,
  apiMinRequests: 20,
  /** A function's slowest invocation above this share of its timeout (percent). */
  durationPercentOfTimeout: 80,
  /** A stream consumer's iterator age (how far it is behind the table's writes). */
  iteratorAgeMinutes: 5,
  /** A dead-letter queue's oldest message (retention is 14 days). */
  deadLetterAgeDays: 3,
  /** Share of checkout requests that failed (percent), with at least `checkoutMinAttempts` in 15 minutes. */
  checkoutFailurePercent: 20,
  checkoutMinAttempts: 5,
  /** Webhooks refused in 15 minutes (a wrong signing secret refuses every delivery). */
  webhookRejectedPer15Minutes: 2,
  /** SES account reputation (SES reviews an account at 5 % bounces / 0.1 % complaints). */
  sesBounceRate: 0.05,
  sesComplaintRate: 0.001,
  /** Average duration of a canary run. */
  canaryDurationMs: 10_000,
} as const;

/** The canary's rate: production every 5 minutes, a branch stage every 30 (`-c canaryRate=…` overrides). */
export function canaryRateFor(stage: string, context?: unknown): string {
  const given = typeof context === 'string' && context.trim() ? context.trim() : undefined;
  const rate = given ?? (isRetainedStage(stage) ? 'rate(5 minutes)' : 'rate(30 minutes)');
  rateToMs(rate);
  return rate;
}

/** The monthly budget of a stage in USD: production 150, a branch stage 15 (`-c monthlyBudgetUsd=…` overrides). */
export function monthlyBudgetFor(stage: string, context?: unknown): number {
  const given = Number(context);
  if (context !== undefined && context !== '' && (!Number.isFinite(given) || given <= 0))
    throw new Error(`-c monthlyBudgetUsd: not a positive amount: ${String(context)}`);
  return context !== undefined && context !== '' ? given : isRetainedStage(stage) ? 150 : 15;
}

/** The CloudWatch namespace of the metrics the stage's log filters publish. */
export function logMetricsNamespace(stage: string): string {
  return `${METRICS_NAMESPACE}/${stage}`;
}

/**
 * The canary's name: `aurum-<stage>` when it fits Synthetics' 21 characters, else a prefix of it
 * and 6 hex characters of a hash of the stage (two long stages never share a canary).
 */
export function canaryName(stage: string): string {
  const full = `aurum-${stage}`;
  if (full.length <= 21) return full;
  const hash = createHash('sha256').update(stage).digest('hex').slice(0, 6);
  return `${full.slice(0, 14).replace(/-+$/, '')}-${hash}`;
}

/** The tag of the alarms the "shop is down" composite alarm combines. */
const SHOP_DOWN_TAG = 'shop-down';

/** Settings of operationsMonitoring(). */
export interface OperationsMonitoringSettings {
  stage: string;
  /** Subscribed (email) to the topic. */
  opsEmail: string;
  topicDisplayName: string;
  /** The stage's one dashboard (only the operations stack has it). */
  withDashboard: boolean;
  alarmDefaults: { datapointsToAlarm: number; evaluationPeriods: number };
}

/**
 * A stack's operations topic `aurum-operations-<stage>` (email to the owner) and the monitoring
 * facade whose every alarm notifies it when it fires and when it is OK again (used by this stack
 * and by the us-east-1 edge operations stack).
 */
export function operationsMonitoring(
  scope: Construct,
  settings: OperationsMonitoringSettings,
): { topic: sns.Topic; monitoring: MonitoringFacade } {
  const { stage } = settings;
  const topic = new sns.Topic(scope, 'OperationsTopic', {
    topicName: stageName('aurum-operations', stage),
    displayName: settings.topicDisplayName,
    enforceSSL: true,
  });
  topic.addSubscription(new subscriptions.EmailSubscription(settings.opsEmail));
  acknowledgeNag(topic, {
    id: 'AwsSolutions-SNS2',
    reason:
      'CloudWatch alarms cannot publish to a topic encrypted with the AWS managed SNS key, and a customer managed key costs 1 USD a month per stage; the messages carry alarm names and metric values, never shop data.',
  });
  const monitoring = new MonitoringFacade(scope, 'Monitoring', {
    alarmFactoryDefaults: {
      alarmNamePrefix: stageName('aurum', stage),
      actionsEnabled: true,
      action: new SnsAlarmActionStrategy({ onAlarmTopic: topic, onOkTopic: topic }),
      ...settings.alarmDefaults,
      runbookLink: 'docs/operations.md, section "Alarms"',
    },
    metricFactoryDefaults: { period: Duration.minutes(5) },
    dashboardFactory: new DefaultDashboardFactory(scope, 'Dashboards', {
      dashboardNamePrefix: stageName('aurum', stage),
      createDashboard: settings.withDashboard,
      createSummaryDashboard: false,
      createAlarmDashboard: false,
    }),
  });
  return { topic, monitoring };
}

/** Properties of the operations stack. */
export interface OperationsStackProps extends StackProps, StageProps {
  /** Who the operations topic and the budget email. */
  opsEmail: string;
  /** The functions, queues and tables to watch (monitoredResources over the app). */
  resources: MonitoredResources;
  /** The HTTP API's id (api stack). */
  httpApiId: string;
  /** The API access log group's name (api stack). */
  apiAccessLogGroupName: string;
  /** The shop origin the canary loads (web stack). */
  shopUrl: string;
  /** The distribution (web stack), shown on the dashboard (its alarm: edge-operations-stack.ts). */
  distribution: cloudfront.IDistribution;
  /** The access-log bucket (data stack) the canary's artifact bucket logs to. */
  accessLogsBucket: s3.IBucket;
  /** The stock sync's schedule rate (automations.ts stockSyncRateOf). */
  stockSyncRate: string;
  /** The canary's rate (canaryRateFor). */
  canaryRate: string;
  /** The monthly budget in USD (monthlyBudgetFor). */
  monthlyBudgetUsd: number;
}

/** Alarms, dashboard, canary, budget and operations topic of a stage. */
export class OperationsStack extends Stack {
  /** The topic every alarm notifies (email to the owner). */
  readonly topic: sns.Topic;
  /** The alarms, dashboard and their metrics. */
  readonly monitoring: MonitoringFacade;
  /** The canary. */
  readonly canary: synthetics.Canary;
  /** "The shop is down". */
  readonly shopDown: cloudwatch.CompositeAlarm;

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const t = ALARM_THRESHOLDS;

    ({ topic: this.topic, monitoring: this.monitoring } = operationsMonitoring(this, {
      stage,
      opsEmail: props.opsEmail,
      topicDisplayName: `Aurum Fitness operations (${stage})`,
      withDashboard: true,
      alarmDefaults: { datapointsToAlarm: 1, evaluationPeriods: 1 },
    }));
    const m = this.monitoring;

    // The API.
    const httpApi = apigw.HttpApi.fromHttpApiAttributes(this, 'HttpApi', { httpApiId: props.httpApiId });
    m.addLargeHeader(`Aurum Fitness, stage ${stage}`);
    m.monitorApiGatewayV2HttpApi({
      api: httpApi,
      apiStage: '$default',
      humanReadableName: 'HTTP API',
      alarmFriendlyName: 'Api',
      addLatencyP99Alarm: { Warning: { maxLatency: Duration.millis(t.apiP99LatencyMs) } },
    });
    m.monitorCloudFrontDistribution({
      distribution: props.distribution,
      humanReadableName: 'CloudFront (its 5xx alarm is in us-east-1)',
      alarmFriendlyName: 'CloudFront',
    });
    const apiMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.httpApiId, Stage: '$default' },
        statistic: 'Sum',
        period: Duration.minutes(5),
      });
    const api5xxPercent = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${t.apiMinRequests}, 100 * FILL(errors, 0) / requests, 0)`,
      usingMetrics: { requests: apiMetric('Count'), errors: apiMetric('5xx') },
      label: 'API 5xx (%)',
      period: Duration.minutes(5),
    });

    // Every function.
    for (const fn of props.resources.functions) {
      const ref = lambda.Function.fromFunctionName(this, `Fn-${fn.functionName}`, fn.functionName);
      // 'aurum-checkout-main' -> 'checkout': the alarms' names carry the stage once.
      const bundle = fn.functionName.slice('aurum-'.length, -(stage.length + 1));
      const isStockSync = fn.functionName === stageName(`aurum-${STOCK_SYNC_JOB}`, stage);
      const stockSyncPeriod = Duration.millis(Math.min(2 * rateToMs(props.stockSyncRate), 86_400_000));
      m.monitorLambdaFunction({
        lambdaFunction: ref,
        humanReadableName: fn.functionName,
        alarmFriendlyName: bundle,
        // One overview of all functions (below) instead of a section each: the dashboard stays
        // readable, and its template small (Control Tower's checks read every template at synth).
        addToDetailDashboard: false,
        addToSummaryDashboard: false,
        isIterator: fn.streamConsumer,
        addFaultCountAlarm: { Critical: { maxErrorCount: 0 } },
        addThrottlesCountAlarm: { Critical: { maxErrorCount: 0 } },
        addMaxLatencyAlarm: {
          NearTimeout: {
            maxLatency: Duration.millis(Math.floor((fn.timeoutSeconds * 1000 * t.durationPercentOfTimeout) / 100)),
          },
        },
        ...(fn.streamConsumer
          ? { addMaxIteratorAgeAlarm: { Warning: { maxAgeInMillis: t.iteratorAgeMinutes * 60_000 } } }
          : {}),
        ...(isStockSync
          ? {
              // No invocation in twice the schedule's interval: the sync did not run on schedule.
              addMinInvocationsCountAlarm: {
                NotOnSchedule: {
                  minCount: 1,
                  period: stockSyncPeriod,
                  treatMissingDataOverride: cloudwatch.TreatMissingData.BREACHING,
                },
              },
            }
          : {}),
      });
    }

    const lambdaMetric = (metricName: string, functionName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName,
        dimensionsMap: { FunctionName: functionName },
        statistic,
        label: functionName.slice('aurum-'.length, -(stage.length + 1)),
        period: Duration.minutes(5),
      });
    const names = props.resources.functions.map((f) => f.functionName);
    m.monitorCustom({
      humanReadableName: `Functions (${names.length}; each has its errors, throttles and near-timeout alarms)`,
      alarmFriendlyName: 'Functions',
      metricGroups: [
        { title: 'Errors', metrics: names.map((n) => lambdaMetric('Errors', n, 'Sum')) },
        { title: 'Throttles', metrics: names.map((n) => lambdaMetric('Throttles', n, 'Sum')) },
        { title: 'Duration, slowest (ms)', metrics: names.map((n) => lambdaMetric('Duration', n, 'Maximum')) },
        {
          title: 'Dead-letter queues (messages)',
          metrics: props.resources.queueNames.map(
            (q) =>
              new cloudwatch.Metric({
                namespace: 'AWS/SQS',
                metricName: 'ApproximateNumberOfMessagesVisible',
                dimensionsMap: { QueueName: q },
                statistic: 'Maximum',
                label: q,
                period: Duration.minutes(5),
              }),
          ),
        },
      ],
    });

    // The table and the dead-letter queues.
    for (const tableName of props.resources.tableNames) {
      m.monitorDynamoTable({
        table: dynamodb.Table.fromTableName(this, `Table-${tableName}`, tableName),
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        alarmFriendlyName: 'Table',
        addReadThrottledEventsCountAlarm: { Critical: { maxThrottledEventsThreshold: 0 } },
        addWriteThrottledEventsCountAlarm: { Critical: { maxThrottledEventsThreshold: 0 } },
        addSystemErrorCountAlarm: { Critical: { maxErrorCount: 0 } },
      });
    }
    for (const queueName of props.resources.queueNames) {
      const queue = sqs.Queue.fromQueueArn(
        this,
        `Queue-${queueName}`,
        this.formatArn({ service: 'sqs', resource: queueName }),
      );
      m.monitorSqsQueue({
        queue,
        addToDetailDashboard: false,
        addToSummaryDashboard: false,
        humanReadableName: `${queueName} (dead letters)`,
        alarmFriendlyName: queueName.slice('aurum-'.length, -(stage.length + 1)),
        addQueueMaxSizeAlarm: { Critical: { maxMessageCount: 0 } },
        addQueueMaxMessageAgeAlarm: { Warning: { maxAgeInSeconds: t.deadLetterAgeDays * 86_400 } },
      });
    }

    // The business signals.
    const logNamespace = logMetricsNamespace(stage);
    const shopMetric = (metricName: string, period: Duration) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service: SERVICE_NAME, stage },
        statistic: 'Sum',
        period,
      });
    const logMetric = (metricName: string, period = Duration.minutes(5)) =>
      new cloudwatch.Metric({ namespace: logNamespace, metricName, statistic: 'Sum', period });

    const accessLog = logs.LogGroup.fromLogGroupName(this, 'ApiAccessLog', props.apiAccessLogGroupName);
    const checkoutRoutes = [CHECKOUT_API.createSession, CHECKOUT_API.subscribe].map(
      (r) => `$.routeKey = "${routeKey(r)}"`,
    );
    new logs.MetricFilter(this, 'CheckoutRequests', {
      logGroup: accessLog,
      filterPattern: logs.FilterPattern.literal(`{ ${checkoutRoutes.join(' || ')} }`),
      metricNamespace: logNamespace,
      metricName: 'CheckoutRequests',
      metricValue: '1',
    });
    for (const fn of props.resources.functions) {
      const logGroup = logs.LogGroup.fromLogGroupName(
        this,
        `Logs-${fn.functionName}`,
        `/aws/lambda/${fn.functionName}`,
      );
      new logs.MetricFilter(this, `OperatorAlerts-${fn.functionName}`, {
        logGroup,
        filterPattern: logs.FilterPattern.literal(`{ $.message = "${ALERT_LOG_MESSAGE}" }`),
        metricNamespace: logNamespace,
        metricName: 'OperatorAlert',
        metricValue: '1',
      });
      new logs.MetricFilter(this, `EmailUndeliverable-${fn.functionName}`, {
        logGroup,
        filterPattern: logs.FilterPattern.literal(
          `{ $.message = "${ALERT_LOG_MESSAGE}" && $.alert = "email_undeliverable" }`,
        ),
        metricNamespace: logNamespace,
        metricName: 'EmailUndeliverable',
        metricValue: '1',
      });
    }
    const quarterHour = Duration.minutes(15);
    const checkoutFailurePercent = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${t.checkoutMinAttempts}, 100 * FILL(failed, 0) / requests, 0)`,
      usingMetrics: {
        requests: logMetric('CheckoutRequests', quarterHour),
        failed: shopMetric('CheckoutFailed', quarterHour),
      },
      label: 'Checkout failures (%)',
      period: quarterHour,
    });
    const sesMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    const gt = cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD;
    const notBreaching = cloudwatch.TreatMissingData.NOT_BREACHING;
    const business: CustomMetricGroup[] = [
      {
        title: 'API 5xx (%)',
        metrics: [
          {
            metric: api5xxPercent,
            alarmFriendlyName: 'Api5xxPercent',
            addAlarm: {
              Critical: {
                threshold: t.api5xxPercent,
                comparisonOperator: gt,
                treatMissingDataOverride: notBreaching,
                customTags: [SHOP_DOWN_TAG],
              },
            },
          },
        ],
      },
      {
        title: 'Checkout',
        metrics: [
          {
            metric: checkoutFailurePercent,
            alarmFriendlyName: 'CheckoutFailurePercent',
            addAlarm: {
              Critical: {
                threshold: t.checkoutFailurePercent,
                comparisonOperator: gt,
                treatMissingDataOverride: notBreaching,
              },
            },
          },
          shopMetric('OrderCreated', quarterHour),
        ],
      },
      {
        title: 'Payments and alerts',
        metrics: [
          {
            metric: shopMetric('WebhookRejected', quarterHour),
            alarmFriendlyName: 'WebhookRejected',
            addAlarm: {
              Critical: {
                threshold: t.webhookRejectedPer15Minutes,
                comparisonOperator: gt,
                treatMissingDataOverride: notBreaching,
              },
            },
          },
          {
            metric: logMetric('OperatorAlert'),
            alarmFriendlyName: 'OperatorAlert',
            addAlarm: { Critical: { threshold: 0, comparisonOperator: gt, treatMissingDataOverride: notBreaching } },
          },
        ],
      },
      {
        title: 'Email',
        metrics: [
          {
            metric: logMetric('EmailUndeliverable'),
            alarmFriendlyName: 'EmailUndeliverable',
            addAlarm: { Critical: { threshold: 0, comparisonOperator: gt, treatMissingDataOverride: notBreaching } },
          },
          {
            metric: sesMetric('Reputation.BounceRate'),
            alarmFriendlyName: 'SesBounceRate',
            addAlarm: {
              Warning: { threshold: t.sesBounceRate, comparisonOperator: gt, treatMissingDataOverride: notBreaching },
            },
          },
          {
            metric: sesMetric('Reputation.ComplaintRate'),
            alarmFriendlyName: 'SesComplaintRate',
            addAlarm: {
              Warning: {
                threshold: t.sesComplaintRate,
                comparisonOperator: gt,
                treatMissingDataOverride: notBreaching,
              },
            },
          },
        ],
      },
    ];
    m.monitorCustom({ humanReadableName: 'Business signals', alarmFriendlyName: 'Shop', metricGroups: business });

    // The canary.
    this.canary = this.createCanary(props);
    const canaryPeriod = Duration.millis(rateToMs(props.canaryRate));
    const canaryRuns = isRetainedStage(stage) ? 2 : 1;
    m.monitorSyntheticsCanary({
      canary: this.canary,
      humanReadableName: 'Canary (home page, /api/products, a product page)',
      alarmFriendlyName: 'Canary',
      addAverageLatencyAlarm: {
        Warning: { maxLatency: Duration.millis(t.canaryDurationMs), period: canaryPeriod },
      },
    });
    m.monitorCustom({
      humanReadableName: 'Canary runs',
      alarmFriendlyName: 'CanaryRuns',
      metricGroups: [
        {
          title: 'Canary success (%)',
          metrics: [
            {
              metric: this.canary.metricSuccessPercent({ period: canaryPeriod, statistic: 'Average' }),
              alarmFriendlyName: 'CanarySuccess',
              addAlarm: {
                Critical: {
                  threshold: 100,
                  comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
                  // A canary that stopped running is as bad as one that fails.
                  treatMissingDataOverride: cloudwatch.TreatMissingData.BREACHING,
                  evaluationPeriods: canaryRuns,
                  datapointsToAlarm: canaryRuns,
                  customTags: [SHOP_DOWN_TAG],
                },
              },
            },
          ],
        },
      ],
    });

    this.shopDown = m.createCompositeAlarmUsingTag(SHOP_DOWN_TAG, {
      alarmNameSuffix: 'ShopDown',
      disambiguator: 'Critical',
      alarmDescription: `The shop (${stage}) is down: the canary fails or most API answers are 5xx.`,
    })!;

    new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetName: stageName('aurum', stage),
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
        // Needs the Stage tag activated as a cost allocation tag (docs/operations.md).
        costFilters: { TagKeyValue: [`user:Stage$${stage}`] },
      },
      notificationsWithSubscribers: [
        { type: 'ACTUAL', threshold: 80 },
        { type: 'FORECASTED', threshold: 100 },
      ].map((n) => ({
        notification: {
          notificationType: n.type,
          comparisonOperator: 'GREATER_THAN',
          threshold: n.threshold,
          thresholdType: 'PERCENTAGE',
        },
        subscribers: [{ subscriptionType: 'EMAIL', address: props.opsEmail }],
      })),
    });
  }

  /** The canary: its bundle, its artifact bucket (access-logged, expiring) and its role. */
  private createCanary(props: OperationsStackProps): synthetics.Canary {
    const { stage } = props;
    buildCanaryBundle();
    const artifacts = new s3.Bucket(this, 'CanaryArtifacts', {
      bucketName: bucketName(this, 'aurum-canary-artifacts', stage),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'aurum-canary-artifacts/',
      lifecycleRules: [{ id: 'expire-runs', expiration: Duration.days(isRetainedStage(stage) ? 30 : 7) }],
      removalPolicy: removalPolicyFor(stage),
      autoDeleteObjects: !isRetainedStage(stage),
    });
    acknowledgeGuard(
      artifacts,
      {
        rule: 's3_bucket_versioning_enabled_check',
        reason: 'CT.S3.PR.11: each canary run writes its own logs and expires; nothing to restore.',
      },
      {
        rule: 's3_bucket_logging_enabled_check',
        reason:
          "CT.S3.PR.2: server access logging goes to the data stack's access log bucket, an import the rule cannot resolve.",
      },
    );
    const canary = new synthetics.Canary(this, 'Canary', {
      canaryName: canaryName(stage),
      runtime: synthetics.Runtime.SYNTHETICS_NODEJS_PUPPETEER_13_0,
      test: synthetics.Test.custom({
        code: synthetics.Code.fromAsset(CANARY_BUNDLE_DIR),
        handler: 'index.handler',
      }),
      schedule: synthetics.Schedule.expression(props.canaryRate),
      environmentVariables: { [SHOP_URL_ENV]: props.shopUrl },
      artifactsBucketLocation: { bucket: artifacts },
      successRetentionPeriod: Duration.days(7),
      failureRetentionPeriod: Duration.days(30),
      timeout: Duration.seconds(60),
      provisionedResourceCleanup: true,
    });
    acknowledgeWildcards(
      canary,
      "The canary's execution role (made by aws-cdk-lib as the Synthetics guide's policy): its artifacts under <bucket>/*, its log groups /aws/lambda/cwsyn-*, and cloudwatch:PutMetricData and s3:ListAllMyBuckets, which take no resource ARN.",
    );
    return canary;
  }
}
