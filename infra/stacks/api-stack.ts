/**
 * Api stack: one Lambda function per FUNCTION_NAMES entry (prebuilt esbuild bundles from
 * dist/functions/<fn>), each with only the grants of its FUNCTION_PERMISSIONS entry
 * (function-permissions.ts), the scheduled jobs, the stream consumers (the relay,
 * stream-consumers.ts), and an HTTP API whose routes are generated 1:1 from the route table.
 * Routes for which `requiresAuthorizer(route)` holds get the Cognito JWT authorizer; the others
 * have none (their handlers still enforce the route's access level and read optional tokens).
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventsTargets from 'aws-cdk-lib/aws-events-targets';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import {
  FUNCTION_NAMES,
  ROUTES,
  requiresAuthorizer,
  routeKey,
  type FunctionName,
  type RouteDefinition,
} from '../../shared/api/routes';
import { BUCKETS, FUNCTION_ENV } from '../definitions';
import { EVENT_CONSUMERS, SCHEDULED_JOBS, STREAM_CONSUMERS } from '../../functions/triggers';
import { assertBundlesExist, BundledFunction } from './bundled-function';
import { grantsFor, type GrantTargets } from './function-grants';
import { permissionsOf, type BundleName } from './function-permissions';
import { Automations, STOCK_SYNC_JOB } from './automations';
import { StreamConsumers } from './stream-consumers';
import type { StageSettings } from '../../shared/stage-settings';
import { acknowledgeNag, acknowledgeWildcards, flattenCfnValue } from './nag';
import { acknowledgeGuard } from './guard';
import { bucketName, logRetentionFor, removalPolicyFor, stageName, type StageProps } from './stage-settings';
import { STAGE_THROTTLE } from '../rate-limits';

/** Default-stage throttling of the HTTP API (requests per second / burst): infra/rate-limits.ts, enforced locally too. */
export const API_THROTTLE = STAGE_THROTTLE;

/**
 * Access log line of the HTTP API: one JSON object per request. `userId` is the caller's Cognito
 * sub as the JWT authorizer verified it (empty on public and webhook routes); `requestId` is the
 * correlation id the functions put on every log line of the request.
 */
export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  userId: '$context.authorizer.claims.sub',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  method: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
} as const;

/** Properties of the api stack. */
export interface ApiStackProps extends StackProps, StageProps {
  /** Folder with one sub-folder per function holding index.mjs (output of build-functions). */
  functionsDir: string;
  table: dynamodb.ITable;
  /** Payment secret (data stack), for FUNCTION_PERMISSIONS paymentSecret. */
  paymentSecret: secretsmanager.ISecret;
  /** Origin-verify secret (data stack), for FUNCTION_PERMISSIONS originVerifySecret. */
  originVerifySecret: secretsmanager.ISecret;
  /**
   * The API's own custom domain (e.g. 'api-origin.shop.aurumfitness.it', the distribution's API
   * origin) with its regional ACM certificate. With it the execute-api endpoint is disabled, so the
   * API answers only through the distribution; without it (a branch stage) the endpoint stays (the
   * distribution needs a host name) and the origin-verify check refuses requests that skip it.
   */
  apiDomain?: { domainName: string; certificateArn: string };
  userPoolId: string;
  /** User pool ARN, for FUNCTION_PERMISSIONS cognito. */
  userPoolArn: string;
  userPoolClientId: string;
  /** The server-only app client of the password check ('Elimina account'). */
  passwordCheckClientId: string;
  /** Token issuer of the user pool (`https://cognito-idp.<region>.amazonaws.com/<poolId>`). */
  issuerUrl: string;
  supportEmail: string;
  /** The stage's seller and email settings (every function gets them as STAGE_SETTINGS). */
  settings: StageSettings;
}

/** Lambda functions and the HTTP API of a stage. */
export class ApiStack extends Stack {
  /** The HTTP API. */
  readonly httpApi: apigw.HttpApi;
  /** Its `$default` stage (auto-deployed, throttled, access-logged). */
  readonly apiStage: apigw.HttpStage;
  /** One function per FUNCTION_NAMES entry. */
  readonly functions: ReadonlyMap<FunctionName, lambda.Function>;
  /** Invoke URL of the API, e.g. `https://abc123.execute-api.eu-south-1.amazonaws.com/`. */
  readonly apiUrl: string;
  /**
   * The role of the publish consumer (STREAM_CONSUMERS 'publish'): the web stack grants it its
   * KeyValueStore of published pages and the invalidation of its distribution.
   */
  readonly publishRole: iam.IRole;
  /** Host name the distribution reaches the API at: the custom API domain, or the execute-api endpoint. */
  readonly originDomainName: string;
  /** Name of the API access log group (`/aws/apigateway/aurum-api-<stage>`). */
  readonly accessLogGroupName: string;

  /** Creates the functions and the API of `props.stage`. Throws when a bundle is missing. */
  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage } = props;
    assertBundlesExist(props.functionsDir, FUNCTION_NAMES);

    // Typed by FUNCTION_ENV's values: a variable added there and not set here fails to compile.
    const environment: Record<(typeof FUNCTION_ENV)[keyof typeof FUNCTION_ENV], string> = {
      [FUNCTION_ENV.tableName]: props.table.tableName,
      // The buckets live in the web stack (deployed after this one): named by convention.
      [FUNCTION_ENV.imagesBucket]: bucketName(this, BUCKETS.images.baseName, stage),
      [FUNCTION_ENV.filesBucket]: bucketName(this, BUCKETS.files.baseName, stage),
      [FUNCTION_ENV.searchBucket]: bucketName(this, BUCKETS.search.baseName, stage),
      [FUNCTION_ENV.webBucket]: bucketName(this, BUCKETS.web.baseName, stage),
      [FUNCTION_ENV.supportEmail]: props.supportEmail,
      [FUNCTION_ENV.userPoolId]: props.userPoolId,
      [FUNCTION_ENV.userPoolClientId]: props.userPoolClientId,
      [FUNCTION_ENV.passwordCheckClientId]: props.passwordCheckClientId,
      [FUNCTION_ENV.jwtIssuer]: props.issuerUrl,
      [FUNCTION_ENV.stage]: stage,
      [FUNCTION_ENV.stageSettings]: JSON.stringify(props.settings),
    };

    const targets: GrantTargets = {
      stage,
      paymentSecretArn: props.paymentSecret.secretArn,
      originVerifySecretArn: props.originVerifySecret.secretArn,
      userPoolArn: props.userPoolArn,
      emailSender: props.settings.email.sender_address,
    };
    /** A function from its bundle, with exactly the grants of its FUNCTION_PERMISSIONS entry. */
    const bundledWithGrants = (
      scope: Construct,
      name: BundleName,
      description: string,
      timeout?: Duration,
    ): BundledFunction => {
      const grants = grantsFor(this, name, targets);
      const bundled = new BundledFunction(scope, name, {
        name,
        stage,
        functionsDir: props.functionsDir,
        environment: { ...environment, ...grants.environment },
        description,
        ...(timeout ? { timeout } : {}),
      });
      for (const statement of grants.statements) bundled.role.addToPrincipalPolicy(statement);
      const allowed = new Set(grants.objectWildcards.map((arn) => `Resource::${flattenCfnValue(this.resolve(arn))}`));
      acknowledgeWildcards(
        bundled.role,
        'Object-level S3 access needs <bucket ARN>/* (object keys are per product / asset); the actions are listed one by one.',
        (finding) => allowed.has(finding),
      );
      return bundled;
    };

    const functionsScope = new Construct(this, 'Functions');
    const functions = new Map<FunctionName, lambda.Function>();
    for (const fn of FUNCTION_NAMES) {
      functions.set(fn, bundledWithGrants(functionsScope, fn, `Aurum Fitness ${fn} context (${stage})`).function);
    }
    this.functions = functions;

    // Scheduled jobs (functions/triggers.ts SCHEDULED_JOBS): same bundle settings, their own
    // grants, run by EventBridge Scheduler.
    const jobsScope = new Construct(this, 'Jobs');
    assertBundlesExist(
      props.functionsDir,
      SCHEDULED_JOBS.map((j) => j.name),
    );
    const alertPublishers = [...functions].filter(([fn]) => permissionsOf(fn).alerts).map(([, f]) => f);
    for (const job of SCHEDULED_JOBS.filter((j) => j.name !== STOCK_SYNC_JOB)) {
      const bundled = bundledWithGrants(
        jobsScope,
        job.name,
        `Aurum Fitness job: ${job.description} (${stage})`,
        'timeoutSeconds' in job ? Duration.seconds(job.timeoutSeconds) : undefined,
      );
      if (permissionsOf(job.name).alerts) alertPublishers.push(bundled.function);
      // Own role: the target grants it invoke on this function only.
      const schedulerRole = new iam.Role(jobsScope, `${job.name}-scheduler-role`, {
        assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
        description: `EventBridge Scheduler role for ${job.name} (${stage})`,
      });
      new scheduler.Schedule(jobsScope, `${job.name}-schedule`, {
        scheduleName: stageName(`aurum-${job.name}`, stage),
        description: job.description,
        schedule: scheduler.ScheduleExpression.expression(job.schedule),
        target: new schedulerTargets.LambdaInvoke(bundled.function, { retryAttempts: 2, role: schedulerRole }),
      });
      const fnArn = flattenCfnValue(this.resolve(bundled.function.functionArn));
      acknowledgeWildcards(
        schedulerRole,
        'The Lambda target grants invoke on the function and its versions (<function ARN>:*); nothing else.',
        (finding) => finding === `Resource::${fnArn}:*`,
      );
    }

    // The relay: one event source mapping on the table's stream per STREAM_CONSUMERS entry.
    assertBundlesExist(
      props.functionsDir,
      STREAM_CONSUMERS.map((c: { name: string }) => c.name),
    );
    const consumers = new StreamConsumers(this, 'StreamConsumers', {
      stage,
      table: props.table,
      consumers: STREAM_CONSUMERS,
      createFunction: (scope, consumer) =>
        bundledWithGrants(
          scope,
          consumer.name as BundleName,
          `Aurum Fitness stream consumer: ${consumer.description} (${stage})`,
        ),
    });
    this.publishRole = consumers.functions.get('publish')!.role!;

    // Event consumers: an EventBridge rule on the default bus per EVENT_CONSUMERS entry (SES's
    // bounce and complaint events, sent there by the configuration set, email.ts).
    assertBundlesExist(
      props.functionsDir,
      EVENT_CONSUMERS.map((c) => c.name),
    );
    const eventsScope = new Construct(this, 'EventConsumers');
    for (const consumer of EVENT_CONSUMERS) {
      const bundled = bundledWithGrants(
        eventsScope,
        consumer.name,
        `Aurum Fitness: ${consumer.description} (${stage})`,
      );
      new events.Rule(eventsScope, `${consumer.name}-rule`, {
        ruleName: stageName(`aurum-${consumer.name}`, stage),
        description: consumer.description,
        eventPattern: { source: [consumer.source], detailType: [...consumer.detailTypes] },
        targets: [
          new eventsTargets.LambdaFunction(bundled.function, { retryAttempts: 8, maxEventAge: Duration.hours(24) }),
        ],
      });
    }

    // Automations: notifications topic, supplier keys, the stock-sync job with its schedule and DLQ.
    const automationsFn = functions.get('automations')!;
    new Automations(this, 'Automations', {
      stage,
      functionsDir: props.functionsDir,
      environment,
      apiFunction: automationsFn,
      apiRole: automationsFn.role!,
      supportEmail: props.supportEmail,
      jobGrants: grantsFor(this, STOCK_SYNC_JOB, targets),
      alertPublishers,
    });

    this.accessLogGroupName = `/aws/apigateway/${stageName('aurum-api', stage)}`;
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', {
      logGroupName: this.accessLogGroupName,
      retention: logRetentionFor(stage),
      removalPolicy: removalPolicyFor(stage),
    });

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: stageName('aurum-api', stage),
      description: `Aurum Fitness shop API (${stage})`,
      createDefaultStage: false,
      // Only through the distribution: HTTP API can disable its default endpoint only when a custom
      // domain serves it ("clients can invoke your API only by using a custom domain name").
      disableExecuteApiEndpoint: Boolean(props.apiDomain),
    });
    this.apiStage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });

    const authorizer = new HttpJwtAuthorizer('CognitoJwtAuthorizer', props.issuerUrl, {
      authorizerName: 'cognito-jwt',
      jwtAudience: [props.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    // One integration (and one invoke permission) per function, shared by all its routes, so the
    // function's resource policy stays small however many routes it serves.
    const integrations = new Map(
      FUNCTION_NAMES.map((fn) => [
        fn,
        new HttpLambdaIntegration(`${fn}-integration`, functions.get(fn)!, { scopePermissionToRoute: false }),
      ]),
    );

    const routesScope = new Construct(this, 'Routes');
    const seenIds = new Set<string>();
    const seenKeys = new Set<string>();
    for (const route of ROUTES) {
      const key = routeKey(route);
      if (seenKeys.has(key)) throw new Error(`Route table: duplicate route ${key}`);
      seenKeys.add(key);
      const constructId = routeConstructId(route);
      if (seenIds.has(constructId)) throw new Error(`Route table: routes collide on construct id ${constructId}`);
      seenIds.add(constructId);

      const protectedRoute = requiresAuthorizer(route);
      const httpRoute = new apigw.HttpRoute(routesScope, constructId, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: integrations.get(route.fn)!,
        authorizer: protectedRoute ? authorizer : undefined,
      });
      if (!protectedRoute) {
        acknowledgeNag(httpRoute, {
          id: 'AwsSolutions-APIG4',
          reason: `Route '${key}' has access level '${route.access}' in the route table: ${
            route.access === 'webhook'
              ? 'no user token; the handler verifies the caller itself (e.g. Stripe signature).'
              : 'open to visitors by design; the handler verifies a token when one is sent and enforces the level.'
          }`,
        });
        acknowledgeGuard(httpRoute, {
          rule: 'api_gw_v2_authorization_type_configured_check',
          reason: `CT.APIGATEWAY.PR.5: '${key}' is public in the route table (access '${route.access}'); its AuthorizationType is NONE on purpose and a CDK test pins every route's authorizer.`,
        });
      }
    }
    // API Gateway's invoke permissions name the service principal and this API's execute ARN as
    // the source; the control reads them as public.
    acknowledgeGuard(routesScope, {
      rule: 'lambda_function_public_access_prohibited_check',
      reason:
        'CT.LAMBDA.PR.2: each permission lets only apigateway.amazonaws.com invoke, with SourceArn this HTTP API (arn:aws:execute-api:<region>:<account>:<api>/*/*); no other caller can.',
    });

    // Route-level throttles of the route table (e.g. checkout creation): stage route
    // settings keyed by route key (RouteSettings is raw JSON: CloudFormation's names); the stage
    // waits for those routes to exist.
    const throttled = ROUTES.filter((r) => r.throttle);
    if (throttled.length > 0) {
      const cfnStage = this.apiStage.node.defaultChild as apigw.CfnStage;
      cfnStage.routeSettings = Object.fromEntries(
        throttled.map((r) => [
          routeKey(r),
          { ThrottlingRateLimit: r.throttle!.rateLimit, ThrottlingBurstLimit: r.throttle!.burstLimit },
        ]),
      );
      for (const r of throttled) this.apiStage.node.addDependency(routesScope.node.findChild(routeConstructId(r)));
    }

    this.apiUrl = this.apiStage.url;
    this.originDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    if (props.apiDomain) {
      const domain = new apigw.DomainName(this, 'ApiOriginDomain', {
        domainName: props.apiDomain.domainName,
        certificate: acm.Certificate.fromCertificateArn(this, 'ApiOriginCertificate', props.apiDomain.certificateArn),
        securityPolicy: apigw.SecurityPolicy.TLS_1_2,
      });
      new apigw.ApiMapping(this, 'ApiOriginMapping', { api: this.httpApi, domainName: domain, stage: this.apiStage });
      this.originDomainName = props.apiDomain.domainName;
      // The DNS record (CNAME to this target) is created where the domain's zone lives.
      new CfnOutput(this, 'ApiOriginDomainTarget', { value: domain.regionalDomainName });
    }
    new CfnOutput(this, 'ApiUrl', { value: this.apiUrl, exportName: `${id}-ApiUrl` });
  }
}

/** Stable construct id of a route, e.g. 'GET /api/products/{id}' -> 'GET-api-products-id'. */
export function routeConstructId(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method}-${route.path
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')}`;
}
