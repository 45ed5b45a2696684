/**
 * Auth stack: the Cognito user pool (email sign-in, self sign-up with an email code, optional
 * TOTP/SMS MFA), the SPA app client and the role groups from USER_POOL.
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { USER_POOL } from '../definitions';
import { isRetainedStage, removalPolicyFor, stageName, type StageProps } from './stage-settings';
import { acknowledgeNag } from './nag';

/** Properties of the auth stack. */
export interface AuthStackProps extends StackProps, StageProps {
  /** Support email of the stage: reply-to address of Cognito's emails. */
  supportEmail: string;
}

/** Cognito user pool, SPA client and groups of a stage. */
export class AuthStack extends Stack {
  /** The user pool. */
  readonly userPool: cognito.UserPool;
  /** The SPA's public app client (no secret). */
  readonly userPoolClient: cognito.UserPoolClient;
  /** Token issuer, `https://cognito-idp.<region>.amazonaws.com/<poolId>` (JWT authorizer). */
  readonly issuerUrl: string;

  /** Creates the user pool of `props.stage`. */
  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const policy = USER_POOL.passwordPolicy;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: stageName(USER_POOL.baseName, stage),
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: 'Aurum Fitness: il tuo codice di verifica',
        emailBody: 'Benvenuto in Aurum Fitness! Il tuo codice di verifica è {####}',
      },
      passwordPolicy: {
        minLength: policy.minLength,
        requireLowercase: policy.requireLowercase,
        requireUppercase: policy.requireUppercase,
        requireDigits: policy.requireDigits,
        requireSymbols: policy.requireSymbols,
        tempPasswordValidity: Duration.days(7),
      },
      // Everyone may enrol TOTP; SMS is enabled for admins (the API enforces it for them).
      // The SNS role for SMS is created by CDK.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: true },
      mfaMessage: 'Il tuo codice Aurum Fitness è {####}',
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email: cognito.UserPoolEmail.withCognito(props.supportEmail),
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: isRetainedStage(stage),
      removalPolicy: removalPolicyFor(stage),
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: stageName(USER_POOL.clientBaseName, stage),
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      disableOAuth: true,
      accessTokenValidity: Duration.minutes(USER_POOL.accessTokenMinutes),
      idTokenValidity: Duration.minutes(USER_POOL.idTokenMinutes),
      refreshTokenValidity: Duration.days(USER_POOL.refreshTokenDays),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });

    for (const group of USER_POOL.groups) {
      new cognito.CfnUserPoolGroup(this, `Group-${group.name}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: group.name,
        description: group.description,
        precedence: group.precedence,
      });
    }

    this.issuerUrl = `https://cognito-idp.${this.region}.amazonaws.com/${this.userPool.userPoolId}`;

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId, exportName: `${id}-UserPoolId` });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId, exportName: `${id}-UserPoolClientId` });
    new CfnOutput(this, 'IssuerUrl', { value: this.issuerUrl, exportName: `${id}-IssuerUrl` });

    acknowledgeNag(
      this.userPool,
      {
        id: 'AwsSolutions-COG1',
        reason: 'Password policy is the product spec (USER_POOL.passwordPolicy: 8+ chars, upper, lower, digit); symbols are deliberately not required.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'MFA is OPTIONAL by design: customers may enrol TOTP; admins are required to pass SMS MFA, enforced by the API.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Essentials feature plan chosen for cost; Plus-tier threat protection is not required by the spec.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'CDK-created SMS role for MFA codes: sns:Publish to phone numbers has no resource ARN, so the resource must be *.',
      },
    );
  }
}
