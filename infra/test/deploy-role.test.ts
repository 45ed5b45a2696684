/**
 * The pipeline's deploy role (infra/stacks/deploy-role-stack.ts): who may assume it and what it may
 * do, from its synthesised template (cdk-nag and Control Tower's controls run on the synth).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeployRoleApp } from '../bin/deploy-role';
import { DEPLOY_ROLE_STACK } from '../stacks/deploy-role-stack';
import { flattenCfnValue } from '../stacks/nag';

const outdir = mkdtempSync(join(tmpdir(), 'aurum-deploy-role-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

type Statement = { Sid?: string; Action: string | string[]; Resource: unknown; Condition?: unknown; Effect: string };

describe('the GitHub Actions deploy role', () => {
  const app = createDeployRoleApp({ githubRepo: 'aurum/shop' }, outdir);
  const template = Template.fromStack(app.node.findChild(DEPLOY_ROLE_STACK) as never);

  it("trusts GitHub's OIDC tokens of that one repository only, for STS", () => {
    const role = Object.values(template.findResources('AWS::IAM::Role'))[0]!;
    const trust = (role.Properties.AssumeRolePolicyDocument as { Statement: Statement[] }).Statement;
    expect(trust).toHaveLength(1);
    expect(trust[0]).toMatchObject({
      Action: 'sts:AssumeRoleWithWebIdentity',
      Condition: {
        StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
        StringLike: { 'token.actions.githubusercontent.com:sub': 'repo:aurum/shop:*' },
      },
    });
    template.hasResourceProperties('AWS::IAM::OIDCProvider', {
      Url: 'https://token.actions.githubusercontent.com',
      ClientIdList: ['sts.amazonaws.com'],
    });
  });

  it('may only assume the CDK bootstrap roles, migrate the stages’ tables and read their stacks', () => {
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
      (p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement,
    );
    const granted = statements.map((s) => ({
      actions: ([] as string[]).concat(s.Action).sort(),
      resources: ([] as unknown[]).concat(s.Resource).map(flattenCfnValue),
    }));
    expect(granted).toEqual([
      {
        actions: ['sts:AssumeRole', 'sts:TagSession'],
        resources: ['arn:<AWS::Partition>:iam::<AWS::AccountId>:role/cdk-hnb659fds-*'],
      },
      {
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:UpdateItem'],
        resources: [
          'arn:<AWS::Partition>:dynamodb:*:<AWS::AccountId>:table/aurum-shop-*',
          'arn:<AWS::Partition>:dynamodb:*:<AWS::AccountId>:table/aurum-shop-*/index/*',
        ],
      },
      {
        actions: ['cloudformation:DescribeStacks'],
        resources: ['arn:<AWS::Partition>:cloudformation:*:<AWS::AccountId>:stack/Aurum-*/*'],
      },
      { actions: ['cloudformation:ListStacks'], resources: ['*'] },
    ]);
    expect(statements.every((s) => s.Effect === 'Allow')).toBe(true);
  });

  it("passes cdk-nag and AWS Control Tower's controls", () => {
    expect(() => app.synth()).not.toThrow();
  });

  it('refuses a repository that is not <owner>/<repo>', () => {
    expect(() => createDeployRoleApp({ githubRepo: '*' }, join(outdir, 'bad'))).toThrow(/githubRepo/);
  });
});
