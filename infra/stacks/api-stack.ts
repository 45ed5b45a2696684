/**
 * Api stack: one Lambda function per FUNCTION_NAMES entry (prebuilt esbuild bundles from
 * dist/functions/<fn>), and an HTTP API whose routes are generated 1:1 from the route table.
 * Routes for which `requiresAuthorizer(route)` holds get the Cognito JWT authorizer; the others
 * have none (their handlers still enforce the route's access level).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { FUNCTION_NAMES, ROUTES, requiresAuthorizer, routeKey, type FunctionName, type RouteDefinition } from '../../functions/route-table';
import { BUCKETS, FUNCTION_ENV, TABLE, tableName } from '../definitions';
import { bucketName, logRetentionFor, removalPolicyFor, stageName, type StageProps } from './stage-settings';
import { acknowledgeNag, acknowledgeWildcards, flattenCfnValue } from './nag';

/** Lambda settings shared by every function. */
export const FUNCTION_SETTINGS = {
  runtime: lambda.Runtime.NODEJS_24_X,
  architecture: lambda.Architecture.ARM_64,
  memorySize: 512,
  timeout: Duration.seconds(10),
} as const;

/** Default-stage throttling of the HTTP API (requests per second / burst). */
export const API_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

/** Permissions a function needs beyond the shared data grants (see grantDataAccess). */
export interface ExtraFunctionPermissions {
  /** Cognito actions on the stage's user pool (admin user management). */
  cognitoActions?: readonly string[];
}

/**
 * Extra permissions per function name. Keyed by plain string so a function can be listed before
 * (or after) it is in FUNCTION_NAMES; names not in FUNCTION_NAMES are ignored.
 */
export const FUNCTION_EXTRA_PERMISSIONS: Readonly<Record<string, ExtraFunctionPermissions>> = {
  admin: {
    cognitoActions: [
      'cognito-idp:AdminGetUser',
      'cognito-idp:ListUsers',
      'cognito-idp:ListUsersInGroup',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminRemoveUserFromGroup',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
      'cognito-idp:AdminUserGlobalSignOut',
    ],
  },
};

/** Properties of the api stack. */
export interface ApiStackProps extends StackProps, StageProps {
  /** Folder with one sub-folder per function holding index.mjs (output of build-functions). */
  functionsDir: string;
  table: dynamodb.ITable;
  imagesBucket: s3.IBucket;
  filesBucket: s3.IBucket;
  userPoolId: string;
  /** User pool ARN, for FUNCTION_EXTRA_PERMISSIONS cognitoActions. */
  userPoolArn: string;
  userPoolClientId: string;
  /** Token issuer of the user pool (`https://cognito-idp.<region>.amazonaws.com/<poolId>`). */
  issuerUrl: string;
  supportEmail: string;
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

  /** Creates the functions and the API of `props.stage`. Throws when a bundle is missing. */
  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage } = props;
    assertBundlesExist(props.functionsDir);

    const environment: Record<string, string> = {
      [FUNCTION_ENV.tableName]: props.table.tableName,
      [FUNCTION_ENV.imagesBucket]: props.imagesBucket.bucketName,
      [FUNCTION_ENV.filesBucket]: props.filesBucket.bucketName,
      [FUNCTION_ENV.supportEmail]: props.supportEmail,
      [FUNCTION_ENV.userPoolId]: props.userPoolId,
      [FUNCTION_ENV.stage]: stage,
      NODE_OPTIONS: '--enable-source-maps',
    };

    const functionsScope = new Construct(this, 'Functions');
    const functions = new Map<FunctionName, lambda.Function>();
    for (const fn of FUNCTION_NAMES) {
      functions.set(fn, this.createFunction(functionsScope, fn, props, environment));
    }
    this.functions = functions;

    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', {
      logGroupName: `/aws/apigateway/${stageName('aurum-api', stage)}`,
      retention: logRetentionFor(stage),
      removalPolicy: removalPolicyFor(stage),
    });

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: stageName('aurum-api', stage),
      description: `Aurum Fitness shop API (${stage})`,
      createDefaultStage: false,
    });
    this.apiStage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
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
          }),
        ),
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
                : 'open to visitors by design; the handler reads a token when present and enforces the level.'
          }`,
        });
      }
    }

    this.apiUrl = this.apiStage.url;
    new CfnOutput(this, 'ApiUrl', { value: this.apiUrl, exportName: `${id}-ApiUrl` });
  }

  /** Creates one function from its prebuilt bundle, with its log group, role and grants. */
  private createFunction(
    scope: Construct,
    fn: FunctionName,
    props: ApiStackProps,
    environment: Record<string, string>,
  ): lambda.Function {
    const { stage } = props;
    const name = stageName(`aurum-${fn}`, stage);
    const logGroup = new logs.LogGroup(scope, `${fn}-logs`, {
      logGroupName: `/aws/lambda/${name}`,
      retention: logRetentionFor(stage),
      removalPolicy: removalPolicyFor(stage),
    });
    // Own role instead of AWSLambdaBasicExecutionRole: writes only to its own log group.
    const role = new iam.Role(scope, `${fn}-role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Aurum ${fn} function (${stage})`,
    });
    logGroup.grantWrite(role);
    const objectWildcards = grantDataAccess(role, stage);
    const extra = FUNCTION_EXTRA_PERMISSIONS[fn];
    if (extra?.cognitoActions?.length) {
      role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...extra.cognitoActions], resources: [props.userPoolArn] }));
    }

    const func = new lambda.Function(scope, fn, {
      functionName: name,
      description: `Aurum Fitness ${fn} context (${stage})`,
      runtime: FUNCTION_SETTINGS.runtime,
      architecture: FUNCTION_SETTINGS.architecture,
      memorySize: FUNCTION_SETTINGS.memorySize,
      timeout: FUNCTION_SETTINGS.timeout,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(join(props.functionsDir, fn)),
      environment,
      role,
      logGroup,
    });
    const allowed = new Set(objectWildcards.map((arn) => `Resource::${flattenCfnValue(this.resolve(arn))}`));
    acknowledgeWildcards(
      role,
      'Object-level S3 access needs <bucket ARN>/* (object keys are per product / asset); the actions are listed one by one.',
      (finding) => allowed.has(finding),
    );
    return func;
  }
}

/** DynamoDB item actions a function may use on the table (deliberately no Scan). */
const TABLE_ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/**
 * Least-privilege data grants of a function role: table items read/write and queries on each GSI
 * of TABLE, images bucket objects read/write/delete, files bucket objects read (presigned GET).
 * ARNs are built from the stage's physical names (the same helpers name the resources in the
 * data stack), which keeps them free of cross-stack tokens.
 * @returns the object-wildcard ARNs granted (one per bucket), for the IAM5 acknowledgement
 */
function grantDataAccess(role: iam.IRole, stage: string): string[] {
  const stack = Stack.of(role);
  const tableArn = stack.formatArn({ service: 'dynamodb', resource: 'table', resourceName: tableName(stage) });
  const bucketArn = (baseName: string) => `arn:${stack.partition}:s3:::${bucketName(stack, baseName, stage)}`;
  const imageObjects = `${bucketArn(BUCKETS.images.baseName)}/*`;
  const fileObjects = `${bucketArn(BUCKETS.files.baseName)}/*`;

  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: TABLE_ITEM_ACTIONS, resources: [tableArn] }));
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:Query'],
      resources: TABLE.globalSecondaryIndexes.map((gsi) => `${tableArn}/index/${gsi.indexName}`),
    }),
  );
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [imageObjects] }),
  );
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [fileObjects] }));
  return [imageObjects, fileObjects];
}

/** Stable construct id of a route, e.g. 'GET /api/products/{id}' -> 'GET-api-products-id'. */
export function routeConstructId(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method}-${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '')}`;
}

/** Throws a clear error when a function bundle has not been built. */
function assertBundlesExist(functionsDir: string): void {
  const missing = FUNCTION_NAMES.filter((fn) => !existsSync(join(functionsDir, fn, 'index.mjs')));
  if (missing.length > 0) {
    throw new Error(
      `Missing Lambda bundle(s) for ${missing.join(', ')} in ${functionsDir}. Run \`npm run build:functions\` first (npm run synth does it for you).`,
    );
  }
}
