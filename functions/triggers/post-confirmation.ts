/**
 * Cognito post-confirmation trigger: creates the user's profile item (role user) when Cognito
 * confirms a sign-up (the membership rule): an account the old self sign-up left unconfirmed and the
 * shop confirms with AdminConfirmSignUp. Accounts the shop creates (POST /api/signup) get their
 * profile from POST /api/signup/confirm, since Cognito fires no post-confirmation for them. Idempotent: a profile that already
 * exists is left as it is. The local runtime calls this same handler through its Lambda-invoke
 * stand-in (infra/local/stand-ins/lambda.ts), configured as cognito-local's PostConfirmation trigger.
 *
 * Input: the Cognito PostConfirmation event (userAttributes.sub, userAttributes.email).
 * Output: the event, unchanged (Cognito requires it back).
 * Throws when the table write fails (Cognito then reports the confirmation as failed).
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createProfileIfMissing, newCustomerProfile } from '../data/profile-repository';
import { logger } from '../lib/logger';
import { withObservability } from '../lib/observability';

async function postConfirmation(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const sub = event.request.userAttributes.sub;
  const email = event.request.userAttributes.email ?? '';
  if (!sub) throw new Error('post-confirmation: missing sub');
  const created = await createProfileIfMissing(newCustomerProfile(sub, email, new Date().toISOString()));
  logger.info('post-confirmation', { sub, created });
  return event;
}

export const handler = withObservability('post-confirmation', postConfirmation);
