/**
 * CDK entry point of the pipeline's bootstrap stack (infra/stacks/deploy-role-stack.ts), apart from
 * the stages' app: `npm run deploy-role -- -c githubRepo=<owner>/<repo>` (once per account, with
 * an administrator's credentials; `-c githubOidcProviderArn=…` reuses a provider the account
 * already has). Checked by cdk-nag and Control Tower's controls like the stages' app.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DEPLOY_ROLE_STACK, DeployRoleStack } from '../stacks/deploy-role-stack';
import { targetEnvironment } from '../cdk-app';
import { ControlTowerGuard } from '../stacks/guard';

/**
 * The app holding the deploy-role stack.
 * @throws Error without a valid `githubRepo` context
 */
export function createDeployRoleApp(context: Record<string, unknown> = {}, outdir?: string): App {
  const app = new App({ context, ...(outdir ? { outdir } : {}) });
  const repo = app.node.tryGetContext('githubRepo') as unknown;
  const provider = app.node.tryGetContext('githubOidcProviderArn') as unknown;
  new DeployRoleStack(app, DEPLOY_ROLE_STACK, {
    stackName: DEPLOY_ROLE_STACK,
    description: 'Aurum Fitness: the GitHub Actions deploy role (OIDC)',
    env: targetEnvironment(),
    githubRepo: typeof repo === 'string' ? repo : '',
    ...(typeof provider === 'string' && provider ? { existingProviderArn: provider } : {}),
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }), new ControlTowerGuard());
  return app;
}

if (process.env.CDK_OUTDIR !== undefined || process.env.CDK_CONTEXT_JSON !== undefined) createDeployRoleApp().synth();
