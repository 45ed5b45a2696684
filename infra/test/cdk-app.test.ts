/**
 * Template tests of the CDK app: the app is synthesised once in-process (function bundles built
 * once, reused while fresh) and its templates checked against the route table, the table
 * definition and the security rules. cdk-nag (v3, a policy-validation plugin) makes synthesis
 * throw on any unacknowledged error, and its report is checked as well.
 */
import { LOCAL_REQUEST_TIMEOUT_ENV } from '../../functions/lib/aws-client-config';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as logs from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, ROUTES, requiresAuthorizer, routeKey } from '../../shared/api/routes';
import { EVENT_CONSUMERS, SCHEDULED_JOBS, STREAM_CONSUMERS, TRIGGER_FUNCTIONS } from '../../functions/triggers';
import { buildFunctions } from '../bundling/build-functions';
import { createAurumApp, createBundledApp, stackName, type AurumApp } from '../cdk-app';
import {
  AUTOMATIONS_ENV,
  BUCKETS,
  FUNCTION_ENV,
  MEDIA_PATH_PREFIX,
  NOTIFICATIONS_TOPIC,
  SUPPLIER_SECRET,
  TABLE,
  USER_POOL,
} from '../definitions';
import { CLIENT_RATE_LIMITS } from '../rate-limits';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import { DEMO_SELLER } from '../../shared/seller';
import { ACCESS_LOG_FORMAT } from '../stacks/api-stack';
import { AUTOMATIONS_TIMEOUTS, STOCK_SYNC_JOB, STOCK_SYNC_RETRY } from '../stacks/automations';
import { TRIGGERS } from '../stacks/auth-stack';
import { flattenCfnValue } from '../stacks/nag';
import { mediaPrefixStripCode, SPA_REWRITE_CODE } from '../stacks/web-stack';
import { missingAlarms, type TemplateJson } from './alarm-coverage';

/** A seller identity as a stage's context gives it (not the demo one, which 'main' refuses). */
const SELLER = { ...DEMO_SELLER, company_name: 'Aurum Fitness S.r.l.', vat_number: '01234567897' };

const STAGE = 'unit-test';
const STACK_DATA = `Aurum-${STAGE}-Data`;
/** The stream consumers' functions (the relay's, infra/stacks/stream-consumers.ts). */
const CONSUMER_NAMES = [...STREAM_CONSUMERS.map((c) => c.name), ...EVENT_CONSUMERS.map((c) => c.name)];

type Resource = { Type: string; Properties: Record<string, unknown> };
type Statement = {
  Effect: string;
  Principal?: unknown;
  Action: string | string[];
  Resource?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
};

let outdir: string;
let aurum: AurumApp;
let data: Template;
let auth: Template;
let api: Template;
let web: Template;

beforeAll(async () => {
  await buildFunctions({ skipIfFresh: true, quiet: true });
  outdir = mkdtempSync(join(tmpdir(), 'aurum-cdk-test-'));
  aurum = createAurumApp({ context: { seller: SELLER, stage: STAGE }, outdir, cfnValidation: false });
  aurum.app.synth();
  data = Template.fromStack(aurum.data);
  auth = Template.fromStack(aurum.auth);
  api = Template.fromStack(aurum.api);
  web = Template.fromStack(aurum.web);
}, 900_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

function only<T>(record: Record<string, T>): [string, T] {
  const entries = Object.entries(record);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

describe('api stack', () => {
  it('has exactly one route per route-table entry, nothing more', () => {
    const routes = Object.values(resourcesOf(api, 'AWS::ApiGatewayV2::Route'));
    const keys = routes.map((r) => r.Properties.RouteKey as string);
    expect(keys).toHaveLength(ROUTES.length);
    expect(new Set(keys)).toEqual(new Set(ROUTES.map(routeKey)));
  });

  it('attaches the Cognito JWT authorizer exactly to the routes that require it', () => {
    const [authorizerId, authorizer] = only(resourcesOf(api, 'AWS::ApiGatewayV2::Authorizer'));
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    const jwt = authorizer.Properties.JwtConfiguration as { Issuer: unknown; Audience: unknown[] };
    expect(flattenCfnValue(jwt.Issuer)).toMatch(/^https:\/\/cognito-idp\.<AWS::Region>\.amazonaws\.com\/.+/);
    expect(jwt.Audience).toHaveLength(1);

    const byKey = new Map(
      Object.values(resourcesOf(api, 'AWS::ApiGatewayV2::Route')).map((r) => [r.Properties.RouteKey, r.Properties]),
    );
    for (const route of ROUTES) {
      const props = byKey.get(routeKey(route))!;
      if (requiresAuthorizer(route)) {
        expect(props.AuthorizationType, routeKey(route)).toBe('JWT');
        expect(props.AuthorizerId, routeKey(route)).toEqual({ Ref: authorizerId });
      } else {
        expect(props.AuthorizationType, routeKey(route)).toBe('NONE');
        expect(props.AuthorizerId, routeKey(route)).toBeUndefined();
      }
    }
  });

  it("sends each route to its own function's integration", () => {
    const functions = resourcesOf(api, 'AWS::Lambda::Function');
    const integrations = resourcesOf(api, 'AWS::ApiGatewayV2::Integration');
    const fnOfIntegration = new Map(
      Object.entries(integrations).map(([id, integration]) => {
        const uri = integration.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] };
        return [id, functions[uri['Fn::GetAtt'][0]]!.Properties.FunctionName as string];
      }),
    );
    for (const route of Object.values(resourcesOf(api, 'AWS::ApiGatewayV2::Route'))) {
      const target = route.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      const integrationId = target['Fn::Join'][1][1].Ref;
      const expected = ROUTES.find((r) => routeKey(r) === route.Properties.RouteKey)!.fn;
      expect(fnOfIntegration.get(integrationId)).toBe(`aurum-${expected}-${STAGE}`);
    }
  });

  it('creates one Node.js 24 arm64 function per FUNCTION_NAMES entry, scheduled job and stream consumer, with the shared environment', () => {
    const functions = Object.values(resourcesOf(api, 'AWS::Lambda::Function'));
    const expected = [...FUNCTION_NAMES, ...SCHEDULED_JOBS.map((j) => j.name), ...CONSUMER_NAMES].map(
      (fn) => `aurum-${fn}-${STAGE}`,
    );
    expect(functions.map((f) => f.Properties.FunctionName).sort()).toEqual(expected.sort());
    // The stock-sync job runs a whole sync, the automations function imports pages and images.
    const own: Record<string, { MemorySize: number; Timeout: number }> = {
      [`aurum-${STOCK_SYNC_JOB}-${STAGE}`]: { MemorySize: 1024, Timeout: AUTOMATIONS_TIMEOUTS.job },
      [`aurum-automations-${STAGE}`]: { MemorySize: 512, Timeout: AUTOMATIONS_TIMEOUTS.api },
      // the payments reconciliation lists days of Stripe's objects
      [`aurum-reconcile-payments-${STAGE}`]: { MemorySize: 512, Timeout: 300 },
    };
    for (const f of functions) {
      const settings = own[f.Properties.FunctionName as string] ?? { MemorySize: 512, Timeout: 10 };
      expect(f.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        ...settings,
        Handler: 'index.handler',
      });
      const env = (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const name of Object.values(FUNCTION_ENV)) expect(env, name).toHaveProperty(name);
      expect(env[FUNCTION_ENV.stage]).toBe(STAGE);
      // every function reads the stage's settings: the seller's identity of the `seller` context (emails, receipts)
      expect((JSON.parse(env[FUNCTION_ENV.stageSettings] as string) as { seller: unknown }).seller).toEqual(SELLER);
    }
  });

  it('runs every scheduled job on its EventBridge Scheduler expression', () => {
    const schedules = Object.values(resourcesOf(api, 'AWS::Scheduler::Schedule'));
    expect(schedules.map((x) => x.Properties.ScheduleExpression).sort()).toEqual(
      SCHEDULED_JOBS.map((j) => j.schedule).sort(),
    );
    for (const x of schedules) expect(x.Properties.State ?? 'ENABLED').toBe('ENABLED');
  });

  it('grants data access without Scan and with one invoke permission per function', () => {
    for (const policy of Object.values(resourcesOf(api, 'AWS::IAM::Policy'))) {
      const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
      const actions = statements.flatMap((s) => asArray(s.Action));
      expect(actions).not.toContain('dynamodb:Scan');
      expect(actions.filter((a) => a.includes('*'))).toEqual([]);
    }
    // one invoke permission per API function for API Gateway, and one per EventBridge rule target (SES events)
    const principals = Object.values(resourcesOf(api, 'AWS::Lambda::Permission')).map((p) => p.Properties.Principal);
    expect(principals.filter((p) => p === 'apigateway.amazonaws.com')).toHaveLength(FUNCTION_NAMES.length);
    expect(principals.filter((p) => p !== 'apigateway.amazonaws.com')).toEqual(
      EVENT_CONSUMERS.map(() => 'events.amazonaws.com'),
    );
  });

  it('throttles and access-logs the $default stage', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('throttles checkout creation per route below the stage default (no stock hoarding)', () => {
    const [id, stage] = only(resourcesOf(api, 'AWS::ApiGatewayV2::Stage'));
    const settings = stage.Properties.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    expect(settings['POST /api/checkout/session']).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 50 });
    // the Aurum Club's subscription checkout also creates a Stripe session per call
    expect(settings['POST /api/checkout/subscription']).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 50 });
    expect(Object.keys(settings).sort()).toEqual(['POST /api/checkout/session', 'POST /api/checkout/subscription']);
    const checkoutRoute = Object.entries(resourcesOf(api, 'AWS::ApiGatewayV2::Route')).find(
      ([, r]) => r.Properties.RouteKey === 'POST /api/checkout/session',
    )![0];
    expect((api.toJSON().Resources[id] as { DependsOn?: string[] }).DependsOn).toContain(checkoutRoute);
  });

  it("puts the caller's id (the JWT authorizer's sub claim) on every access log line", () => {
    const [, stage] = only(resourcesOf(api, 'AWS::ApiGatewayV2::Stage'));
    const format = JSON.parse((stage.Properties.AccessLogSettings as { Format: string }).Format) as Record<
      string,
      string
    >;
    expect(format.userId).toBe('$context.authorizer.claims.sub');
    expect(format.requestId).toBe('$context.requestId');
    expect(format).toEqual(ACCESS_LOG_FORMAT);
  });

  it('builds missing Lambda bundles itself, so `npx cdk synth` works without a separate bundling step', async () => {
    // A clone whose bundles are missing (here: two of them; a fresh clone has none): the app the
    // CDK CLI runs (infra/bin/app.ts -> createBundledApp) builds what is missing, then synthesises.
    const fresh = join(outdir, 'fresh-clone-bundles');
    cpSync(join(process.cwd(), 'dist', 'functions'), fresh, { recursive: true });
    rmSync(join(fresh, 'catalog'), { recursive: true });
    rmSync(join(fresh, 'pre-token-generation'), { recursive: true });
    const lines: string[] = [];
    const app = await createBundledApp(
      {
        context: { seller: SELLER, stage: 'fresh' },
        functionsDir: fresh,
        nag: false,
        guard: false,
        cfnValidation: false,
      },
      (l) => lines.push(l),
    );
    const functions = Object.values(Template.fromStack(app.api).findResources('AWS::Lambda::Function'));
    expect(functions.length).toBe(FUNCTION_NAMES.length + SCHEDULED_JOBS.length + CONSUMER_NAMES.length);
    for (const name of [
      ...FUNCTION_NAMES,
      ...SCHEDULED_JOBS.map((j) => j.name),
      ...CONSUMER_NAMES,
      ...TRIGGER_FUNCTIONS,
    ]) {
      expect(existsSync(join(fresh, name, 'index.mjs')), name).toBe(true);
    }
    expect(lines.join('\n')).toMatch(
      /Built 2 Lambda bundle\(s\).*: (catalog, pre-token-generation|pre-token-generation, catalog)\./,
    );
  }, 600_000);

  it('refuses to synthesise without the function bundles, naming the fix', () => {
    expect(() =>
      createAurumApp({
        context: { seller: SELLER, stage: STAGE },
        functionsDir: join(outdir, 'no-bundles'),
        nag: false,
        guard: false,
      }),
    ).toThrow(/npm run build:functions/);
  });
});

describe('automations', () => {
  const functionsByName = () =>
    new Map(
      Object.entries(resourcesOf(api, 'AWS::Lambda::Function')).map(([id, f]) => [
        f.Properties.FunctionName as string,
        { id, ...f },
      ]),
    );
  /** The IAM statements attached to a function's role. */
  const statementsOf = (fnName: string): Statement[] => {
    const fn = functionsByName().get(fnName)!;
    const roleRef = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return Object.values(resourcesOf(api, 'AWS::IAM::Policy'))
      .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleRef))
      .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };
  const idOf = (type: string, match: (r: Resource) => boolean) =>
    Object.entries(resourcesOf(api, type)).find(([, r]) => match(r))![0];
  const topicId = () =>
    idOf(
      'AWS::SNS::Topic',
      (t) => flattenCfnValue(t.Properties.TopicName) === `${NOTIFICATIONS_TOPIC.baseName}-${STAGE}`,
    );
  const queueId = () =>
    idOf('AWS::SQS::Queue', (q) => flattenCfnValue(q.Properties.QueueName) === `aurum-stock-sync-dlq-${STAGE}`);
  const secretId = () =>
    idOf('AWS::SecretsManager::Secret', (x) => x.Properties.Name === `${SUPPLIER_SECRET.baseName}-${STAGE}`);
  const jobName = `aurum-${STOCK_SYNC_JOB}-${STAGE}`;

  it('no function of any stack allows loopback fetches or longer AWS SDK timeouts (both local-only)', () => {
    for (const template of [data, auth, api, web]) {
      for (const f of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
        const variables =
          (f.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
        expect(variables, String(f.Properties.FunctionName)).not.toHaveProperty(AUTOMATIONS_ENV.allowLoopback);
        expect(variables, String(f.Properties.FunctionName)).not.toHaveProperty(LOCAL_REQUEST_TIMEOUT_ENV);
      }
    }
  });

  it('schedules the stock-sync job hourly with a retry policy and a dead-letter queue', () => {
    const schedules = Object.values(resourcesOf(api, 'AWS::Scheduler::Schedule')).filter(
      (x) => x.Properties.Name === `aurum-${STOCK_SYNC_JOB}-${STAGE}`,
    );
    expect(schedules).toHaveLength(1);
    const { Properties: p } = schedules[0]!;
    expect(p.ScheduleExpression).toBe('rate(1 hour)');
    expect(p.State ?? 'ENABLED').toBe('ENABLED');
    const target = p.Target as {
      Arn: { 'Fn::GetAtt': [string, string] };
      Input: string;
      RetryPolicy: Record<string, number>;
      DeadLetterConfig: { Arn: { 'Fn::GetAtt': [string, string] } };
    };
    expect(target.Arn['Fn::GetAtt'][0]).toBe(functionsByName().get(jobName)!.id);
    expect(JSON.parse(target.Input)).toEqual({ trigger: 'schedule' });
    expect(target.RetryPolicy).toEqual({
      MaximumRetryAttempts: STOCK_SYNC_RETRY.scheduleRetries,
      MaximumEventAgeInSeconds: STOCK_SYNC_RETRY.maxEventAgeHours * 3600,
    });
    expect(target.DeadLetterConfig.Arn['Fn::GetAtt'][0]).toBe(queueId());
    api.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: `aurum-stock-sync-dlq-${STAGE}`,
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    // Asynchronous invocations (the schedule's and the API's 'Avvia Sincronizzazione') retry once, then the same queue.
    const [, config] = only(resourcesOf(api, 'AWS::Lambda::EventInvokeConfig'));
    expect(config.Properties).toMatchObject({
      MaximumRetryAttempts: STOCK_SYNC_RETRY.asyncRetries,
      MaximumEventAgeInSeconds: 3600,
    });
    expect(JSON.stringify(config.Properties.DestinationConfig)).toContain(queueId());
  });

  it('takes the rate from -c stockSyncRate and refuses an invalid one', () => {
    const fast = createAurumApp({
      context: { seller: SELLER, stage: STAGE, stockSyncRate: 'rate(15 minutes)' },
      nag: false,
      guard: false,
      cfnValidation: false,
    });
    const expressions = Object.values(Template.fromStack(fast.api).findResources('AWS::Scheduler::Schedule')).map(
      (x) => (x as Resource).Properties.ScheduleExpression,
    );
    expect(expressions).toContain('rate(15 minutes)');
    expect(() =>
      createAurumApp({
        context: { seller: SELLER, stage: STAGE, stockSyncRate: 'ogni ora' },
        nag: false,
        guard: false,
        cfnValidation: false,
      }),
    ).toThrow(/not a rate expression/);
  });

  it('has the notifications topic (encrypted, TLS only) with the support email subscribed', () => {
    api.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: `${NOTIFICATIONS_TOPIC.baseName}-${STAGE}`,
      KmsMasterKeyId: Match.anyValue(),
    });
    api.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: DEFAULT_SUPPORT_EMAIL,
      TopicArn: { Ref: topicId() },
    });
    const policies = Object.values(resourcesOf(api, 'AWS::SNS::TopicPolicy'));
    expect(JSON.stringify(policies)).toContain('aws:SecureTransport');
  });

  it('gives the job only its table, secret, topic and queue grants (no S3, no payment secret)', () => {
    const statements = statementsOf(jobName);
    const actions = statements.flatMap((st) => asArray(st.Action));
    expect(actions.filter((a) => a.startsWith('s3:') || a.startsWith('cognito') || a === 'dynamodb:Scan')).toEqual([]);
    const byAction = (a: string) =>
      statements.filter((st) => asArray(st.Action).includes(a)).map((st) => flattenCfnValue(st.Resource));
    for (const a of ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']) {
      expect(byAction(a)).toEqual([
        `arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/${TABLE.baseName}-${STAGE}`,
      ]);
    }
    expect(byAction('dynamodb:Query')).toEqual([
      `arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/${TABLE.baseName}-${STAGE}/index/GSI1`,
    ]);
    expect(byAction('secretsmanager:GetSecretValue')).toEqual([`<${secretId()}>`]);
    expect(actions).not.toContain('secretsmanager:PutSecretValue');
    expect(byAction('sns:Publish')).toEqual([`<${topicId()}>`]);
    expect(byAction('sqs:SendMessage')).toEqual([`<${queueId()}.Arn>`]);
    const env = (functionsByName().get(jobName)!.Properties.Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(env[AUTOMATIONS_ENV.topicArn]).toEqual({ Ref: topicId() });
    expect(env[AUTOMATIONS_ENV.supplierSecretId]).toEqual({ Ref: secretId() });
    expect(env).not.toHaveProperty('PAYMENT_SECRET_ID');
  });

  it('lets the automations function start the job, keep supplier keys and subscribe supplier emails, nothing more', () => {
    const fnName = `aurum-automations-${STAGE}`;
    const statements = statementsOf(fnName);
    const resourcesFor = (a: string) =>
      statements.filter((st) => asArray(st.Action).includes(a)).map((st) => flattenCfnValue(st.Resource));
    expect(resourcesFor('lambda:InvokeFunction')).toEqual([`<${functionsByName().get(jobName)!.id}.Arn>`]);
    // its supplier keys, and (as every API function) the origin-verify value, read only
    expect(new Set(resourcesFor('secretsmanager:GetSecretValue'))).toEqual(
      new Set([`<${secretId()}>`, `${STACK_DATA}:ExportsOutputRefOriginVerifySecret1DED2FB3B0BD4CD1`]),
    );
    expect(resourcesFor('secretsmanager:PutSecretValue')).toEqual([`<${secretId()}>`]);
    expect(resourcesFor('sns:Subscribe')).toEqual([`<${topicId()}>`]);
    expect(resourcesFor('sns:Unsubscribe')).toEqual([`<${topicId()}>`]);
    expect(statements.flatMap((st) => asArray(st.Action)).filter((a) => a.startsWith('sns:'))).toEqual([
      'sns:Subscribe',
      'sns:Unsubscribe',
    ]);
    const env = (functionsByName().get(fnName)!.Properties.Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(env[AUTOMATIONS_ENV.stockSyncFunction]).toEqual({ Ref: functionsByName().get(jobName)!.id });
    expect(env[AUTOMATIONS_ENV.topicArn]).toEqual({ Ref: topicId() });
    // No other function gets the automations' environment.
    for (const [name, f] of functionsByName()) {
      if (name === fnName || name === jobName) continue;
      expect((f.Properties.Environment as { Variables: Record<string, unknown> }).Variables, name).not.toHaveProperty(
        AUTOMATIONS_ENV.supplierSecretId,
      );
    }
  });
});

describe('data stack', () => {
  it('builds the single table from TABLE: keys, GSIs (ALL), TTL, on-demand, point-in-time recovery', () => {
    const [, table] = only(resourcesOf(data, 'AWS::DynamoDB::Table'));
    const p = table.Properties;
    expect(p.TableName).toBe(`${TABLE.baseName}-${STAGE}`);
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey.name, KeyType: 'RANGE' },
    ]);
    const attrs = [
      TABLE.partitionKey,
      TABLE.sortKey,
      ...TABLE.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
    ];
    const expectedAttrs = [
      ...new Map(attrs.map((a) => [a.name, { AttributeName: a.name, AttributeType: a.type }])).values(),
    ];
    expect(p.AttributeDefinitions).toEqual(expect.arrayContaining(expectedAttrs));
    expect(p.AttributeDefinitions).toHaveLength(expectedAttrs.length);
    expect(p.GlobalSecondaryIndexes).toEqual(
      TABLE.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: g.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.timeToLiveAttribute, Enabled: true });
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    // The relay: the table's stream with both images (STREAM_CONSUMERS read it).
    expect(p.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it("has the stage's SES sender identity in a configuration set that reports bounces and complaints", () => {
    data.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'ordini@aurumfitness.example',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    data.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: `aurum-email-${STAGE}`,
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
    });
    const [, destination] = only(resourcesOf(data, 'AWS::SES::ConfigurationSetEventDestination'));
    const d = destination.Properties.EventDestination as { MatchingEventTypes: string[]; Enabled?: boolean };
    expect([...d.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint']);
  });

  it('destroys branch-stage data but retains it on main', () => {
    data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    const main = createAurumApp({
      context: { seller: SELLER, stage: 'main' },
      nag: false,
      guard: false,
      cfnValidation: false,
    });
    const mainData = Template.fromStack(main.data);
    mainData.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    for (const bucket of Object.values(mainData.findResources('AWS::S3::Bucket')))
      expect(bucket.DeletionPolicy).toBe('Retain');
    expect(Object.keys(mainData.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(0);
  });

  it('keeps the images and files buckets private, encrypted and SSL-only', () => {
    for (const [template, base] of [
      [web, BUCKETS.images.baseName],
      [data, BUCKETS.files.baseName],
    ] as const) {
      const bucket = Object.values(resourcesOf(template, 'AWS::S3::Bucket')).find((b) =>
        flattenCfnValue(b.Properties.BucketName).startsWith(`${base}-`),
      )!;
      expect(bucket, base).toBeDefined();
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(JSON.stringify(bucket.Properties.BucketEncryption)).toContain('AES256');
      // CORS is set by the web stack to the exact shop origin (see 'shop origin' below), never here.
      expect(bucket.Properties.CorsConfiguration, base).toBeUndefined();
    }
    for (const template of [data, web]) {
      for (const policy of Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'))) {
        const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
        expect(
          statements.some((s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('aws:SecureTransport')),
        ).toBe(true);
        for (const s of statements.filter((st) => st.Effect === 'Allow'))
          expect(isPublicPrincipal(s.Principal)).toBe(false);
      }
    }
  });
});

describe('auth stack', () => {
  it('has an email sign-in pool with optional TOTP/SMS MFA and the USER_POOL password policy', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolName: `${USER_POOL.baseName}-${STAGE}`,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: Match.arrayWith(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']),
      SmsConfiguration: Match.objectLike({ SnsCallerArn: Match.anyValue() }),
      // no self sign-up: Cognito's SignUp with the public client id would tell which addresses
      // have accounts (UsernameExistsException); the shop creates accounts (POST /api/signup)
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: USER_POOL.passwordPolicy.minLength,
          RequireUppercase: USER_POOL.passwordPolicy.requireUppercase,
          RequireLowercase: USER_POOL.passwordPolicy.requireLowercase,
          RequireNumbers: USER_POOL.passwordPolicy.requireDigits,
          RequireSymbols: USER_POOL.passwordPolicy.requireSymbols,
        }),
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('has a public SPA client with SRP only, the USER_POOL token lifetimes, and writes only the email', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ClientName: `${USER_POOL.clientBaseName}-${STAGE}`,
      GenerateSecret: false,
      AccessTokenValidity: USER_POOL.accessTokenMinutes,
      IdTokenValidity: USER_POOL.idTokenMinutes,
      RefreshTokenValidity: USER_POOL.refreshTokenDays * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
    const client = userPoolClientNamed(`${USER_POOL.clientBaseName}-${STAGE}`);
    expect(new Set(client.Properties.ExplicitAuthFlows as string[])).toEqual(
      new Set(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    // no phone_number: users cannot make the shop send SMS codes to a number of their choice
    expect(client.Properties.WriteAttributes).toEqual(['email']);
  });

  it('wires every Cognito trigger to its bundled function', () => {
    const [, pool] = only(resourcesOf(auth, 'AWS::Cognito::UserPool'));
    const functions = resourcesOf(auth, 'AWS::Lambda::Function');
    const lambdaConfig = pool.Properties.LambdaConfig as Record<string, { 'Fn::GetAtt': [string, string] }>;
    for (const name of TRIGGER_FUNCTIONS) {
      const operation = TRIGGERS[name].operation.operationName; // e.g. 'postConfirmation'
      const key = operation.charAt(0).toUpperCase() + operation.slice(1);
      const fnId = lambdaConfig[key]!['Fn::GetAtt'][0];
      expect(functions[fnId]!.Properties).toMatchObject({
        FunctionName: `aurum-${name}-${STAGE}`,
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
      });
    }
  });

  it("sends the account emails through the stage's SES identity and configuration set, never Cognito's own sender", () => {
    const [, pool] = only(resourcesOf(auth, 'AWS::Cognito::UserPool'));
    const config = pool.Properties.EmailConfiguration as Record<string, unknown>;
    expect(config.EmailSendingAccount).toBe('DEVELOPER');
    expect(config.From).toBe('Aurum Fitness <ordini@aurumfitness.example>');
    expect(config.ReplyToEmailAddress).toBe(DEFAULT_SUPPORT_EMAIL);
    expect(config.ConfigurationSet).toBe(`aurum-email-${STAGE}`);
    expect(flattenCfnValue(config.SourceArn)).toBe(
      'arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/ordini@aurumfitness.example',
    );
    // every code email gets the shop's template from the custom message trigger, which reads only the shop origin
    const lambdaConfig = pool.Properties.LambdaConfig as Record<string, { 'Fn::GetAtt': [string, string] }>;
    const fnId = lambdaConfig.CustomMessage!['Fn::GetAtt'][0];
    expect(resourcesOf(auth, 'AWS::Lambda::Function')[fnId]!.Properties.FunctionName).toBe(
      `aurum-custom-message-${STAGE}`,
    );
  });

  it('creates the USER_POOL groups and exports pool id, client id and issuer', () => {
    const groups = Object.values(resourcesOf(auth, 'AWS::Cognito::UserPoolGroup')).map((g) => g.Properties);
    expect(groups.map((g) => [g.GroupName, g.Precedence])).toEqual(USER_POOL.groups.map((g) => [g.name, g.precedence]));
    for (const output of ['UserPoolId', 'UserPoolClientId', 'IssuerUrl'])
      auth.hasOutput(output, { Export: Match.anyValue() });
  });
});

describe('web stack', () => {
  const distributionConfig = () => {
    const [, distribution] = only(resourcesOf(web, 'AWS::CloudFront::Distribution'));
    return distribution.Properties.DistributionConfig as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
      Origins: {
        Id: string;
        S3OriginConfig?: { OriginAccessIdentity: string };
        OriginAccessControlId?: unknown;
        DomainName: unknown;
      }[];
      CustomErrorResponses?: unknown;
      DefaultRootObject: string;
    };
  };

  it('keeps the SPA bucket private: all public access blocked, no grant to * except CloudFront OAC', () => {
    const webBucketId = Object.entries(resourcesOf(web, 'AWS::S3::Bucket')).find(([, b]) =>
      flattenCfnValue(b.Properties.BucketName).startsWith(`aurum-web-${STAGE}-`),
    )![0];
    web.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: Match.anyValue(),
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    const policy = Object.values(resourcesOf(web, 'AWS::S3::BucketPolicy')).find(
      (p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: webBucketId }),
    )!;
    expect(policy).toBeDefined();
    const allows = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement.filter(
      (s) => s.Effect === 'Allow',
    );
    const [distributionId] = only(resourcesOf(web, 'AWS::CloudFront::Distribution'));
    for (const s of allows) {
      expect(isPublicPrincipal(s.Principal)).toBe(false);
      if (JSON.stringify(s.Principal).includes('cloudfront.amazonaws.com')) {
        expect(asArray(s.Action)).toEqual(['s3:GetObject']);
        const sourceArn = s.Condition?.StringEquals?.['AWS:SourceArn'];
        expect(flattenCfnValue(sourceArn)).toBe(
          `arn:<AWS::Partition>:cloudfront::<AWS::AccountId>:distribution/<${distributionId}>`,
        );
      }
    }
    expect(allows.some((s) => JSON.stringify(s.Principal).includes('cloudfront.amazonaws.com'))).toBe(true);
  });

  it("routes published pages with a KeyValueStore the viewer-request function reads, written only by the publish function's role", () => {
    const [storeId, store] = only(resourcesOf(web, 'AWS::CloudFront::KeyValueStore'));
    expect(store.Properties.Name).toBe(`aurum-published-pages-${STAGE}`);
    const storeArn = `<${storeId}.Arn>`;
    const [, fn] = Object.entries(resourcesOf(web, 'AWS::CloudFront::Function')).find(([, f]) =>
      String(f.Properties.Name).startsWith('aurum-spa-rewrite'),
    )!;
    const fnConfig = fn.Properties.FunctionConfig as { Runtime: string; KeyValueStoreAssociations: unknown[] };
    expect(fnConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fnConfig.KeyValueStoreAssociations).toEqual([{ KeyValueStoreARN: { 'Fn::GetAtt': [storeId, 'Arn'] } }]);
    expect(String(fn.Properties.FunctionCode)).toBe(SPA_REWRITE_CODE);
    expect(flattenCfnValue(distributionConfig().DefaultCacheBehavior.FunctionAssociations)).toContain('viewer-request');

    // where the publish function finds the store and the distribution
    const [distributionId] = only(resourcesOf(web, 'AWS::CloudFront::Distribution'));
    const parameter = Object.values(resourcesOf(web, 'AWS::SSM::Parameter')).find(
      (p) => p.Properties.Name === `/aurum/${STAGE}/published-pages`,
    )!;
    const value = flattenCfnValue(parameter.Properties.Value);
    expect(value).toContain(storeArn);
    expect(value).toContain(`<${distributionId}>`);

    // exactly UpdateKeys and DescribeKeyValueStore on this store, CreateInvalidation on this
    // distribution, for the publish consumer's role and nobody else
    const policies = Object.values(resourcesOf(web, 'AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('cloudfront-keyvaluestore'),
    );
    expect(policies).toHaveLength(1);
    const statements = (policies[0]!.Properties.PolicyDocument as { Statement: Statement[] }).Statement.map((st) => ({
      actions: asArray(st.Action).sort(),
      resources: asArray(st.Resource).map(flattenCfnValue),
    }));
    expect(statements).toEqual([
      {
        actions: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:UpdateKeys'],
        resources: [storeArn],
      },
      {
        actions: ['cloudfront:CreateInvalidation'],
        resources: [`arn:<AWS::Partition>:cloudfront::<AWS::AccountId>:distribution/<${distributionId}>`],
      },
    ]);
    const roles = (policies[0]!.Properties.Roles as unknown[]).map(flattenCfnValue);
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatch(/publish/i);
    expect(roles[0]).toContain(`Aurum-${STAGE}-Api`);
  });

  it('reaches both S3 origins through origin access control only', () => {
    const config = distributionConfig();
    const s3Origins = config.Origins.filter((o) => o.S3OriginConfig);
    expect(s3Origins).toHaveLength(2);
    for (const origin of s3Origins) {
      expect(origin.S3OriginConfig!.OriginAccessIdentity).toBe('');
      expect(origin.OriginAccessControlId).toBeDefined();
    }
    const oacs = Object.values(resourcesOf(web, 'AWS::CloudFront::OriginAccessControl'));
    expect(oacs).toHaveLength(2);
    for (const oac of oacs) {
      expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      });
    }
  });

  it('routes /api/* uncached to the HTTP API and /media/* to the images bucket; SPA fallback by function, not error responses', () => {
    const config = distributionConfig();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    const byPath = new Map(config.CacheBehaviors.map((b) => [b.PathPattern, b]));

    const apiBehavior = byPath.get('/api/*')!;
    expect(apiBehavior).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
    });
    const apiOrigin = config.Origins.find((o) => o.Id === apiBehavior.TargetOriginId)!;
    expect(flattenCfnValue(apiOrigin.DomainName)).toMatch(/\.execute-api\.<AWS::Region>\.<AWS::URLSuffix>$/);

    const mediaBehavior = byPath.get(`${MEDIA_PATH_PREFIX}/*`)!;
    expect(mediaBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ]);
  });

  it('attaches the security headers policy (HSTS, nosniff, DENY, referrer, CSP) to every behaviour, and /media its own restrictive one', () => {
    const policies = resourcesOf(web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const configOf = (id: string) =>
      policies[id]!.Properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: Record<string, Record<string, unknown>>;
        CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
      };
    const config = distributionConfig();
    const shopPolicy = (config.DefaultCacheBehavior.ResponseHeadersPolicyId as { Ref: string }).Ref;
    const byPath = new Map(config.CacheBehaviors.map((b) => [b.PathPattern, b]));
    expect(byPath.get('/api/*')!.ResponseHeadersPolicyId).toEqual({ Ref: shopPolicy });
    const mediaPolicy = (byPath.get(`${MEDIA_PATH_PREFIX}/*`)!.ResponseHeadersPolicyId as { Ref: string }).Ref;
    expect(mediaPolicy).not.toBe(shopPolicy);
    for (const id of [shopPolicy, mediaPolicy]) {
      const security = configOf(id).SecurityHeadersConfig;
      expect(security.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31_536_000, Override: true });
      expect(security.ContentTypeOptions).toMatchObject({ Override: true });
      expect(security.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
      expect(security.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    }
    const csp = flattenCfnValue(
      configOf(shopPolicy).SecurityHeadersConfig.ContentSecurityPolicy!.ContentSecurityPolicy,
    );
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toMatch(/img-src [^;]*data:/);
    expect(csp).toContain('https://cognito-idp.<AWS::Region>.amazonaws.com');
    expect(csp).toContain('https://checkout.stripe.com');
    // uploaded files: no script, no plugin, a sandbox, never framed, never read by other sites
    const mediaCsp = configOf(mediaPolicy).SecurityHeadersConfig.ContentSecurityPolicy!.ContentSecurityPolicy;
    expect(mediaCsp).toBe("default-src 'none'; img-src 'self'; sandbox; frame-ancestors 'none'");
    expect(configOf(mediaPolicy).CustomHeadersConfig.Items).toEqual([
      expect.objectContaining({ Header: 'Cross-Origin-Resource-Policy', Value: 'same-origin' }),
    ]);
  });

  it('compresses (gzip and Brotli) and caches hashed assets for a year, the shell and config revalidated (what the local origin copies)', () => {
    const config = distributionConfig();
    expect(config.DefaultCacheBehavior).toMatchObject({
      Compress: true,
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized: gzip and Brotli in the cache key
    });
    // a built SPA of its own (the shared app may be synthesised before `npm run build:web`, as in CI)
    const webDir = mkdtempSync(join(tmpdir(), 'aurum-web-build-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Aurum</title>');
    writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'export {};');
    const built = Template.fromStack(
      createAurumApp({
        context: { seller: SELLER, stage: STAGE },
        webDir,
        nag: false,
        guard: false,
        cfnValidation: false,
      }).web,
    );
    const deployments = Object.values(resourcesOf(built, 'Custom::CDKBucketDeployment')).map(
      (d) =>
        d.Properties as {
          SystemMetadata?: Record<string, string>;
          Include?: string[];
          Exclude?: string[];
        },
    );
    const assets = deployments.find((d) => d.Include?.includes('assets/*'));
    expect(assets?.SystemMetadata?.['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = deployments.find((d) => d.Exclude?.includes('assets/*'));
    expect(shell?.SystemMetadata?.['cache-control']).toBe('no-cache');
    const runtimeConfig = deployments.find((d) => !d.Include && !d.Exclude);
    expect(runtimeConfig?.SystemMetadata?.['cache-control']).toBe('no-cache');
  });

  it('deploys /config.json for the cloud (same origin API, SRP, not local)', () => {
    const deployments = Object.values(resourcesOf(web, 'Custom::CDKBucketDeployment'));
    const configDeployment = deployments.find((d) => d.Properties.DistributionPaths !== undefined)!;
    expect(configDeployment.Properties.DistributionPaths).toEqual(['/*']);
    const assetDirs = readdirSync(outdir).filter(
      (f) => f.startsWith('asset.') && existsSync(join(outdir, f, 'config.json')),
    );
    const configs = assetDirs.map(
      (d) => JSON.parse(readFileSync(join(outdir, d, 'config.json'), 'utf8')) as Record<string, unknown>,
    );
    const config = configs.find((c) => c.stage === STAGE)!;
    expect(config).toMatchObject({
      apiBaseUrl: '',
      stage: STAGE,
      cognitoEndpoint: null,
      authFlow: 'USER_SRP_AUTH',
      local: false,
    });
    expect(Object.keys(config).sort()).toEqual(
      [
        'apiBaseUrl',
        'stage',
        'region',
        'userPoolId',
        'userPoolClientId',
        'cognitoEndpoint',
        'authFlow',
        'supportEmail',
        'seller',
        'local',
      ].sort(),
    );
    // the footer and the legal pages show the stage's seller (art. 7 D.Lgs. 70/2003)
    expect(config.seller).toEqual(SELLER);
  });
});

describe("the seller's identity (art. 7 D.Lgs. 70/2003, art. 49 Codice del Consumo)", () => {
  const synth = (context: Record<string, unknown>) => () =>
    createAurumApp({ context: { stage: 'seller-check', ...context }, nag: false, guard: false, cfnValidation: false });

  it('stops the synth of a stage without it, saying what to pass', () => {
    expect(synth({})).toThrow(/Stage 'seller-check': the seller's identity is missing.*-c seller=/);
  });

  it('names the invalid fields', () => {
    expect(synth({ seller: { ...SELLER, vat_number: '01234567890', pec: '' } })).toThrow(
      /invalid \(vat_number: .*; pec: .*\)/,
    );
    expect(synth({ seller: '{"company_name":' })).toThrow(/invalid \(not JSON\)/);
  });

  it('takes the JSON text the CLI passes with -c, and refuses the demo identity on the production stage', () => {
    expect(synth({ seller: JSON.stringify(SELLER) })).not.toThrow();
    expect(synth({ stage: 'main', seller: DEMO_SELLER })).toThrow(/demo seller identity/);
  });
});

/**
 * What a function's role may do, read from the template: actions grouped by the resource they apply
 * to ('table', 'index:GSI1', 'bucket:images', 'secret', 'userpool', 'shop-origin', 'xray').
 */
function grantsOf(template: Template, functionName: string): Record<string, string[]> {
  const [, fn] = Object.entries(resourcesOf(template, 'AWS::Lambda::Function')).find(
    ([, r]) => r.Properties.FunctionName === functionName,
  )!;
  const roleRef = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const statements = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleRef))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
    .filter((st) => st.Effect === 'Allow');
  const grouped: Record<string, Set<string>> = {};
  const table = `arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/${TABLE.baseName}-${STAGE}`;
  const resourceKind = (resource: string, action: string): string => {
    if (resource === table) return 'table';
    if (resource.startsWith(`${table}/index/`)) return `index:${resource.slice(table.length + '/index/'.length)}`;
    if (
      resource.startsWith(`arn:<AWS::Partition>:s3:::${BUCKETS.images.baseName}-${STAGE}-`) &&
      resource.endsWith('/*')
    )
      return 'bucket:images';
    if (resource.startsWith(`arn:<AWS::Partition>:s3:::${BUCKETS.files.baseName}-${STAGE}-`) && resource.endsWith('/*'))
      return 'bucket:files';
    if (
      resource.startsWith(`arn:<AWS::Partition>:s3:::${BUCKETS.search.baseName}-${STAGE}-`) &&
      resource.endsWith('/*')
    )
      return 'bucket:search';
    if (resource === `${table}/stream/*`) return 'stream';
    if (resource.startsWith(`arn:<AWS::Partition>:s3:::${BUCKETS.web.baseName}-${STAGE}-`) && resource.endsWith('/*'))
      return 'bucket:web';
    if (
      resource.startsWith(`arn:<AWS::Partition>:s3:::${BUCKETS.images.baseName}-${STAGE}-`) &&
      !resource.includes('/')
    )
      return 'bucket-itself:images';
    if (action.startsWith('secretsmanager:') && /PaymentSecret/.test(resource)) return 'secret';
    if (action.startsWith('secretsmanager:') && /OriginVerifySecret/.test(resource)) return 'origin-verify';
    if (action.startsWith('cognito-idp:') && /UserPool/.test(resource)) return 'userpool';
    if (resource === `arn:<AWS::Partition>:ssm:<AWS::Region>:<AWS::AccountId>:parameter/aurum/${STAGE}/shop-origin`)
      return 'shop-origin';
    if (resource === `arn:<AWS::Partition>:ssm:<AWS::Region>:<AWS::AccountId>:parameter/aurum/${STAGE}/published-pages`)
      return 'published-pages';
    if (action.startsWith('xray:') && resource === '*') return 'xray';
    if (action.startsWith('secretsmanager:') && /SupplierKeys/.test(resource)) return 'supplier-secret';
    if (action.startsWith('sns:') && /Notifications/.test(resource)) return 'topic';
    if (action === 'lambda:InvokeFunction' && /stocksync/i.test(resource)) return 'stock-sync-job';
    if (action.startsWith('sqs:') && /StockSyncDlq/.test(resource)) return 'dlq';
    if (action.startsWith('sqs:') && /StreamConsumers.*dlq/i.test(resource)) return 'stream-dlq';
    if (resource === `${table}/stream/*`) return 'stream';
    if (action.startsWith('ses:') && resource.includes(':identity/')) return 'ses-identity';
    if (action.startsWith('ses:') && resource.endsWith(`:configuration-set/aurum-email-${STAGE}`))
      return 'ses-configuration-set';
    if (action.startsWith('logs:')) return 'logs';
    return `OTHER ${resource}`;
  };
  for (const st of statements) {
    for (const action of asArray(st.Action)) {
      for (const resource of asArray(st.Resource).map(flattenCfnValue))
        (grouped[resourceKind(resource, action)] ??= new Set()).add(action);
    }
  }
  delete grouped.logs;
  return Object.fromEntries(
    Object.entries(grouped)
      .map(([k, v]) => [k, [...v].sort()] as const)
      .sort((a, b) => a[0].localeCompare(b[0])),
  );
}

/** A CloudFormation string value with its tokens as <Ref> / <Id.Attr> / <import>, literal text untouched (JSON stays JSON). */
function cfnText(value: unknown): string {
  if (typeof value === 'string') return value;
  const o = value as Record<string, unknown>;
  if (o['Fn::Join']) {
    const [delimiter, items] = o['Fn::Join'] as [string, unknown[]];
    return items.map(cfnText).join(delimiter);
  }
  if (o['Fn::GetAtt']) return `<${(o['Fn::GetAtt'] as string[]).join('.')}>`;
  if (o.Ref) return `<${String(o.Ref)}>`;
  if (o['Fn::ImportValue']) return `<import ${cfnText(o['Fn::ImportValue'])}>`;
  return JSON.stringify(value);
}

const XRAY = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];
const ddb = (...actions: string[]) => actions.map((a) => `dynamodb:${a}`).sort();
const READS = ['BatchGetItem', 'GetItem', 'Query'];

/**
 * Expected grants, written by hand from what each function is for (least privilege), not read
 * from function-permissions.ts. A new function needs a row here. Every API function reads the
 * origin-verify secret (it refuses requests that did not come through the distribution).
 */
const EXPECTED_GRANTS: Record<string, Record<string, string[]>> = {
  // The public catalogue reads (collections on GSI1, a category's products on GSI2, the premium
  // showcase on GSI5); it cannot write anything. It searches the product search indexes (read only).
  catalog: {
    'origin-verify': ['secretsmanager:GetSecretValue'],
    table: ddb(...READS),
    'index:GSI1': ['dynamodb:Query'],
    'index:GSI2': ['dynamodb:Query'],
    'index:GSI5': ['dynamodb:Query'],
    'bucket:search': ['s3:GetObject'],
    xray: XRAY,
  },
  // Own data, and the only reader of the digital files (presigned downloads of bought files); an
  // order's receipt by id (GSI2); 'Elimina account': the password checked by a server-side sign-in,
  // checkouts released and the club cancelled at Stripe (the key; open checkouts on GSI2), the data
  // erased (BatchWriteItem; the caller's reviews on GSI1), the Cognito user signed out and deleted.
  account: {
    'origin-verify': ['secretsmanager:GetSecretValue'],
    table: ddb(...READS, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'),
    'index:GSI1': ['dynamodb:Query'],
    'index:GSI2': ['dynamodb:Query'],
    'bucket:files': ['s3:GetObject'],
    secret: ['secretsmanager:GetSecretValue'],
    // sign-up: the user created, looked up and confirmed by the shop (the pool allows no self sign-up)
    userpool: [
      'cognito-idp:AdminConfirmSignUp',
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminInitiateAuth',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminUserGlobalSignOut',
    ],
    xray: XRAY,
  },
  // Own cart and wishlist; the shipping methods priced for the cart (GSI1), a discount code by its text (GSI2).
  cart: {
    'origin-verify': ['secretsmanager:GetSecretValue'],
    table: ddb(...READS, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'),
    'index:GSI1': ['dynamodb:Query'],
    'index:GSI2': ['dynamodb:Query'],
    xray: XRAY,
  },
  // Reserves stock (transaction), finds the caller's open checkouts (GSI2), reads the Stripe key and the exact shop origin.
  checkout: {
    'origin-verify': ['secretsmanager:GetSecretValue'],
    table: ddb(...READS, 'PutItem', 'UpdateItem', 'DeleteItem'),
    'index:GSI2': ['dynamodb:Query'],
    secret: ['secretsmanager:GetSecretValue'],
    'shop-origin': ['ssm:GetParameter'],
    topic: ['sns:Publish'],
    xray: XRAY,
  },
  // Verifies Stripe's signature and fulfils or releases one reservation, reconciles refunds; no queries,
  // no Cognito, no buckets; publishes operator alerts (a payment after release, a failed refund).
  // (A BatchGetItem first: which of the sold products the stock sync maintains, to lower their supplier level.)
  webhooks: {
    'origin-verify': ['secretsmanager:GetSecretValue'],
    table: ddb('GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'),
    secret: ['secretsmanager:GetSecretValue'],
    topic: ['sns:Publish'],
    xray: XRAY,
  },
  // The back office: the only one that writes the payment keys and manages Cognito users; it creates,
  // edits and deletes plans, tiers, discount codes and shipping methods, and finds orders by date
  // (GSI1), short id (GSI2) and status (GSI3) and users by email (GSI2).
  admin: {
    'origin-verify': ['secretsmanager:GetSecretValue'],
    table: ddb(...READS, 'PutItem', 'UpdateItem', 'DeleteItem'),
    'index:GSI1': ['dynamodb:Query'],
    'index:GSI2': ['dynamodb:Query'],
    'index:GSI3': ['dynamodb:Query'],
    secret: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'],
    userpool: [
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminDeleteUserAttributes',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
      'cognito-idp:AdminRemoveUserFromGroup',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminUserGlobalSignOut',
    ],
    // operator alerts, and the alert when payment keys or the webhook secret change
    topic: ['sns:Publish'],
    xray: XRAY,
  },
  // The catalogue back office: products by name (GSI3) and stock alerts (GSI4), collections (GSI1),
  // a category's products and the carts holding an item (GSI2); transactional saves with condition
  // checks; cart cascades in batches. Uploads by presigned POST (signed by its role: PutObject) to
  // both buckets, deletes of removed files, sizes read (GetObject), a deleted item's image folder listed.
  'admin-catalog': {
    'origin-verify': ['secretsmanager:GetSecretValue'],
    table: ddb(...READS, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'),
    'index:GSI1': ['dynamodb:Query'],
    'index:GSI2': ['dynamodb:Query'],
    'index:GSI3': ['dynamodb:Query'],
    'index:GSI4': ['dynamodb:Query'],
    'bucket:images': ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
    'bucket:files': ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
    'bucket-itself:images': ['s3:ListBucket'],
    // The back office's search reads the staff search index.
    'bucket:search': ['s3:GetObject'],
    xray: XRAY,
  },
  // Automations API: suppliers, imports (product + page link; images stored), sync start and runs
  // (GSI1); keeps the suppliers' keys, subscribes their emails, starts the job asynchronously.
  automations: {
    'origin-verify': ['secretsmanager:GetSecretValue'],
    table: ddb(...READS, 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'),
    'index:GSI1': ['dynamodb:Query'],
    'bucket:images': ['s3:DeleteObject', 's3:PutObject'],
    'supplier-secret': ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'],
    topic: ['sns:Subscribe', 'sns:Unsubscribe'],
    'stock-sync-job': ['lambda:InvokeFunction'],
    xray: XRAY,
  },
  // SES bounce and complaint events: suppresses the addresses (conditional put), nothing else.
  'ses-events': { table: ddb('PutItem'), xray: XRAY },
  // The unattended stock sync: linked products and open reservations (GSI1), conditional stock
  // writes, its run and lock; reads the suppliers' keys, publishes alerts, fails into its DLQ.
  'stock-sync': {
    table: ddb('GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'),
    'index:GSI1': ['dynamodb:Query'],
    'supplier-secret': ['secretsmanager:GetSecretValue'],
    topic: ['sns:Publish'],
    dlq: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
    xray: XRAY,
  },
  // The sweep: expired reservations (GSI1), then release or fulfil each; expires sessions at Stripe.
  'release-reservations': {
    table: ddb('GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'),
    'index:GSI1': ['dynamodb:Query'],
    secret: ['secretsmanager:GetSecretValue'],
    topic: ['sns:Publish'],
    xray: XRAY,
  },
  // The payments reconciliation: the webhook's writes for what Stripe has and the shop misses, the
  // pending refunds' queue (a Query on the table), the club withdrawals (GSI1); no Cognito, no buckets.
  'reconcile-payments': {
    table: ddb(...READS, 'PutItem', 'UpdateItem', 'DeleteItem'),
    'index:GSI1': ['dynamodb:Query'],
    secret: ['secretsmanager:GetSecretValue'],
    topic: ['sns:Publish'],
    xray: XRAY,
  },
  // Erases the profiles of Cognito users deleted directly: every profile (GSI1), the user looked up
  // in Cognito, then the account erasure (open checkouts on GSI2 expired at Stripe, data deleted).
  'erase-orphan-profiles': {
    table: ddb(...READS, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'),
    'index:GSI1': ['dynamodb:Query'],
    'index:GSI2': ['dynamodb:Query'],
    secret: ['secretsmanager:GetSecretValue'],
    userpool: ['cognito-idp:AdminGetUser'],
    xray: XRAY,
  },
  // Lifts ended bans: banned users by ban end (GSI3), the ban cleared, the account enabled again.
  'lift-expired-bans': {
    table: ['dynamodb:UpdateItem'],
    'index:GSI3': ['dynamodb:Query'],
    userpool: ['cognito-idp:AdminEnableUser'],
    xray: XRAY,
  },
  // The email worker (the relay's consumer of new email jobs): reads the job, claims, closes or
  // reschedules it (conditional updates), checks the suppression list, renders links on the shop's
  // origin, sends through the stage's SES identity in its configuration set; reads the stream and
  // sends a batch it gives up on to its dead-letter queue.
  'email-worker': {
    table: ddb('GetItem', 'UpdateItem'),
    'shop-origin': ['ssm:GetParameter'],
    'ses-identity': ['ses:SendEmail'],
    'ses-configuration-set': ['ses:SendEmail'],
    stream: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'],
    'stream-dlq': ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
    xray: XRAY,
  },
  // The email retry sweep: the due pending jobs (GSI1), then the same sends as the worker.
  'email-retry': {
    table: ddb('GetItem', 'UpdateItem'),
    'index:GSI1': ['dynamodb:Query'],
    'shop-origin': ['ssm:GetParameter'],
    'ses-identity': ['ses:SendEmail'],
    'ses-configuration-set': ['ses:SendEmail'],
    xray: XRAY,
  },
  'post-confirmation': { table: ['dynamodb:PutItem'], xray: XRAY },
  // Writes the account emails with the shop's links: the shop origin, nothing else.
  'custom-message': { 'shop-origin': ['ssm:GetParameter'], xray: XRAY },
  // Reads one user's MFA settings, records a change of factor on the profile, signs the user out
  // everywhere when the change is first seen on a refresh.
  'pre-token-generation': {
    table: ['dynamodb:UpdateItem'],
    userpool: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut'],
    xray: XRAY,
  },
  // The publish consumer: reads the table's stream, the changed categories (GetItem) and the first
  // page of their products (AP4 on GSI2), the changed products (BatchGetItem), the whole
  // catalogue (AP1 on GSI1) to rebuild a missing index and the approved reviews (AP31 on GSI2);
  // reads and writes the search indexes; reads the product page template and writes and deletes
  // the published documents in the web bucket; the shop origin for canonical URLs; where the
  // published pages' KeyValueStore and the distribution are (the web stack grants those). It writes
  // nothing in the table.
  publish: {
    table: ddb('BatchGetItem', 'GetItem', 'Query'),
    'index:GSI1': ['dynamodb:Query'],
    'index:GSI2': ['dynamodb:Query'],
    stream: ddb('DescribeStream', 'GetRecords', 'GetShardIterator', 'ListStreams'),
    'bucket:search': ['s3:GetObject', 's3:PutObject'],
    'bucket:web': ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
    'shop-origin': ['ssm:GetParameter'],
    'published-pages': ['ssm:GetParameter'],
    // A batch whose retries are exhausted goes to its dead-letter queue.
    'stream-dlq': ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
    xray: XRAY,
  },
};

describe('least privilege per function', () => {
  it('gives every function exactly the grants of its purpose, function by function', () => {
    const names = [...FUNCTION_NAMES, ...SCHEDULED_JOBS.map((j) => j.name), ...CONSUMER_NAMES, ...TRIGGER_FUNCTIONS];
    expect(Object.keys(EXPECTED_GRANTS).sort()).toEqual([...names].sort());
    const actual = Object.fromEntries(
      names.map((name) => [
        name,
        grantsOf(TRIGGER_FUNCTIONS.includes(name as never) ? auth : api, `aurum-${name}-${STAGE}`),
      ]),
    );
    expect(actual).toEqual(EXPECTED_GRANTS);
  });

  it('keeps the public catalogue read-only, the files bucket to the account function (downloads) and the catalogue back office (uploads), Cognito and payment keys to the admin', () => {
    const names = [...FUNCTION_NAMES, ...SCHEDULED_JOBS.map((j) => j.name), ...CONSUMER_NAMES];
    const grants = Object.fromEntries(names.map((n) => [n, grantsOf(api, `aurum-${n}-${STAGE}`)]));
    const writes = /dynamodb:(Put|Update|Delete|BatchWrite|ConditionCheck)/;
    expect(grants.catalog!.table!.filter((a) => writes.test(a))).toEqual([]);
    expect(names.filter((n) => grants[n]!['bucket:files']?.includes('s3:GetObject'))).toEqual([
      'account',
      'admin-catalog',
    ]);
    expect(names.filter((n) => grants[n]!['bucket:files']?.some((a) => a !== 's3:GetObject'))).toEqual([
      'admin-catalog',
    ]);
    // account: the deletion of the caller's own account (password check, sign-out, delete)
    // erase-orphan-profiles: only asks whether a user still exists (AdminGetUser)
    expect(names.filter((n) => grants[n]!.userpool)).toEqual([
      'account',
      'admin',
      'lift-expired-bans',
      'erase-orphan-profiles',
    ]);
    expect(names.filter((n) => grants[n]!.secret?.includes('secretsmanager:PutSecretValue'))).toEqual(['admin']);
    expect(grants.webhooks!.userpool).toBeUndefined();
    for (const n of names)
      expect(
        Object.keys(grants[n]!).filter((k) => k.startsWith('OTHER')),
        n,
      ).toEqual([]);
  });

  it('names the payment secret and the shop origin parameter only in the environment of the functions that may read them', () => {
    const functions = Object.values(resourcesOf(api, 'AWS::Lambda::Function'));
    const envOf = (name: string) =>
      (
        functions.find((f) => f.Properties.FunctionName === `aurum-${name}-${STAGE}`)!.Properties.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
    const names = [...FUNCTION_NAMES, ...SCHEDULED_JOBS.map((j) => j.name), ...CONSUMER_NAMES];
    expect(names.filter((n) => envOf(n).PAYMENT_SECRET_ID !== undefined).sort()).toEqual([
      'account',
      'admin',
      'checkout',
      'erase-orphan-profiles',
      'reconcile-payments',
      'release-reservations',
      'webhooks',
    ]);
    // the email functions render absolute links on the shop's origin, the publish consumer canonical URLs
    expect(names.filter((n) => envOf(n).SHOP_ORIGIN_PARAMETER !== undefined).sort()).toEqual([
      'checkout',
      'email-retry',
      'email-worker',
      'publish',
    ]);
    expect(envOf('checkout').SHOP_ORIGIN_PARAMETER).toBe(`/aurum/${STAGE}/shop-origin`);
  });
});

describe('shop origin (no *.cloudfront.net wildcard)', () => {
  const distributionDomain = () => {
    const [distributionId] = only(resourcesOf(web, 'AWS::CloudFront::Distribution'));
    return `https://<${distributionId}.DomainName>`; // cfnText and flattenCfnValue write GetAtt alike
  };

  it('writes the exact shop origin (this distribution) to the SSM parameter the checkout reads', () => {
    const parameters = Object.values(resourcesOf(web, 'AWS::SSM::Parameter'));
    expect(parameters.map((p) => p.Properties.Name).sort()).toEqual([
      `/aurum/${STAGE}/published-pages`,
      `/aurum/${STAGE}/shop-origin`,
    ]);
    const parameter = parameters.find((p) => p.Properties.Name === `/aurum/${STAGE}/shop-origin`)!;
    expect(flattenCfnValue(parameter.Properties.Value)).toBe(distributionDomain());
  });

  it('allows presigned uploads to the images and files buckets from the shop origin only', () => {
    const cors = Object.values(resourcesOf(web, 'Custom::AWS'));
    expect(cors).toHaveLength(2);
    const buckets = new Set<string>();
    for (const resource of cors) {
      for (const phase of ['Create', 'Update']) {
        const call = JSON.parse(cfnText(resource.Properties[phase])) as {
          action: string;
          parameters: { Bucket: string; CORSConfiguration: { CORSRules: { AllowedOrigins: string[] }[] } };
        };
        expect(call.action).toBe('putBucketCors');
        expect(call.parameters.CORSConfiguration.CORSRules.map((r) => r.AllowedOrigins)).toEqual([
          [distributionDomain()],
        ]);
        buckets.add(call.parameters.Bucket);
      }
    }
    expect(buckets.size).toBe(2);
    expect([...buckets].some((b) => /ImagesBucket/.test(b))).toBe(true);
    expect([...buckets].some((b) => /FilesBucket/.test(b))).toBe(true);
  });

  it('lets only this distribution read the images bucket (origin access control)', () => {
    const imagesBucketId = Object.entries(resourcesOf(web, 'AWS::S3::Bucket')).find(([, b]) =>
      flattenCfnValue(b.Properties.BucketName).startsWith(`${BUCKETS.images.baseName}-`),
    )![0];
    const policy = Object.values(resourcesOf(web, 'AWS::S3::BucketPolicy')).find(
      (p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: imagesBucketId }),
    )!;
    const [distributionId] = only(resourcesOf(web, 'AWS::CloudFront::Distribution'));
    const reads = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement.filter(
      (s) => s.Effect === 'Allow' && JSON.stringify(s.Principal).includes('cloudfront.amazonaws.com'),
    );
    expect(reads).toHaveLength(1);
    expect(asArray(reads[0]!.Action)).toEqual(['s3:GetObject']);
    expect(flattenCfnValue(reads[0]!.Condition?.StringEquals?.['AWS:SourceArn'])).toBe(
      `arn:<AWS::Partition>:cloudfront::<AWS::AccountId>:distribution/<${distributionId}>`,
    );
  });

  it('has no *.cloudfront.net wildcard in any template', () => {
    for (const stack of [aurum.data, aurum.auth, aurum.api, aurum.web, aurum.edge]) {
      const json = JSON.stringify(Template.fromStack(stack).toJSON());
      expect(json, stack.stackName).not.toMatch(/\*\.cloudfront\.net/);
      expect(json, stack.stackName).not.toMatch(/distribution\/\*/);
    }
  });

  it('uses the custom domain as the shop origin when one is configured', () => {
    const custom = createAurumApp({
      context: {
        seller: SELLER,
        stage: 'custom',
        shopDomain: 'shop.aurumfitness.example',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      },
      functionsDir: join(process.cwd(), 'dist', 'functions'),
      nag: false,
      guard: false,
      cfnValidation: false,
    });
    const customWeb = Template.fromStack(custom.web);
    customWeb.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/aurum/custom/shop-origin',
      Value: 'https://shop.aurumfitness.example',
    });
    customWeb.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['shop.aurumfitness.example'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021' }),
      }),
    });
    for (const resource of Object.values(customWeb.findResources('Custom::AWS'))) {
      expect(cfnText((resource as Resource).Properties.Create)).toContain(
        '"AllowedOrigins":["https://shop.aurumfitness.example"]',
      );
    }
    expect(() =>
      createAurumApp({
        context: { seller: SELLER, stage: 'custom2', shopDomain: 'shop.aurumfitness.example' },
        nag: false,
        guard: false,
        cfnValidation: false,
      }),
    ).toThrow(/certificateArn/);
  });
});

describe('staff MFA in the user pool', () => {
  it('puts the MFA state in the token with a pre-token-generation trigger that may only read users, record a change of factor and sign the user out', () => {
    const [, pool] = only(resourcesOf(auth, 'AWS::Cognito::UserPool'));
    const lambdaConfig = pool.Properties.LambdaConfig as Record<string, { 'Fn::GetAtt': [string, string] }>;
    const fnId = lambdaConfig.PreTokenGeneration!['Fn::GetAtt'][0];
    expect(resourcesOf(auth, 'AWS::Lambda::Function')[fnId]!.Properties.FunctionName).toBe(
      `aurum-pre-token-generation-${STAGE}`,
    );
    expect(grantsOf(auth, `aurum-pre-token-generation-${STAGE}`)).toEqual({
      table: ['dynamodb:UpdateItem'],
      userpool: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut'],
      xray: XRAY,
    });
  });

  it('keeps the second factor unskippable: factors enabled, no device remembering, no passwordless or custom sign-in', () => {
    const [, pool] = only(resourcesOf(auth, 'AWS::Cognito::UserPool'));
    expect(pool.Properties.MfaConfiguration).toBe('OPTIONAL');
    expect(new Set(pool.Properties.EnabledMfas as string[])).toEqual(new Set(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']));
    expect(pool.Properties.DeviceConfiguration).toBeUndefined();
    expect(JSON.stringify(pool.Properties.Policies)).not.toContain('SignInPolicy');
    const client = userPoolClientNamed(`${USER_POOL.clientBaseName}-${STAGE}`);
    expect(new Set(client.Properties.ExplicitAuthFlows as string[])).toEqual(
      new Set(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
  });
});

describe('observability', () => {
  it('runs every function with X-Ray active tracing and the Powertools service and metrics namespace', () => {
    for (const template of [api, auth]) {
      for (const f of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
        if (!String(f.Properties.FunctionName ?? '').startsWith('aurum-')) continue;
        expect(f.Properties.TracingConfig, String(f.Properties.FunctionName)).toEqual({ Mode: 'Active' });
        const env = (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(env).toMatchObject({
          POWERTOOLS_SERVICE_NAME: 'aurum-shop',
          POWERTOOLS_METRICS_NAMESPACE: 'AurumFitness',
        });
      }
    }
  });

  it('starts every function without NODE_OPTIONS (no --enable-source-maps at init; the init bench runs the same way)', () => {
    for (const template of [api, auth]) {
      for (const f of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
        if (!String(f.Properties.FunctionName ?? '').startsWith('aurum-')) continue;
        const env = (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(env, String(f.Properties.FunctionName)).not.toHaveProperty('NODE_OPTIONS');
      }
    }
  });
});

describe('CloudFront functions', () => {
  type CfEvent = { request: { uri: string } };
  const load = (code: string) => new Function(`${code}; return handler;`)() as (e: CfEvent) => { uri: string };

  /**
   * A stand-in of CloudFront Functions' `cloudfront` module with a KeyValueStore of `keys`, as
   * strict as the service: "The get() method will return an error when the key that you requested
   * doesn't exist in the associated key value store"; exists() resolves to a boolean; a key is at
   * most 512 characters ("Key size – 512 characters"). `fail` makes every read reject.
   */
  function cloudfrontModule(keys: Map<string, string>, fail = false) {
    const check = (key: string) => {
      if (fail) throw new Error('KeyValueStore unavailable');
      if (key.length > 512) throw new Error('key too long');
    };
    return {
      kvs: () => ({
        exists: async (key: string) => (check(key), keys.has(key)),
        get: async (key: string) => {
          check(key);
          if (!keys.has(key)) throw new Error(`Key ${key} not found`);
          return keys.get(key);
        },
      }),
    };
  }
  /** The viewer-request function's code run as CloudFront runs it, its `import cf from 'cloudfront'` bound to `cf`. */
  const loadWithStore = (code: string, cf: ReturnType<typeof cloudfrontModule>) => {
    const IMPORT = "import cf from 'cloudfront';";
    expect(code.startsWith(IMPORT)).toBe(true);
    return new Function('cf', `${code.slice(IMPORT.length)}; return handler;`)(cf) as (
      e: CfEvent,
    ) => Promise<{ uri: string }>;
  };

  it('serves a published page (its key in the KeyValueStore) its document, an unpublished or restricted one the generic page', async () => {
    const published = '4f2c8a1e-0000-4000-8000-000000000001';
    const handler = loadWithStore(
      SPA_REWRITE_CODE,
      cloudfrontModule(
        new Map([
          [`/product/${published}`, '1'],
          ['/category/attrezzi', '1'],
          ['/legal/faq', '1'],
          ['/', '1'],
        ]),
      ),
    );
    const rewrite = async (uri: string) => (await handler({ request: { uri } })).uri;
    expect(await rewrite('/')).toBe('/published/home.html');
    expect(await rewrite(`/product/${published}`)).toBe(`/published/product/${published}.html`);
    expect(await rewrite(`/product/${published}/`)).toBe(`/published/product/${published}.html`);
    expect(await rewrite('/product/9b1d0000-0000-4000-8000-00000000000f')).toBe('/prerendered/product.html');
    expect(await rewrite('/category/attrezzi')).toBe('/published/category/attrezzi.html');
    expect(await rewrite('/category/accessori')).toBe('/index.html');
    expect(await rewrite('/legal/faq')).toBe('/published/legal/faq.html');
    expect(await rewrite('/legal/sconosciuta')).toBe('/index.html');
    expect(await rewrite(`/product/${published}/extra`)).toBe('/index.html');
    expect(await rewrite('/published/product/x.html')).toBe('/published/product/x.html');
    // the store failing: the generic page, never an error
    const failing = loadWithStore(SPA_REWRITE_CODE, cloudfrontModule(new Map(), true));
    expect((await failing({ request: { uri: `/product/${published}` } })).uri).toBe('/prerendered/product.html');
  });

  it('rewrites landing routes to their prerendered document, other client-side routes to /index.html, and leaves files alone', async () => {
    const handler = loadWithStore(SPA_REWRITE_CODE, cloudfrontModule(new Map()));
    const rewrite = async (uri: string) => (await handler({ request: { uri } })).uri;
    expect(await rewrite('/')).toBe('/prerendered/home.html');
    expect(await rewrite('/products')).toBe('/prerendered/products.html');
    expect(await rewrite('/products/')).toBe('/prerendered/products.html');
    expect(await rewrite('/product/abc-123')).toBe('/prerendered/product.html');
    expect(await rewrite('/product/abc-123/extra')).toBe('/index.html');
    expect(await rewrite('/premium')).toBe('/prerendered/premium.html');
    expect(await rewrite('/bundles/')).toBe('/prerendered/bundles.html');
    expect(await rewrite('/login')).toBe('/prerendered/login.html');
    expect(await rewrite('/legal/faq')).toBe('/index.html');
    expect(await rewrite('/category/attrezzi')).toBe('/index.html');
    expect(await rewrite('/cart')).toBe('/index.html');
    expect(await rewrite('/admin/users')).toBe('/index.html');
    expect(await rewrite('/admin/products')).toBe('/index.html');
    expect(await rewrite('/prerendered/home.html')).toBe('/prerendered/home.html');
    expect(await rewrite('/assets/index-Ab12.js')).toBe('/assets/index-Ab12.js');
    expect(await rewrite('/config.json')).toBe('/config.json');
    expect(await rewrite('/favicon.svg')).toBe('/favicon.svg');
  });

  it('strips the media prefix before the images bucket, and never serves a staged upload', () => {
    const handler = load(mediaPrefixStripCode(MEDIA_PATH_PREFIX));
    expect(handler({ request: { uri: `${MEDIA_PATH_PREFIX}/products/p1/170-1.jpg` } }).uri).toBe(
      '/products/p1/170-1.jpg',
    );
    expect(handler({ request: { uri: `${MEDIA_PATH_PREFIX}/uploads/products/p1/170-1.png` } })).toMatchObject({
      statusCode: 404,
    });
  });

  it('expires staged uploads never saved, in both data buckets', () => {
    const buckets = [
      ...Object.values(resourcesOf(data, 'AWS::S3::Bucket')),
      ...Object.values(resourcesOf(web, 'AWS::S3::Bucket')),
    ].filter((b) => /aurum-product-(images|files)-/.test(flattenCfnValue(b.Properties.BucketName)));
    expect(buckets).toHaveLength(2);
    for (const b of buckets)
      expect((b.Properties.LifecycleConfiguration as { Rules: unknown[] }).Rules).toContainEqual(
        expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
      );
  });
});

describe('stage naming', () => {
  it('puts the stage in every stack name and physical name', () => {
    for (const stack of [aurum.data, aurum.auth, aurum.api, aurum.web]) expect(stack.stackName).toContain(STAGE);
    expect(aurum.data.stackName).toBe(stackName(STAGE, 'Data'));
    const named: [Template, string, string][] = [
      [data, 'AWS::DynamoDB::Table', 'TableName'],
      [data, 'AWS::S3::Bucket', 'BucketName'],
      [data, 'AWS::SecretsManager::Secret', 'Name'],
      [web, 'AWS::S3::Bucket', 'BucketName'],
      [auth, 'AWS::Cognito::UserPool', 'UserPoolName'],
      [auth, 'AWS::Cognito::UserPoolClient', 'ClientName'],
      [api, 'AWS::Lambda::Function', 'FunctionName'],
      [auth, 'AWS::Lambda::Function', 'FunctionName'],
      [api, 'AWS::ApiGatewayV2::Api', 'Name'],
      [api, 'AWS::Logs::LogGroup', 'LogGroupName'],
    ];
    for (const [template, type, prop] of named) {
      const resources = Object.values(resourcesOf(template, type));
      expect(resources.length, type).toBeGreaterThan(0);
      for (const r of resources) expect(flattenCfnValue(r.Properties[prop]), `${type}.${prop}`).toContain(STAGE);
    }
  });

  it('sanitises -c stage=Feature/X_y into feature-x-y', () => {
    const feature = createAurumApp({
      context: { seller: SELLER, stage: 'Feature/X_y' },
      nag: false,
      guard: false,
      cfnValidation: false,
    });
    expect(feature.stage).toBe('feature-x-y');
    expect([feature.data, feature.auth, feature.api, feature.web].map((s) => s.stackName)).toEqual([
      'Aurum-feature-x-y-Data',
      'Aurum-feature-x-y-Auth',
      'Aurum-feature-x-y-Api',
      'Aurum-feature-x-y-Web',
    ]);
    const table = Template.fromStack(feature.data).findResources('AWS::DynamoDB::Table');
    expect(Object.values(table)[0]!.Properties.TableName).toBe(`${TABLE.baseName}-feature-x-y`);
  });

  it('tags every stack with Project and Stage', () => {
    for (const stack of [aurum.data, aurum.auth, aurum.api, aurum.web, aurum.edge]) {
      const tags = stack.tags.tagValues();
      expect(tags).toMatchObject({ Project: expect.any(String), Stage: STAGE });
    }
  });
});

describe('edge stack (WAF for the distribution)', () => {
  it('lives in us-east-1 with a CLOUDFRONT-scope web ACL whose ARN the distribution uses, deployed first', () => {
    expect(aurum.edge.region).toBe('us-east-1');
    expect(aurum.edge.stackName).toBe(`Aurum-${STAGE}-Edge`);
    const edge = Template.fromStack(aurum.edge);
    const [aclId, acl] = only(resourcesOf(edge, 'AWS::WAFv2::WebACL'));
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect(edge.toJSON().Outputs.WebAclArn.Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    const [, distribution] = only(resourcesOf(web, 'AWS::CloudFront::Distribution'));
    expect((distribution.Properties.DistributionConfig as { WebACLId: unknown }).WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: `Aurum-${STAGE}-Edge`, OutputName: 'WebAclArn', Region: 'us-east-1' },
    });
    expect(aurum.web.dependencies).toContain(aurum.edge);
  });

  it('has one rate-based rule per client limit, keyed on the IP, scoped to its method and path, answering 429', () => {
    const [, acl] = only(resourcesOf(Template.fromStack(aurum.edge), 'AWS::WAFv2::WebACL'));
    type Rule = { Name: string; Action: unknown; Statement: { RateBasedStatement: Record<string, unknown> } };
    const rules = acl.Properties.Rules as Rule[];
    const byName = new Map(rules.map((r) => [r.Name, r]));
    // written from the intended limits, not read from the definition
    expect(byName.get('rate-checkout')!.Statement.RateBasedStatement).toEqual({
      AggregateKeyType: 'IP',
      Limit: 20,
      EvaluationWindowSec: 300,
      ScopeDownStatement: {
        AndStatement: {
          Statements: [
            {
              ByteMatchStatement: {
                FieldToMatch: { Method: {} },
                PositionalConstraint: 'EXACTLY',
                SearchString: 'POST',
                TextTransformations: [{ Priority: 0, Type: 'NONE' }],
              },
            },
            {
              ByteMatchStatement: {
                FieldToMatch: { UriPath: {} },
                PositionalConstraint: 'STARTS_WITH',
                SearchString: '/api/checkout/',
                TextTransformations: [{ Priority: 0, Type: 'NONE' }],
              },
            },
          ],
        },
      },
    });
    expect(byName.get('rate-reviews')!.Statement.RateBasedStatement).toMatchObject({ Limit: 10 });
    expect(byName.get('rate-api')!.Statement.RateBasedStatement).toMatchObject({ Limit: 1500 });
    expect(rules.map((r) => r.Name)).toEqual(CLIENT_RATE_LIMITS.map((l) => `rate-${l.name}`));
    for (const rule of rules)
      expect(rule.Action).toEqual({
        Block: {
          CustomResponse: {
            ResponseCode: 429,
            CustomResponseBodyKey: 'rate-limited',
            ResponseHeaders: [{ Name: 'Retry-After', Value: '300' }],
          },
        },
      });
    expect(
      JSON.parse((acl.Properties.CustomResponseBodies as Record<string, { Content: string }>)['rate-limited']!.Content),
    ).toMatchObject({ title: 'Troppe Richieste' });
  });
});

describe('SES events into the suppression list', () => {
  it("routes the configuration set's bounce and complaint events on the default bus to the ses-events function", () => {
    const rules = Object.values(resourcesOf(api, 'AWS::Events::Rule'));
    const rule = rules.find((r) => r.Properties.Name === `aurum-ses-events-${STAGE}`)!;
    expect(rule.Properties.EventBusName).toBeUndefined(); // the account's default bus
    expect(rule.Properties.EventPattern).toEqual({
      source: ['aws.ses'],
      'detail-type': ['Email Bounced', 'Email Complained'],
    });
    const [target] = rule.Properties.Targets as { Arn: unknown; RetryPolicy: unknown }[];
    const [fnId] = Object.entries(resourcesOf(api, 'AWS::Lambda::Function')).find(
      ([, f]) => f.Properties.FunctionName === `aurum-ses-events-${STAGE}`,
    )!;
    expect(target!.Arn).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    expect(target!.RetryPolicy).toMatchObject({ MaximumRetryAttempts: 8 });
  });
});

describe('per-IP limits on sign-up, newsletter, contact and the user pool', () => {
  it('has a 10-per-5-minutes POST rule for sign-up, newsletter and contact on the distribution, before the catch-all', () => {
    const [, acl] = only(resourcesOf(Template.fromStack(aurum.edge), 'AWS::WAFv2::WebACL'));
    type Rule = { Name: string; Priority: number; Statement: { RateBasedStatement: Record<string, unknown> } };
    const rules = acl.Properties.Rules as Rule[];
    const byName = new Map(rules.map((r) => [r.Name, r]));
    for (const [name, path] of [
      ['rate-signup', '/api/signup'],
      ['rate-newsletter', '/api/newsletter'],
      ['rate-contact', '/api/contact'],
    ] as const) {
      const rule = byName.get(name)!;
      expect(rule.Statement.RateBasedStatement, name).toMatchObject({
        AggregateKeyType: 'IP',
        Limit: 10,
        EvaluationWindowSec: 300,
        ScopeDownStatement: {
          AndStatement: {
            Statements: [
              { ByteMatchStatement: { FieldToMatch: { Method: {} }, SearchString: 'POST' } },
              {
                ByteMatchStatement: {
                  FieldToMatch: { UriPath: {} },
                  PositionalConstraint: 'STARTS_WITH',
                  SearchString: path,
                },
              },
            ],
          },
        },
      });
      expect(rule.Priority).toBeLessThan(byName.get('rate-api')!.Priority);
    }
  });

  it("protects the user pool's own API with a regional web ACL associated with the pool", () => {
    const [aclId, acl] = only(resourcesOf(auth, 'AWS::WAFv2::WebACL'));
    expect(acl.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    type Rule = { Name: string; Action: unknown; Statement: { RateBasedStatement: Record<string, unknown> } };
    const rules = acl.Properties.Rules as Rule[];
    const codes = rules.find((r) => r.Name === 'rate-cognito-codes')!;
    expect(codes.Action).toEqual({ Block: {} });
    expect(codes.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'IP',
      Limit: 10,
      EvaluationWindowSec: 300,
    });
    const targets = (
      codes.Statement.RateBasedStatement.ScopeDownStatement as {
        OrStatement: { Statements: { ByteMatchStatement: { FieldToMatch: unknown; SearchString: string } }[] };
      }
    ).OrStatement.Statements.map((st) => {
      expect(st.ByteMatchStatement.FieldToMatch).toEqual({ SingleHeader: { Name: 'x-amz-target' } });
      return st.ByteMatchStatement.SearchString;
    });
    expect(new Set(targets)).toEqual(
      new Set(
        ['SignUp', 'ResendConfirmationCode', 'ForgotPassword', 'GetUserAttributeVerificationCode'].map(
          (op) => `AWSCognitoIdentityProviderService.${op}`,
        ),
      ),
    );
    expect(rules.find((r) => r.Name === 'rate-cognito-sign-in')!.Statement.RateBasedStatement).toMatchObject({
      Limit: 100,
    });
    const [poolId] = only(resourcesOf(auth, 'AWS::Cognito::UserPool'));
    const [, association] = only(resourcesOf(auth, 'AWS::WAFv2::WebACLAssociation'));
    expect(association.Properties).toEqual({
      ResourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });
});

/** The one app client of the auth stack with this ClientName. */
function userPoolClientNamed(name: string) {
  const found = Object.values(resourcesOf(auth, 'AWS::Cognito::UserPoolClient')).filter(
    (c) => flattenCfnValue(c.Properties.ClientName) === name,
  );
  expect(found, name).toHaveLength(1);
  return found[0]!;
}

describe('SRP only in the cloud', () => {
  it('names no plain-password flow in any template (the local emulator keeps it on its own client)', () => {
    const templates = JSON.stringify([data, auth, api, web, Template.fromStack(aurum.edge)].map((t) => t.toJSON()));
    expect(templates).not.toContain('"ALLOW_USER_PASSWORD_AUTH"');
    const client = userPoolClientNamed(`${USER_POOL.clientBaseName}-${STAGE}`);
    expect(new Set(client.Properties.ExplicitAuthFlows as string[])).toEqual(
      new Set(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
  });

  it("checks a password typed again ('Elimina account') through a server-only client, never the SPA's", () => {
    const clients = Object.values(resourcesOf(auth, 'AWS::Cognito::UserPoolClient'));
    const withPasswordFlow = clients.filter((c) =>
      (c.Properties.ExplicitAuthFlows as string[]).includes('ALLOW_ADMIN_USER_PASSWORD_AUTH'),
    );
    expect(withPasswordFlow.map((c) => c.Properties.ClientName)).toEqual([
      `${USER_POOL.clientBaseName}-password-check-${STAGE}`,
    ]);
    expect(new Set(withPasswordFlow[0]!.Properties.ExplicitAuthFlows as string[])).toEqual(
      new Set(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    // the account function is told that client, and only the account function calls AdminInitiateAuth
    const account = Object.values(resourcesOf(api, 'AWS::Lambda::Function')).find((f) =>
      JSON.stringify(f.Properties.FunctionName).includes('account'),
    )!;
    expect(
      (account.Properties.Environment as { Variables: Record<string, unknown> }).Variables.PASSWORD_CHECK_CLIENT_ID,
    ).toBeDefined();
  });
});

describe('every request passes the distribution (origin-verify header)', () => {
  it('has a generated per-stage secret that CloudFront sends to the API as a header, by dynamic reference', () => {
    const [secretId, secret] = only(
      Object.fromEntries(
        Object.entries(resourcesOf(data, 'AWS::SecretsManager::Secret')).filter(([id]) =>
          id.startsWith('OriginVerify'),
        ),
      ),
    );
    expect(secret.Properties).toMatchObject({
      Name: `aurum-origin-verify-${STAGE}`,
      GenerateSecretString: { SecretStringTemplate: '{}', GenerateStringKey: 'current', ExcludePunctuation: true },
    });
    expect(
      (secret.Properties.GenerateSecretString as { PasswordLength: number }).PasswordLength,
    ).toBeGreaterThanOrEqual(32);
    const [, distribution] = only(resourcesOf(web, 'AWS::CloudFront::Distribution'));
    const config = distribution.Properties.DistributionConfig as {
      Origins: {
        DomainName: unknown;
        CustomOriginConfig?: unknown;
        OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
      }[];
    };
    const apiOrigins = config.Origins.filter((o) => o.CustomOriginConfig);
    expect(apiOrigins).toHaveLength(1);
    const headers = apiOrigins[0]!.OriginCustomHeaders!;
    expect(headers.map((h) => h.HeaderName)).toEqual(['x-aurum-origin-verify']);
    const value = cfnText(headers[0]!.HeaderValue);
    // {{resolve:secretsmanager:<arn>:SecretString:current::}}: the value itself is never in the template
    expect(value).toMatch(/^\{\{resolve:secretsmanager:<import .*OriginVerifySecret.*>:SecretString:current::\}\}$/);
    expect(JSON.stringify([data, auth, api, web].map((t) => t.toJSON()))).not.toMatch(/"current":"[A-Za-z0-9]{20,}"/);
    expect(secretId).toMatch(/^OriginVerifySecret/);
  });

  it('gives every API function the secret, and only them', () => {
    for (const fn of FUNCTION_NAMES)
      api.hasResourceProperties('AWS::Lambda::Function', {
        FunctionName: `aurum-${fn}-${STAGE}`,
        Environment: { Variables: Match.objectLike({ ORIGIN_VERIFY_SECRET_ID: Match.anyValue() }) },
      });
    const others = Object.values(resourcesOf(api, 'AWS::Lambda::Function')).filter(
      (f) =>
        !FUNCTION_NAMES.some((fn) => f.Properties.FunctionName === `aurum-${fn}-${STAGE}`) &&
        (f.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
          ?.ORIGIN_VERIFY_SECRET_ID !== undefined,
    );
    expect(others).toEqual([]);
  });

  it('keeps the execute-api endpoint on a branch stage without an API domain (the header check refuses direct calls)', () => {
    const [, httpApi] = only(resourcesOf(api, 'AWS::ApiGatewayV2::Api'));
    expect(httpApi.Properties.DisableExecuteApiEndpoint).toBe(false);
    expect(Object.keys(resourcesOf(api, 'AWS::ApiGatewayV2::DomainName'))).toEqual([]);
  });

  it('disables the execute-api endpoint where the stage has its API domain, and the distribution reaches the API there', () => {
    const withDomain = createAurumApp({
      context: {
        seller: SELLER,
        stage: 'api-domain',
        apiDomain: 'api-origin.shop.example.it',
        apiCertificateArn: 'arn:aws:acm:eu-south-1:123456789012:certificate/abc',
      },
      outdir: mkdtempSync(join(tmpdir(), 'aurum-cdk-api-domain-')),
      cfnValidation: false,
      nag: false,
      guard: false,
    });
    const apiT = Template.fromStack(withDomain.api);
    const [, httpApi] = only(resourcesOf(apiT, 'AWS::ApiGatewayV2::Api'));
    expect(httpApi.Properties.DisableExecuteApiEndpoint).toBe(true);
    apiT.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api-origin.shop.example.it',
      DomainNameConfigurations: [Match.objectLike({ SecurityPolicy: 'TLS_1_2' })],
    });
    apiT.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    const [, distribution] = only(resourcesOf(Template.fromStack(withDomain.web), 'AWS::CloudFront::Distribution'));
    const origins = (
      distribution.Properties.DistributionConfig as { Origins: { DomainName: unknown; CustomOriginConfig?: unknown }[] }
    ).Origins;
    expect(origins.filter((o) => o.CustomOriginConfig).map((o) => o.DomainName)).toEqual([
      'api-origin.shop.example.it',
    ]);
    expect(() =>
      createAurumApp({
        context: { seller: SELLER, stage: 'api-domain-half', apiDomain: 'api-origin.shop.example.it' },
        outdir: mkdtempSync(join(tmpdir(), 'aurum-cdk-api-domain-')),
        cfnValidation: false,
        nag: false,
        guard: false,
      }),
    ).toThrow(/apiDomain and -c apiCertificateArn/);
  });
});

describe("AWS Control Tower's proactive controls (cfn-guard)", () => {
  it('run on every synthesis and report no unacknowledged finding', () => {
    const reports = (
      JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
        pluginReports: { pluginName: string; violations: unknown[] }[];
      }
    ).pluginReports;
    const guard = reports.find((r) => r.pluginName === 'cdk-validator-cfnguard');
    expect(guard).toBeDefined();
    expect(guard!.violations).toEqual([]);
  });

  it('are really active: a log group kept two weeks fails synthesis with CT.CLOUDWATCH.PR.2', () => {
    const app = new App({ outdir: join(outdir, 'guard-canary'), builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'GuardCanary');
    new logs.LogGroup(stack, 'Short', { retention: logs.RetentionDays.TWO_WEEKS });
    Validations.of(app).addPlugins(new CfnGuardValidator());
    expect(() => app.synth()).toThrow(/CT\.CLOUDWATCH\.PR\.2[\s\S]*cloudwatch_log_group_retention_period_check/);
  });

  it('fixes the controls that fit: logs kept a year on a branch stage, the table KMS-encrypted, data buckets versioned, every bucket with a lifecycle rule and access logs', () => {
    for (const template of [auth, api])
      for (const [id, group] of Object.entries(resourcesOf(template, 'AWS::Logs::LogGroup')))
        expect(group.Properties.RetentionInDays, id).toBe(365);
    const [, table] = only(resourcesOf(data, 'AWS::DynamoDB::Table'));
    expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true });
    const buckets = [
      ...Object.values(resourcesOf(data, 'AWS::S3::Bucket')),
      ...Object.values(resourcesOf(web, 'AWS::S3::Bucket')),
    ];
    const named = (re: RegExp) => buckets.filter((b) => re.test(flattenCfnValue(b.Properties.BucketName)));
    for (const b of named(/aurum-product-(images|files)-/)) {
      expect(b.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect((b.Properties.LifecycleConfiguration as { Rules: unknown[] }).Rules).toContainEqual(
        expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
      );
    }
    for (const b of buckets) expect(b.Properties.LifecycleConfiguration).toBeDefined();
    // the buckets whose logging the control cannot resolve (an import) do log
    for (const b of named(/aurum-(web|product-images|product-files)-/))
      expect(b.Properties.LoggingConfiguration).toMatchObject({ DestinationBucketName: expect.anything() });
    const [, distribution] = only(resourcesOf(web, 'AWS::CloudFront::Distribution'));
    expect((distribution.Properties.DistributionConfig as { Logging: unknown }).Logging).toMatchObject({
      Bucket: expect.anything(),
    });
  });
});

describe('cdk-nag (AwsSolutions)', () => {
  it('reports no unacknowledged errors', () => {
    // The messages of the synthesis in beforeAll (`Annotations.fromStack` would synthesise the whole
    // app again, every validation plugin included, once per stack).
    const assembly = aurum.app.synth();
    for (const stack of [aurum.data, aurum.auth, aurum.api, aurum.web, aurum.edge]) {
      const errors = assembly
        .getStackArtifact(stack.artifactId)
        .messages.filter((m) => m.level === 'error' && /AwsSolutions-/.test(String(m.entry.data)));
      expect(errors).toEqual([]);
    }
    // cdk-nag v3 reports through CDK policy validation, not annotations: read its report too.
    const reportFile = join(outdir, 'validation-report.json');
    expect(existsSync(reportFile)).toBe(true);
    const reports = (
      JSON.parse(readFileSync(reportFile, 'utf8')) as {
        pluginReports: { pluginName: string; violations: { ruleName: string; severity: string }[] }[];
      }
    ).pluginReports;
    const nagErrors = reports
      .filter((r) => r.pluginName === 'AwsSolutions')
      .flatMap((r) => r.violations)
      .filter((v) => v.severity === 'error' || v.severity === 'fatal')
      .map((v) => v.ruleName);
    expect(nagErrors).toEqual([]);
  }, 600_000);

  it('is really active: an unacknowledged finding fails synthesis', () => {
    const app = new App({ outdir: join(outdir, 'nag-canary'), builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'NagCanary');
    new s3.Bucket(stack, 'Naked');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });
});

describe('operations: alarms, dashboard, canary, budget (docs/operations.md)', () => {
  const templates = () => aurum.app.synth().stacks.map((s) => s.template as TemplateJson);
  const consumers = STREAM_CONSUMERS.map((c) => `aurum-${c.name}-${STAGE}`);

  it('every function, queue and table of the stage has its alarms', () => {
    const all = templates();
    const functions = all.flatMap((t) =>
      Object.values(t.Resources ?? {}).filter(
        (r) => r.Type === 'AWS::Lambda::Function' && String(r.Properties?.FunctionName ?? '').startsWith('aurum-'),
      ),
    );
    // every bundle of the app: API contexts, jobs, triggers, stream and event consumers
    expect(functions.length).toBe(
      FUNCTION_NAMES.length + SCHEDULED_JOBS.length + TRIGGER_FUNCTIONS.length + CONSUMER_NAMES.length,
    );
    expect(missingAlarms(all, consumers)).toEqual([]);
  });

  it('a function, queue or table whose alarm is removed is reported', () => {
    const all = structuredClone(templates());
    const ops = all.find((t) => Object.values(t.Resources ?? {}).some((r) => r.Type === 'AWS::Synthetics::Canary'))!;
    const watches = (r: { Properties?: Record<string, unknown> }, metric: string, name: string) =>
      JSON.stringify(r.Properties).includes(`"MetricName":"${metric}"`) && JSON.stringify(r.Properties).includes(name);
    const drop = (metric: string, name: string) => {
      const ids = Object.entries(ops.Resources!).filter(
        ([, r]) => r.Type === 'AWS::CloudWatch::Alarm' && watches(r, metric, name),
      );
      expect(ids.length, `${metric} ${name}`).toBeGreaterThan(0);
      for (const [id] of ids) delete ops.Resources![id];
    };
    drop('Throttles', `aurum-checkout-${STAGE}`);
    drop('ApproximateAgeOfOldestMessage', `aurum-publish-dlq-${STAGE}`);
    drop('SystemErrors', `aurum-shop-${STAGE}`);
    drop('IteratorAge', `aurum-email-worker-${STAGE}`);
    expect(missingAlarms(all, consumers).sort()).toEqual([
      `function aurum-checkout-${STAGE}: Throttles`,
      `function aurum-email-worker-${STAGE}: IteratorAge`,
      `queue aurum-publish-dlq-${STAGE}: ApproximateAgeOfOldestMessage`,
      `table aurum-shop-${STAGE}: SystemErrors`,
    ]);
  });

  it('every alarm notifies the operations topic, which emails the owner; one dashboard; a composite "shop down"', () => {
    const ops = Template.fromStack(aurum.ops);
    const [topicId] = only(resourcesOf(ops, 'AWS::SNS::Topic'));
    ops.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: DEFAULT_SUPPORT_EMAIL });
    const alarms = Object.values(resourcesOf(ops, 'AWS::CloudWatch::Alarm'));
    expect(alarms.length).toBeGreaterThan(60);
    for (const alarm of alarms)
      expect(alarm.Properties.AlarmActions, String(alarm.Properties.AlarmName)).toEqual([{ Ref: topicId }]);
    only(resourcesOf(ops, 'AWS::CloudWatch::Dashboard'));
    const [, composite] = only(resourcesOf(ops, 'AWS::CloudWatch::CompositeAlarm'));
    expect(composite.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    const rule = JSON.stringify(composite.Properties.AlarmRule);
    expect(rule).toMatch(/CanarySuccess/);
    expect(rule).toMatch(/Api5xxPercent/);
  });

  it('the business signals have their alarms: checkout failures, webhooks, operator alerts, emails, SES, the stock sync on schedule', () => {
    const ops = Template.fromStack(aurum.ops);
    const text = JSON.stringify(resourcesOf(ops, 'AWS::CloudWatch::Alarm'));
    for (const metric of [
      'CheckoutFailed',
      'CheckoutRequests',
      'WebhookRejected',
      'OperatorAlert',
      'EmailUndeliverable',
      'Reputation.BounceRate',
      'Reputation.ComplaintRate',
    ])
      expect(text, metric).toContain(`"MetricName":"${metric}"`);
    // the stock sync: fewer than one invocation in twice its hourly rate
    const notRun = Object.values(resourcesOf(ops, 'AWS::CloudWatch::Alarm')).find(
      (a) =>
        String(a.Properties.AlarmName).includes('stock-sync') && JSON.stringify(a.Properties).includes('"Invocations"'),
    )!;
    expect(notRun.Properties).toMatchObject({
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 1,
      TreatMissingData: 'breaching',
    });
    expect(JSON.stringify(notRun.Properties)).toContain('"Period":7200');
    // operator alerts and undeliverable emails are counted on every function's log group
    const filters = Object.values(resourcesOf(ops, 'AWS::Logs::MetricFilter'));
    const onAlert = filters.filter((f) => String(f.Properties.FilterPattern).includes('"OPERATOR_ALERT"'));
    expect(onAlert).toHaveLength(
      2 * (FUNCTION_NAMES.length + SCHEDULED_JOBS.length + TRIGGER_FUNCTIONS.length + CONSUMER_NAMES.length),
    );
  });

  it('a canary loads the shop every 30 minutes on a branch stage, from its bundle', () => {
    const ops = Template.fromStack(aurum.ops);
    const [, canary] = only(resourcesOf(ops, 'AWS::Synthetics::Canary'));
    expect(canary.Properties).toMatchObject({
      RuntimeVersion: 'syn-nodejs-puppeteer-13.0',
      Schedule: { Expression: 'rate(30 minutes)' },
      Code: { Handler: 'index.handler' },
    });
    expect(JSON.stringify(canary.Properties.RunConfig)).toContain('SHOP_URL');
  });

  it('an AWS Budgets alarm on the costs tagged with the stage', () => {
    const ops = Template.fromStack(aurum.ops);
    ops.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({
        BudgetLimit: { Amount: 15, Unit: 'USD' },
        CostFilters: { TagKeyValue: [`user:Stage$${STAGE}`] },
      }),
    });
  });

  it("CloudFront's 5xx rate alarm lives in us-east-1 with its own topic", () => {
    expect(aurum.edgeOps.region).toBe('us-east-1');
    const edgeOps = Template.fromStack(aurum.edgeOps);
    const [topicId] = only(resourcesOf(edgeOps, 'AWS::SNS::Topic'));
    const [, alarm] = only(resourcesOf(edgeOps, 'AWS::CloudWatch::Alarm'));
    expect(JSON.stringify(alarm.Properties)).toContain('"MetricName":"5xxErrorRate"');
    expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
  });
});

function isPublicPrincipal(principal: unknown): boolean {
  if (principal === '*') return true;
  if (principal && typeof principal === 'object') {
    const aws = (principal as { AWS?: unknown }).AWS;
    return asArray(aws as string | string[]).includes('*');
  }
  return false;
}
