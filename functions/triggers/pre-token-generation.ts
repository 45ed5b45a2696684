/**
 * Cognito pre-token-generation trigger (staff must pass MFA): puts the user's MFA state in the ID
 * token as MFA_CLAIM ('totp', 'sms' or 'none'), read from Cognito's own record of the user
 * (AdminGetUser: UserMFASettingList), never from an attribute the user could write. Staff routes
 * refuse a token whose claim is 'none' (functions/lib/access.ts). The local runtime calls this
 * same handler through its Lambda-invoke twin (infra/local/twins/lambda.ts), configured as
 * cognito-local's PreTokenGeneration trigger.
 *
 * Only staff need the claim: when the event lists the user's groups (Cognito does;
 * cognito-local does not) and none is a staff group, the token gets 'none' without a Cognito call,
 * so customers' sign-ins cost nothing extra.
 *
 * Input: the Cognito PreTokenGeneration event (userPoolId, userName, groupConfiguration). Output: the event with
 * response.claimsOverrideDetails.claimsToAddOrOverride[MFA_CLAIM] set (other overrides kept).
 * Never throws: when the MFA settings cannot be read, the token gets 'none' (customers sign in as
 * usual, staff routes stay closed for that token) and the failure is logged.
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { MFA_CLAIM, mfaClaimOf, type MfaClaim } from '../../shared/mfa';
import { roleFromGroups } from '../../shared/permissions';
import { enabledMfaMethods } from '../lib/cognito';
import { logger } from '../lib/logger';
import { withObservability } from '../lib/observability';

async function preTokenGeneration(event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> {
  let claim: MfaClaim = 'none';
  const groups = event.request.groupConfiguration?.groupsToOverride;
  const maybeStaff = groups === undefined || roleFromGroups(groups) !== 'user';
  try {
    if (maybeStaff) claim = mfaClaimOf(await enabledMfaMethods(event.userPoolId, event.userName));
  } catch (error) {
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

export const handler = withObservability('pre-token-generation', preTokenGeneration);
