/**
 * Auth stack: the Cognito user pool (email sign-in, accounts created by the shop's sign-up route, TOTP/SMS
 * MFA), the SPA app client, the role groups from USER_POOL and the Cognito triggers
 * (TRIGGER_FUNCTIONS, prebuilt bundles like the API functions).
 *
 * Account emails: the pool sends through Amazon SES (the stage's sender identity and
 * configuration set, email.ts in the data stack), not Cognito's own sender (capped at a few dozen
 * emails a day), and the custom message trigger gives every code email the shop's template.
 *
 * Staff MFA: the pre-token-generation trigger reads the user's MFA settings from
 * Cognito and puts them in the ID token (claim MFA_CLAIM); the API refuses staff routes to a token
 * without MFA (functions/lib/access.ts). The pool makes that state hard to get around: MFA is
 * ON for every user who enrolled a factor (Cognito then asks for it at every sign-in), device
 * remembering is off (no device can skip the second factor), the client allows only SRP and
 * password sign-in (no passwordless flow without the factor), and the claim is computed by the
 * trigger from Cognito's own record on every token, never from an attribute a user could write.
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TRIGGER_FUNCTIONS, type TriggerFunctionName } from '../../functions/triggers';
import { FUNCTION_ENV, USER_POOL } from '../definitions';
import { assertBundlesExist, BundledFunction } from './bundled-function';
import { grantsFor } from './function-grants';
import { isRetainedStage, removalPolicyFor, stageName, type StageProps } from './stage-settings';
import { acknowledgeNag } from './nag';
import { emailConfigurationSetName } from './email';
import { UserPoolWaf } from './user-pool-waf';
import type { StageSettings } from '../../shared/stage-settings';

/** The user pool operation each Cognito trigger is wired to (grants: function-permissions.ts). */
export const TRIGGERS: Readonly<Record<TriggerFunctionName, { operation: cognito.UserPoolOperation }>> = {
  // Creates the profile item with a conditional put (functions/triggers/post-confirmation.ts).
  'post-confirmation': { operation: cognito.UserPoolOperation.POST_CONFIRMATION },
  // Puts the user's MFA state in the ID token (functions/triggers/pre-token-generation.ts).
  'pre-token-generation': { operation: cognito.UserPoolOperation.PRE_TOKEN_GENERATION },
  // Writes every code email with the shop's template (functions/triggers/custom-message.ts).
  'custom-message': { operation: cognito.UserPoolOperation.CUSTOM_MESSAGE },
};

/** Properties of the auth stack. */
export interface AuthStackProps extends StackProps, StageProps {
  /** Support email of the stage. */
  supportEmail: string;
  /** The stage's seller and email settings: the pool's sender, its reply-to, the triggers' STAGE_SETTINGS. */
  settings: StageSettings;
  /** Folder with the prebuilt bundles (dist/functions); triggers live in `<dir>/<trigger>`. */
  functionsDir: string;
  /** The stage's table (data stack), written by the triggers. */
  table: dynamodb.ITable;
}

/** Cognito user pool, SPA client and groups of a stage. */
export class AuthStack extends Stack {
  /** The user pool. */
  readonly userPool: cognito.UserPool;
  /** The SPA's public app client (no secret). */
  readonly userPoolClient: cognito.UserPoolClient;
  /**
   * Server-only app client for checking a password typed again ('Elimina account'): its one flow,
   * ADMIN_USER_PASSWORD_AUTH, needs IAM credentials, so the public SPA client stays SRP only.
   */
  readonly passwordCheckClient: cognito.UserPoolClient;
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
      // No self sign-up (AdminCreateUserConfig.AllowAdminCreateUserOnly): the SPA's app client id is
      // public, and Cognito's SignUp answers UsernameExistsException for a known address whatever
      // preventUserExistenceErrors says (it covers sign-in and password reset only). The shop creates
      // accounts on the server (POST /api/signup, AdminCreateUser) and checks its own emailed code,
      // with the same answer for every address; SignUp with any client is refused for everyone.
      selfSignUpEnabled: false,
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
      // Everyone may enrol TOTP; admins use SMS. A user with a factor must pass it at every
      // sign-in; staff routes require it (pre-token-generation trigger + API). The SNS role for
      // SMS is created by CDK. No device tracking: a remembered device would skip the factor.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: true },
      mfaMessage: 'Il tuo codice Aurum Fitness è {####}',
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email: cognito.UserPoolEmail.withSES({
        fromEmail: props.settings.email.sender_address,
        fromName: props.settings.email.sender_name,
        replyTo: props.settings.email.reply_to,
        configurationSetName: emailConfigurationSetName(stage),
        // The identity is the data stack's, in this same region (the stacks share one environment).
        sesRegion: Stack.of(this).region,
      }),
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: isRetainedStage(stage),
      removalPolicy: removalPolicyFor(stage),
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: stageName(USER_POOL.clientBaseName, stage),
      generateSecret: false,
      // SRP only: the password never leaves the browser, and no custom or passwordless flow could
      // issue tokens without the second factor (the local emulator, which has no SRP, uses
      // USER_PASSWORD_AUTH on its own client).
      authFlows: { userSrp: true },
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes(
        Object.fromEntries(USER_POOL.clientWriteAttributes.map((a) => [a, true])),
      ),
      disableOAuth: true,
      accessTokenValidity: Duration.minutes(USER_POOL.accessTokenMinutes),
      idTokenValidity: Duration.minutes(USER_POOL.idTokenMinutes),
      refreshTokenValidity: Duration.days(USER_POOL.refreshTokenDays),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });

    // The account function checks a password typed again through this client (AdminInitiateAuth,
    // functions/lib/cognito.ts) and keeps nothing it answers; tokens it could issue have this
    // client as audience, which the API's authorizer and optional-auth refuse.
    this.passwordCheckClient = this.userPool.addClient('PasswordCheckClient', {
      userPoolClientName: stageName(`${USER_POOL.clientBaseName}-password-check`, stage),
      generateSecret: false,
      authFlows: { adminUserPassword: true },
      disableOAuth: true,
      accessTokenValidity: Duration.minutes(5),
      idTokenValidity: Duration.minutes(5),
      refreshTokenValidity: Duration.minutes(60),
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

    this.addTriggers(props);

    // Per-IP limits on the pool's own API (sign-up, codes, sign-in), which the SPA calls directly.
    new UserPoolWaf(this, 'UserPoolWaf', { stage, userPoolArn: this.userPool.userPoolArn });

    this.issuerUrl = `https://cognito-idp.${this.region}.amazonaws.com/${this.userPool.userPoolId}`;

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId, exportName: `${id}-UserPoolId` });
    new CfnOutput(this, 'UserPoolClientId', {
      value: this.userPoolClient.userPoolClientId,
      exportName: `${id}-UserPoolClientId`,
    });
    new CfnOutput(this, 'IssuerUrl', { value: this.issuerUrl, exportName: `${id}-IssuerUrl` });

    acknowledgeNag(
      this.userPool,
      {
        id: 'AwsSolutions-COG1',
        reason:
          'Password policy is the product spec (USER_POOL.passwordPolicy: 8+ chars, upper, lower, digit); symbols are deliberately not required.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is OPTIONAL for the pool because customers may shop without a second factor; staff must pass it: the pre-token-generation trigger puts the MFA state in the token and the API refuses staff routes without it.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Essentials feature plan chosen for cost; Plus-tier threat protection is not required by the spec.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'CDK-created SMS role for MFA codes: sns:Publish to phone numbers has no resource ARN, so the resource must be *.',
      },
    );
  }

  /**
   * Wires TRIGGER_FUNCTIONS to the pool, each with the grants of its FUNCTION_PERMISSIONS entry.
   * Their environment holds no user pool reference (the event carries the pool id), and the grants
   * go into a policy the function does not depend on: the pool references the functions, so the
   * reverse would be a CloudFormation cycle.
   */
  private addTriggers(props: AuthStackProps): void {
    assertBundlesExist(props.functionsDir, TRIGGER_FUNCTIONS);
    const scope = new Construct(this, 'Triggers');
    for (const name of TRIGGER_FUNCTIONS) {
      const trigger = TRIGGERS[name];
      const grants = grantsFor(this, name, { stage: props.stage, userPoolArn: this.userPool.userPoolArn });
      const bundled = new BundledFunction(scope, name, {
        name,
        stage: props.stage,
        functionsDir: props.functionsDir,
        environment: {
          [FUNCTION_ENV.tableName]: props.table.tableName,
          [FUNCTION_ENV.supportEmail]: props.supportEmail,
          [FUNCTION_ENV.stage]: props.stage,
          [FUNCTION_ENV.stageSettings]: JSON.stringify(props.settings),
          ...grants.environment,
        },
        description: `Aurum Fitness Cognito ${name} trigger (${props.stage})`,
      });
      if (grants.statements.length)
        new iam.Policy(scope, `${name}-grants`, { statements: grants.statements, roles: [bundled.role] });
      this.userPool.addTrigger(trigger.operation, bundled.function);
    }
  }
}
