/**
 * Cognito admin operations used by the admin context (ban/unban, roles) and the
 * pre-token-generation trigger (MFA settings). The endpoint comes from the SDK's standard
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER (cognito-local locally).
 * Users are addressed by their immutable id, the `sub` (a stable user identity): an email
 * can change (then a stored copy goes stale and would address nobody, or someone else), a sub never
 * does. In a pool whose username attribute is email, Cognito generates each user's username and
 * it equals the sub, so the Admin* APIs accept the sub as `Username`; cognito-local does the same
 * (its SignUp stores the user under the sub and its lookups also match the `sub` attribute).
 */
import { randomBytes } from 'node:crypto';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { traceClient } from './observability';
import { awsClientConfig } from './aws-client-config';

type CognitoSdk = typeof import('@aws-sdk/client-cognito-identity-provider');
let loaded: Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient }> | null = null;

/**
 * The Cognito SDK and the functions' client, imported and created on first use: most requests of
 * the admin function never call Cognito, so its SDK stays out of the cold start.
 */
function cognito(): Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient }> {
  loaded ??= import('@aws-sdk/client-cognito-identity-provider').then((sdk) => ({
    sdk,
    client: traceClient(new sdk.CognitoIdentityProviderClient(awsClientConfig())),
  }));
  return loaded;
}

/** The functions' Cognito client (traced; the local runtime checks its calls against the function's grants). */
export async function getCognitoClient(): Promise<CognitoIdentityProviderClient> {
  return (await cognito()).client;
}
const poolId = () => {
  const id = process.env.USER_POOL_ID;
  if (!id) throw new Error('missing environment variable USER_POOL_ID');
  return id;
};

/** Disables the user (by sub) and signs it out everywhere (its refresh tokens stop working). */
export async function disableAndSignOut(sub: string): Promise<void> {
  const {
    sdk: { AdminDisableUserCommand, AdminUserGlobalSignOutCommand },
    client,
  } = await cognito();
  await client.send(new AdminDisableUserCommand({ UserPoolId: poolId(), Username: sub }));
  await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: sub }));
}

/**
 * Signs the user out everywhere: Cognito revokes every refresh token it issued to the user (and
 * its access tokens for Cognito's own APIs). ID tokens already issued stay valid for the JWT
 * authorizer until they expire, so the API also compares their `auth_time` (access.ts).
 * @param userPoolId the pool (default: the function's USER_POOL_ID)
 * @param username the user's Cognito username (the sub in this pool)
 */
export async function globalSignOut(userPoolId: string | undefined, username: string): Promise<void> {
  const {
    sdk: { AdminUserGlobalSignOutCommand },
    client,
  } = await cognito();
  await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId ?? poolId(), Username: username }));
}

/** Enables a disabled user (by sub). */
export async function enableUser(sub: string): Promise<void> {
  const {
    sdk: { AdminEnableUserCommand },
    client,
  } = await cognito();
  await client.send(new AdminEnableUserCommand({ UserPoolId: poolId(), Username: sub }));
}

/**
 * Sets (a verified) or removes a user's phone number, the only number Cognito sends SMS codes to.
 * @param sub the user's Cognito username (its sub)
 * @param phone E.164 number, or null to remove it
 */
export async function setPhoneNumber(sub: string, phone: string | null): Promise<void> {
  const {
    sdk: { AdminUpdateUserAttributesCommand, AdminDeleteUserAttributesCommand },
    client,
  } = await cognito();
  const user = { UserPoolId: poolId(), Username: sub };
  if (phone)
    await client.send(
      new AdminUpdateUserAttributesCommand({
        ...user,
        UserAttributes: [
          { Name: 'phone_number', Value: phone },
          // set by an administrator who checked it with the staff member: no SMS to verify it
          { Name: 'phone_number_verified', Value: 'true' },
        ],
      }),
    );
  else
    await client.send(
      new AdminDeleteUserAttributesCommand({ ...user, UserAttributeNames: ['phone_number', 'phone_number_verified'] }),
    );
}

/** Puts the user (by sub) in or out of a group. */
export async function setGroupMembership(sub: string, group: string, member: boolean): Promise<void> {
  const {
    sdk: { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand },
    client,
  } = await cognito();
  const input = { UserPoolId: poolId(), Username: sub, GroupName: group };
  await client.send(member ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input));
}

/**
 * The MFA methods a user has enabled (Cognito's UserMFASettingList, e.g. ['SOFTWARE_TOKEN_MFA']).
 * @param userPoolId the pool (from the trigger event, so the trigger needs no pool reference)
 * @param username the user's Cognito username
 */
export async function enabledMfaMethods(userPoolId: string, username: string): Promise<string[]> {
  const {
    sdk: { AdminGetUserCommand },
    client,
  } = await cognito();
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  return user.UserMFASettingList ?? [];
}

/**
 * Checks a user's password, for an operation that asks the signed-in user to type it again
 * (account deletion). Cognito has no "check password" call: this starts a server-side sign-in
 * (AdminInitiateAuth, ADMIN_USER_PASSWORD_AUTH, on the server-only password-check client) and
 * discards what it answers. A right password answers tokens, or a second-factor challenge for a
 * user with MFA; a wrong one NotAuthorizedException.
 * @param sub the user (its username in this pool)
 * @returns true when the password is the user's
 * @throws the SDK's error for anything but a wrong password (throttling, a disabled client flow)
 */
export async function passwordMatches(sub: string, password: string): Promise<boolean> {
  const {
    sdk: { AdminInitiateAuthCommand },
    client,
  } = await cognito();
  const passwordCheckClientId = process.env.PASSWORD_CHECK_CLIENT_ID;
  if (!passwordCheckClientId) throw new Error('missing environment variable PASSWORD_CHECK_CLIENT_ID');
  try {
    await client.send(
      new AdminInitiateAuthCommand({
        UserPoolId: poolId(),
        ClientId: passwordCheckClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: sub, PASSWORD: password },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotAuthorizedException') return false;
    throw error;
  }
}

/**
 * A temporary password nobody knows (AdminCreateUser needs one): 32 random bytes plus one of each
 * class the pool's rule asks for ("The temporary password must conform to the password policy",
 * AdminCreateUser, TemporaryPassword). It is never sent or stored: the account can sign in only
 * after its sign-up code sets the real password.
 */
function unknownTemporaryPassword(): string {
  return `Aa1-${randomBytes(32).toString('base64url')}`;
}

/**
 * Creates the account of a sign-up on the server (AdminCreateUser, an IAM-authorised operation:
 * the pool allows no self sign-up), with the email as username and attribute, unverified, and
 * MessageAction SUPPRESS: Cognito sends nothing (the shop emails its own code), and the user stays
 * FORCE_CHANGE_PASSWORD with an unknown temporary password until the code confirms it.
 * @returns `{ created: true, sub }` (the new user's id), or `{ created: false }` when the address
 *   already has a user (UsernameExistsException)
 * @throws the SDK's error for anything else (InvalidParameterException for an address Cognito refuses...)
 */
export async function createPendingUser(email: string): Promise<{ created: true; sub: string } | { created: false }> {
  const {
    sdk: { AdminCreateUserCommand },
    client,
  } = await cognito();
  try {
    const out = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId(),
        Username: email,
        TemporaryPassword: unknownTemporaryPassword(),
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'false' },
        ],
      }),
    );
    const sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? out.User?.Username;
    if (!sub) throw new Error('AdminCreateUser answered without the user');
    return { created: true, sub };
  } catch (e) {
    if ((e as Error).name === 'UsernameExistsException') return { created: false };
    throw e;
  }
}

/**
 * Where an address stands for sign-up (AdminGetUser with the email, which a pool whose username
 * attribute is email accepts as `Username`):
 *  - 'pending': a user whose address was never verified and who cannot sign in yet, either created
 *    by createPendingUser (FORCE_CHANGE_PASSWORD) or left UNCONFIRMED by the self sign-up the pool
 *    had before (`unconfirmed: true`);
 *  - 'confirmed': any other user (it signs in; a code must never change its password);
 *  - 'none': no user.
 */
export type SignupState =
  { state: 'pending'; sub: string; email: string; unconfirmed: boolean } | { state: 'confirmed' | 'none' };

/** The sign-up state of `email` (SignupState). @throws any Cognito error but UserNotFoundException */
export async function signupState(email: string): Promise<SignupState> {
  const {
    sdk: { AdminGetUserCommand },
    client,
  } = await cognito();
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: email }));
    const attr = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
    const sub = attr('sub') ?? user.Username ?? '';
    const waiting = user.UserStatus === 'FORCE_CHANGE_PASSWORD' || user.UserStatus === 'UNCONFIRMED';
    if (waiting && attr('email_verified') !== 'true' && sub)
      return { state: 'pending', sub, email: attr('email') ?? email, unconfirmed: user.UserStatus === 'UNCONFIRMED' };
    return { state: 'confirmed' };
  } catch (e) {
    if ((e as Error).name === 'UserNotFoundException') return { state: 'none' };
    throw e;
  }
}

/**
 * Confirms a pending sign-up once its code matched: a user left UNCONFIRMED by the old self sign-up
 * is confirmed first (AdminConfirmSignUp), then the password the confirmer gave becomes permanent
 * (AdminSetUserPassword, Permanent: the user is CONFIRMED and signs in with it) and the address is
 * marked verified (AdminUpdateUserAttributes email_verified, so password reset can use it).
 * @param sub the user (its username in this pool); `email` its address, as stored
 * @throws InvalidPasswordException when Cognito refuses the password, or any other SDK error
 */
export async function confirmPendingUser(
  sub: string,
  email: string,
  password: string,
  unconfirmed: boolean,
): Promise<void> {
  const {
    sdk: { AdminConfirmSignUpCommand, AdminSetUserPasswordCommand, AdminUpdateUserAttributesCommand },
    client,
  } = await cognito();
  const user = { UserPoolId: poolId(), Username: sub };
  if (unconfirmed) await client.send(new AdminConfirmSignUpCommand(user));
  await client.send(new AdminSetUserPasswordCommand({ ...user, Password: password, Permanent: true }));
  await client.send(
    // the address as it is, marked verified (Cognito needs the email beside email_verified)
    new AdminUpdateUserAttributesCommand({
      ...user,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

/**
 * Deletes the user from the pool after signing it out everywhere (its refresh tokens stop
 * working at once; the sign-in then answers that the user does not exist). A user already gone
 * is not an error.
 * @param sub the user (its username in this pool)
 */
export async function deleteUser(sub: string): Promise<void> {
  const {
    sdk: { AdminDeleteUserCommand, AdminUserGlobalSignOutCommand },
    client,
  } = await cognito();
  const gone = (error: unknown) => {
    if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
  };
  await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: sub })).catch(gone);
  await client.send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: sub })).catch(gone);
}

/**
 * Whether the pool still knows the user (AdminGetUser): false once it was deleted, by the shop or
 * by the user itself through Cognito's DeleteUser.
 * @param sub the user (its username in this pool)
 * @throws any Cognito error but UserNotFoundException
 */
export async function userExists(sub: string): Promise<boolean> {
  const {
    sdk: { AdminGetUserCommand },
    client,
  } = await cognito();
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: sub }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  }
}
