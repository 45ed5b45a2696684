/**
 * Cognito pre-token-generation trigger (staff must pass MFA): puts the user's MFA state in the ID
 * token as MFA_CLAIM ('totp', 'sms' or 'none'), read from Cognito's own record of the user
 * (AdminGetUser: UserMFASettingList), never from an attribute the user could write. Staff routes
 * refuse a token whose claim is 'none' (functions/lib/access.ts). The local runtime calls this
 * same handler through its Lambda-invoke stand-in (infra/local/stand-ins/lambda.ts), configured as
 * cognito-local's PreTokenGeneration trigger.
 *
 * Only staff need the claim: when the event lists the user's groups (Cognito does;
 * cognito-local does not) and none is a staff group, the token gets 'none' without a Cognito call,
 * so customers' sign-ins cost nothing extra.
 *
 * MFA is a property of the session: a refresh token taken before the user enrolled a factor must
 * not yield tokens marked as MFA-passed. So the trigger also records the factor on the user's
 * profile with the time it changed (`mfa_state`, `mfa_changed_at`; one conditional UpdateItem,
 * which fails, free, when nothing changed), and the API refuses staff routes to tokens
 * authenticated before that time (functions/lib/access.ts). When the change is first seen on a
 * refresh (the session was authenticated before the change), the user is also signed out
 * everywhere, so the stale refresh tokens stop working at once.
 *
 * Input: the Cognito PreTokenGeneration event (userPoolId, userName, groupConfiguration). Output: the event with
 * response.claimsOverrideDetails.claimsToAddOrOverride[MFA_CLAIM] set (other overrides kept).
 * Never throws: when the MFA settings cannot be read, the token gets 'none' (customers sign in as
 * usual, staff routes stay closed for that token) and the failure is logged.
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { MFA_CLAIM, mfaClaimOf, type MfaClaim } from '../../shared/mfa';
import { roleFromGroups } from '../../shared/permissions';
import { enabledMfaMethods, globalSignOut } from '../lib/cognito';
import { logger } from '../lib/logger';
import { withObservability } from '../lib/observability';

async function preTokenGeneration(event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> {
  let claim: MfaClaim = 'none';
  const groups = event.request.groupConfiguration?.groupsToOverride;
  const maybeStaff = groups === undefined || roleFromGroups(groups) !== 'user';
  try {
    if (maybeStaff) {
      claim = mfaClaimOf(await enabledMfaMethods(event.userPoolId, event.userName));
      await recordMfaChange(event, claim);
    }
  } catch (error) {
    claim = 'none';
    logger.error('pre-token-generation: MFA settings unreadable, token issued without staff access', {
      error: error as Error,
    });
  }
  const previous = event.response?.claimsOverrideDetails ?? {};
  event.response = {
    ...event.response,
    claimsOverrideDetails: {
      ...previous,
      claimsToAddOrOverride: { ...previous.claimsToAddOrOverride, [MFA_CLAIM]: claim },
    },
  };
  return event;
}

/**
 * Records the user's factor on its profile when it changed; a change first seen on a refresh
 * signs the user out everywhere (the refreshing session predates the change).
 */
async function recordMfaChange(event: PreTokenGenerationTriggerEvent, claim: MfaClaim): Promise<void> {
  const sub = event.request.userAttributes?.sub;
  if (!sub) return;
  // Imported here: a customer's token (groups known, none staff) never loads the table client.
  const { recordMfaState } = await import('../data/profile-repository');
  const changed = await recordMfaState(sub, claim, new Date());
  if (changed && event.triggerSource === 'TokenGeneration_RefreshTokens') {
    await globalSignOut(event.userPoolId, event.userName);
    logger.warn('pre-token-generation: factor changed since this session signed in; signed out everywhere', {
      userId: sub,
      mfa: claim,
    });
  }
}

export const handler = withObservability('pre-token-generation', preTokenGeneration);
