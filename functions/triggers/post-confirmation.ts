/**
 * Cognito post-confirmation trigger: creates the user's profile item (role user) when the
 * sign-up is confirmed (the membership rule). Idempotent: a profile that already
 * exists is left as it is. The local runtime calls this same handler through its Lambda-invoke
 * twin (infra/local/twins/lambda.ts), configured as cognito-local's PostConfirmation trigger.
 *
 * Input: the Cognito PostConfirmation event (userAttributes.sub, userAttributes.email).
 * Output: the event, unchanged (Cognito requires it back).
 * Throws when the table write fails (Cognito then reports the confirmation as failed).
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createProfileIfMissing } from '../data/profile-repository';
import { logger } from '../lib/logger';
import { withObservability } from '../lib/observability';

async function postConfirmation(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const sub = event.request.userAttributes.sub;
  const email = event.request.userAttributes.email ?? '';
  if (!sub) throw new Error('post-confirmation: missing sub');
  const created = await createProfileIfMissing({
    id: sub,
    email,
    role: 'user',
    created_at: new Date().toISOString(),
    banned_until: null,
    billing_address: null,
    vat_number: null,
    tax_id: null,
    subscription: null,
  });
  logger.info('post-confirmation', { sub, created });
  return event;
}

export const handler = withObservability('post-confirmation', postConfirmation);
