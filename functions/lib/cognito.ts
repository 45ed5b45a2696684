/**
 * Cognito admin operations used by the admin context (ban/unban, roles) and the
 * pre-token-generation trigger (MFA settings). The endpoint comes from the SDK's standard
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER (cognito-local locally).
 * Users are addressed by email, which is the pool's username attribute.
 */
import {
  AdminAddUserToGroupCommand, AdminDisableUserCommand, AdminEnableUserCommand, AdminGetUserCommand, AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { logger } from './logger';
import { traceClient } from './observability';

/** The functions' Cognito client (traced; the local runtime checks its calls against the function's grants). */
export const cognitoClient = traceClient(new CognitoIdentityProviderClient({}));
const client = cognitoClient;
const poolId = () => {
  const id = process.env.USER_POOL_ID;
  if (!id) throw new Error('missing environment variable USER_POOL_ID');
  return id;
};

/** Disables the user and signs it out everywhere (its refresh tokens stop working). */
export async function disableAndSignOut(username: string): Promise<void> {
  await client.send(new AdminDisableUserCommand({ UserPoolId: poolId(), Username: username }));
  try {
    await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: username }));
  } catch (error) {
    // cognito-local has no global sign-out; the API's ban check covers still-valid tokens.
    logger.warn('global sign-out failed', { reason: (error as Error).message });
  }
}

/** Enables a disabled user. */
export async function enableUser(username: string): Promise<void> {
  await client.send(new AdminEnableUserCommand({ UserPoolId: poolId(), Username: username }));
}

/** Puts the user in or out of a group. */
export async function setGroupMembership(username: string, group: string, member: boolean): Promise<void> {
  const input = { UserPoolId: poolId(), Username: username, GroupName: group };
  await client.send(member ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input));
}

/**
 * The MFA methods a user has enabled (Cognito's UserMFASettingList, e.g. ['SOFTWARE_TOKEN_MFA']).
 * @param userPoolId the pool (from the trigger event, so the trigger needs no pool reference)
 * @param username the user's Cognito username
 */
export async function enabledMfaMethods(userPoolId: string, username: string): Promise<string[]> {
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  return user.UserMFASettingList ?? [];
}
