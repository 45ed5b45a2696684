/**
 * Builds the CDK app of a stage: Data, Auth, Api and Web stacks named `Aurum-<stage>-<Part>` (in
 * the target region), and Edge (the WAF web ACL of the distribution, always in us-east-1),
 * tagged Project/Stage, checked by cdk-nag (AwsSolutions) and AWS Control Tower's proactive controls
 * (cfn-guard, infra/stacks/guard.ts). cdk-nag v3 is a CDK policy-validation
 * plugin: unacknowledged errors make synthesis fail and are listed in the cloud assembly's
 * validation-report.json (acknowledgements: infra/stacks/nag.ts). Used by infra/bin/app.ts (the
 * entry point) and by the template tests, which synthesise it in-process.
 *
 * Context keys (`-c key=value`):
 *  - stage         stage name (default: the git branch), sanitised (infra/stage.ts)
 *  - supportEmail  support email of the stage (default DEFAULT_SUPPORT_EMAIL)
 *  - seller        the seller's legal identity, JSON (shared/seller.ts): required, synth stops
 *                  without it (stage-settings.ts sellerIdentityFor)
 *  - shopDomain    custom shop domain (with certificateArn, an ACM certificate in us-east-1); the
 *                  shop origin is then https://<shopDomain>, else the distribution's own domain
 *  - certificateArn ACM certificate of shopDomain
 *  - apiDomain     the API's own domain (e.g. api-origin.shop.aurumfitness.it), with
 *                  apiCertificateArn (a regional ACM certificate): the execute-api endpoint is then
 *                  disabled and the distribution reaches the API there
 *  - originVerifyVersion version id of the origin-verify secret CloudFront sends (after a rotation)
 *  - stageSettings the stage's email settings as JSON (shared/stage-settings.ts `email`), merged
 *                  over the defaults for the support email (`{"email":{"sender_address":…}}`)
 *  - opsEmail      who the stage's alarms and budget email (default: the support email)
 *  - canaryRate    the canary's rate (default: rate(5 minutes) on main, rate(30 minutes) elsewhere)
 *  - monthlyBudgetUsd the stage's AWS Budgets amount (default: 150 on main, 15 elsewhere)
 *
 * Last come the operations stacks (docs/operations.md): `Aurum-<stage>-Ops` (alarms, dashboard,
 * canary, budget, operations topic) and `Aurum-<stage>-EdgeOps` (CloudFront's alarm, us-east-1).
 */
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Fn, Tags, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DEFAULT_SUPPORT_EMAIL } from '../shared/constants';
import { defaultStageSettings, type StageSettings } from '../shared/stage-settings';
import { stageSettingsSchema } from '../shared/stage-settings-schema';
import { buildFunctions } from './bundling/build-functions';
import { resolveStage } from './stage';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EDGE_REGION, EdgeStack, WEB_ACL_ARN_OUTPUT } from './stacks/edge-stack';
import { acknowledgeGuard, APP_GUARD_ACKNOWLEDGEMENTS, ControlTowerGuard } from './stacks/guard';
import { WebStack } from './stacks/web-stack';
import { EdgeOperationsStack } from './stacks/edge-operations-stack';
import { monitoredResources } from './stacks/monitored-resources';
import { canaryRateFor, monthlyBudgetFor, OperationsStack } from './stacks/operations-stack';
import { stockSyncRateOf } from './stacks/automations';
import { SELLER_CONTEXT_KEY, sellerIdentityFor } from './stacks/stage-settings';
import type { SellerIdentity } from '../shared/seller';

/** Repository root (this file lives in infra/). */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Project tag value on every resource. */
export const PROJECT_TAG = 'AurumFitness';

/** Options of createAurumApp(). */
export interface CreateAurumAppOptions {
  /** Context values, as `-c key=value` would set them (e.g. `{ stage: 'Feature/X_y' }`). */
  context?: Record<string, unknown>;
  /** Cloud assembly output folder (default: the CDK default, or CDK_OUTDIR under the CLI). */
  outdir?: string;
  /** Prebuilt function bundles (default dist/functions). */
  functionsDir?: string;
  /** SPA build output (default dist/web). */
  webDir?: string;
  /** Apply cdk-nag AwsSolutions checks (default true). */
  nag?: boolean;
  /** Run AWS Control Tower's proactive controls (cfn-guard, infra/stacks/guard.ts; default true). */
  guard?: boolean;
  /**
   * Run aws-cdk-lib's built-in CloudFormation template validation at synth (default true; it is
   * slow, so the template tests turn it off and leave it to `npm run synth`).
   */
  cfnValidation?: boolean;
}

/** Context defaults of the app (overridable with `-c`). */
export const DEFAULT_CONTEXT: Readonly<Record<string, unknown>> = {
  // Cross-stack references stay CloudFormation exports (the producer stack is protected).
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
};

/** The app and its stacks. */
export interface AurumApp {
  app: App;
  /** Sanitised stage name. */
  stage: string;
  data: DataStack;
  auth: AuthStack;
  api: ApiStack;
  web: WebStack;
  edge: EdgeStack;
  ops: OperationsStack;
  edgeOps: EdgeOperationsStack;
}

/** Stack name of a part, e.g. stackName('main', 'Data') = 'Aurum-main-Data'. */
export function stackName(stage: string, part: 'Data' | 'Auth' | 'Api' | 'Web' | 'Edge' | 'Ops' | 'EdgeOps'): string {
  return `Aurum-${stage}-${part}`;
}

/** Target environment from CDK_DEFAULT_ACCOUNT/REGION when present; environment-agnostic otherwise (offline synth). */
export function targetEnvironment(): Environment {
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;
  return { ...(account ? { account } : {}), ...(region ? { region } : {}) };
}

function contextString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The stage's settings: its seller (from the `seller` context, already validated by
 * sellerIdentityFor) and its email settings, the defaults for its support email with the `email`
 * section of the `stageSettings` context (JSON) laid over them.
 * @throws Error when the result is not valid settings, or the context gives a seller (it has its own key)
 */
export function stageSettingsOf(context: unknown, supportEmail: string, seller: SellerIdentity): StageSettings {
  const base = defaultStageSettings(supportEmail);
  const given = (typeof context === 'string' && context.trim() ? JSON.parse(context) : (context ?? {})) as Partial<
    Record<keyof StageSettings, object>
  >;
  if (given.seller) throw new Error(`-c stageSettings: the seller's identity goes in -c ${SELLER_CONTEXT_KEY}`);
  const merged = { seller, email: { ...base.email, ...given.email } };
  const parsed = stageSettingsSchema.safeParse(merged);
  if (!parsed.success) throw new Error(`-c stageSettings: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The API's custom domain from the `apiDomain` and `apiCertificateArn` context, or undefined.
 * @throws Error when only one of the two is given
 */
function apiDomainOf(app: App): { domainName: string; certificateArn: string } | undefined {
  const domainName = contextString(app.node.tryGetContext('apiDomain'));
  const certificateArn = contextString(app.node.tryGetContext('apiCertificateArn'));
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) throw new Error('-c apiDomain and -c apiCertificateArn go together');
  return { domainName, certificateArn };
}

/** Default folder of the prebuilt function bundles (infra/bundling/build-functions.ts writes it). */
export const DEFAULT_FUNCTIONS_DIR = join(REPO_ROOT, 'dist', 'functions');

/**
 * The app as the CDK CLI runs it (`npx cdk synth`, `npx cdk deploy`): first bundles the Lambda
 * functions that are missing or older than their sources (esbuild, a few seconds; a no-op when
 * fresh), then creates the app. So a fresh clone synthesises and deploys without a separate
 * bundling step.
 * @param log where to report the bundling (default stderr, so the CLI's stdout stays clean)
 */
export async function createBundledApp(
  opts: CreateAurumAppOptions = {},
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<AurumApp> {
  const outDir = opts.functionsDir ?? DEFAULT_FUNCTIONS_DIR;
  const built = await buildFunctions({ skipIfFresh: true, outDir, quiet: true });
  log(
    built.skipped
      ? 'Lambda bundles up to date.'
      : `Built ${built.built.length} Lambda bundle(s) in ${built.durationMs} ms (${outDir}): ${built.built.join(', ')}.`,
  );
  return createAurumApp({ ...opts, functionsDir: outDir });
}

/**
 * Creates the CDK app with the five stacks of the stage. Throws when the function bundles are
 * missing (createBundledApp builds them first; so does `npm run build:functions`).
 */
export function createAurumApp(opts: CreateAurumAppOptions = {}): AurumApp {
  const app = new App({
    context: { ...DEFAULT_CONTEXT, ...opts.context },
    builtinCloudFormationValidation: opts.cfnValidation ?? true,
    ...(opts.outdir ? { outdir: opts.outdir } : {}),
  });
  const stageContext = app.node.tryGetContext('stage') as unknown;
  const stage = resolveStage(typeof stageContext === 'string' ? stageContext : undefined);
  const supportEmailContext = app.node.tryGetContext('supportEmail') as unknown;
  const supportEmail =
    typeof supportEmailContext === 'string' && supportEmailContext ? supportEmailContext : DEFAULT_SUPPORT_EMAIL;
  const seller = sellerIdentityFor(stage, app.node.tryGetContext(SELLER_CONTEXT_KEY) as unknown);
  const settings = stageSettingsOf(app.node.tryGetContext('stageSettings'), supportEmail, seller);
  const env = targetEnvironment();
  const functionsDir = opts.functionsDir ?? DEFAULT_FUNCTIONS_DIR;
  const description = (part: string) => `Aurum Fitness ${part} (stage ${stage})`;

  const data = new DataStack(app, stackName(stage, 'Data'), {
    stackName: stackName(stage, 'Data'),
    description: description('data: DynamoDB table and S3 buckets'),
    env,
    stage,
    settings,
  });
  const auth = new AuthStack(app, stackName(stage, 'Auth'), {
    stackName: stackName(stage, 'Auth'),
    description: description('auth: Cognito user pool'),
    env,
    stage,
    supportEmail,
    settings,
    functionsDir,
    table: data.table,
  });
  const api = new ApiStack(app, stackName(stage, 'Api'), {
    stackName: stackName(stage, 'Api'),
    description: description('API: HTTP API and Lambda functions'),
    env,
    stage,
    functionsDir,
    table: data.table,
    paymentSecret: data.paymentSecret,
    originVerifySecret: data.originVerifySecret,
    apiDomain: apiDomainOf(app),
    userPoolId: auth.userPool.userPoolId,
    userPoolArn: auth.userPool.userPoolArn,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    passwordCheckClientId: auth.passwordCheckClient.userPoolClientId,
    issuerUrl: auth.issuerUrl,
    supportEmail,
    settings,
  });
  const edge = new EdgeStack(app, stackName(stage, 'Edge'), {
    stackName: stackName(stage, 'Edge'),
    description: description('edge: WAF web ACL of the distribution (us-east-1)'),
    env: { ...env, region: EDGE_REGION },
    stage,
  });
  const web = new WebStack(app, stackName(stage, 'Web'), {
    stackName: stackName(stage, 'Web'),
    description: description('web: SPA bucket and CloudFront'),
    env,
    stage,
    webDir: opts.webDir ?? join(REPO_ROOT, 'dist', 'web'),
    apiOriginDomainName: api.originDomainName,
    originVerifySecret: data.originVerifySecret,
    originVerifyVersion: contextString(app.node.tryGetContext('originVerifyVersion')),
    filesBucket: data.filesBucket,
    shopDomain: contextString(app.node.tryGetContext('shopDomain')),
    certificateArn: contextString(app.node.tryGetContext('certificateArn')),
    accessLogsBucket: data.accessLogsBucket,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    supportEmail,
    // Another region's output: Fn::GetStackOutput (a CloudFormation export cannot cross regions).
    webAclArn: Fn.getStackOutput(stackName(stage, 'Edge'), WEB_ACL_ARN_OUTPUT, EDGE_REGION),
    seller,
    publishRoleArn: api.publishRole.roleArn,
  });
  web.addStackDependency(edge, 'the distribution is protected by the web ACL');

  const opsEmail = contextString(app.node.tryGetContext('opsEmail')) ?? supportEmail;
  const ops = new OperationsStack(app, stackName(stage, 'Ops'), {
    stackName: stackName(stage, 'Ops'),
    description: description('operations: alarms, dashboard, canary, budget'),
    env,
    stage,
    opsEmail,
    // Read from the stacks above, so every function, queue and table gets its alarms.
    resources: monitoredResources(app, stage),
    httpApiId: api.httpApi.apiId,
    apiAccessLogGroupName: api.accessLogGroupName,
    shopUrl: web.shopOrigin,
    distribution: web.distribution,
    accessLogsBucket: data.accessLogsBucket,
    stockSyncRate: stockSyncRateOf(app),
    canaryRate: canaryRateFor(stage, app.node.tryGetContext('canaryRate')),
    monthlyBudgetUsd: monthlyBudgetFor(stage, app.node.tryGetContext('monthlyBudgetUsd')),
  });
  for (const watched of [data, auth, api, web]) ops.addStackDependency(watched, 'its alarms watch these resources');
  const edgeOps = new EdgeOperationsStack(app, stackName(stage, 'EdgeOps'), {
    stackName: stackName(stage, 'EdgeOps'),
    description: description('edge operations: CloudFront alarm (us-east-1)'),
    env: { ...env, region: EDGE_REGION },
    stage,
    opsEmail,
    webStackName: stackName(stage, 'Web'),
    webRegion: env.region,
  });
  edgeOps.addStackDependency(web, "reads the distribution's id");

  Tags.of(app).add('Project', PROJECT_TAG);
  Tags.of(app).add('Stage', stage);
  if (opts.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  if (opts.guard ?? true) {
    Validations.of(app).addPlugins(new ControlTowerGuard());
    acknowledgeGuard(app, ...APP_GUARD_ACKNOWLEDGEMENTS);
  }

  return { app, stage, data, auth, api, web, edge, ops, edgeOps };
}
