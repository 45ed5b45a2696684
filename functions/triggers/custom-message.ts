/**
 * Cognito custom message trigger: every email Cognito sends with a code (sign-up confirmation, the
 * code sent again, forgotten password, a changed or verified address, an account created by the
 * staff) gets the shop's own Italian template (functions/email/templates/account.tsx) instead of
 * Cognito's default text. Cognito then sends it through the stage's SES identity in its
 * configuration set (the user pool's email settings, infra/stacks/auth-stack.ts); locally the
 * runtime runs this same handler the moment cognito-local issues a code and sends the result to
 * MailDev (infra/local/stand-ins/cognito-email.ts).
 *
 * Why this trigger and not the custom email sender trigger: the message is all the shop needs to
 * own; Cognito keeps the sending (SES, with its retries), and no KMS key or decryption of codes
 * in our code is needed.
 *
 * Input: the CustomMessage event; `request.codeParameter` is Cognito's placeholder ('{####}') and
 * `request.usernameParameter` the username placeholder of an invitation, both filled by Cognito.
 * Output: the event with `response.emailSubject` and `response.emailMessage` (HTML) set for an
 * email; SMS messages (the MFA code, `CustomMessage_Authentication`) are left to the pool's own
 * SMS text. Throws when the message cannot be rendered (Cognito then fails the operation: no email
 * goes out with a default text).
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { renderEmail } from '../email';
import { stageSettings } from '../lib/stage-settings';
import type { AccountCodePurpose } from '../email';
import { shopOrigin } from '../lib/shop-url';
import { logger } from '../lib/logger';
import { withObservability } from '../lib/observability';

/** The template's purpose of each trigger source that sends an email. */
export const PURPOSE_OF: Partial<Record<CustomMessageTriggerEvent['triggerSource'], AccountCodePurpose>> = {
  CustomMessage_SignUp: 'sign-up',
  CustomMessage_ResendCode: 'resend',
  CustomMessage_ForgotPassword: 'forgot-password',
  CustomMessage_UpdateUserAttribute: 'email-change',
  CustomMessage_VerifyUserAttribute: 'verify-email',
  CustomMessage_AdminCreateUser: 'invitation',
};

/**
 * "The emailMessage … can be up to 20,000 UTF-8 characters" (Cognito, custom message Lambda
 * trigger parameters): a longer message is refused by Cognito, so we refuse it first.
 */
export const MAX_EMAIL_MESSAGE_CHARS = 20_000;

async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const purpose = PURPOSE_OF[event.triggerSource];
  // MFA codes by SMS (CustomMessage_Authentication) keep the pool's SMS text.
  if (!purpose) return event;
  const { subject, html } = await renderEmail(
    'account-code',
    {
      purpose,
      code: event.request.codeParameter,
      ...(event.request.usernameParameter ? { username: event.request.usernameParameter } : {}),
    },
    { origin: await shopOrigin(), settings: stageSettings() },
  );
  if (html.length > MAX_EMAIL_MESSAGE_CHARS)
    throw new Error(`custom-message: ${purpose} email is ${html.length} characters, Cognito takes at most 20000`);
  event.response.emailSubject = subject;
  event.response.emailMessage = html;
  logger.info('custom-message', { triggerSource: event.triggerSource, chars: html.length });
  return event;
}

export const handler = withObservability('custom-message', customMessage);
