/**
 * Cognito's email sending, locally. In the cloud the user pool sends each code email through SES
 * with the message its custom message trigger wrote (infra/stacks/auth-stack.ts); here, the
 * moment cognito-local issues a code (its delivery box, outbox.ts), the runtime does what Cognito
 * does: it runs the same trigger handler (functions/triggers/custom-message.ts, under its grants)
 * with the CustomMessage event of that operation and Cognito's `{####}` placeholder, holds the
 * answer to Cognito's rules, puts the code in place of the placeholder and sends the message to
 * MailDev over SMTP from the stage's sender, as Cognito sends through SES.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import type { StageSettings } from '../../../shared/stage-settings';
import { runAsFunction } from '../gateway/iam-guard';
import { LOCAL_REGION } from '../local-aws';
import { localLambdaContext } from './lambda-context';
import type { OutboxMessage } from './outbox';

/** The trigger source Cognito sends for the operation that issued a code by email. */
export const TRIGGER_SOURCE_OF: Readonly<Record<string, CustomMessageTriggerEvent['triggerSource']>> = {
  SignUp: 'CustomMessage_SignUp',
  ResendConfirmationCode: 'CustomMessage_ResendCode',
  ForgotPassword: 'CustomMessage_ForgotPassword',
  UpdateUserAttributes: 'CustomMessage_UpdateUserAttribute',
  AdminUpdateUserAttributes: 'CustomMessage_UpdateUserAttribute',
  GetUserAttributeVerificationCode: 'CustomMessage_VerifyUserAttribute',
  AdminCreateUser: 'CustomMessage_AdminCreateUser',
};

/** Cognito's code placeholder ("codeParameter … {####}"). */
export const CODE_PLACEHOLDER = '{####}';

/**
 * The checks Cognito makes on the trigger's answer ("emailMessage … must contain the
 * codeParameter"; "… up to 20,000 UTF-8 characters"; an AdminCreateUser message must also
 * contain the usernameParameter).
 * @throws Error naming the rule the answer breaks
 */
export function assertCognitoAcceptsMessage(event: CustomMessageTriggerEvent): { subject: string; html: string } {
  const { emailMessage, emailSubject } = event.response;
  if (!emailMessage || !emailSubject) throw new Error(`${event.triggerSource}: the trigger set no email message`);
  if (!emailMessage.includes(CODE_PLACEHOLDER))
    throw new Error(`${event.triggerSource}: the email message does not contain ${CODE_PLACEHOLDER}`);
  if (emailMessage.length > 20_000)
    throw new Error(`${event.triggerSource}: the email message is longer than 20,000 characters`);
  if (event.triggerSource === 'CustomMessage_AdminCreateUser' && !emailMessage.includes('{username}'))
    throw new Error(`${event.triggerSource}: the email message does not contain {username}`);
  return { subject: emailSubject, html: emailMessage };
}

/** Sends one code email as Cognito would (see the module comment). */
export type CognitoEmailSender = (message: OutboxMessage) => Promise<void>;

/**
 * A sender of cognito-local's code emails to MailDev.
 * @param opts the SMTP URL of MailDev, the pool's id and the stage's settings (sender, reply-to)
 */
export async function cognitoEmailSender(opts: {
  smtpUrl: string;
  userPoolId: string;
  settings: StageSettings;
}): Promise<CognitoEmailSender> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return async (message) => {
    const triggerSource = TRIGGER_SOURCE_OF[message.operation];
    if (!triggerSource) throw new Error(`no Cognito email for the operation ${message.operation}`);
    const event = {
      version: '1',
      region: LOCAL_REGION,
      userPoolId: opts.userPoolId,
      userName: message.username,
      triggerSource,
      callerContext: { awsSdkVersion: 'local', clientId: 'local' },
      request: {
        userAttributes: { sub: message.username, email: message.destination },
        codeParameter: CODE_PLACEHOLDER,
        linkParameter: '{##Click Here##}',
        usernameParameter: triggerSource === 'CustomMessage_AdminCreateUser' ? '{username}' : null,
      },
      response: { smsMessage: null, emailMessage: null, emailSubject: null },
    } as CustomMessageTriggerEvent;
    const { handler } = await import('../../../functions/triggers/custom-message');
    const answer = (await runAsFunction('custom-message', () =>
      handler(event, localLambdaContext('custom-message')),
    )) as CustomMessageTriggerEvent;
    const { subject, html } = assertCognitoAcceptsMessage(answer);
    await transport.sendMail({
      from: { name: opts.settings.email.sender_name, address: opts.settings.email.sender_address },
      replyTo: opts.settings.email.reply_to,
      to: message.destination,
      subject,
      html: html.replaceAll(CODE_PLACEHOLDER, message.code).replaceAll('{username}', message.destination),
    });
  };
}
