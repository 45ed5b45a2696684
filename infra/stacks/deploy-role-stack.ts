/**
 * The pipeline's bootstrap stack (`Aurum-DeployRole`, once per AWS account, deployed by hand with
 * `npm run deploy-role -- -c githubRepo=<owner>/<repo>`; docs/operations.md): GitHub Actions'
 * OpenID Connect provider and the role the workflows of that one repository assume with it
 * (aws-actions/configure-aws-credentials, no long-lived keys). The role can do only what the
 * workflows do themselves:
 *  - deploy and destroy stages through the CDK bootstrap roles (`cdk-hnb659fds-*`: CloudFormation
 *    does the work with the bootstrap's execution role, never with this one);
 *  - run the data migrations (`npm run migrate`) on the stages' tables `aurum-shop-*`;
 *  - read the stages' stacks (the shop's URL for the smoke test, each stage's age for the sweep of
 *    idle branch stages); ListStacks takes no resource ARN.
 * The trust policy admits tokens of that repository only (`repo:<owner>/<repo>:*`), audience
 * sts.amazonaws.com; pushes to any branch deploy their own stage, so it does not narrow by ref
 * (the production stage is guarded by the workflow's `production` environment, whose reviewers
 * approve each deploy of main).
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { TABLE } from '../definitions';
import { acknowledgeWildcards } from './nag';

/** The stack's name (one per account). */
export const DEPLOY_ROLE_STACK = 'Aurum-DeployRole';

/** The role's name (the workflows read its ARN from the repository variable AWS_DEPLOY_ROLE_ARN). */
export const DEPLOY_ROLE_NAME = 'aurum-github-deploy';

/** GitHub Actions' OIDC issuer. */
export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';

/** The table actions the data migrations use (functions/data/migrations.ts and the repositories it calls). */
export const MIGRATION_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:Query',
  'dynamodb:Scan',
] as const;

/** Properties of the deploy-role stack. */
export interface DeployRoleStackProps extends StackProps {
  /** `<owner>/<repo>` of the repository whose workflows may assume the role. */
  githubRepo: string;
  /** The ARN of an OIDC provider for GitHub already in the account (one per account and URL), else one is created. */
  existingProviderArn?: string;
}

/** GitHub's OIDC provider and the deploy role. */
export class DeployRoleStack extends Stack {
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: DeployRoleStackProps) {
    super(scope, id, props);
    if (!/^[\w.-]+\/[\w.-]+$/.test(props.githubRepo))
      throw new Error(`-c githubRepo must be <owner>/<repo>, got '${props.githubRepo}'`);
    const providerArn =
      props.existingProviderArn ??
      new iam.CfnOIDCProvider(this, 'GitHubOidc', {
        url: `https://${GITHUB_OIDC_HOST}`,
        clientIdList: ['sts.amazonaws.com'],
      }).attrArn;

    this.role = new iam.Role(this, 'DeployRole', {
      roleName: DEPLOY_ROLE_NAME,
      description: `GitHub Actions of ${props.githubRepo}: deploy, migrate, smoke-test and remove Aurum Fitness stages`,
      maxSessionDuration: Duration.hours(2),
      assumedBy: new iam.WebIdentityPrincipal(providerArn, {
        StringEquals: { [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com' },
        StringLike: { [`${GITHUB_OIDC_HOST}:sub`]: `repo:${props.githubRepo}:*` },
      }),
    });
    const account = this.account;
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'CdkBootstrapRoles',
        actions: ['sts:AssumeRole', 'sts:TagSession'],
        resources: [`arn:${this.partition}:iam::${account}:role/cdk-hnb659fds-*`],
      }),
    );
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'DataMigrations',
        actions: [...MIGRATION_TABLE_ACTIONS],
        resources: [
          `arn:${this.partition}:dynamodb:*:${account}:table/${TABLE.baseName}-*`,
          `arn:${this.partition}:dynamodb:*:${account}:table/${TABLE.baseName}-*/index/*`,
        ],
      }),
    );
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'ReadStageStacks',
        actions: ['cloudformation:DescribeStacks'],
        resources: [`arn:${this.partition}:cloudformation:*:${account}:stack/Aurum-*/*`],
      }),
    );
    this.role.addToPolicy(
      new iam.PolicyStatement({ sid: 'ListStacks', actions: ['cloudformation:ListStacks'], resources: ['*'] }),
    );
    acknowledgeWildcards(
      this.role,
      "Stage names are chosen by branch: the role reaches the CDK bootstrap roles (cdk-hnb659fds-*), the stages' tables (aurum-shop-*, their indexes) and stacks (Aurum-*) by prefix; cloudformation:ListStacks takes no resource ARN.",
    );

    new CfnOutput(this, 'DeployRoleArn', {
      value: this.role.roleArn,
      description: 'Set as the repository variable AWS_DEPLOY_ROLE_ARN',
    });
  }
}
